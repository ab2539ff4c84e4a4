/**
 * The card on file and a failed renewal on Billing & Invoices: the Stripe adapter reads the card
 * (the subscription's default, else the customer's) and resumes, the webhook stores the card when
 * the customer changes it, and GET /api/billing says when a renewal payment failed.
 */
import { describe, expect, it } from 'vitest';
import type { BillingOverview } from '../../src/contract/billing';
import { accountApp, signUpTrial, type AccountApp } from './account-helpers';
import { billingWorld, deliver, upgradedAccount } from './billing-helpers';
import { seedSubscription } from './cron-helpers';
import { invoiceObject, signedDelivery, stripeEvent } from './fake-stripe/events';
import { createFakeStripe, stripeAgainst } from './fake-stripe/server';

const DAY_MS = 24 * 60 * 60 * 1000;
const seconds = (ms: number) => Math.floor(ms / 1000);
const VISA = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };
const MASTERCARD = { brand: 'mastercard', last4: '4444', expMonth: 3, expYear: 2029 };

async function billingOf(app: AccountApp, headers: Record<string, string>) {
  const response = await app.request('/api/billing', { headers });
  expect(response.status).toBe(200);
  return response.json<BillingOverview>();
}

describe('the Stripe adapter', () => {
  it("reads the subscription's card first, else the customer's, else none", async () => {
    const fake = createFakeStripe();
    const stripe = stripeAgainst(fake);
    fake.addSubscription('sub_1', { customer: 'cus_1', currentPeriodEnd: 1_790_000_000 });
    fake.addCustomer('cus_1', MASTERCARD);

    expect(await stripe.paymentCard({ customerId: 'cus_1', subscriptionId: 'sub_1' })).toEqual(
      MASTERCARD,
    );
    fake.setSubscriptionCard('sub_1', VISA);
    expect(await stripe.paymentCard({ customerId: 'cus_1', subscriptionId: 'sub_1' })).toEqual(
      VISA,
    );
    const expanded = fake.requests.filter((request) => request.path === '/v1/subscriptions/sub_1');
    expect([...(expanded.at(-1)?.query.values() ?? [])]).toEqual(['default_payment_method']);
    fake.addCustomer('cus_2', null);
    expect(await stripe.paymentCard({ customerId: 'cus_2', subscriptionId: null })).toBeNull();
  });

  it('resumes with cancel_at_period_end=false, and answers ended for a cancelled one', async () => {
    const fake = createFakeStripe();
    const stripe = stripeAgainst(fake);
    fake.addSubscription('sub_1', { customer: 'cus_1', currentPeriodEnd: 1_790_000_000 });
    await stripe.cancelAtPeriodEnd('sub_1');

    expect(await stripe.resumeSubscription('sub_1')).toEqual({
      resumed: true,
      currentPeriodEnd: 1_790_000_000_000,
    });
    const update = fake.requests.at(-1);
    expect(update?.method).toBe('POST');
    expect(Object.fromEntries(update?.form ?? [])).toEqual({ cancel_at_period_end: 'false' });
    // Renewing already: asked, not changed.
    const count = fake.requests.length;
    expect((await stripe.resumeSubscription('sub_1')).resumed).toBe(true);
    expect(fake.requests.slice(count).map((request) => request.method)).toEqual(['GET']);

    fake.endSubscription('sub_1');
    expect(await stripe.resumeSubscription('sub_1')).toEqual({ resumed: false });
  });
});

describe('the card on file', () => {
  it('is stored when Stripe reports the customer updated, and replaced by a new card', async () => {
    const fake = createFakeStripe();
    const app = accountApp({ payments: stripeAgainst(fake) });
    const account = await signUpTrial(app);
    const subscription = await seedSubscription(account.auth.user.userId);
    fake.addSubscription(subscription.stripeSubscriptionId, {
      customer: subscription.stripeCustomerId,
      currentPeriodEnd: seconds(subscription.currentPeriodEnd ?? 0),
    });
    fake.addCustomer(subscription.stripeCustomerId, VISA);
    const customerUpdated = async () => {
      const event = stripeEvent(
        'customer.updated',
        { id: subscription.stripeCustomerId, object: 'customer' },
        seconds(app.clock.now),
      );
      const { body, signature } = await signedDelivery(event, 'whsec_unused_in_these_tests');
      const response = await deliver(app, body, signature);
      expect(response.status, await response.clone().text()).toBe(200);
    };

    expect((await billingOf(app, account.bearer)).card).toBeNull();
    await customerUpdated();
    expect((await billingOf(app, account.bearer)).card).toEqual(VISA);

    // A new card from the portal: Stripe sets it on the subscription too.
    fake.setSubscriptionCard(subscription.stripeSubscriptionId, MASTERCARD);
    await customerUpdated();
    expect((await billingOf(app, account.bearer)).card).toEqual(MASTERCARD);
  });

  it('is the local checkout test card, still shown while the subscription runs to its end', async () => {
    const world = billingWorld();
    const { account } = await upgradedAccount(world);
    expect((await billingOf(world.app, account.bearer)).card).toEqual(VISA);

    await world.app.request('/api/billing/cancel', { method: 'POST', headers: account.bearer });
    expect((await billingOf(world.app, account.bearer)).card).toEqual(VISA);
  });
});

describe('a failed renewal', () => {
  it('shows past due with the day it failed, until a payment goes through', async () => {
    const world = billingWorld();
    const { app } = world;
    const { account, checkout, paid } = await upgradedAccount(world);
    const suffix = checkout.sessionId.slice('cs_local_'.length);
    const subscriptionId = `sub_local_${suffix}`;
    const periodEnd = (paid.session.paidAt ?? 0) + 365 * DAY_MS;
    const metadata = { userId: account.auth.user.userId, plan: 'standard' };
    const renewal = (status: string, amountPaid: number) =>
      invoiceObject({
        id: 'in_renewal_1',
        customer: `cus_local_${suffix}`,
        billing_reason: 'subscription_cycle',
        status,
        amount_paid: amountPaid,
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: subscriptionId, metadata },
        },
        lines: {
          object: 'list',
          has_more: false,
          data: [
            {
              id: 'il_renewal_1',
              object: 'line_item',
              amount: 12900,
              period: { start: seconds(periodEnd), end: seconds(periodEnd + 365 * DAY_MS) },
            },
          ],
        },
      });
    const send = async (type: string, object: Record<string, unknown>) => {
      const { body, signature } = await signedDelivery(
        stripeEvent(type, object, seconds(app.clock.now)),
        world.secret,
      );
      const response = await deliver(app, body, signature);
      expect(response.status, await response.clone().text()).toBe(200);
    };
    app.clock.advance(seconds(periodEnd - app.clock.now) + 60);
    const failedAt = seconds(app.clock.now) * 1000;
    // Sessions end long before a year does: a fresh one to look.
    const login = await app.post('/api/login', {
      email: account.form.email,
      password: account.form.password,
    });
    const { token } = await login.json<{ token: string }>();
    const headers = { Authorization: `Bearer ${token}` };

    await send('invoice.payment_failed', renewal('open', 0));

    const failing = await billingOf(app, headers);
    expect(failing.subscription).toMatchObject({
      status: 'past_due',
      paymentFailedAt: new Date(failedAt).toISOString(),
    });
    expect(failing.licenseStatus).toBe('suspended');
    expect(failing.actions.manageCard).toBe(true);

    app.clock.advance(2 * 24 * 60 * 60);
    await send('invoice.paid', renewal('paid', 12900));
    const paidAgain = await billingOf(app, headers);
    expect(paidAgain.subscription).toMatchObject({ status: 'active', paymentFailedAt: null });
    expect(paidAgain.licenseStatus).toBe('active');
  });
});
