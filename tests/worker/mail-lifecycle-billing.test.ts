/**
 * The lifecycle e-mails that Stripe's events and the cancel buttons cause: "a payment failed"
 * (with the link to update the card) and "the subscription is cancelled" (until when it runs).
 * Each is written in the same batch as the change it reports, so a webhook delivered twice, a
 * later event of the same invoice, or Stripe's report of a cancellation we made ourselves adds
 * nothing.
 */
import { describe, expect, it } from 'vitest';
import type { AccountApp } from './account-helpers';
import { act, confirmIdentity, operator } from './admin-helpers';
import { billingWorld, deliver, postEmpty, upgradedAccount } from './billing-helpers';
import {
  invoiceObject,
  signedDelivery,
  stripeEvent,
  subscriptionObject,
} from './fake-stripe/events';
import { ORIGIN } from './helpers';

const DAY_MS = 24 * 60 * 60 * 1000;
const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * A Standard customer upgraded through the local checkout at START (the year runs to March 1,
 * 2027), with Stripe events about its subscription at the app's clock.
 */
async function subscriber() {
  const world = billingWorld();
  const { app } = world;
  const { account, checkout, paid } = await upgradedAccount(world);
  const suffix = checkout.sessionId.slice('cs_local_'.length);
  const ids = { subscription: `sub_local_${suffix}`, customer: `cus_local_${suffix}` };
  const end = new Date(paid.session.paidAt ?? 0);
  end.setUTCFullYear(end.getUTCFullYear() + 1);
  const periodEnd = end.getTime();
  const metadata = { userId: account.auth.user.userId, plan: 'standard' };

  /** One signed delivery of an event created now; `deliver()` may be called again (a redelivery). */
  const event = async (type: string, object: Record<string, unknown>) => {
    const { body, signature } = await signedDelivery(
      stripeEvent(type, object, seconds(app.clock.now)),
      world.secret,
    );
    const send = async () => {
      const response = await deliver(app, body, signature);
      expect(response.status, await response.clone().text()).toBe(200);
    };
    await send();
    return { deliverAgain: send };
  };
  const renewalInvoice = (id: string, overrides: Record<string, unknown> = {}) =>
    invoiceObject({
      id,
      customer: ids.customer,
      billing_reason: 'subscription_cycle',
      status: 'open',
      amount_paid: 0,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: ids.subscription, metadata },
      },
      lines: {
        object: 'list',
        has_more: false,
        data: [
          {
            id: `il_${id}`,
            object: 'line_item',
            amount: 12900,
            period: { start: seconds(periodEnd), end: seconds(periodEnd + 365 * DAY_MS) },
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
      metadata,
      items: { object: 'list', data: [{ id: 'si_1', current_period_end: seconds(periodEnd) }] },
      ...overrides,
    });
  const mails = (tag: string) => mailsTo(app, account.form.email, tag);
  return { world, app, account, ids, periodEnd, event, renewalInvoice, subscription, mails };
}

function mailsTo(app: AccountApp, email: string, tag: string) {
  return app.mail.filter((mail) => mail.to === email && mail.tag === tag);
}

describe('e-mail: a payment failed', () => {
  it('is sent once, with the amount and the link to update the card, though Stripe delivers the event twice', async () => {
    const c = await subscriber();
    c.app.clock.now = c.periodEnd + 60_000;
    const retryAt = c.periodEnd + 3 * DAY_MS;

    const failed = await c.event(
      'invoice.payment_failed',
      c.renewalInvoice('in_renewal_1', {
        attempt_count: 1,
        next_payment_attempt: seconds(retryAt),
        hosted_invoice_url: 'https://invoice.stripe.test/i/renewal-1',
      }),
    );
    await failed.deliverAgain();

    const mails = c.mails('payment-failed');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe('Your Sheetwright payment did not go through');
    expect(mail?.text).toContain(`Hello ${c.account.form.customerName},`);
    expect(mail?.text).toContain('your payment of $129.00');
    expect(mail?.text).toContain('try your card again on March 4, 2027');
    expect(mail?.text).toContain(
      `Manage card on Billing & Invoices):\n${ORIGIN}/dashboard/billing`,
    );
    expect(mail?.text).toContain('https://invoice.stripe.test/i/renewal-1');
    expect(mail?.text).toContain(`${ORIGIN}/dashboard\n`);
    expect(mail?.html).toContain(`href="${ORIGIN}/dashboard/billing"`);
    expect(mail?.html).toContain('your payment of $129.00');
  });

  it('Stripe’s next failed attempt at the same invoice does not e-mail again; another invoice does', async () => {
    const c = await subscriber();
    c.app.clock.now = c.periodEnd + 60_000;
    await c.event('invoice.payment_failed', c.renewalInvoice('in_renewal_2'));
    c.app.clock.now += 3 * DAY_MS;
    await c.event('invoice.payment_failed', c.renewalInvoice('in_renewal_2', { attempt_count: 2 }));
    expect(c.mails('payment-failed')).toHaveLength(1);

    c.app.clock.now += DAY_MS;
    await c.event('invoice.payment_failed', c.renewalInvoice('in_renewal_3'));
    expect(c.mails('payment-failed')).toHaveLength(2);
  });
});

describe('e-mail: the subscription is cancelled', () => {
  it('a cancellation in Stripe’s portal is e-mailed once with the date the license runs until; the redelivery and the end of the year add nothing', async () => {
    const c = await subscriber();
    c.app.clock.now += 40 * DAY_MS;

    const cancelled = await c.event(
      'customer.subscription.updated',
      c.subscription({ cancel_at_period_end: true }),
    );
    await cancelled.deliverAgain();
    c.app.clock.now = c.periodEnd;
    await c.event(
      'customer.subscription.deleted',
      c.subscription({
        status: 'canceled',
        canceled_at: seconds(c.periodEnd),
        ended_at: seconds(c.periodEnd),
      }),
    );

    const mails = c.mails('subscription-cancelled');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe('Your Sheetwright subscription is cancelled');
    expect(mail?.text).toContain('will not renew');
    expect(mail?.text).toContain('Your license stays active until March 1, 2027');
    expect(mail?.text).toContain(`${ORIGIN}/dashboard/billing`);
    expect(mail?.text).toContain(`${ORIGIN}/dashboard\n`);
    expect(mail?.html).toContain('Your license stays active until March 1, 2027');
    expect(mail?.html).toContain(`href="${ORIGIN}/dashboard"`);
  });

  it('the customer’s own Cancel is e-mailed once; Stripe’s event reporting it adds nothing', async () => {
    const c = await subscriber();
    c.app.clock.now += 10 * DAY_MS;

    const response = await postEmpty(c.app, '/api/billing/cancel', c.account.browser);
    expect(response.status, await response.clone().text()).toBe(200);
    const again = await postEmpty(c.app, '/api/billing/cancel', c.account.browser);
    expect(again.status).toBe(200);
    c.app.clock.now += 1000;
    await c.event('customer.subscription.updated', c.subscription({ cancel_at_period_end: true }));

    const mails = c.mails('subscription-cancelled');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('until March 1, 2027');
  });

  it('Stripe ending a subscription whose payments kept failing says it has ended', async () => {
    const c = await subscriber();
    c.app.clock.now = c.periodEnd + 60_000;
    await c.event('invoice.payment_failed', c.renewalInvoice('in_renewal_4'));
    c.app.clock.now = c.periodEnd + 20 * DAY_MS;

    const ended = await c.event(
      'customer.subscription.deleted',
      c.subscription({
        status: 'canceled',
        canceled_at: seconds(c.app.clock.now),
        ended_at: seconds(c.app.clock.now),
      }),
    );
    await ended.deliverAgain();

    const mails = c.mails('subscription-cancelled');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('is cancelled and ended on March 1, 2027');
    expect(c.mails('payment-failed')).toHaveLength(1);
  });

  it('support cancelling at period end, then ending it now, tells the customer each time; Stripe’s events add nothing', async () => {
    const c = await subscriber();
    c.app.clock.now += 30 * DAY_MS;
    const op = await operator(c.app);
    const userId = c.account.auth.user.userId;

    await act(c.app, op, userId, { action: 'cancel-subscription', when: 'period-end' });
    await c.event('customer.subscription.updated', c.subscription({ cancel_at_period_end: true }));
    expect(c.mails('subscription-cancelled')).toHaveLength(1);
    expect(c.mails('subscription-cancelled')[0]?.text).toContain('until March 1, 2027');

    c.app.clock.now += 60 * 60 * 1000;
    // An hour later the console asks the operator again who they are.
    await confirmIdentity(c.app, op);
    await act(c.app, op, userId, { action: 'cancel-subscription', when: 'now' });
    c.app.clock.now += 1000;
    await c.event(
      'customer.subscription.deleted',
      c.subscription({
        status: 'canceled',
        canceled_at: seconds(c.app.clock.now),
        ended_at: seconds(c.app.clock.now),
      }),
    );

    const mails = c.mails('subscription-cancelled');
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain('is cancelled and ended on March 31, 2026');
  });

  it('a deleted account is told by its deletion e-mail, not by a cancellation e-mail as well', async () => {
    const c = await subscriber();
    c.app.clock.now += 5 * DAY_MS;

    const response = await c.app.request('/api/delete', {
      method: 'DELETE',
      headers: c.account.bearer,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    c.app.clock.now += 1000;
    await c.event('customer.subscription.updated', c.subscription({ cancel_at_period_end: true }));

    expect(c.mails('deletion-scheduled')).toHaveLength(1);
    expect(c.mails('subscription-cancelled')).toHaveLength(0);
  });
});
