/**
 * A card payment whose webhooks are lost still gets its invoice and receipt, exactly once: the
 * payment page's poll records them when it applies the payment, the hourly reconcile-payments
 * job when no one polls, and a late webhook adds nothing.
 */
import { describe, expect, it } from 'vitest';
import type { StandardCheckoutResponse } from '../../src/contract/payments';
import { queryAll, signUpTrial, signupForm, verifyEmail } from './account-helpers';
import { billingWorld, deliver, openUpgrade, payLocal, poll, YEAR_MS } from './billing-helpers';
import { quietCronLogs, recordingMailer, runJobsAt } from './cron-helpers';
import { createFakeStripe, stripeAgainst } from './fake-stripe/server';

quietCronLogs();

const MINUTE_MS = 60 * 1000;

/** The invoice rows of the account with this e-mail. */
const invoicesOf = (email: string) =>
  queryAll<{ id: string; status: string; amount_paid: number; quantity: number | null }>(
    `SELECT i.id, i.status, i.amount_paid, i.quantity FROM invoices i
       JOIN users u ON u.id = i.user_id WHERE u.email = ?`,
    email,
  );

/** The receipt e-mails written for this address (delivered or not). */
const receiptsTo = (email: string) =>
  queryAll<{ id: string }>("SELECT id FROM outbox WHERE to_email = ? AND tag = 'receipt'", email);

describe('the payment page records the invoice when invoice.paid is lost', () => {
  it('an upgrade: one invoice row and one receipt, and the late webhooks add none', async () => {
    const world = billingWorld();
    const account = await signUpTrial(world.app);
    const email = account.form.email;
    const { sessionId } = await openUpgrade(world.app, account);
    // Paid; neither webhook arrives (the Worker crashed between the payment and invoice.paid).
    const paid = await payLocal(world, sessionId);

    const answer = await poll(world.app, sessionId, account.browser);
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect(await answer.json()).toMatchObject({ accountCreated: true });

    const invoiceId = sessionId.replace('cs_local_', 'in_local_');
    expect(await invoicesOf(email)).toEqual([
      { id: invoiceId, status: 'paid', amount_paid: 12900, quantity: 1 },
    ]);
    expect(await receiptsTo(email)).toHaveLength(1);
    expect(world.app.mail.filter((m) => m.to === email && m.tag === 'receipt')).toHaveLength(1);

    // More polls, then the late webhooks: still one of each.
    await poll(world.app, sessionId, account.browser);
    for (const event of [paid.completed, paid.invoicePaid]) {
      const response = await deliver(world.app, event.payload, event.signature);
      expect(response.status, await response.clone().text()).toBe(200);
    }
    expect(await invoicesOf(email)).toHaveLength(1);
    expect(await receiptsTo(email)).toHaveLength(1);
    expect(world.app.mail.filter((m) => m.to === email && m.tag === 'receipt')).toHaveLength(1);

    // Nothing is left for the hourly job.
    const reports = await runJobsAt(world.app.clock.now + 15 * MINUTE_MS, recordingMailer(), {
      payments: world.local,
    });
    expect(reports.find((report) => report.name === 'reconcile-payments')?.counts).toEqual({
      checkoutsApplied: 0,
      invoicesRecorded: 0,
      failed: 0,
    });
  });

  it('checkout.session.completed alone records the invoice; invoice.paid later adds nothing', async () => {
    const world = billingWorld();
    const account = await signUpTrial(world.app);
    const email = account.form.email;
    const { sessionId } = await openUpgrade(world.app, account);
    const paid = await payLocal(world, sessionId);

    const completed = await deliver(world.app, paid.completed.payload, paid.completed.signature);
    expect(completed.status, await completed.clone().text()).toBe(200);
    expect(await invoicesOf(email)).toHaveLength(1);
    expect(await receiptsTo(email)).toHaveLength(1);

    const late = await deliver(world.app, paid.invoicePaid.payload, paid.invoicePaid.signature);
    expect(late.status, await late.clone().text()).toBe(200);
    expect(await invoicesOf(email)).toHaveLength(1);
    expect(await receiptsTo(email)).toHaveLength(1);
  });
});

describe('the hourly reconcile-payments job', () => {
  it('completes a team purchase no one polled for: one account, one invoice, one receipt, once', async () => {
    const world = billingWorld();
    const form = signupForm({ plan: 'standard' });
    await verifyEmail(world.app, form);
    const started = await world.app.post('/api/register-email-standard', { ...form, seats: 3 });
    expect(started.status, await started.clone().text()).toBe(200);
    const { sessionId } = await started.json<StandardCheckoutResponse>();
    // Paid; no webhook arrives and the buyer closed the payment page.
    const paid = await payLocal(world, sessionId);
    expect(await queryAll('SELECT id FROM users WHERE email = ?', form.email)).toEqual([]);

    // Too early: the webhook may still be on its way.
    const mailer = recordingMailer();
    const adapters = { payments: world.local };
    const early = await runJobsAt(world.app.clock.now + 5 * MINUTE_MS, mailer, adapters);
    expect(early.find((report) => report.name === 'reconcile-payments')?.counts).toMatchObject({
      checkoutsApplied: 0,
      invoicesRecorded: 0,
    });

    const at = world.app.clock.now + 15 * MINUTE_MS;
    const first = await runJobsAt(at, mailer, adapters);
    expect(first.find((report) => report.name === 'reconcile-payments')?.counts).toEqual({
      checkoutsApplied: 1,
      invoicesRecorded: 1,
      failed: 0,
    });
    const [user] = await queryAll<{ id: string; plan: string }>(
      'SELECT id, plan FROM users WHERE email = ?',
      form.email,
    );
    expect(user?.plan).toBe('Standard');
    expect(
      await queryAll('SELECT seats FROM organizations WHERE owner_user_id = ?', user?.id),
    ).toEqual([{ seats: 3 }]);
    const invoiceId = sessionId.replace('cs_local_', 'in_local_');
    expect(await invoicesOf(form.email)).toEqual([
      { id: invoiceId, status: 'paid', amount_paid: 3 * 12900, quantity: 3 },
    ]);
    expect(await receiptsTo(form.email)).toHaveLength(1);
    expect(mailer.sent.filter((m) => m.to === form.email).map((m) => m.tag)).toEqual(
      expect.arrayContaining(['welcome', 'receipt']),
    );

    // A second run, a later one and the late webhooks change nothing.
    const second = await runJobsAt(at, mailer, adapters);
    expect(second.find((report) => report.name === 'reconcile-payments')?.counts).toEqual({
      checkoutsApplied: 0,
      invoicesRecorded: 0,
      failed: 0,
    });
    await runJobsAt(at + 60 * MINUTE_MS, mailer, adapters);
    for (const event of [paid.completed, paid.invoicePaid]) {
      const response = await deliver(world.app, event.payload, event.signature);
      expect(response.status, await response.clone().text()).toBe(200);
    }
    expect(await queryAll('SELECT id FROM users WHERE email = ?', form.email)).toHaveLength(1);
    expect(await invoicesOf(form.email)).toHaveLength(1);
    expect(await receiptsTo(form.email)).toHaveLength(1);
    expect(mailer.sent.filter((m) => m.to === form.email && m.tag === 'receipt')).toHaveLength(1);
  });

  it('records the invoice of a subscription applied without it (its invoice.paid lost)', async () => {
    const world = billingWorld();
    const account = await signUpTrial(world.app);
    const email = account.form.email;
    const { sessionId } = await openUpgrade(world.app, account);
    const paid = await payLocal(world, sessionId);
    // Applied by checkout.session.completed, whose own look-up of the invoice failed.
    const firstPaidInvoice = world.local.firstPaidInvoice.bind(world.local);
    world.local.firstPaidInvoice = () => Promise.reject(new Error('provider hiccup'));
    const completed = await deliver(world.app, paid.completed.payload, paid.completed.signature);
    expect(completed.status, await completed.clone().text()).toBe(200);
    world.local.firstPaidInvoice = firstPaidInvoice;
    expect(await invoicesOf(email)).toEqual([]);

    const at = world.app.clock.now + 15 * MINUTE_MS;
    const adapters = { payments: world.local };
    const first = await runJobsAt(at, recordingMailer(), adapters);
    expect(first.find((report) => report.name === 'reconcile-payments')?.counts).toMatchObject({
      invoicesRecorded: 1,
    });
    expect(await invoicesOf(email)).toHaveLength(1);
    expect(await receiptsTo(email)).toHaveLength(1);

    const again = await runJobsAt(at, recordingMailer(), adapters);
    expect(again.find((report) => report.name === 'reconcile-payments')?.counts).toEqual({
      checkoutsApplied: 0,
      invoicesRecorded: 0,
      failed: 0,
    });
    // Later runs send no second receipt.
    const later = recordingMailer();
    await runJobsAt(at + 60 * MINUTE_MS, later, adapters);
    await runJobsAt(at + YEAR_MS, later, adapters);
    expect(later.sent.filter((m) => m.tag === 'receipt')).toEqual([]);
    expect(await invoicesOf(email)).toHaveLength(1);
  });
});

describe('Stripe: the first paid invoice of a subscription', () => {
  it('is read from the subscription’s paid invoices, and null before one is paid', async () => {
    const fake = createFakeStripe();
    const stripe = stripeAgainst(fake);
    const periodEnd = Math.floor(Date.now() / 1000) + 365 * 24 * 60 * 60;
    const { invoiceId } = fake.addPaidSubscription('sub_paid1', {
      customer: 'cus_paid1',
      currentPeriodEnd: periodEnd,
      amount: 38700,
      quantity: 3,
    });
    fake.addSubscription('sub_unpaid1', { customer: 'cus_unpaid1', currentPeriodEnd: periodEnd });

    const paid = await stripe.firstPaidInvoice('sub_paid1');
    expect(paid?.object).toMatchObject({ id: invoiceId, status: 'paid', amount_paid: 38700 });
    const listed = fake.requests.at(-1);
    expect(listed?.path).toBe('/v1/invoices');
    expect(listed?.query.get('subscription')).toBe('sub_paid1');
    expect(listed?.query.get('status')).toBe('paid');

    expect(await stripe.firstPaidInvoice('sub_unpaid1')).toBeNull();
    await expect(stripe.firstPaidInvoice('not-a-subscription')).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});
