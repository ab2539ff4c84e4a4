/**
 * The payment adapters' operator calls: cancelNow (end a subscription at once, no proration, no
 * refund) and refundPayment (refund one paid invoice in full, once per idempotency key), on the
 * real Stripe provider against the fake Stripe server, and on the local stand-in, which records
 * both so /dev/checkout shows them.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { PaymentProviderError, type LocalCheckoutStore } from '../../functions/adapters/payments';
import { createD1CheckoutStore } from '../../functions/adapters/payments/d1-store';
import { createLocalPayments } from '../../functions/adapters/payments/local';
import { createApp } from '../../functions/app';
import { createDb } from '../../functions/db/client';
import { testWebhookSecret } from './fake-stripe/events';
import { createMemoryCheckoutStore } from './fake-stripe/memory-checkout-store';
import { createFakeStripe, stripeAgainst, type FakeStripe } from './fake-stripe/server';

const PERIOD_END = 1_805_000_000;
const ORIGIN = 'https://sheetwright.test';
const PAID_AT = Date.parse('2026-03-01T12:00:00Z');

async function failure(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

const calls = (fake: FakeStripe, from = 0) =>
  fake.requests.slice(from).map((request) => `${request.method} ${request.path}`);

function paidStripe() {
  const fake = createFakeStripe();
  const paid = fake.addPaidSubscription('sub_paid1', {
    customer: 'cus_payer',
    currentPeriodEnd: PERIOD_END,
  });
  return { fake, payments: stripeAgainst(fake), ...paid };
}

describe('Stripe provider: cancelNow', () => {
  it('cancels at once without proration or a final invoice, under the caller’s key', async () => {
    const { fake, payments } = paidStripe();

    const result = await payments.cancelNow('sub_paid1', 'cancel-now:1');

    expect(calls(fake)).toEqual([
      'GET /v1/subscriptions/sub_paid1',
      'DELETE /v1/subscriptions/sub_paid1',
    ]);
    const cancel = fake.requests[1];
    expect(Object.fromEntries(cancel?.query ?? [])).toEqual({
      prorate: 'false',
      invoice_now: 'false',
    });
    expect(cancel?.headers.get('Idempotency-Key')).toBe('cancel-now:1:cancel');
    expect(fake.subscriptionStatus('sub_paid1')).toBe('canceled');
    expect(fake.refunds).toHaveLength(0);
    expect(result.canceledAt % 1000).toBe(0);
    expect(Math.abs(result.canceledAt - Date.now())).toBeLessThan(5_000);
  });

  it('answers the first cancellation again when repeated, without a second cancel', async () => {
    const { fake, payments } = paidStripe();
    const first = await payments.cancelNow('sub_paid1', 'k1');
    const from = fake.requests.length;

    const again = await payments.cancelNow('sub_paid1', 'k1');

    expect(again).toEqual(first);
    expect(calls(fake, from)).toEqual(['GET /v1/subscriptions/sub_paid1']);
  });

  it('takes a cancel whose answer was lost as done', async () => {
    const { fake, payments } = paidStripe();
    // Stripe cancels, the answer is lost, the SDK's retry is refused (already canceled).
    fake.onNext('GET', '/v1/subscriptions/sub_paid1', () => fake.failNext({ network: 'after' }));

    const result = await payments.cancelNow('sub_paid1', 'k1');

    expect(fake.subscriptionStatus('sub_paid1')).toBe('canceled');
    expect(result.canceledAt).toBeGreaterThan(0);
  });

  it('refuses an unknown or malformed subscription as not_found', async () => {
    const { fake, payments } = paidStripe();
    expect((await failure(payments.cancelNow('sub_unknown', 'k'))).code).toBe('not_found');
    const from = fake.requests.length;
    expect((await failure(payments.cancelNow('../customers', 'k'))).code).toBe('not_found');
    expect(fake.requests).toHaveLength(from);
  });
});

describe('Stripe provider: refundPayment', () => {
  const reason = 'Refunded by support';

  it("refunds the invoice's PaymentIntent in full, under the caller's key, and leaves the subscription", async () => {
    const { fake, payments, invoiceId, paymentIntentId } = paidStripe();

    const result = await payments.refundPayment({ invoiceId, idempotencyKey: 'rk', reason });

    expect(calls(fake)).toEqual([
      'GET /v1/invoice_payments',
      'GET /v1/refunds',
      'POST /v1/refunds',
    ]);
    const refund = fake.requests[2];
    expect(Object.fromEntries(refund?.form ?? [])).toEqual({
      payment_intent: paymentIntentId,
      'metadata[reason]': reason,
      'metadata[invoice]': invoiceId,
    });
    expect(refund?.headers.get('Idempotency-Key')).toBe('rk:refund');
    expect(result).toEqual({ refundId: fake.refunds[0]?.['id'], amount: 12900, currency: 'usd' });
    expect(fake.subscriptionStatus('sub_paid1')).toBe('active');
  });

  it('refunds once: a repeat answers the earlier refund, a lost answer is retried under the same key', async () => {
    const { fake, payments, invoiceId } = paidStripe();
    fake.onNext('GET', '/v1/refunds', () => fake.failNext({ network: 'after' }));

    const first = await payments.refundPayment({ invoiceId, idempotencyKey: 'rk', reason });
    const again = await payments.refundPayment({ invoiceId, idempotencyKey: 'rk', reason });

    expect(fake.refunds).toHaveLength(1);
    expect(again).toEqual(first);
    const posts = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(posts.map((r) => r.headers.get('Idempotency-Key'))).toEqual(['rk:refund', 'rk:refund']);
  });

  it('refuses a malformed invoice id without a call, and an invoice without a card payment', async () => {
    const { fake, payments } = paidStripe();
    expect(
      (await failure(payments.refundPayment({ invoiceId: 'cs_1', idempotencyKey: 'k', reason })))
        .code,
    ).toBe('not_found');
    expect(fake.requests).toHaveLength(0);
    expect(
      (await failure(payments.refundPayment({ invoiceId: 'in_none', idempotencyKey: 'k', reason })))
        .code,
    ).toBe('rejected');
  });
});

describe('local provider: cancelNow and refundPayment', () => {
  function localWorld(store: LocalCheckoutStore = createMemoryCheckoutStore()) {
    let now = PAID_AT;
    const local = createLocalPayments({
      store,
      webhookSecret: testWebhookSecret(),
      now: () => now,
    });
    const app = createApp({ adapters: { payments: local } });
    const page = async (path: string) => {
      const response = await app.request(
        new URL(path, ORIGIN).toString(),
        {},
        {
          ...env,
          ENVIRONMENT: 'development',
        },
      );
      expect(response.status).toBe(200);
      return response.text();
    };
    const paidSession = async () => {
      const { id } = await local.createCheckoutSession({
        userId: crypto.randomUUID(),
        customerEmail: 'ada@example.com',
        successUrl: `${ORIGIN}/payment-processing?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${ORIGIN}/pricing`,
        plan: 'standard',
      });
      const paid = await local.completeCheckout(id);
      if (!paid) throw new Error('not paid');
      return paid.session;
    };
    return { local, store, page, paidSession, later: (ms: number) => (now += ms) };
  }

  it('records a refund by support once, and /dev/checkout shows it on the session and the invoice', async () => {
    const { local, store, page, paidSession, later } = localWorld();
    const session = await paidSession();
    const suffix = session.id.slice('cs_local_'.length);
    const invoiceId = `in_local_${suffix}`;
    later(60_000);

    const first = await local.refundPayment({ invoiceId, idempotencyKey: 'a', reason: 'r' });
    later(60_000);
    const again = await local.refundPayment({ invoiceId, idempotencyKey: 'a', reason: 'r' });

    expect(first).toEqual({ refundId: `re_local_${suffix}`, amount: 12900, currency: 'usd' });
    expect(again).toEqual(first);
    expect(await store.get(session.id)).toMatchObject({
      refundedAt: PAID_AT + 60_000,
      refundKind: 'support',
      canceledAt: null,
    });
    expect(await page(`/dev/checkout?session_id=${session.id}`)).toContain(
      'This payment was refunded in full by support on 2026-03-01.',
    );
    expect(await page(`/dev/checkout/invoice?id=${invoiceId}`)).toContain('Refunded on 2026-03-01');
  });

  it('records a cancellation once, and /dev/checkout shows it', async () => {
    const { local, store, page, paidSession, later } = localWorld();
    const session = await paidSession();
    const subscriptionId = session.subscriptionId ?? '';
    later(60_000);

    const first = await local.cancelNow(subscriptionId, 'k');
    later(60_000);
    const again = await local.cancelNow(subscriptionId, 'k');

    expect(first).toEqual({ canceledAt: PAID_AT + 60_000 });
    expect(again).toEqual(first);
    expect((await store.get(session.id))?.refundedAt).toBeNull();
    expect(await page(`/dev/checkout?session_id=${session.id}`)).toContain(
      'Its subscription was cancelled on 2026-03-01.',
    );
  });

  it('refuses unknown, malformed and unpaid ids as not_found', async () => {
    const { local } = localWorld();
    const { id } = await local.createCheckoutSession({
      userId: 'u1',
      customerEmail: 'ada@example.com',
      successUrl: `${ORIGIN}/payment-processing`,
      cancelUrl: `${ORIGIN}/pricing`,
      plan: 'standard',
    });
    const unpaidInvoice = id.replace('cs_local_', 'in_local_');
    for (const invoiceId of ['in_local_nothing', 'in_123', unpaidInvoice]) {
      const error = await failure(
        local.refundPayment({ invoiceId, idempotencyKey: 'k', reason: 'r' }),
      );
      expect(error.code, invoiceId).toBe('not_found');
    }
    for (const subscriptionId of ['sub_local_nothing', 'sub_123']) {
      expect((await failure(local.cancelNow(subscriptionId, 'k'))).code).toBe('not_found');
    }
  });

  it('keeps both in D1 for the Worker, once each', async () => {
    const store = createD1CheckoutStore(createDb(env.DB));
    const { local, paidSession } = localWorld(store);
    const session = await paidSession();
    const subscriptionId = session.subscriptionId ?? '';

    await store.markCanceled(subscriptionId, PAID_AT + 1);
    await store.markCanceled(subscriptionId, PAID_AT + 2);
    await local.refundPayment({
      invoiceId: session.id.replace('cs_local_', 'in_local_'),
      idempotencyKey: 'k',
      reason: 'r',
    });
    const refundedAgain = await store.markRefunded(subscriptionId, {
      refundedAt: PAID_AT + 3,
      kind: 'unapplied',
    });

    expect(refundedAgain).toMatchObject({
      canceledAt: PAID_AT + 1,
      refundedAt: PAID_AT,
      refundKind: 'support',
    });
  });
});
