import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createPayments,
  PaymentProviderError,
  STRIPE_API_VERSION,
} from '../../functions/adapters/payments';
import { isLocalPayments } from '../../functions/adapters/payments/local';
import {
  createFakeStripe,
  stripeAgainst,
  FAKE_PRICE_ID,
  FAKE_SECRET_KEY,
  FAKE_STRIPE,
  FAKE_STRIPE_ORIGIN,
  type FakeStripe,
  type RecordedRequest,
} from './fake-stripe/server';

const ORIGIN = 'https://sheetwright.test';

afterEach(() => {
  vi.restoreAllMocks();
});
const SUCCESS_URL = `${ORIGIN}/payment-processing?session_id={CHECKOUT_SESSION_ID}`;
const CANCEL_URL = `${ORIGIN}/pricing`;

/** The Stripe provider as the Worker builds it from config, pointed at the fake server. */

function onlyRequest(fake: FakeStripe): RecordedRequest {
  expect(fake.requests).toHaveLength(1);
  return fake.requests[0] as RecordedRequest;
}

/** What every call must carry: our key, the pinned API version, JSON accepted. */
function expectStripeHeaders(request: RecordedRequest) {
  expect(request.headers.get('Authorization')).toBe(`Bearer ${FAKE_SECRET_KEY}`);
  expect(request.headers.get('Stripe-Version')).toBe(STRIPE_API_VERSION);
  if (request.method === 'POST') {
    expect(request.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    // Makes the SDK's retries of a POST safe: Stripe replays the first answer.
    expect(request.headers.get('Idempotency-Key')).toBeTruthy();
  }
}

describe('Stripe provider: createCheckoutSession', () => {
  it('creates a subscription session for a pending signup with the price, e-mail, reference and return URLs', async () => {
    const fake = createFakeStripe();

    const link = await stripeAgainst(fake).createCheckoutSession({
      pendingSignupId: 'ps_123',
      customerEmail: 'ada@example.com',
      successUrl: SUCCESS_URL,
      cancelUrl: CANCEL_URL,
      plan: 'standard',
    });

    const request = onlyRequest(fake);
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/checkout/sessions');
    expectStripeHeaders(request);
    expect(Object.fromEntries(request.form)).toEqual({
      mode: 'subscription',
      'line_items[0][price]': FAKE_PRICE_ID,
      'line_items[0][quantity]': '1',
      'line_items[0][adjustable_quantity][enabled]': 'true',
      'line_items[0][adjustable_quantity][maximum]': '250',
      'line_items[0][adjustable_quantity][minimum]': '1',
      client_reference_id: 'ps_123',
      customer_email: 'ada@example.com',
      // The literal placeholder: Stripe fills it in only if the braces arrive unencoded in the value.
      success_url: 'https://sheetwright.test/payment-processing?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://sheetwright.test/pricing',
      'metadata[pendingSignupId]': 'ps_123',
      'metadata[plan]': 'standard',
      'subscription_data[metadata][pendingSignupId]': 'ps_123',
      'subscription_data[metadata][plan]': 'standard',
      // An invoice a firm can file: the full address, and a business's tax ID and name.
      billing_address_collection: 'required',
      'tax_id_collection[enabled]': 'true',
    });
    // Stripe Tax is off unless STRIPE_AUTOMATIC_TAX says it is set up.
    expect(request.form.has('automatic_tax[enabled]')).toBe(false);
    expect(link.id).toMatch(/^cs_test_/);
    expect(link.url).toBe(`https://checkout.stripe.test/c/pay/${link.id}`);
  });

  it('sends the known customer instead of the e-mail for an upgrading user', async () => {
    const fake = createFakeStripe();

    await stripeAgainst(fake).createCheckoutSession({
      userId: 'usr_42',
      customerId: 'cus_known',
      customerEmail: 'ada@example.com',
      successUrl: SUCCESS_URL,
      cancelUrl: CANCEL_URL,
      plan: 'standard',
    });

    const { form } = onlyRequest(fake);
    expect(form.get('customer')).toBe('cus_known');
    expect(form.has('customer_email')).toBe(false);
    // Required with an existing customer for tax ID collection: what the buyer enters updates it.
    expect(form.get('customer_update[name]')).toBe('auto');
    expect(form.get('customer_update[address]')).toBe('auto');
    expect(form.get('tax_id_collection[enabled]')).toBe('true');
    expect(form.get('client_reference_id')).toBe('usr_42');
    expect(form.get('metadata[userId]')).toBe('usr_42');
    expect(form.has('metadata[pendingSignupId]')).toBe(false);
  });

  it('asks Stripe Tax for tax only when STRIPE_AUTOMATIC_TAX is on', async () => {
    const fake = createFakeStripe();
    const payments = createPayments(
      {
        ENVIRONMENT: 'production',
        STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: 'whsec_unused',
        STRIPE_PRICE_ID: FAKE_PRICE_ID,
        STRIPE_AUTOMATIC_TAX: 'true',
        STRIPE_API_HOST: FAKE_STRIPE.host,
        STRIPE_API_PORT: FAKE_STRIPE.port,
        STRIPE_API_PROTOCOL: FAKE_STRIPE.protocol,
      },
      { localStore: () => createUnusedStore(), fetch: fake.fetch },
    );

    await payments.createCheckoutSession({
      pendingSignupId: 'ps_9',
      customerEmail: 'ada@example.com',
      successUrl: SUCCESS_URL,
      cancelUrl: CANCEL_URL,
      plan: 'standard',
    });

    const { form } = onlyRequest(fake);
    expect(form.get('automatic_tax[enabled]')).toBe('true');
    expect(form.get('billing_address_collection')).toBe('required');
    // A new customer: Stripe creates it from what is entered, so no customer_update.
    expect(form.has('customer_update[name]')).toBe(false);
  });

  it('reaches only the configured host, port and protocol', async () => {
    const fake = createFakeStripe();
    const seen: string[] = [];
    const watching: typeof fetch = (input, init) => {
      seen.push(new Request(input, init).url);
      return fake.fetch(input, init);
    };
    const payments = createPayments(
      {
        ENVIRONMENT: 'production',
        STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: 'whsec_unused',
        STRIPE_PRICE_ID: FAKE_PRICE_ID,
        STRIPE_API_HOST: FAKE_STRIPE.host,
        STRIPE_API_PORT: FAKE_STRIPE.port,
        STRIPE_API_PROTOCOL: FAKE_STRIPE.protocol,
      },
      { localStore: () => createUnusedStore(), fetch: watching },
    );

    await payments.listInvoices('cus_any');

    expect(seen).toEqual([`${FAKE_STRIPE_ORIGIN}/v1/invoices?customer=cus_any&limit=24`]);
  });
});

describe('Stripe provider: retrieveCheckoutSession', () => {
  it('reads a paid session into our shape, with the reference from its metadata', async () => {
    const fake = createFakeStripe();
    const payments = stripeAgainst(fake);
    const { id } = await payments.createCheckoutSession({
      pendingSignupId: 'ps_9',
      customerEmail: 'ada@example.com',
      successUrl: SUCCESS_URL,
      cancelUrl: CANCEL_URL,
      plan: 'standard',
    });
    fake.completeSession(id, {
      customer: 'cus_new',
      subscription: 'sub_new',
      email: 'ada.paid@example.com',
    });

    const session = await payments.retrieveCheckoutSession(id);

    const request = fake.requests.at(-1) as RecordedRequest;
    expect(request.method).toBe('GET');
    expect(request.path).toBe(`/v1/checkout/sessions/${id}`);
    expectStripeHeaders(request);
    expect(session).toEqual({
      id,
      status: 'complete',
      paymentStatus: 'paid',
      clientReferenceId: 'ps_9',
      reference: { pendingSignupId: 'ps_9' },
      customerId: 'cus_new',
      subscriptionId: 'sub_new',
      customerEmail: 'ada.paid@example.com',
      amountTotal: 12900,
      currency: 'usd',
      // The fake answers no line items: the seats are then unknown.
      quantity: null,
    });
  });

  it('reports a session Stripe does not know as not_found', async () => {
    const fake = createFakeStripe();

    const error = await stripeAgainst(fake)
      .retrieveCheckoutSession('cs_test_missing')
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).code).toBe('not_found');
  });

  it('never forwards an id that is not a Checkout Session id', async () => {
    const fake = createFakeStripe();

    const error = await stripeAgainst(fake)
      .retrieveCheckoutSession('../customers/cus_1')
      .catch((e: unknown) => e);

    expect((error as PaymentProviderError).code).toBe('not_found');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('Stripe provider: billing', () => {
  it('creates a customer portal session that returns to the billing page', async () => {
    const fake = createFakeStripe();

    const portal = await stripeAgainst(fake).createPortalSession({
      customerId: 'cus_1',
      returnUrl: `${ORIGIN}/dashboard/billing`,
    });

    const request = onlyRequest(fake);
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/billing_portal/sessions');
    expectStripeHeaders(request);
    expect(Object.fromEntries(request.form)).toEqual({
      customer: 'cus_1',
      return_url: 'https://sheetwright.test/dashboard/billing',
    });
    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/);
  });

  it("lists a customer's invoices in cents and milliseconds", async () => {
    const fake = createFakeStripe();
    fake.addInvoice({
      customer: 'cus_1',
      number: 'SW-0001',
      created: 1_750_000_000,
      amount_paid: 12900,
      currency: 'usd',
      status: 'paid',
      hosted_invoice_url: 'https://invoice.stripe.test/i/1',
      invoice_pdf: 'https://invoice.stripe.test/i/1/pdf',
    });
    fake.addInvoice({
      customer: 'cus_other',
      created: 1,
      amount_paid: 1,
      currency: 'usd',
      status: 'paid',
      number: null,
    });

    const invoices = await stripeAgainst(fake).listInvoices('cus_1');

    const request = onlyRequest(fake);
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/v1/invoices');
    expect(Object.fromEntries(request.query)).toEqual({ customer: 'cus_1', limit: '24' });
    expectStripeHeaders(request);
    expect(invoices[0]?.id).toMatch(/^in_/);
    expect(invoices).toEqual([
      {
        id: invoices[0]?.id,
        number: 'SW-0001',
        created: 1_750_000_000_000,
        amountPaid: 12900,
        currency: 'usd',
        status: 'paid',
        hostedInvoiceUrl: 'https://invoice.stripe.test/i/1',
        invoicePdf: 'https://invoice.stripe.test/i/1/pdf',
      },
    ]);
  });

  it('cancels a subscription at period end and reports when the paid period ends', async () => {
    const fake = createFakeStripe();
    fake.addSubscription('sub_1', { customer: 'cus_1', currentPeriodEnd: 1_790_000_000 });

    const result = await stripeAgainst(fake).cancelAtPeriodEnd('sub_1');

    const request = onlyRequest(fake);
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/subscriptions/sub_1');
    expect(Object.fromEntries(request.form)).toEqual({ cancel_at_period_end: 'true' });
    expectStripeHeaders(request);
    expect(result).toEqual({ cancelAtPeriodEnd: true, currentPeriodEnd: 1_790_000_000_000 });
  });

  it('reports Stripe failing as unavailable, without retrying when Stripe says not to', async () => {
    const fake = createFakeStripe();
    fake.failNext({
      status: 500,
      body: { error: { type: 'api_error', message: 'Something went wrong on our end.' } },
      headers: { 'Stripe-Should-Retry': 'false' },
    });

    const error = await stripeAgainst(fake)
      .listInvoices('cus_1')
      .catch((e: unknown) => e);

    expect((error as PaymentProviderError).code).toBe('unavailable');
    expect(fake.requests).toHaveLength(1);
  });

  it('reports a rejected key as rejected, naming no secret', async () => {
    const fake = createFakeStripe({ apiKey: 'sk_test_someoneElse' });

    const error = await stripeAgainst(fake)
      .listInvoices('cus_1')
      .catch((e: unknown) => e);

    expect((error as PaymentProviderError).code).toBe('rejected');
    expect((error as Error).message).not.toContain(FAKE_SECRET_KEY);
  });
});

describe('createPayments', () => {
  it('refuses every call in production without Stripe settings, naming what is missing in the log', async () => {
    const payments = createPayments(
      { ENVIRONMENT: 'production' },
      { localStore: () => createUnusedStore() },
    );
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});

    const error = await payments
      .createCheckoutSession({
        pendingSignupId: 'ps_1',
        customerEmail: 'a@example.com',
        successUrl: SUCCESS_URL,
        cancelUrl: CANCEL_URL,
        plan: 'standard',
      })
      .catch((e: unknown) => e);

    expect((error as PaymentProviderError).code).toBe('unavailable');
    expect(String(log.mock.calls[0]?.[0])).toContain('STRIPE_SECRET_KEY');
  });

  it('never uses the local stand-in in production, even with its secret present', () => {
    const payments = createPayments(
      { ENVIRONMENT: 'production', DEV_STRIPE_WEBHOOK_SECRET: `whsec_${'x'.repeat(32)}` },
      { localStore: () => createUnusedStore() },
    );

    expect(isLocalPayments(payments)).toBe(false);
  });
});

function createUnusedStore(): never {
  throw new Error('the local store must not be created here');
}
