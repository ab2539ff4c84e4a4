import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createPayments,
  createUnconfiguredPayments,
  WebhookSignatureError,
  type PaymentProvider,
} from '../../functions/adapters/payments';
import { signWebhookPayload } from '../../functions/adapters/payments/webhook-signature';
import { ApiError } from '../../functions/lib/errors';
import { readWebhookEvent } from '../../functions/services/billing/webhook-events';
import {
  checkoutSessionObject,
  invoiceObject,
  signedDelivery,
  stripeEvent,
  subscriptionObject,
  testWebhookSecret,
} from './fake-stripe/events';

afterEach(() => {
  vi.restoreAllMocks();
});

function stripeProvider(webhookSecret: string): PaymentProvider {
  return createPayments(
    {
      ENVIRONMENT: 'production',
      STRIPE_SECRET_KEY: 'sk_test_webhooks',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PRICE_ID: 'price_1',
    },
    {
      localStore: () => {
        throw new Error('unused');
      },
      fetch: () => Promise.reject(new Error('verifying a webhook must not call Stripe')),
    },
  );
}

async function rejection(promise: Promise<unknown>): Promise<WebhookSignatureError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(WebhookSignatureError);
  return error as WebhookSignatureError;
}

describe('verifyWebhook (Stripe provider)', () => {
  it('accepts a payload signed by Stripe with our endpoint secret', async () => {
    const secret = testWebhookSecret();
    const sent = stripeEvent('invoice.paid', invoiceObject());
    const { body, signature } = await signedDelivery(sent, secret);

    const event = await stripeProvider(secret).verifyWebhook(body, signature);

    expect(event).toEqual(sent);
  });

  it('rejects a payload signed with another secret', async () => {
    const { body, signature } = await signedDelivery(
      stripeEvent('invoice.paid', invoiceObject()),
      testWebhookSecret(),
    );

    const error = await rejection(
      stripeProvider(testWebhookSecret()).verifyWebhook(body, signature),
    );

    expect(error.reason).toBe('invalid_signature');
  });

  it('rejects a body changed after signing', async () => {
    const secret = testWebhookSecret();
    const { body, signature } = await signedDelivery(
      stripeEvent('invoice.paid', invoiceObject()),
      secret,
    );
    const tampered = body.replace('"amount_paid": 12900', '"amount_paid": 1');

    const error = await rejection(stripeProvider(secret).verifyWebhook(tampered, signature));

    expect(tampered).not.toBe(body);
    expect(error.reason).toBe('invalid_signature');
  });

  it('rejects a delivery without a Stripe-Signature header', async () => {
    const secret = testWebhookSecret();
    const { body } = await signedDelivery(stripeEvent('invoice.paid', invoiceObject()), secret);

    const error = await rejection(stripeProvider(secret).verifyWebhook(body, null));

    expect(error.reason).toBe('missing_signature');
  });

  it('rejects a signature older than the 300 second tolerance, which bounds replays', async () => {
    const secret = testWebhookSecret();
    const signedAt = Math.floor(Date.now() / 1000) - 301;
    const { body, signature } = await signedDelivery(
      stripeEvent('invoice.paid', invoiceObject()),
      secret,
      signedAt,
    );

    const error = await rejection(stripeProvider(secret).verifyWebhook(body, signature));

    expect(error.reason).toBe('stale');
  });

  it('accepts a signature just inside the tolerance', async () => {
    const secret = testWebhookSecret();
    const signedAt = Math.floor(Date.now() / 1000) - 290;
    const { body, signature } = await signedDelivery(
      stripeEvent('invoice.paid', invoiceObject()),
      secret,
      signedAt,
    );

    await expect(stripeProvider(secret).verifyWebhook(body, signature)).resolves.toMatchObject({
      type: 'invoice.paid',
    });
  });

  it('rejects a correctly signed body that is not an event', async () => {
    const secret = testWebhookSecret();
    const { body, signature } = await signedDelivery({ hello: 'world' }, secret);

    const error = await rejection(stripeProvider(secret).verifyWebhook(body, signature));

    expect(error.reason).toBe('malformed');
  });
});

describe('signWebhookPayload', () => {
  it("produces exactly the header Stripe's own signer produces", async () => {
    const secret = testWebhookSecret();
    const payload = JSON.stringify(
      stripeEvent('checkout.session.completed', checkoutSessionObject()),
    );
    const timestamp = 1_760_000_123;

    const ours = await signWebhookPayload(payload, secret, timestamp);
    const stripes = await signedDelivery(JSON.parse(payload), secret, timestamp);

    // signedDelivery pretty-prints; sign the same bytes for the comparison.
    expect(ours).toMatch(/^t=1760000123,v1=[0-9a-f]{64}$/);
    expect(await signWebhookPayload(stripes.body, secret, timestamp)).toBe(stripes.signature);
  });
});

describe('readWebhookEvent', () => {
  async function read(event: unknown) {
    const secret = testWebhookSecret();
    const { body, signature } = await signedDelivery(event, secret);
    return readWebhookEvent(stripeProvider(secret), body, signature);
  }

  it('reads checkout.session.completed with its reference, customer and subscription', async () => {
    const event = stripeEvent('checkout.session.completed', checkoutSessionObject());

    expect(await read(event)).toEqual({
      type: 'checkout.session.completed',
      eventId: event.id,
      created: 1_760_000_000_000,
      livemode: false,
      sessionId: 'cs_test_1',
      mode: 'subscription',
      clientReferenceId: 'ps_1',
      reference: { pendingSignupId: 'ps_1' },
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      customerEmail: 'ada@example.com',
      paymentStatus: 'paid',
      amountTotal: 12900,
      currency: 'usd',
      billingDetails: null,
    });
  });

  it('reads a completed checkout still waiting for a delayed payment as unpaid', async () => {
    const event = stripeEvent(
      'checkout.session.completed',
      checkoutSessionObject({ payment_status: 'unpaid' }),
    );

    expect(await read(event)).toMatchObject({ paymentStatus: 'unpaid' });
  });

  it('reads checkout.session.async_payment_succeeded like a completed checkout', async () => {
    const event = stripeEvent(
      'checkout.session.async_payment_succeeded',
      checkoutSessionObject({
        metadata: { userId: 'usr_7', plan: 'standard' },
        client_reference_id: 'usr_7',
      }),
    );

    expect(await read(event)).toMatchObject({
      type: 'checkout.session.async_payment_succeeded',
      reference: { userId: 'usr_7' },
      paymentStatus: 'paid',
    });
  });

  it('reads invoice.paid with the service period end from its line, in milliseconds', async () => {
    const event = stripeEvent('invoice.paid', invoiceObject());

    expect(await read(event)).toEqual({
      type: 'invoice.paid',
      eventId: event.id,
      created: 1_760_000_000_000,
      livemode: false,
      invoiceId: 'in_1',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      reference: { pendingSignupId: 'ps_1' },
      billingReason: 'subscription_create',
      number: 'SW-0001',
      amountPaid: 12900,
      amountDue: 12900,
      currency: 'usd',
      periodEnd: 1_791_536_000_000,
      periodStart: 1_760_000_000_000,
      quantity: 1,
      collectionMethod: 'charge_automatically',
      dueAt: null,
      poNumber: null,
      attemptCount: 1,
      nextPaymentAttempt: null,
      hostedInvoiceUrl: 'https://invoice.stripe.test/i/1',
      invoicePdf: 'https://invoice.stripe.test/i/1/pdf',
      buyer: null,
      subtotal: null,
      taxAmount: 0,
      taxRateBp: null,
      reverseCharge: false,
    });
  });

  it('reads the buyer and the tax of an invoice Stripe Tax taxed, and a reverse charge', async () => {
    const address = {
      line1: 'Hauptstraße 1',
      line2: null,
      postal_code: '10115',
      city: 'Berlin',
      state: null,
      country: 'DE',
    };
    const taxed = invoiceObject({
      customer_name: 'Grete Müller',
      customer_address: address,
      subtotal: 12900,
      amount_paid: 15351,
      total_taxes: [{ amount: 2451, taxability_reason: 'standard_rated', taxable_amount: 12900 }],
    });
    const reverse = invoiceObject({
      customer_name: 'Baubüro Müller GmbH',
      customer_address: address,
      customer_tax_ids: [{ type: 'eu_vat', value: 'DE136695976' }],
      customer_tax_exempt: 'reverse',
      subtotal: 12900,
      total_taxes: [{ amount: 0, taxability_reason: 'reverse_charge', taxable_amount: 12900 }],
    });

    expect(await read(stripeEvent('invoice.paid', taxed))).toMatchObject({
      buyer: { name: 'Grete Müller', country: 'DE', city: 'Berlin', taxId: null },
      subtotal: 12900,
      taxAmount: 2451,
      taxRateBp: 1900,
      reverseCharge: false,
    });
    expect(await read(stripeEvent('invoice.paid', reverse))).toMatchObject({
      buyer: { name: 'Baubüro Müller GmbH', taxId: 'DE136695976' },
      taxAmount: 0,
      taxRateBp: null,
      reverseCharge: true,
    });
  });

  it('reads an invoice in the pre-2025 shape, with the subscription at the top level', async () => {
    const legacy = invoiceObject({
      parent: undefined,
      subscription: 'sub_old',
      subscription_details: { metadata: { userId: 'usr_old', plan: 'standard' } },
      billing_reason: 'subscription_cycle',
    });

    expect(await read(stripeEvent('invoice.paid', legacy))).toMatchObject({
      subscriptionId: 'sub_old',
      reference: { userId: 'usr_old' },
      billingReason: 'subscription_cycle',
    });
  });

  it('reads invoice.payment_failed with the next retry time', async () => {
    const failed = invoiceObject({
      status: 'open',
      amount_paid: 0,
      attempt_count: 2,
      next_payment_attempt: 1_760_300_000,
      billing_reason: 'subscription_cycle',
    });

    expect(await read(stripeEvent('invoice.payment_failed', failed))).toMatchObject({
      type: 'invoice.payment_failed',
      amountPaid: 0,
      amountDue: 12900,
      attemptCount: 2,
      nextPaymentAttempt: 1_760_300_000_000,
    });
  });

  it('reads a subscription set to cancel at period end', async () => {
    const cancelling = subscriptionObject({ cancel_at_period_end: true, cancel_at: 1_791_536_000 });
    const event = stripeEvent('customer.subscription.updated', cancelling);

    expect(await read(event)).toEqual({
      type: 'customer.subscription.updated',
      eventId: event.id,
      created: 1_760_000_000_000,
      livemode: false,
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
      reference: { userId: 'usr_1' },
      status: 'active',
      cancelAtPeriodEnd: true,
      cancelAt: 1_791_536_000_000,
      currentPeriodEnd: 1_791_536_000_000,
      endedAt: null,
    });
  });

  it('reads a subscription in the pre-2025 shape, with current_period_end at the top level', async () => {
    const legacy = subscriptionObject({ items: undefined, current_period_end: 1_700_000_000 });

    expect(await read(stripeEvent('customer.subscription.updated', legacy))).toMatchObject({
      currentPeriodEnd: 1_700_000_000_000,
    });
  });

  it('reads customer.subscription.deleted with when it ended', async () => {
    const ended = subscriptionObject({ status: 'canceled', ended_at: 1_791_536_000 });

    expect(await read(stripeEvent('customer.subscription.deleted', ended))).toMatchObject({
      type: 'customer.subscription.deleted',
      status: 'canceled',
      endedAt: 1_791_536_000_000,
    });
  });

  it('ignores event types it does not handle', async () => {
    const event = stripeEvent('customer.created', { id: 'cus_1', object: 'customer' });

    expect(await read(event)).toEqual({
      type: 'ignored',
      eventType: 'customer.created',
      eventId: event.id,
      created: 1_760_000_000_000,
      livemode: false,
    });
  });

  it('answers 400 INVALID_EVENT for a signed event of a handled type it cannot read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const event = stripeEvent('invoice.paid', { id: 'in_1', object: 'invoice' });

    const error = await read(event).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'INVALID_EVENT' });
  });

  it('answers 400 INVALID_SIGNATURE for a bad signature, before reading the body', async () => {
    const { body } = await signedDelivery(
      stripeEvent('invoice.paid', invoiceObject()),
      testWebhookSecret(),
    );

    const error = await readWebhookEvent(
      stripeProvider(testWebhookSecret()),
      body,
      't=1,v1=00',
    ).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'INVALID_SIGNATURE' });
  });

  it('answers 503 when payments are not configured, so Stripe retries later', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});

    const error = await readWebhookEvent(
      createUnconfiguredPayments('test'),
      '{}',
      't=1,v1=00',
    ).catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 503, code: 'PAYMENTS_UNAVAILABLE' });
  });
});
