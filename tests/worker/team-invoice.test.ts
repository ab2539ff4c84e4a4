/**
 * Teams of 5 seats or more paying by invoice (bank transfer): the choice refused under the
 * minimum, the team and its licenses running at once with an open invoice (due date, PO number)
 * and its e-mail, the cron's reminders and its suspension at the due date of an unpaid invoice
 * (each once), and the payment that lifts it, through the local stand-in and our own webhook.
 */
import { describe, expect, it } from 'vitest';
import { quoteTax } from '../../functions/services/billing/tax';
import type { BillingOverview } from '../../src/contract/billing';
import type { StandardCheckoutResponse } from '../../src/contract/payments';
import { queryAll, signUpTrial, type SignedInAccount } from './account-helpers';
import { billingWorld, deliver, GERMAN_COMPANY, type BillingWorld } from './billing-helpers';
import { DAY_MS, quietCronLogs, recordingMailer, runJobsAt } from './cron-helpers';
import { invite, signUpByLink } from './organizations-helpers';

const PO = 'PO-4711/2026';

async function openSeats(world: BillingWorld, account: SignedInAccount, seats: number) {
  const opened = await world.app.request('/api/billing/checkout', {
    method: 'POST',
    json: { seats },
    headers: account.browser,
  });
  expect(opened.status, await opened.clone().text()).toBe(200);
  const { sessionId } = await opened.json<StandardCheckoutResponse>();
  await world.local.saveCheckoutDetails(
    sessionId,
    GERMAN_COMPANY,
    quoteTax(12900 * seats, GERMAN_COMPANY),
  );
  return sessionId;
}

/** A Trial account that buys `seats` seats by bank transfer: the invoice sent, its event delivered. */
async function teamByInvoice(world: BillingWorld, seats: number) {
  const account = await signUpTrial(world.app);
  const sessionId = await openSeats(world, account, seats);
  const sent = await world.local.sendInvoice(sessionId, PO);
  if (sent?.outcome !== 'invoiced') throw new Error(`not invoiced: ${JSON.stringify(sent)}`);
  for (const event of sent.events) {
    const response = await deliver(world.app, event.payload, event.signature);
    expect(response.status, await response.clone().text()).toBe(200);
  }
  return { account, sessionId, invoice: sent.invoice };
}

async function licensesOf(email: string) {
  return queryAll<{ plan: string; status: string }>(
    `SELECT l.plan, l.status FROM licenses l JOIN users u ON u.id = l.user_id WHERE u.email = ?`,
    email,
  );
}

async function invoiceRow(id: string) {
  const [row] = await queryAll<{
    status: string;
    due_at: number | null;
    po_number: string | null;
    amount_paid: number;
    quantity: number;
  }>(`SELECT status, due_at, po_number, amount_paid, quantity FROM invoices WHERE id = ?`, id);
  return row;
}

async function subscriptionOf(email: string) {
  const [row] = await queryAll<{ status: string; collection_method: string; quantity: number }>(
    `SELECT s.status, s.collection_method, s.quantity FROM subscriptions s
       JOIN users u ON u.id = s.user_id WHERE u.email = ?`,
    email,
  );
  return row;
}

/** The owner and one member who joined the team: every license the subscription pays for. */
async function withMember(world: BillingWorld, owner: SignedInAccount) {
  const email = `member-${crypto.randomUUID()}@example.com`;
  const token = await invite(world.app, owner, email);
  const joined = await signUpByLink(world.app, token);
  expect(joined.status, await joined.clone().text()).toBe(200);
  return email;
}

describe('paying by invoice', () => {
  quietCronLogs();

  it('refuses bank transfer for 4 seats in plain words and changes nothing', async () => {
    const world = billingWorld();
    const account = await signUpTrial(world.app);
    const sessionId = await openSeats(world, account, 4);
    expect(await world.local.sendInvoice(sessionId, PO)).toEqual({ outcome: 'too_few_seats' });
    const session = await world.local.getCheckout(sessionId);
    expect(session?.status).toBe('open');
    expect(await subscriptionOf(account.form.email)).toBeUndefined();
  });

  it('starts a team of 40 at once: licenses active, invoice open due in 30 days with the PO number, e-mailed', async () => {
    const world = billingWorld();
    const { account, invoice } = await teamByInvoice(world, 40);
    const email = account.form.email;
    expect(await subscriptionOf(email)).toEqual({
      status: 'active',
      collection_method: 'send_invoice',
      quantity: 40,
    });
    const [team] = await queryAll<{ kind: string; seats: number; name: string }>(
      `SELECT o.kind, o.seats, o.name FROM organizations o JOIN users u ON u.id = o.owner_user_id
         WHERE u.email = ?`,
      email,
    );
    expect(team).toEqual({ kind: 'team', seats: 40, name: GERMAN_COMPANY.company });
    expect(await licensesOf(email)).toEqual([{ plan: 'Standard', status: 'active' }]);
    // Reverse charge: 40 × $129, no VAT.
    expect(await invoiceRow(invoice.id)).toEqual({
      status: 'open',
      due_at: world.app.clock.now + 30 * DAY_MS,
      po_number: PO,
      amount_paid: 516_000,
      quantity: 40,
    });
    const sent = world.app.mail.filter((m) => m.to === email && m.tag === 'invoice-sent');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain(PO);
    expect(sent[0]?.text).toContain('$5,160.00');
    expect(sent[0]?.text).toContain('March 31, 2026');
    expect(sent[0]?.text).toContain(invoice.invoiceNumber);
    // Billing & Invoices reads the due date.
    const overview = await world.app.request('/api/billing', { headers: account.browser });
    const body = await overview.json<BillingOverview>();
    expect(body.invoices[0]).toMatchObject({
      id: invoice.id,
      status: 'open',
      dueAt: new Date(world.app.clock.now + 30 * DAY_MS).toISOString(),
    });
    // A replay of the event changes nothing: one team, one e-mail.
    expect(world.app.mail.filter((m) => m.tag === 'invoice-sent')).toHaveLength(1);
  });

  it('reminds 7 days before and on the due date, once each; suspends at the due date once; payment lifts it', async () => {
    const world = billingWorld();
    const { account, invoice } = await teamByInvoice(world, 40);
    const owner = account.form.email;
    const member = await withMember(world, account);
    const dueAt = invoice.dueAt ?? 0;

    const mailer = recordingMailer();
    const tagged = (tag: string) => mailer.sent.filter((m) => m.to === owner && m.tag === tag);
    // Eight days before: nothing yet.
    await runJobsAt(dueAt - 8 * DAY_MS, mailer);
    expect(tagged('invoice-reminder')).toHaveLength(0);
    // Seven days before, twice: one reminder.
    await runJobsAt(dueAt - 7 * DAY_MS + 60_000, mailer);
    await runJobsAt(dueAt - 7 * DAY_MS + 60_000, mailer);
    expect(tagged('invoice-reminder')).toHaveLength(1);
    expect(tagged('invoice-reminder')[0]?.subject).toContain('is due on March 31, 2026');
    // On the due date, before the due time: the second reminder, once.
    const dueDay = dueAt - (dueAt % DAY_MS);
    await runJobsAt(dueDay, mailer);
    await runJobsAt(dueDay + 60_000, mailer);
    expect(tagged('invoice-reminder')).toHaveLength(2);
    expect(tagged('invoice-reminder')[1]?.subject).toContain('due today');
    expect(await licensesOf(owner)).toEqual([{ plan: 'Standard', status: 'active' }]);

    // At the due time, unpaid, twice: every license it pays for suspended, one e-mail.
    await runJobsAt(dueAt, mailer);
    await runJobsAt(dueAt + 60 * 60_000, mailer);
    expect(await licensesOf(owner)).toEqual([{ plan: 'Standard', status: 'suspended' }]);
    expect(await licensesOf(member)).toEqual([{ plan: 'Standard', status: 'suspended' }]);
    expect((await subscriptionOf(owner))?.status).toBe('past_due');
    expect(tagged('invoice-overdue')).toHaveLength(1);
    expect(tagged('invoice-overdue')[0]?.text).toContain('suspended');

    // The transfer arrives: the invoice is marked paid, invoice.paid reaches the webhook.
    world.app.clock.now = dueAt + 2 * DAY_MS;
    const paid = await world.local.markInvoicePaid(invoice.id);
    if (!paid) throw new Error('not marked paid');
    for (const event of paid.events) {
      const response = await deliver(world.app, event.payload, event.signature);
      expect(response.status, await response.clone().text()).toBe(200);
    }
    expect(await licensesOf(owner)).toEqual([{ plan: 'Standard', status: 'active' }]);
    expect(await licensesOf(member)).toEqual([{ plan: 'Standard', status: 'active' }]);
    expect((await subscriptionOf(owner))?.status).toBe('active');
    expect((await invoiceRow(invoice.id))?.status).toBe('paid');
    expect(world.app.mail.filter((m) => m.to === owner && m.tag === 'receipt')).toHaveLength(1);
    // Marked paid once: a second press delivers nothing.
    expect(await world.local.markInvoicePaid(invoice.id)).toBeNull();
    // Later runs suspend nothing again.
    await runJobsAt(dueAt + 3 * DAY_MS, mailer);
    expect(await licensesOf(owner)).toEqual([{ plan: 'Standard', status: 'active' }]);
    expect(tagged('invoice-overdue')).toHaveLength(1);
  });

  it('paid before the due date: no suspension, no overdue e-mail', async () => {
    const world = billingWorld();
    const { account, invoice } = await teamByInvoice(world, 12);
    const owner = account.form.email;
    world.app.clock.now += 10 * DAY_MS;
    const paid = await world.local.markInvoicePaid(invoice.id);
    for (const event of paid?.events ?? []) {
      const response = await deliver(world.app, event.payload, event.signature);
      expect(response.status, await response.clone().text()).toBe(200);
    }
    expect((await invoiceRow(invoice.id))?.status).toBe('paid');
    const mailer = recordingMailer();
    await runJobsAt((invoice.dueAt ?? 0) + DAY_MS, mailer);
    expect(await licensesOf(owner)).toEqual([{ plan: 'Standard', status: 'active' }]);
    expect((await subscriptionOf(owner))?.status).toBe('active');
    expect(mailer.sent.filter((m) => m.to === owner && m.tag.startsWith('invoice-'))).toEqual([]);
  });
});
