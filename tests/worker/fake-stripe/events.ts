/**
 * Stripe-shaped webhook events for tests, signed the way Stripe signs them. Signing uses the
 * SDK's own test helper (not our signer), so a test that our code accepts them is a test against
 * Stripe's scheme, not against ourselves.
 */
import Stripe from 'stripe';
import { STRIPE_API_VERSION } from '../../../functions/adapters/payments';

/** A webhook secret in Stripe's format, fresh per call. */
export function testWebhookSecret(): string {
  return `whsec_${crypto.randomUUID().replaceAll('-', '')}`;
}

let sequence = 0;

/** An event envelope around `object`, as Stripe delivers it. */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  created = 1_760_000_000,
) {
  return {
    id: `evt_test_${++sequence}`,
    object: 'event',
    api_version: STRIPE_API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** The raw body and Stripe-Signature header of one delivery. */
export async function signedDelivery(
  event: unknown,
  secret: string,
  timestampSeconds: number = Math.floor(Date.now() / 1000),
): Promise<{ body: string; signature: string }> {
  const body = JSON.stringify(event, null, 2);
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload: body,
    secret,
    timestamp: timestampSeconds,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  return { body, signature };
}

/** A completed subscription Checkout Session (API 2026). */
export function checkoutSessionObject(overrides: Record<string, unknown> = {}) {
  return {
    id: 'cs_test_1',
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: 'ps_1',
    customer: 'cus_1',
    customer_email: 'ada@example.com',
    customer_details: { email: 'ada@example.com', name: 'Ada' },
    subscription: 'sub_1',
    amount_total: 12900,
    currency: 'usd',
    metadata: { pendingSignupId: 'ps_1', plan: 'standard' },
    ...overrides,
  };
}

/** A subscription invoice (API 2026: the subscription is under `parent`). */
export function invoiceObject(overrides: Record<string, unknown> = {}) {
  return {
    id: 'in_1',
    object: 'invoice',
    customer: 'cus_1',
    billing_reason: 'subscription_create',
    number: 'SW-0001',
    status: 'paid',
    amount_due: 12900,
    amount_paid: 12900,
    currency: 'usd',
    attempt_count: 1,
    next_payment_attempt: null,
    hosted_invoice_url: 'https://invoice.stripe.test/i/1',
    invoice_pdf: 'https://invoice.stripe.test/i/1/pdf',
    period_start: 1_760_000_000,
    period_end: 1_760_000_000,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: {
        subscription: 'sub_1',
        metadata: { pendingSignupId: 'ps_1', plan: 'standard' },
      },
    },
    lines: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: 'il_1',
          object: 'line_item',
          amount: 12900,
          quantity: 1,
          period: { start: 1_760_000_000, end: 1_791_536_000 },
          parent: {
            type: 'subscription_item_details',
            subscription_item_details: { subscription: 'sub_1', subscription_item: 'si_1' },
          },
        },
      ],
    },
    ...overrides,
  };
}

/** A subscription (API 2026: the period end is on its items). */
export function subscriptionObject(overrides: Record<string, unknown> = {}) {
  return {
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    items: { object: 'list', data: [{ id: 'si_1', current_period_end: 1_791_536_000 }] },
    metadata: { userId: 'usr_1', plan: 'standard' },
    ...overrides,
  };
}
