/**
 * Teams of 5 seats or more paying by invoice (bank transfer), bought on our own pages: the quote,
 * the signup and upgrade routes (refused under 5 seats and for bad details or PO numbers with
 * nothing stored; one subscription for a double submit or a retry), the route and the
 * `invoice.finalized` webhook converging on one team whichever comes first, then the cron's
 * reminders and its suspension at the due date of an unpaid invoice (each once), and the payment
 * that lifts it, through the local stand-in and our own webhook.
 */
import { SeatMessages } from '../../src/contract/messages';
import { describe, expect, it } from 'vitest';
import type { BillingOverview } from '../../src/contract/billing';
import type { InvoiceQuoteResponse } from '../../src/contract/invoice-purchase';
import type { PaymentProvider } from '../../functions/adapters/payments';
import {
  googleToken,
  queryAll,
  sessionCookieOf,
  signUpTrial,
  uniqueEmail,
  uniqueFingerprint,
  type SignedInAccount,
} from './account-helpers';
import { billingWorld, deliver, GERMAN_COMPANY, type BillingWorld } from './billing-helpers';
import { DAY_MS, quietCronLogs, recordingMailer, runJobsAt } from './cron-helpers';
import {
  deliverFinalized,
  invoicedSessionsOf,
  invoiceRow,
  licensesOf,
  PO,
  purchaseOf,
  signUpByInvoice,
  subscriptionsOf,
  teamsOf,
  teamSignedUpByInvoice,
  teamUpgradedByInvoice,
  upgradeByInvoice,
  verifiedStandardForm,
} from './invoice-helpers';
import { invite, signUpByLink } from './organizations-helpers';

/** The owner and one member who joined the team: every license the subscription pays for. */
async function withMember(world: BillingWorld, owner: SignedInAccount) {
  const email = `member-${crypto.randomUUID()}@example.com`;
  const token = await invite(world.app, owner, email);
  const joined = await signUpByLink(world.app, token);
  expect(joined.status, await joined.clone().text()).toBe(200);
  return email;
}

async function pendingSignupsOf(email: string) {
  return queryAll<{ id: string }>('SELECT id FROM pending_signups WHERE email = ?', email);
}

describe('POST /api/invoice-quote', () => {
  it('answers the total with tax: reverse charge for an EU business, VAT for a consumer', async () => {
    const world = billingWorld();
    const business = await world.app.post('/api/invoice-quote', {
      seats: 40,
      details: GERMAN_COMPANY,
    });
    expect(business.status).toBe(200);
    expect(await business.json<InvoiceQuoteResponse>()).toEqual({
      charge: {
        quantity: 40,
        unitAmount: 12_900,
        subtotal: 516_000,
        tax: 0,
        taxRateBp: 0,
        reverseCharge: true,
        total: 516_000,
        currency: 'usd',
      },
      dueDays: 30,
      taxIdNote: null,
    });
    const consumer = await world.app.post('/api/invoice-quote', {
      seats: 5,
      details: { ...GERMAN_COMPANY, company: null, taxId: null },
    });
    expect((await consumer.json<InvoiceQuoteResponse>()).charge).toMatchObject({
      subtotal: 64_500,
      tax: 12_255,
      taxRateBp: 1900,
      total: 76_755,
    });
  });

  it('refuses 4 seats and names the field of bad details', async () => {
    const world = billingWorld();
    const few = await world.app.post('/api/invoice-quote', { seats: 4, details: GERMAN_COMPANY });
    expect(few.status).toBe(400);
    expect(await few.json()).toEqual({
      code: 'INVOICE_NEEDS_SEATS',
      message:
        'Paying by bank transfer is possible from 5 seats. Choose 5 seats or more, or pay by card.',
    });
    const bad = await world.app.post('/api/invoice-quote', {
      seats: 5,
      details: { ...GERMAN_COMPANY, taxId: 'FR123' },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'INVALID_BILLING_DETAILS', field: 'taxId' });
  });
});

describe('POST /api/register-email-standard-invoice', () => {
  quietCronLogs();

  it('refuses 4 seats, bad details and a bad PO number with a 400 and stores nothing', async () => {
    const world = billingWorld();
    const form = await verifiedStandardForm(world.app);
    const refusals = [
      [purchaseOf(4), 'INVOICE_NEEDS_SEATS', undefined],
      [purchaseOf(5, { details: { postalCode: '' } }), 'INVALID_BILLING_DETAILS', 'postalCode'],
      [purchaseOf(5, { details: { country: 'XX' } }), 'INVALID_BILLING_DETAILS', 'country'],
      [purchaseOf(5, { poNumber: 'PO <script>' }), 'INVALID_PO_NUMBER', 'poNumber'],
    ] as const;
    for (const [purchase, code, field] of refusals) {
      const response = await signUpByInvoice(world.app, form, purchase);
      expect(response.status).toBe(400);
      const body = await response.json<{ code: string; field?: string }>();
      expect(body.code).toBe(code);
      expect(body.field).toBe(field);
    }
    expect(await pendingSignupsOf(form.email)).toEqual([]);
    expect(await subscriptionsOf(form.email)).toEqual([]);
    expect(world.store.sessions.size).toBe(0);
    // The e-mail's verification was not used up: the corrected purchase goes through.
    const response = await signUpByInvoice(world.app, form, purchaseOf(5));
    expect(response.status, await response.clone().text()).toBe(200);
  });

  it('makes the account, its team of 5 and the open invoice at once, and signs the browser in', async () => {
    const world = billingWorld();
    const form = await verifiedStandardForm(world.app);
    const purchase = purchaseOf(5);
    const response = await signUpByInvoice(world.app, form, purchase);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(sessionCookieOf(response)).toBeTruthy();
    const body = await response.json<{
      token: string;
      user: { plan: string; email: string };
      invoice: { id: string; number: string; amountDue: number; dueAt: string; url: string };
    }>();
    expect(body.user).toMatchObject({ plan: 'Standard', email: form.email });
    expect(body.invoice).toMatchObject({
      seats: 5,
      amountDue: 64_500,
      dueAt: new Date(world.app.clock.now + 30 * DAY_MS).toISOString(),
    });
    expect(body.invoice.url).toContain('/dev/checkout/invoice?id=');
    expect(await subscriptionsOf(form.email)).toEqual([
      {
        stripe_subscription_id: expect.stringMatching(/^sub_local_/) as string,
        status: 'active',
        collection_method: 'send_invoice',
        quantity: 5,
      },
    ]);
    expect(await teamsOf(form.email)).toEqual([
      { kind: 'team', seats: 5, name: GERMAN_COMPANY.company },
    ]);
    expect(await licensesOf(form.email)).toMatchObject([{ plan: 'Standard', status: 'active' }]);
    expect(await invoiceRow(body.invoice.id)).toMatchObject({
      status: 'open',
      due_at: world.app.clock.now + 30 * DAY_MS,
      po_number: PO,
      amount_paid: 64_500,
      quantity: 5,
    });
    const tags = world.app.mail.filter((m) => m.to === form.email).map((m) => m.tag);
    expect(tags.sort()).toEqual(['invoice-sent', 'verification-code', 'welcome']);
    // Signed in: the session works.
    const me = await world.app.request('/api/billing', {
      headers: { Authorization: `Bearer ${body.token}` },
    });
    expect(me.status).toBe(200);
  });

  it('makes one subscription for a double submit and for a retry of the same purchase', async () => {
    const world = billingWorld();
    const form = await verifiedStandardForm(world.app);
    const purchase = purchaseOf(12);
    const [first, second] = await Promise.all([
      signUpByInvoice(world.app, form, purchase),
      signUpByInvoice(world.app, form, purchase),
    ]);
    expect([first.status, second.status], await first.clone().text()).toEqual([200, 200]);
    const retry = await signUpByInvoice(world.app, form, purchase);
    expect(retry.status, await retry.clone().text()).toBe(200);
    const ids = await Promise.all(
      [first, second, retry].map(
        async (r) => (await r.json<{ invoice: { id: string } }>()).invoice.id,
      ),
    );
    expect(new Set(ids).size).toBe(1);
    expect(await subscriptionsOf(form.email)).toHaveLength(1);
    expect(await teamsOf(form.email)).toHaveLength(1);
    expect(invoicedSessionsOf(world, form.email)).toHaveLength(1);
    expect(
      world.app.mail.filter((m) => m.tag === 'invoice-sent' && m.to === form.email),
    ).toHaveLength(1);
    // A repeat by someone without the password is refused.
    const stranger = await signUpByInvoice(
      world.app,
      { ...form, password: 'another long passphrase' },
      purchase,
    );
    expect(stranger.status).toBe(400);
  });

  it('converges with invoice.finalized arriving after the route: one team, one e-mail', async () => {
    const world = billingWorld();
    const { form, invoice } = await teamSignedUpByInvoice(world, 40);
    const late = await deliverFinalized(world, invoice.id);
    expect(late.status, await late.clone().text()).toBe(200);
    expect(await late.text()).toContain('already');
    expect(await subscriptionsOf(form.email)).toHaveLength(1);
    expect(await teamsOf(form.email)).toEqual([
      { kind: 'team', seats: 40, name: GERMAN_COMPANY.company },
    ]);
    expect(
      world.app.mail.filter((m) => m.tag === 'invoice-sent' && m.to === form.email),
    ).toHaveLength(1);
  });

  it('converges with invoice.finalized arriving before the route answers', async () => {
    // Stripe's webhook can be faster than the answer to our own call: the route then finds the
    // account made and answers as if it had made it.
    const early = (local: PaymentProvider): PaymentProvider => ({
      ...local,
      async createInvoicedSubscription(input) {
        const made = await local.createInvoicedSubscription(input);
        const response = await deliverFinalized(world, made.invoiceId);
        expect(await response.text()).toContain('created');
        return made;
      },
    });
    const world: BillingWorld = billingWorld({ wrap: early });
    const { form, invoice, user } = await teamSignedUpByInvoice(world, 5);
    expect(user.email).toBe(form.email);
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'open', po_number: PO });
    expect(await subscriptionsOf(form.email)).toHaveLength(1);
    expect(await teamsOf(form.email)).toHaveLength(1);
    const mails = world.app.mail.filter((m) => m.to === form.email).map((m) => m.tag);
    expect(mails.filter((tag) => tag === 'invoice-sent' || tag === 'welcome')).toHaveLength(2);
  });
});

describe('POST /api/register-google-standard-invoice', () => {
  it('makes a Google account with its team by invoice, once for a repeat', async () => {
    const world = billingWorld();
    const email = uniqueEmail('example.com', 'grace');
    const body = {
      googleToken: googleToken({ email, name: 'Grace Hopper' }),
      agreeToTerms: true,
      fingerprintId: uniqueFingerprint(),
      plan: 'standard',
      ...purchaseOf(8),
    };
    const first = await world.app.post('/api/register-google-standard-invoice', body);
    expect(first.status, await first.clone().text()).toBe(200);
    const again = await world.app.post('/api/register-google-standard-invoice', body);
    expect(again.status, await again.clone().text()).toBe(200);
    expect(await subscriptionsOf(email)).toEqual([
      expect.objectContaining({ collection_method: 'send_invoice', quantity: 8 }),
    ]);
    expect(await teamsOf(email)).toHaveLength(1);
  });
});

describe('POST /api/billing/invoice', () => {
  quietCronLogs();

  it('refuses 4 seats and bad details with a 400, storing nothing', async () => {
    const world = billingWorld();
    const account = await signUpTrial(world.app);
    const few = await upgradeByInvoice(world.app, account, purchaseOf(4));
    expect(few.status).toBe(400);
    expect((await few.json<{ code: string }>()).code).toBe('INVOICE_NEEDS_SEATS');
    const bad = await upgradeByInvoice(
      world.app,
      account,
      purchaseOf(5, { details: { name: '' } }),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'INVALID_BILLING_DETAILS', field: 'name' });
    expect(await subscriptionsOf(account.form.email)).toEqual([]);
    expect(world.store.sessions.size).toBe(0);
  });

  it('upgrades a Trial account to a team of 40 at once, once for a double submit', async () => {
    const world = billingWorld();
    const account = await signUpTrial(world.app);
    const purchase = purchaseOf(40);
    const answers = await Promise.all([
      upgradeByInvoice(world.app, account, purchase),
      upgradeByInvoice(world.app, account, purchase),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const email = account.form.email;
    expect(await subscriptionsOf(email)).toEqual([
      expect.objectContaining({
        status: 'active',
        collection_method: 'send_invoice',
        quantity: 40,
      }),
    ]);
    expect(await teamsOf(email)).toEqual([
      { kind: 'team', seats: 40, name: GERMAN_COMPANY.company },
    ]);
    expect(await licensesOf(email)).toMatchObject([{ plan: 'Standard', status: 'active' }]);
    expect(invoicedSessionsOf(world, email)).toHaveLength(1);
    // Bought now: another purchase is refused as the card checkout refuses it.
    const another = await upgradeByInvoice(world.app, account, purchaseOf(40));
    expect(another.status).toBe(409);
    expect((await another.json<{ code: string }>()).code).toBe('ALREADY_STANDARD');
  });

  it('applies one of two different purchases sent at once, and turns the other away', async () => {
    const world = billingWorld();
    const account = await signUpTrial(world.app);
    const answers = await Promise.all([
      upgradeByInvoice(world.app, account, purchaseOf(20)),
      upgradeByInvoice(world.app, account, purchaseOf(30)),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = answers.find((r) => r.status === 409);
    expect((await refused?.json<{ code: string }>())?.code).toBe('ALREADY_STANDARD');
    const email = account.form.email;
    expect(await subscriptionsOf(email)).toEqual([
      expect.objectContaining({ status: 'active', collection_method: 'send_invoice' }),
    ]);
    expect(await teamsOf(email)).toHaveLength(1);
    expect(await licensesOf(email)).toMatchObject([{ plan: 'Standard', status: 'active' }]);
  });
});

describe('an invoice paid by bank transfer', () => {
  quietCronLogs();

  it('shows open with its due date on Billing & Invoices, paid by card never', async () => {
    const world = billingWorld();
    const account = await signUpTrial(world.app);
    const invoice = await teamUpgradedByInvoice(world, account, 40);
    const overview = await world.app.request('/api/billing', { headers: account.browser });
    const body = await overview.json<BillingOverview>();
    expect(body.subscription?.paidBy).toBe('invoice');
    expect(body.invoices[0]).toMatchObject({
      id: invoice.id,
      status: 'open',
      amountPaid: 516_000,
      dueAt: new Date(world.app.clock.now + 30 * DAY_MS).toISOString(),
    });
    // No card to manage or update: the invoice is how it pays.
    expect(body.card).toBeNull();
    expect(body.actions.manageCard).toBe(false);
  });

  it('adds no seats by card to a team paying by invoice, and says how to get more', async () => {
    const world = billingWorld();
    const account = await signUpTrial(world.app);
    await teamUpgradedByInvoice(world, account, 40);
    const summary = await world.app.request('/api/billing/seats', { headers: account.browser });
    expect(await summary.json()).toMatchObject({ summary: { seats: 40, paysByInvoice: true } });
    for (const path of ['/api/billing/seats/preview', '/api/billing/seats']) {
      const refused = await world.app.request(path, {
        method: 'POST',
        json: { add: 3 },
        headers: account.browser,
      });
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({
        code: 'SEATS_BY_INVOICE',
        message: SeatMessages.seatsByInvoice,
      });
    }
    expect(await subscriptionsOf(account.form.email)).toEqual([
      expect.objectContaining({ quantity: 40 }),
    ]);
    // Fewer seats at renewal are changed here as for a card.
    const fewer = await world.app.request('/api/billing/seats/renewal', {
      method: 'POST',
      json: { seats: 30 },
      headers: account.browser,
    });
    expect(fewer.status, await fewer.clone().text()).toBe(200);
  });

  // A month of cron runs, mails and a payment: near 5 s alone on a busy 2-core machine.
  it('reminds 7 days before and on the due date, once each; suspends at the due date once; payment lifts it', async () => {
    const world = billingWorld();
    const account = await signUpTrial(world.app);
    const invoice = await teamUpgradedByInvoice(world, account, 40);
    const owner = account.form.email;
    const member = await withMember(world, account);
    const dueAt = Date.parse(invoice.dueAt);

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
    expect(await licensesOf(owner)).toMatchObject([{ plan: 'Standard', status: 'active' }]);

    // At the due time, unpaid, twice: every license it pays for suspended, one e-mail.
    await runJobsAt(dueAt, mailer);
    await runJobsAt(dueAt + 60 * 60_000, mailer);
    expect(await licensesOf(owner)).toMatchObject([{ plan: 'Standard', status: 'suspended' }]);
    expect(await licensesOf(member)).toMatchObject([{ plan: 'Standard', status: 'suspended' }]);
    expect((await subscriptionsOf(owner))[0]?.status).toBe('past_due');
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
    expect(await licensesOf(owner)).toMatchObject([{ plan: 'Standard', status: 'active' }]);
    expect(await licensesOf(member)).toMatchObject([{ plan: 'Standard', status: 'active' }]);
    expect((await subscriptionsOf(owner))[0]?.status).toBe('active');
    expect((await invoiceRow(invoice.id))?.status).toBe('paid');
    expect(world.app.mail.filter((m) => m.to === owner && m.tag === 'receipt')).toHaveLength(1);
    // Marked paid once: a second press delivers nothing.
    expect(await world.local.markInvoicePaid(invoice.id)).toBeNull();
    // Later runs suspend nothing again.
    await runJobsAt(dueAt + 3 * DAY_MS, mailer);
    expect(await licensesOf(owner)).toMatchObject([{ plan: 'Standard', status: 'active' }]);
    expect(tagged('invoice-overdue')).toHaveLength(1);
  }, 30_000);

  it('paid before the due date: no suspension, no overdue e-mail', async () => {
    const world = billingWorld();
    const { form, invoice } = await teamSignedUpByInvoice(world, 12);
    const owner = form.email;
    world.app.clock.now += 10 * DAY_MS;
    const paid = await world.local.markInvoicePaid(invoice.id);
    for (const event of paid?.events ?? []) {
      const response = await deliver(world.app, event.payload, event.signature);
      expect(response.status, await response.clone().text()).toBe(200);
    }
    expect((await invoiceRow(invoice.id))?.status).toBe('paid');
    const mailer = recordingMailer();
    await runJobsAt(Date.parse(invoice.dueAt) + DAY_MS, mailer);
    expect(await licensesOf(owner)).toMatchObject([{ plan: 'Standard', status: 'active' }]);
    expect((await subscriptionsOf(owner))[0]?.status).toBe('active');
    expect(mailer.sent.filter((m) => m.to === owner && m.tag.startsWith('invoice-'))).toEqual([]);
  });
});
