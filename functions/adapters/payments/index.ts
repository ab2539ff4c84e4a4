/**
 * Picks the payment provider for a request: Stripe when STRIPE_SECRET_KEY is set,
 * the /dev/checkout stand-in in development, and otherwise a provider that refuses every call
 * (fails closed) and tells the operator which setting is missing. The stand-in (local.ts) is
 * handed in by the composition root (functions/deps.ts), which has it only in a development
 * build: this module never imports it, so a production build does not contain it.
 */
import type { PaymentsConfig } from './config';
import type { LocalPaymentProvider, LocalPaymentsOptions } from './local';
import { createStripePayments } from './stripe';
import type { BillingDetails } from '../../../src/contract/billing';
import {
  PaymentProviderError,
  type LocalCheckoutStore,
  type LocalTaxQuote,
  type PaymentProvider,
} from './types';

export { paymentsConfigFields, type PaymentsConfig } from './config';
export type { LocalPaymentProvider, SignedEvent } from './local';
export { STRIPE_API_VERSION } from './stripe';
export * from './types';

export interface PaymentsDeps {
  /**
   * The development stand-in's factory (local.ts `createLocalPayments`), absent from a production
   * build: then development without Stripe settings refuses every call, as production does.
   */
  local?: ((options: LocalPaymentsOptions) => LocalPaymentProvider) | undefined;
  /** The development session store (D1 in the Worker); only called for the local provider. */
  localStore: () => LocalCheckoutStore;
  /** The local stand-in's tax on a subtotal (services/billing/tax.ts); none when left out. */
  localTax?: (subtotal: number, details: BillingDetails) => LocalTaxQuote;
  /** Tests only: the fetch the Stripe SDK uses. */
  fetch?: typeof fetch;
}

/** Which implementation the configuration selects (pure: /api/config and tests may ask). */
export function paymentsMode(config: PaymentsConfig): 'stripe' | 'local' | 'unconfigured' {
  if (config.STRIPE_SECRET_KEY !== undefined) return 'stripe';
  return config.ENVIRONMENT === 'development' ? 'local' : 'unconfigured';
}

/** The provider for this request's config. Cheap enough to build per request. */
export function createPayments(config: PaymentsConfig, deps: PaymentsDeps): PaymentProvider {
  const mode = paymentsMode(config);
  if (mode === 'stripe' && config.STRIPE_SECRET_KEY !== undefined) {
    const { STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_PRICE_ID: priceId } = config;
    if (webhookSecret === undefined || priceId === undefined) {
      const missing = [
        webhookSecret ? null : 'STRIPE_WEBHOOK_SECRET',
        priceId ? null : 'STRIPE_PRICE_ID',
      ];
      return createUnconfiguredPayments(
        `STRIPE_SECRET_KEY is set, so ${missing.filter(Boolean).join(' and ')} must be set too`,
      );
    }
    return createStripePayments({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret,
      priceId,
      automaticTax: config.STRIPE_AUTOMATIC_TAX === 'true',
      ...(config.STRIPE_API_HOST === undefined
        ? {}
        : {
            api: {
              host: config.STRIPE_API_HOST,
              port: config.STRIPE_API_PORT,
              protocol: config.STRIPE_API_PROTOCOL,
            },
          }),
      ...(deps.fetch === undefined ? {} : { fetch: deps.fetch }),
    });
  }
  if (mode === 'local') {
    if (deps.local === undefined) {
      return createUnconfiguredPayments(
        'ENVIRONMENT is development, but this is a production build without the /dev/checkout stand-in (run `wrangler dev` or `npm start`)',
      );
    }
    if (config.DEV_STRIPE_WEBHOOK_SECRET === undefined) {
      return createUnconfiguredPayments(
        'DEV_STRIPE_WEBHOOK_SECRET is missing from .dev.vars (`npm start` writes it)',
      );
    }
    return deps.local({
      store: deps.localStore(),
      webhookSecret: config.DEV_STRIPE_WEBHOOK_SECRET,
      ...(deps.localTax === undefined ? {} : { quoteTax: deps.localTax }),
    });
  }
  return createUnconfiguredPayments(
    'set the STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET secrets and the STRIPE_PRICE_ID var',
  );
}

/**
 * Production without Stripe settings: every call fails as `unavailable` (503 to the visitor,
 * 503 to a webhook so Stripe retries) and logs what is missing. Nothing is ever faked.
 */
export function createUnconfiguredPayments(reason: string): PaymentProvider {
  const refuse = async (): Promise<never> => {
    console.error(`Card payments are not configured: ${reason}`);
    throw new PaymentProviderError('unavailable', 'Card payments are not configured.');
  };
  return {
    kind: 'stripe',
    createCheckoutSession: refuse,
    retrieveCheckoutSession: refuse,
    createPortalSession: refuse,
    listInvoices: refuse,
    firstPaidInvoice: refuse,
    previewSeats: refuse,
    addSeats: refuse,
    setRenewalSeats: refuse,
    createInvoicedSubscription: refuse,
    voidInvoicedSubscription: refuse,
    cancelAtPeriodEnd: refuse,
    resumeSubscription: refuse,
    paymentCard: refuse,
    updateCustomerDetails: refuse,
    cancelNow: refuse,
    expireCheckoutSession: refuse,
    refundSubscription: refuse,
    refundPayment: refuse,
    verifyWebhook: refuse,
  };
}

/**
 * The return URLs of every checkout: success to /payment-processing with
 * Stripe's `{CHECKOUT_SESSION_ID}` placeholder, cancel to /pricing. Built as strings on purpose:
 * URLSearchParams would percent-encode the braces and Stripe would no longer fill them in.
 */
export function checkoutReturnUrls(origin: string): { successUrl: string; cancelUrl: string } {
  return {
    successUrl: `${origin}/payment-processing?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${origin}/pricing`,
  };
}

/** Where Cancel on an upgrade checkout and the customer portal return: Billing & Invoices. */
export function billingPageUrl(origin: string): string {
  return `${origin}/dashboard/billing`;
}
