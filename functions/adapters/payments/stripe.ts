/**
 * The Stripe payment provider as the Worker sees it: every call goes to the SDK-backed provider
 * (stripe-sdk.ts), which is imported the first time a call is made. The Stripe SDK sets up
 * dozens of resource classes when it loads, work a Worker started for a request that never
 * touches payments should not do (docs/performance.md, "Cold start").
 */
import type { PaymentProvider } from './types';
import type { StripePaymentsOptions } from './stripe-options';

export { STRIPE_API_VERSION, type StripePaymentsOptions } from './stripe-options';

let sdk: typeof import('./stripe-sdk') | undefined;

/** Creates the Stripe provider. Cheap: build one per request from the request's config. */
export function createStripePayments(options: StripePaymentsOptions): PaymentProvider {
  let client: PaymentProvider | undefined;
  const provider = async () => {
    sdk ??= await import('./stripe-sdk');
    return (client ??= sdk.createStripeSdkPayments(options));
  };
  return {
    kind: 'stripe',
    createCheckoutSession: async (input) => (await provider()).createCheckoutSession(input),
    retrieveCheckoutSession: async (id) => (await provider()).retrieveCheckoutSession(id),
    createPortalSession: async (input) => (await provider()).createPortalSession(input),
    listInvoices: async (customerId) => (await provider()).listInvoices(customerId),
    firstPaidInvoice: async (subscriptionId) => (await provider()).firstPaidInvoice(subscriptionId),
    cancelAtPeriodEnd: async (subscriptionId) =>
      (await provider()).cancelAtPeriodEnd(subscriptionId),
    resumeSubscription: async (subscriptionId) =>
      (await provider()).resumeSubscription(subscriptionId),
    paymentCard: async (input) => (await provider()).paymentCard(input),
    updateCustomerDetails: async (customerId, details) =>
      (await provider()).updateCustomerDetails(customerId, details),
    cancelNow: async (subscriptionId, idempotencyKey) =>
      (await provider()).cancelNow(subscriptionId, idempotencyKey),
    expireCheckoutSession: async (id) => (await provider()).expireCheckoutSession(id),
    refundSubscription: async (input) => (await provider()).refundSubscription(input),
    refundPayment: async (input) => (await provider()).refundPayment(input),
    previewSeats: async (input) => (await provider()).previewSeats(input),
    addSeats: async (input) => (await provider()).addSeats(input),
    setRenewalSeats: async (input) => (await provider()).setRenewalSeats(input),
    createInvoicedSubscription: async (input) =>
      (await provider()).createInvoicedSubscription(input),
    voidInvoicedSubscription: async (input) => (await provider()).voidInvoicedSubscription(input),
    verifyWebhook: async (rawBody, signatureHeader) =>
      (await provider()).verifyWebhook(rawBody, signatureHeader),
  };
}
