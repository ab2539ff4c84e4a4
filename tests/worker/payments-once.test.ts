/**
 * Money is never taken twice: one open checkout per account and per normalized
 * e-mail, and a payment that cannot be applied is refunded automatically, recorded, e-mailed and
 * told to the page that polls for it — exactly once under races and replays.
 */
import { describe, expect, it, vi } from 'vitest';
import type { PaymentProvider } from '../../functions/adapters/payments';
import type { PaymentCompletionResponse } from '../../src/contract/payments';
import {
  queryAll,
  signUpTrial,
  signupForm,
  verifyEmail,
  type AccountApp,
  type SignedInAccount,
} from './account-helpers';
import {
  billingRows,
  billingWorld,
  deliver,
  openUpgrade,
  payLocal,
  poll,
  upgradedAccount,
  upgradeMails,
  type BillingWorld,
} from './billing-helpers';
import { quietCronLogs, runJobsAt } from './cron-helpers';

quietCronLogs();

/** Verifies a standard form for `email` (a new form, as a second tab has) and starts its checkout. */
async function startStandard(app: AccountApp, email?: string) {
  const form = signupForm({ plan: 'standard', ...(email ? { email } : {}) });
  await verifyEmail(app, form);
  const response = await app.post('/api/register-email-standard', form);
  expect(response.status, await response.clone().text()).toBe(200);
  return { form, ...(await response.json<{ sessionId: string; checkoutUrl: string }>()) };
}

const refundsOf = (subscriptionId: string | null) =>
  queryAll<{ reason: string; status: string; attempts: number }>(
    'SELECT reason, status, attempts FROM payment_refunds WHERE subscription_id = ?',
    subscriptionId,
  );

const mailsTo = (app: AccountApp, email: string, tag: string) =>
  app.mail.filter((m) => m.to === email && m.tag === tag);

/**
 * A second upgrade checkout of `account`, opened before its first was paid (another tab, from
 * before the guard) and paid now: its events, undelivered.
 */
async function payStaleUpgrade(world: BillingWorld, account: SignedInAccount) {
  const stale = await world.local.createCheckoutSession({
    userId: account.auth.user.userId,
    customerEmail: account.form.email,
    plan: 'standard',
    successUrl: 'https://sheetwright.test/payment-processing?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'https://sheetwright.test/dashboard/billing',
  });
  return { stale, paid: await payLocal(world, stale.id) };
}

const usersWith = (email: string) =>
  queryAll<{ id: string }>('SELECT id FROM users WHERE email = ?', email);

describe('one open checkout per account', () => {
  it('a double click on Upgrade opens one checkout: both clicks get the same one', async () => {
    const world = billingWorld();
    const account = await signUpTrial(world.app);

    const [first, second] = await Promise.all([
      openUpgrade(world.app, account),
      openUpgrade(world.app, account),
    ]);

    expect(second.sessionId).toBe(first.sessionId);
    expect(second.checkoutUrl).toBe(first.checkoutUrl);
    expect(
      [...world.store.sessions.values()].filter((s) => s.customerEmail === account.form.email),
    ).toHaveLength(1);
  });

  it('a second tab later gets the same checkout; once that one is paid it is not handed out again', async () => {
    const world = billingWorld();
    const account = await signUpTrial(world.app);
    const first = await openUpgrade(world.app, account);
    world.app.clock.advance(600);

    const second = await openUpgrade(world.app, account);
    expect(second.sessionId).toBe(first.sessionId);

    // Paid (the webhook not here yet): the open row is no longer reusable, so a new checkout
    // opens — and paying that one too is refunded (below), never applied twice.
    await payLocal(world, first.sessionId);
    const third = await openUpgrade(world.app, account);
    expect(third.sessionId).not.toBe(first.sessionId);
  });
});

describe('one open checkout per e-mail', () => {
  it('a second tab for the same e-mail expires the first tab’s checkout: it can no longer be paid', async () => {
    const world = billingWorld();
    const first = await startStandard(world.app);
    const second = await startStandard(world.app, first.form.email);

    expect(second.sessionId).not.toBe(first.sessionId);
    expect(world.store.sessions.get(first.sessionId)?.status).toBe('expired');
    expect(await world.local.completeCheckout(first.sessionId)).toBeNull();
    expect((await world.local.getCheckout(second.sessionId))?.status).toBe('open');
  });
});

describe('a trial for the e-mail closes its open Standard checkout', () => {
  it('the Standard tab can no longer pay once the same e-mail started a trial', async () => {
    const world = billingWorld();
    const standard = await startStandard(world.app);

    await signUpTrial(world.app, { email: standard.form.email });

    expect(world.store.sessions.get(standard.sessionId)?.status).toBe('expired');
    expect(await world.local.completeCheckout(standard.sessionId)).toBeNull();
  });
});

describe('a payment that cannot be applied is refunded', () => {
  it('two tabs paid for one e-mail: one account, one charge kept, the other refunded and told so', async () => {
    const world = billingWorld();
    const first = await startStandard(world.app);
    // Tab 1 pays; its webhook is late. Tab 2 then opens its own checkout (tab 1's was paid, so it
    // could not be expired) and pays too.
    const paidFirst = await payLocal(world, first.sessionId);
    const second = await startStandard(world.app, first.form.email);
    const paidSecond = await payLocal(world, second.sessionId);

    // Webhooks and both pages' polls, all at once.
    const answers = await Promise.all([
      deliver(world.app, paidFirst.completed.payload, paidFirst.completed.signature),
      deliver(world.app, paidSecond.completed.payload, paidSecond.completed.signature),
      poll(world.app, first.sessionId),
      poll(world.app, second.sessionId),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);

    const email = first.form.email;
    expect(await usersWith(email)).toHaveLength(1);
    const refunds = [
      ...(await refundsOf(paidFirst.session.subscriptionId)),
      ...(await refundsOf(paidSecond.session.subscriptionId)),
    ];
    expect(refunds).toEqual([{ reason: 'account_exists', status: 'refunded', attempts: 1 }]);
    const refundedSessions = [...world.store.sessions.values()].filter(
      (s) => s.refundedAt !== null,
    );
    expect(refundedSessions).toHaveLength(1);
    expect(mailsTo(world.app, email, 'welcome')).toHaveLength(1);
    expect(mailsTo(world.app, email, 'payment-refunded')).toHaveLength(1);

    // The refunded tab is told in plain words, and stops polling; the other tab is done.
    const loser = refundedSessions[0]?.id === first.sessionId ? first : second;
    const winner = loser === first ? second : first;
    expect(await (await poll(world.app, loser.sessionId)).json()).toEqual({
      accountCreated: false,
      refund: { reason: 'account_exists', done: true },
    });
    expect(
      await (await poll(world.app, winner.sessionId)).json<PaymentCompletionResponse>(),
    ).toMatchObject({
      accountCreated: true,
    });

    // Replays of every event change nothing.
    for (const paid of [paidFirst, paidSecond]) {
      const again = await deliver(world.app, paid.completed.payload, paid.completed.signature);
      expect(await again.json()).toEqual({ received: true, outcome: 'replayed' });
    }
    expect(mailsTo(world.app, email, 'payment-refunded')).toHaveLength(1);
  });

  it('a second upgrade of an account that already pays is refunded, never applied', async () => {
    const world = billingWorld();
    const { account } = await upgradedAccount(world);
    const { stale, paid } = await payStaleUpgrade(world, account);

    const [hook, polled] = await Promise.all([
      deliver(world.app, paid.completed.payload, paid.completed.signature),
      poll(world.app, stale.id, account.browser),
    ]);
    const invoice = await deliver(world.app, paid.invoicePaid.payload, paid.invoicePaid.signature);

    expect(await hook.json()).toMatchObject({ received: true });
    expect(await polled.json()).toEqual({
      accountCreated: false,
      refund: { reason: 'already_paying', done: true },
    });
    // Its invoice.paid is acknowledged (not retried for days) and applies nothing.
    expect(invoice.status).toBe(200);
    expect(await invoice.json()).toEqual({ received: true, outcome: 'refunded' });
    const rows = await billingRows(account.auth.user.userId);
    expect(rows.subscriptions).toHaveLength(1);
    expect(rows.invoices).toHaveLength(1);
    expect(await refundsOf(paid.session.subscriptionId)).toMatchObject([
      { reason: 'already_paying', status: 'refunded' },
    ]);
    expect(upgradeMails(world.app, account.form.email)).toHaveLength(1);
    expect(mailsTo(world.app, account.form.email, 'payment-refunded')).toHaveLength(1);
  });

  it('a refund the provider refuses waits, and the cron makes it once (the Worker died or the provider was down)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let down = true;
    const world: BillingWorld = billingWorld({
      wrap: (local): PaymentProvider => ({
        ...local,
        async refundSubscription(input) {
          if (down) throw new Error('provider down');
          return local.refundSubscription(input);
        },
      }),
    });
    const { account } = await upgradedAccount(world);
    const { stale, paid } = await payStaleUpgrade(world, account);
    await deliver(world.app, paid.completed.payload, paid.completed.signature);

    expect(await refundsOf(paid.session.subscriptionId)).toEqual([
      { reason: 'already_paying', status: 'pending', attempts: 1 },
    ]);
    expect(await (await poll(world.app, stale.id, account.browser)).json()).toEqual({
      accountCreated: false,
      refund: { reason: 'already_paying', done: false },
    });
    expect(mailsTo(world.app, account.form.email, 'payment-refunded')).toHaveLength(0);

    // The provider is back; the hourly cron (with the app's payments) retries the pending refund.
    down = false;
    const later = world.app.clock.now + 60 * 60 * 1000;
    await runJobsAt(later, undefined, { payments: world.local });
    await runJobsAt(later + 60 * 60 * 1000, undefined, { payments: world.local });

    expect(await refundsOf(paid.session.subscriptionId)).toEqual([
      { reason: 'already_paying', status: 'refunded', attempts: 2 },
    ]);
    expect(world.store.sessions.get(stale.id)?.refundedAt).not.toBeNull();
  });
});
