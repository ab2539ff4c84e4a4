/**
 * expireCheckoutSession and refundSubscription of the real Stripe provider, against the fake
 * Stripe server: the requests they send (method, path, parameters, idempotency keys), Stripe's
 * answers read back into ours, the races with a customer paying, and Stripe's failures.
 */
import { describe, expect, it } from 'vitest';
import { PaymentProviderError, STRIPE_API_VERSION } from '../../functions/adapters/payments';
import {
  createFakeStripe,
  stripeAgainst,
  FAKE_SECRET_KEY,
  type FakeStripe,
  type RecordedRequest,
} from './fake-stripe/server';

const PERIOD_END = 1_805_000_000;

/** A Stripe 5xx that tells the SDK not to retry (one request, one answer). */
const stripeDown = {
  status: 500,
  body: { error: { type: 'api_error', message: 'Something went wrong on our end.' } },
  headers: { 'Stripe-Should-Retry': 'false' },
};

/** The requests since `from`, as method, path, query and form. */
function sent(fake: FakeStripe, from = 0) {
  return fake.requests.slice(from).map((request: RecordedRequest) => ({
    method: request.method,
    path: request.path,
    query: Object.fromEntries(request.query),
    form: Object.fromEntries(request.form),
  }));
}

async function failure(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

function expectStripeHeaders(request: RecordedRequest | undefined) {
  expect(request?.headers.get('Authorization')).toBe(`Bearer ${FAKE_SECRET_KEY}`);
  expect(request?.headers.get('Stripe-Version')).toBe(STRIPE_API_VERSION);
}

describe('Stripe provider: expireCheckoutSession', () => {
  it('expires an open session after reading it, and answers expired', async () => {
    const fake = createFakeStripe();
    const id = fake.addSession();

    const state = await stripeAgainst(fake).expireCheckoutSession(id);

    expect(state).toBe('expired');
    expect(sent(fake)).toEqual([
      { method: 'GET', path: `/v1/checkout/sessions/${id}`, query: {}, form: {} },
      { method: 'POST', path: `/v1/checkout/sessions/${id}/expire`, query: {}, form: {} },
    ]);
    const expire = fake.requests[1];
    expectStripeHeaders(expire);
    // The SDK keys the POST, so its own retries cannot expire twice.
    expect(expire?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(fake.sessionStatus(id)).toBe('expired');
  });

  it('answers complete for a paid session, without trying to expire it', async () => {
    const fake = createFakeStripe();
    const id = fake.addSession({ status: 'complete' });

    const state = await stripeAgainst(fake).expireCheckoutSession(id);

    expect(state).toBe('complete');
    expect(sent(fake)).toEqual([
      { method: 'GET', path: `/v1/checkout/sessions/${id}`, query: {}, form: {} },
    ]);
    expect(fake.sessionStatus(id)).toBe('complete');
  });

  it('answers expired for a session already expired, without another expire', async () => {
    const fake = createFakeStripe();
    const id = fake.addSession({ status: 'expired' });

    const state = await stripeAgainst(fake).expireCheckoutSession(id);

    expect(state).toBe('expired');
    expect(fake.requests.map((request) => request.method)).toEqual(['GET']);
  });

  it('reports a session Stripe does not know as not_found', async () => {
    const fake = createFakeStripe();

    const error = await failure(stripeAgainst(fake).expireCheckoutSession('cs_test_missing'));

    expect(error.code).toBe('not_found');
    expect(sent(fake)).toEqual([
      { method: 'GET', path: '/v1/checkout/sessions/cs_test_missing', query: {}, form: {} },
    ]);
  });

  it.each(['../customers/cus_1', 'sub_123', '', 'cs_'])(
    'never forwards %j, which is not a Checkout Session id (not_found)',
    async (id) => {
      const fake = createFakeStripe();

      const error = await failure(stripeAgainst(fake).expireCheckoutSession(id));

      expect(error.code).toBe('not_found');
      expect(fake.requests).toHaveLength(0);
    },
  );

  it('answers complete when the customer pays between the read and the expire', async () => {
    const fake = createFakeStripe();
    const id = fake.addSession();
    fake.onNext('POST', `/v1/checkout/sessions/${id}/expire`, () =>
      fake.completeSession(id, { customer: 'cus_payer', subscription: 'sub_payer' }),
    );

    const state = await stripeAgainst(fake).expireCheckoutSession(id);

    expect(state).toBe('complete');
    // Stripe refused to expire the paid session (400); the provider looked again.
    expect(sent(fake).map(({ method, path }) => `${method} ${path}`)).toEqual([
      `GET /v1/checkout/sessions/${id}`,
      `POST /v1/checkout/sessions/${id}/expire`,
      `GET /v1/checkout/sessions/${id}`,
    ]);
    expect(fake.sessionStatus(id)).toBe('complete');
  });

  it('answers expired when another request expires it between the read and the expire', async () => {
    const fake = createFakeStripe();
    const id = fake.addSession();
    // A second tab closing the same checkout at the same moment: its expire lands first.
    fake.onNext('POST', `/v1/checkout/sessions/${id}/expire`, () =>
      fake.setSessionStatus(id, 'expired'),
    );

    const state = await stripeAgainst(fake).expireCheckoutSession(id);

    expect(state).toBe('expired');
    expect(sent(fake).map(({ method, path }) => `${method} ${path}`)).toEqual([
      `GET /v1/checkout/sessions/${id}`,
      `POST /v1/checkout/sessions/${id}/expire`,
      `GET /v1/checkout/sessions/${id}`,
    ]);
  });

  it('reports Stripe failing on the expire as unavailable, and leaves the session open', async () => {
    const fake = createFakeStripe();
    const id = fake.addSession();
    // The read succeeds; the expire right after it meets a Stripe outage.
    fake.onNext('GET', `/v1/checkout/sessions/${id}`, () => fake.failNext(stripeDown));

    const error = await failure(stripeAgainst(fake).expireCheckoutSession(id));

    expect(error.code).toBe('unavailable');
    expect(fake.sessionStatus(id)).toBe('open');
  });

  it('reports Stripe being down as unavailable', async () => {
    const fake = createFakeStripe();
    const id = fake.addSession();
    fake.failNext(stripeDown);

    const error = await failure(stripeAgainst(fake).expireCheckoutSession(id));

    expect(error.code).toBe('unavailable');
    expect(fake.requests).toHaveLength(1);
  });
});

describe('Stripe provider: refundSubscription', () => {
  function paidWorld() {
    const fake = createFakeStripe();
    const paid = fake.addPaidSubscription('sub_paid1', {
      customer: 'cus_payer',
      currentPeriodEnd: PERIOD_END,
    });
    return { fake, payments: stripeAgainst(fake), ...paid };
  }

  const input = { subscriptionId: 'sub_paid1', idempotencyKey: 'rf_1', reason: 'email_taken' };

  it("cancels the subscription at once, without proration, and refunds its invoice's PaymentIntent", async () => {
    const { fake, payments, invoiceId, paymentIntentId } = paidWorld();

    const result = await payments.refundSubscription(input);

    expect(sent(fake)).toEqual([
      { method: 'GET', path: '/v1/subscriptions/sub_paid1', query: {}, form: {} },
      {
        method: 'DELETE',
        path: '/v1/subscriptions/sub_paid1',
        // DELETE carries its parameters in the query string.
        query: { prorate: 'false', invoice_now: 'false' },
        form: {},
      },
      {
        method: 'GET',
        path: '/v1/invoices',
        query: { subscription: 'sub_paid1', status: 'paid', limit: '1' },
        form: {},
      },
      {
        method: 'GET',
        path: '/v1/invoice_payments',
        query: { invoice: invoiceId, status: 'paid', limit: '1' },
        form: {},
      },
      {
        // Refunded already (a lost answer, or by hand)? Then that refund is the answer.
        method: 'GET',
        path: '/v1/refunds',
        query: { payment_intent: paymentIntentId, limit: '10' },
        form: {},
      },
      {
        method: 'POST',
        path: '/v1/refunds',
        query: {},
        form: {
          payment_intent: paymentIntentId,
          'metadata[reason]': 'email_taken',
          'metadata[subscription]': 'sub_paid1',
        },
      },
    ]);
    for (const request of fake.requests) expectStripeHeaders(request);
    const [, cancel, , , , refund] = fake.requests;
    expect(cancel?.headers.get('Idempotency-Key')).toBe('rf_1:cancel');
    expect(refund?.headers.get('Idempotency-Key')).toBe('rf_1:refund');

    expect(fake.subscriptionStatus('sub_paid1')).toBe('canceled');
    expect(fake.refunds).toHaveLength(1);
    expect(fake.refunds[0]).toMatchObject({ payment_intent: paymentIntentId, amount: 12900 });
    expect(result).toEqual({ refundId: fake.refunds[0]?.['id'], amount: 12900, currency: 'usd' });
    expect(result.refundId).toMatch(/^re_/);
  });

  it('refunds once when called again with the same key, and does not cancel twice', async () => {
    const { fake, payments } = paidWorld();
    const first = await payments.refundSubscription(input);
    const from = fake.requests.length;

    const again = await payments.refundSubscription(input);

    expect(again).toEqual(first);
    expect(fake.refunds).toHaveLength(1);
    // Already canceled and refunded: read, then the invoice, and the refund found, not made again.
    expect(sent(fake, from).map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /v1/subscriptions/sub_paid1',
      'GET /v1/invoices',
      'GET /v1/invoice_payments',
      'GET /v1/refunds',
    ]);
  });

  it('refunds once when the answer to the refund is lost and the SDK retries it', async () => {
    const { fake, payments } = paidWorld();
    fake.onNext('GET', '/v1/refunds', () => fake.failNext({ network: 'after' }));

    const result = await payments.refundSubscription(input);

    // Stripe made the refund; the retry with the same key got the same one back.
    expect(fake.refunds).toHaveLength(1);
    expect(result.refundId).toBe(fake.refunds[0]?.['id']);
    const refundPosts = fake.requests.filter(
      (request) => request.method === 'POST' && request.path === '/v1/refunds',
    );
    expect(refundPosts.map((request) => request.headers.get('Idempotency-Key'))).toEqual([
      'rf_1:refund',
      'rf_1:refund',
    ]);
  });

  it('finishes on a later call after Stripe failed between the cancel and the refund', async () => {
    const { fake, payments } = paidWorld();
    fake.onNext('GET', '/v1/invoice_payments', () => fake.failNext(stripeDown));

    const error = await failure(payments.refundSubscription(input));

    expect(error.code).toBe('unavailable');
    expect(fake.subscriptionStatus('sub_paid1')).toBe('canceled');
    expect(fake.refunds).toHaveLength(0);

    const result = await payments.refundSubscription(input);

    expect(fake.refunds).toHaveLength(1);
    expect(result).toMatchObject({ amount: 12900, currency: 'usd' });
    expect(fake.requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });

  it('answers a refund made by hand in the dashboard instead of refunding again', async () => {
    const { fake, payments, paymentIntentId } = paidWorld();
    // The operator refunded it in Stripe's dashboard (no idempotency key of ours).
    await payments.refundSubscription({ ...input, idempotencyKey: 'dashboard' });
    const byHand = fake.refunds[0];

    const result = await payments.refundSubscription(input);

    expect(fake.refunds).toHaveLength(1);
    expect(result).toEqual({ refundId: byHand?.['id'], amount: 12900, currency: 'usd' });
    expect(byHand?.['payment_intent']).toBe(paymentIntentId);
  });

  it('refuses (rejected) a subscription without a paid invoice, refunding nothing', async () => {
    const fake = createFakeStripe();
    fake.addSubscription('sub_unpaid', { customer: 'cus_1', currentPeriodEnd: PERIOD_END });

    const error = await failure(
      stripeAgainst(fake).refundSubscription({ ...input, subscriptionId: 'sub_unpaid' }),
    );

    expect(error.code).toBe('rejected');
    expect(fake.refunds).toHaveLength(0);
    expect(fake.requests.some((request) => request.path === '/v1/refunds')).toBe(false);
  });

  it('reports a subscription Stripe does not know as not_found', async () => {
    const fake = createFakeStripe();

    const error = await failure(
      stripeAgainst(fake).refundSubscription({ ...input, subscriptionId: 'sub_missing' }),
    );

    expect(error.code).toBe('not_found');
    expect(sent(fake).map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /v1/subscriptions/sub_missing',
    ]);
  });

  it('never forwards an id that is not a subscription id (not_found)', async () => {
    const fake = createFakeStripe();

    const error = await failure(
      stripeAgainst(fake).refundSubscription({ ...input, subscriptionId: '../refunds' }),
    );

    expect(error.code).toBe('not_found');
    expect(fake.requests).toHaveLength(0);
  });

  it('reports Stripe answering 5xx as unavailable, changing nothing', async () => {
    const { fake, payments } = paidWorld();
    fake.failNext(stripeDown);

    const error = await failure(payments.refundSubscription(input));

    expect(error.code).toBe('unavailable');
    expect(fake.requests).toHaveLength(1);
    expect(fake.subscriptionStatus('sub_paid1')).toBe('active');
    expect(fake.refunds).toHaveLength(0);
  });

  it('reports Stripe out of reach as unavailable after the SDK retries, changing nothing', async () => {
    const { fake, payments } = paidWorld();
    // The first try and both of the SDK's retries.
    for (let attempt = 0; attempt < 3; attempt++) fake.failNext({ network: 'before' });

    const error = await failure(payments.refundSubscription(input));

    expect(error.code).toBe('unavailable');
    expect(fake.requests).toHaveLength(0);
    expect(fake.subscriptionStatus('sub_paid1')).toBe('active');
    expect(fake.refunds).toHaveLength(0);
  });
});
