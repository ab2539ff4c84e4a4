/**
 * Invoice and subscription webhooks: renewal, failed payment, cancellation,
 * deletion; replays and out-of-order deliveries change nothing they should not.
 */
import { describe, expect, it } from 'vitest';
import { createLocalPayments } from '../../functions/adapters/payments/local';
import { accountApp, queryAll, signupForm, verifyEmail, type AccountApp } from './account-helpers';
import {
  invoiceObject,
  signedDelivery,
  stripeEvent,
  subscriptionObject,
  testWebhookSecret,
} from './fake-stripe/events';
import { createMemoryCheckoutStore } from './fake-stripe/memory-checkout-store';

const DAY = 24 * 60 * 60;
/** Event times in seconds, after the checkout's own events (which use the real clock). */
const T = Math.floor(Date.now() / 1000) + 60;

function deliver(app: AccountApp, payload: string, signature: string) {
  return app.request('/api/stripe/webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  });
}

/** A paid Standard signup (checkout fulfilled by its webhook), ready for later events. */
async function paidCustomer(options: { deliverCheckout?: boolean } = {}) {
  const secret = testWebhookSecret();
  const payments = createLocalPayments({
    store: createMemoryCheckoutStore(),
    webhookSecret: secret,
  });
  const app = accountApp({ payments });
  const form = signupForm({ plan: 'standard' });
  await verifyEmail(app, form);
  const started = await app.post('/api/register-email-standard', form);
  const { sessionId } = await started.json<{ sessionId: string }>();
  const paid = await payments.completeCheckout(sessionId);
  const completed = paid!.events[0]!;
  if (options.deliverCheckout !== false) {
    expect((await deliver(app, completed.payload, completed.signature)).status).toBe(200);
  }
  const suffix = sessionId.replace('cs_local_', '');
  const ids = { subscription: `sub_local_${suffix}`, customer: `cus_local_${suffix}` };

  const send = async (type: string, object: Record<string, unknown>, created: number) => {
    const event = stripeEvent(type, object, created);
    const { body, signature } = await signedDelivery(event, secret);
    return { event, response: await deliver(app, body, signature), body, signature };
  };
  const invoice = (id: string, periodEndSeconds: number, overrides: Record<string, unknown> = {}) =>
    invoiceObject({
      id,
      customer: ids.customer,
      billing_reason: 'subscription_cycle',
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: ids.subscription, metadata: {} },
      },
      lines: {
        object: 'list',
        has_more: false,
        data: [
          {
            id: `il_${id}`,
            object: 'line_item',
            amount: 12900,
            period: { start: periodEndSeconds - 365 * DAY, end: periodEndSeconds },
            parent: {
              type: 'subscription_item_details',
              subscription_item_details: {
                subscription: ids.subscription,
                subscription_item: 'si_1',
              },
            },
          },
        ],
      },
      ...overrides,
    });
  const subscription = (overrides: Record<string, unknown>) =>
    subscriptionObject({
      id: ids.subscription,
      customer: ids.customer,
      metadata: {},
      ...overrides,
    });
  const state = async () => {
    const [license] = await queryAll<{ status: string; expires_at: number }>(
      `SELECT l.status, l.expires_at FROM licenses l JOIN users u ON u.id = l.user_id WHERE u.email = ?`,
      form.email,
    );
    const [sub] = await queryAll<{
      status: string;
      current_period_end: number;
      cancel_at_period_end: number;
    }>(
      'SELECT status, current_period_end, cancel_at_period_end FROM subscriptions WHERE stripe_subscription_id = ?',
      ids.subscription,
    );
    const invoices = await queryAll<{ id: string; status: string; amount_paid: number }>(
      'SELECT i.id, i.status, i.amount_paid FROM invoices i JOIN users u ON u.id = i.user_id WHERE u.email = ? ORDER BY i.created',
      form.email,
    );
    return { license, sub, invoices };
  };
  return { app, form, ids, send, invoice, subscription, state, completed };
}

describe('invoice.paid', () => {
  it('records a renewal invoice and extends the license to the new period end', async () => {
    const c = await paidCustomer();
    const periodEnd = T + 730 * DAY;
    const { response } = await c.send('invoice.paid', c.invoice('in_renew', periodEnd), T);
    expect(response.status).toBe(200);
    const { license, sub, invoices } = await c.state();
    expect(license).toEqual({ status: 'active', expires_at: periodEnd * 1000 });
    expect(sub?.current_period_end).toBe(periodEnd * 1000);
    expect(invoices).toContainEqual({ id: 'in_renew', status: 'paid', amount_paid: 12900 });
  });

  it('a replayed invoice.paid answers 200 and changes nothing', async () => {
    const c = await paidCustomer();
    const first = await c.send('invoice.paid', c.invoice('in_replay', T + 730 * DAY), T);
    const before = await c.state();
    const again = await deliver(c.app, first.body, first.signature);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ outcome: 'replayed' });
    expect(await c.state()).toEqual(before);
  });

  it('arriving before its checkout is fulfilled: 409 so Stripe retries, then applied', async () => {
    const c = await paidCustomer({ deliverCheckout: false });
    const early = await c.send('invoice.paid', c.invoice('in_early', T + 730 * DAY), T);
    expect(early.response.status).toBe(409);
    expect(await queryAll('SELECT id FROM stripe_events WHERE id = ?', early.event.id)).toEqual([]);

    expect((await deliver(c.app, c.completed.payload, c.completed.signature)).status).toBe(200);
    const retry = await deliver(c.app, early.body, early.signature);
    expect(retry.status).toBe(200);
    const { license, invoices } = await c.state();
    expect(license?.expires_at).toBe((T + 730 * DAY) * 1000);
    expect(invoices.map((i) => i.id)).toContain('in_early');
  });
});

describe('invoice.payment_failed', () => {
  it('suspends the license and marks the subscription past due; a later payment restores it', async () => {
    const c = await paidCustomer();
    const failed = await c.send(
      'invoice.payment_failed',
      c.invoice('in_fail', T + 730 * DAY, { status: 'open', amount_paid: 0 }),
      T,
    );
    expect(failed.response.status).toBe(200);
    let s = await c.state();
    expect(s.license?.status).toBe('suspended');
    expect(s.sub?.status).toBe('past_due');

    await c.send('invoice.paid', c.invoice('in_fail', T + 730 * DAY), T + 10);
    s = await c.state();
    expect(s.license?.status).toBe('active');
    expect(s.sub?.status).toBe('active');
    expect(s.invoices).toContainEqual({ id: 'in_fail', status: 'paid', amount_paid: 12900 });
  });

  it('out of order: an older invoice.paid after a newer failure does not lift the suspension', async () => {
    const c = await paidCustomer();
    await c.send('invoice.payment_failed', c.invoice('in_b', T + 730 * DAY), T + 20);
    await c.send('invoice.paid', c.invoice('in_a', T + 365 * DAY), T + 10);
    const s = await c.state();
    expect(s.license?.status).toBe('suspended');
    expect(s.sub?.status).toBe('past_due');
  });
});

describe('customer.subscription.updated / deleted', () => {
  it('cancel at period end: cancelling, the license expires at the period end', async () => {
    const c = await paidCustomer();
    const periodEnd = T + 300 * DAY;
    const sub = c.subscription({
      cancel_at_period_end: true,
      items: { object: 'list', data: [{ id: 'si_1', current_period_end: periodEnd }] },
    });
    expect((await c.send('customer.subscription.updated', sub, T)).response.status).toBe(200);
    const s = await c.state();
    expect(s.sub).toMatchObject({ status: 'cancelling', cancel_at_period_end: 1 });
    expect(s.license).toEqual({ status: 'active', expires_at: periodEnd * 1000 });

    // An older "active" update delivered late changes nothing.
    const older = c.subscription({
      items: { object: 'list', data: [{ id: 'si_1', current_period_end: periodEnd }] },
    });
    await c.send('customer.subscription.updated', older, T - 5);
    expect((await c.state()).sub?.status).toBe('cancelling');
  });

  it('deleted: canceled, the license expires at the period end', async () => {
    const c = await paidCustomer();
    const periodEnd = T + 100 * DAY;
    const sub = c.subscription({
      status: 'canceled',
      ended_at: T + 100 * DAY,
      items: { object: 'list', data: [{ id: 'si_1', current_period_end: periodEnd }] },
    });
    expect((await c.send('customer.subscription.deleted', sub, T)).response.status).toBe(200);
    const s = await c.state();
    expect(s.sub?.status).toBe('canceled');
    expect(s.license?.expires_at).toBe(periodEnd * 1000);
  });
});

describe('numbers out of range', () => {
  it('refuses an event whose created time is absurd with 400, writing nothing', async () => {
    const { send, invoice, state } = await paidCustomer();
    const before = await state();

    const { event, response } = await send(
      'invoice.paid',
      invoice('in_huge', T + 400 * DAY),
      1e308,
    );

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'INVALID_EVENT' });
    expect(await queryAll('SELECT id FROM stripe_events WHERE id = ?', event.id)).toEqual([]);
    expect(await state()).toEqual(before);
  });

  it('refuses a period end centuries away and a negative amount with 400', async () => {
    const { send, invoice, state } = await paidCustomer();
    const before = await state();

    const farAway = await send('invoice.paid', invoice('in_far', 1e11), T + 10);
    const negative = await send(
      'invoice.paid',
      invoice('in_negative', T + 365 * DAY, { amount_paid: -12900 }),
      T + 20,
    );

    expect(farAway.response.status).toBe(400);
    expect(negative.response.status).toBe(400);
    expect(await state()).toEqual(before);
  });

  it('refuses a subscription event that ends in the year 5000', async () => {
    const { send, subscription, state } = await paidCustomer();
    const before = await state();

    const { response } = await send(
      'customer.subscription.updated',
      subscription({ cancel_at_period_end: true, cancel_at: 95_617_584_000 }),
      T + 30,
    );

    expect(response.status).toBe(400);
    expect(await state()).toEqual(before);
  });
});
