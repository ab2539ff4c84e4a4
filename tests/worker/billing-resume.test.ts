/**
 * Resuming a subscription set to end, on the local payment provider: the customer's
 * POST /api/billing/resume and the console's resume-subscription (audited, fresh proof of
 * identity), refused once the paid period is over, one e-mail however it is reported, and
 * Stripe's own `customer.subscription.updated` leaving the same state.
 */
import { describe, expect, it } from 'vitest';
import type { CustomerActionResult } from '../../src/contract/admin';
import type { BillingOverview } from '../../src/contract/billing';
import { ConsoleMessages, Messages } from '../../src/contract/messages';
import { limits } from '../../src/site.config';
import type { AuthResponse } from '../../src/contract/user';
import { credentials, signUpTrial, type AccountApp, type SignedInAccount } from './account-helpers';
import { confirmIdentity, operator } from './admin-helpers';
import { auditOf, customerAction, errorOf } from './admin-money-helpers';
import {
  billingRows,
  billingWorld,
  deliver,
  postEmpty,
  upgradedAccount,
  type BillingWorld,
} from './billing-helpers';
import { signedDelivery, stripeEvent, subscriptionObject } from './fake-stripe/events';

const DAY_S = 24 * 60 * 60;
const REASON = 'Customer changed their mind by e-mail';

/** A Standard customer who cancelled at period end ten days after paying. */
async function cancelledCustomer(world: BillingWorld) {
  const { account, checkout, paid } = await upgradedAccount(world);
  const suffix = checkout.sessionId.slice('cs_local_'.length);
  world.app.clock.advance(10 * DAY_S);
  const cancelled = await postEmpty(world.app, '/api/billing/cancel', account.browser);
  expect(cancelled.status, await cancelled.clone().text()).toBe(200);
  const periodEnd = new Date(paid.session.paidAt ?? 0);
  periodEnd.setUTCFullYear(periodEnd.getUTCFullYear() + 1);
  return {
    account,
    userId: account.auth.user.userId,
    suffix,
    subscriptionId: `sub_local_${suffix}`,
    periodEnd: periodEnd.getTime(),
  };
}

async function billingOf(app: AccountApp, account: SignedInAccount) {
  const response = await app.request('/api/billing', { headers: account.bearer });
  expect(response.status).toBe(200);
  return response.json<BillingOverview>();
}

const resumedMails = (app: AccountApp, email: string) =>
  app.mail.filter((mail) => mail.to === email && mail.tag === 'subscription-resumed');

describe('POST /api/billing/resume', () => {
  it('renews again: the page shows the renewal date, the customer is e-mailed once', async () => {
    const world = billingWorld();
    const customer = await cancelledCustomer(world);
    const before = await billingOf(world.app, customer.account);
    expect(before.actions).toMatchObject({ resume: true, cancel: false });

    const response = await postEmpty(world.app, '/api/billing/resume', customer.account.browser);

    expect(response.status, await response.clone().text()).toBe(200);
    const answer = await response.json<BillingOverview>();
    expect(answer).toMatchObject({
      subscription: {
        status: 'active',
        cancelAtPeriodEnd: false,
        currentPeriodEnd: new Date(customer.periodEnd).toISOString(),
      },
      licenseStatus: 'active',
      licenseExpiresAt: new Date(customer.periodEnd).toISOString(),
      actions: { resume: false, cancel: true },
    });
    const mails = resumedMails(world.app, customer.account.form.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('will renew on');

    // A double click: same page, no second e-mail, no error.
    const again = await postEmpty(world.app, '/api/billing/resume', customer.account.bearer);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(answer);
    expect(resumedMails(world.app, customer.account.form.email)).toHaveLength(1);
  });

  it("agrees with Stripe's customer.subscription.updated: same state, still one e-mail", async () => {
    const world = billingWorld();
    const customer = await cancelledCustomer(world);
    await postEmpty(world.app, '/api/billing/resume', customer.account.browser);
    const after = await billingOf(world.app, customer.account);

    const object = subscriptionObject({
      id: customer.subscriptionId,
      customer: `cus_local_${customer.suffix}`,
      metadata: { userId: customer.userId, plan: 'standard' },
      cancel_at_period_end: false,
      cancel_at: null,
      items: {
        object: 'list',
        data: [{ id: 'si_1', current_period_end: Math.floor(customer.periodEnd / 1000) }],
      },
    });
    const event = stripeEvent(
      'customer.subscription.updated',
      object,
      Math.floor(world.app.clock.now / 1000) + 1,
    );
    const { body, signature } = await signedDelivery(event, world.secret);
    const delivered = await deliver(world.app, body, signature);
    expect(delivered.status, await delivered.clone().text()).toBe(200);
    // A replay of it too.
    expect((await deliver(world.app, body, signature)).status).toBe(200);

    expect(await billingOf(world.app, customer.account)).toEqual(after);
    expect(resumedMails(world.app, customer.account.form.email)).toHaveLength(1);
  });

  it('e-mails once when Stripe reports a resume made in its portal', async () => {
    const world = billingWorld();
    const customer = await cancelledCustomer(world);
    const object = subscriptionObject({
      id: customer.subscriptionId,
      customer: `cus_local_${customer.suffix}`,
      metadata: { userId: customer.userId, plan: 'standard' },
      cancel_at_period_end: false,
      cancel_at: null,
      items: {
        object: 'list',
        data: [{ id: 'si_1', current_period_end: Math.floor(customer.periodEnd / 1000) }],
      },
    });
    const event = stripeEvent(
      'customer.subscription.updated',
      object,
      Math.floor(world.app.clock.now / 1000) + 1,
    );
    const { body, signature } = await signedDelivery(event, world.secret);
    expect((await deliver(world.app, body, signature)).status).toBe(200);

    expect((await billingOf(world.app, customer.account)).subscription).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
    });
    expect(resumedMails(world.app, customer.account.form.email)).toHaveLength(1);
    // Resuming on the page afterwards changes nothing and writes nothing.
    const resumed = await postEmpty(world.app, '/api/billing/resume', customer.account.browser);
    expect(resumed.status).toBe(200);
    expect(resumedMails(world.app, customer.account.form.email)).toHaveLength(1);
  });

  it('refuses plainly (409) once the paid period is over: buy again instead', async () => {
    const world = billingWorld();
    const customer = await cancelledCustomer(world);
    world.app.clock.advance(Math.ceil((customer.periodEnd - world.app.clock.now) / 1000) + 60);
    // Sessions end long before a year does: sign in again to ask.
    const login = await world.app.post('/api/login', {
      email: customer.account.form.email,
      password: customer.account.form.password,
    });
    const { token } = await login.json<AuthResponse>();

    const response = await postEmpty(world.app, '/api/billing/resume', credentials(token).bearer);

    expect(await errorOf(response)).toMatchObject({
      status: 409,
      code: 'SUBSCRIPTION_ENDED',
      message: Messages.subscriptionEnded,
    });
    expect(resumedMails(world.app, customer.account.form.email)).toHaveLength(0);
    const rows = await billingRows(customer.userId);
    expect(rows.subscriptions[0]?.cancel_at_period_end).toBe(1);
  });

  it('answers 404 for an account without a subscription', async () => {
    const world = billingWorld();
    const { account } = await upgradedAccount(world);
    const trial = await signUpTrial(world.app);

    const response = await postEmpty(world.app, '/api/billing/resume', trial.bearer);

    expect(response.status).toBe(404);
    // A renewing subscription is left as it is.
    const renewing = await postEmpty(world.app, '/api/billing/resume', account.bearer);
    expect(renewing.status).toBe(200);
    expect(resumedMails(world.app, account.form.email)).toHaveLength(0);
  });
});

describe('resume-subscription in the console', () => {
  it('resumes with an audit row and one e-mail, and needs a fresh proof of identity', async () => {
    const world = billingWorld();
    const customer = await cancelledCustomer(world);
    const op = await operator(world.app);
    const body = { action: 'resume-subscription', reason: REASON };

    world.app.clock.advance(limits.freshVerificationMinutes * 60 + 1);
    const stale = await customerAction(world.app, op, customer.userId, body);
    expect(stale.status).toBe(403);
    expect(await stale.json()).toMatchObject({ code: 'FRESH_VERIFICATION_REQUIRED' });
    expect((await billingRows(customer.userId)).subscriptions[0]?.cancel_at_period_end).toBe(1);

    await confirmIdentity(world.app, op);
    const response = await customerAction(world.app, op, customer.userId, body);

    expect(response.status, await response.clone().text()).toBe(200);
    const { message, detail } = await response.json<CustomerActionResult>();
    expect(message).toBe(ConsoleMessages.subscriptionResumed);
    expect(detail.subscriptions[0]).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect((await billingOf(world.app, customer.account)).actions).toMatchObject({
      resume: false,
      cancel: true,
    });
    const audit = await auditOf(`subscription:${customer.subscriptionId}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'resume-subscription',
      user_id: customer.userId,
      reason: REASON,
      before: { status: 'cancelling', cancelAtPeriodEnd: 1 },
      after: { status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: customer.periodEnd },
    });
    expect(resumedMails(world.app, customer.account.form.email)).toHaveLength(1);

    // A second operator's resume: told it already renews, nothing written.
    const again = await customerAction(world.app, op, customer.userId, body);
    expect(await errorOf(again)).toMatchObject({
      status: 409,
      message: ConsoleMessages.subscriptionNotEnding,
    });
    expect(await auditOf(`subscription:${customer.subscriptionId}`)).toHaveLength(1);
    expect(resumedMails(world.app, customer.account.form.email)).toHaveLength(1);
  });

  it('refuses after the paid period is over, saying the customer can buy again', async () => {
    const world = billingWorld();
    const customer = await cancelledCustomer(world);
    world.app.clock.advance(Math.ceil((customer.periodEnd - world.app.clock.now) / 1000) + 60);
    const op = await operator(world.app);

    const response = await customerAction(world.app, op, customer.userId, {
      action: 'resume-subscription',
      reason: REASON,
    });

    expect(await errorOf(response)).toMatchObject({
      status: 409,
      code: 'SUBSCRIPTION_ENDED',
      message: ConsoleMessages.subscriptionResumeEnded,
    });
    expect(await auditOf(`subscription:${customer.subscriptionId}`)).toHaveLength(0);
  });
});
