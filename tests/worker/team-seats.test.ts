/**
 * Standard sold per seat: the seat count from signup and upgrade to the checkout, tax on the
 * total, and a paid purchase of 2 or more seats making a team the buyer owns, whose members'
 * Standard licenses renew and get suspended with the subscription.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { quoteTax } from '../../functions/services/billing/tax';
import type { StandardCheckoutResponse } from '../../src/contract/payments';
import { seatsOutOfRange } from '../../src/contract/seat-texts';
import {
  credentials,
  queryAll,
  signUpTrial,
  signupForm,
  verifyEmail,
  type SignedInAccount,
} from './account-helpers';
import {
  billingWorld,
  deliver,
  GERMAN_COMPANY,
  payLocal,
  type BillingWorld,
} from './billing-helpers';
import type { BillingDetails } from '../../src/contract/billing';
import { signedDelivery, stripeEvent, invoiceObject } from './fake-stripe/events';
import { invite, signUpByLink } from './organizations-helpers';
import { testDeps } from './helpers';
import { pdfText } from './pdf-text';
import { applyRenewalSeats } from '../../functions/services/cron/renewal-seats';

const GERMAN_CONSUMER = {
  company: null,
  name: 'Grete Müller',
  line1: 'Hauptstraße 1',
  line2: null,
  postalCode: '80331',
  city: 'München',
  state: null,
  country: 'DE',
  taxId: null,
} as const;

function openSeats(world: BillingWorld, account: SignedInAccount, body: unknown) {
  return world.app.request('/api/billing/checkout', {
    method: 'POST',
    json: body,
    headers: account.browser,
  });
}

/** A Trial account that buys `seats` seats by upgrading: checkout, details, Pay, both webhooks. */
async function teamBought(
  world: BillingWorld,
  seats: number,
  details: BillingDetails = GERMAN_CONSUMER,
) {
  const account = await signUpTrial(world.app);
  const opened = await openSeats(world, account, { seats });
  expect(opened.status, await opened.clone().text()).toBe(200);
  const { sessionId } = await opened.json<StandardCheckoutResponse>();
  await world.local.saveCheckoutDetails(sessionId, details, quoteTax(12900 * seats, details));
  const paid = await payLocal(world, sessionId);
  for (const event of [paid.completed, paid.invoicePaid]) {
    const response = await deliver(world.app, event.payload, event.signature);
    expect(response.status, await response.clone().text()).toBe(200);
  }
  return { account, sessionId, paid };
}

async function teamOf(email: string) {
  const [row] = await queryAll<{
    id: string;
    kind: string;
    seats: number;
    device_limit: number;
    term_end: number;
    stripe_subscription_id: string;
  }>(
    `SELECT o.id, o.kind, o.seats, o.device_limit, o.term_end, o.stripe_subscription_id
       FROM organizations o JOIN users u ON u.id = o.owner_user_id WHERE u.email = ?`,
    email,
  );
  return row;
}

describe('POST /api/billing/checkout with seats', () => {
  it('opens a checkout for 1, 2 and 250 seats, each priced per seat', async () => {
    for (const seats of [1, 2, 250]) {
      const world = billingWorld();
      const account = await signUpTrial(world.app);
      const response = await openSeats(world, account, { seats });
      expect(response.status, await response.clone().text()).toBe(200);
      const { sessionId } = await response.json<StandardCheckoutResponse>();
      const session = await world.local.getCheckout(sessionId);
      expect(session?.quantity).toBe(seats);
      expect(session?.amountSubtotal).toBe(12900 * seats);
    }
  });

  it('refuses 251, 0, 2.5 and "12" seats in plain words and opens nothing', async () => {
    const world = billingWorld();
    const account = await signUpTrial(world.app);
    for (const seats of [251, 0, 2.5, '12']) {
      const response = await openSeats(world, account, { seats });
      expect(response.status).toBe(400);
      const body = await response.json<{ message: string; code: string }>();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.message).toMatch(/seats|whole number/);
    }
    const [open] = await queryAll<{ count: number }>(
      `SELECT count(*) AS count FROM checkout_sessions WHERE owner_key = ?`,
      `user:${account.auth.user.userId}`,
    );
    expect(open?.count).toBe(0);
    const over = await openSeats(world, account, { seats: 251 });
    expect((await over.json<{ message: string }>()).message).toBe(seatsOutOfRange);
  });

  it('buys a personal license for 1 seat, exactly as before: no team', async () => {
    const world = billingWorld();
    const { account } = await teamBought(world, 1);
    expect(await teamOf(account.form.email)).toBeUndefined();
    const [sub] = await queryAll<{ quantity: number }>(
      `SELECT s.quantity FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE u.email = ?`,
      account.form.email,
    );
    expect(sub?.quantity).toBe(1);
  });
});

describe('a paid purchase of 2 or more seats', () => {
  it('taxes the total of every seat: 12 × $129 + 19% VAT = $1,842.12 for a German consumer', async () => {
    const world = billingWorld();
    const { paid, account } = await teamBought(world, 12);
    expect(paid.session.amountSubtotal).toBe(154800);
    expect(paid.session.amountTax).toBe(29412);
    expect(paid.session.amountTotal).toBe(184212);
    const [invoice] = await queryAll<{
      quantity: number;
      unit_amount: number;
      amount_paid: number;
    }>(
      `SELECT quantity, unit_amount, amount_paid FROM invoices WHERE id = ?`,
      paid.session.id.replace('cs_local_', 'in_local_'),
    );
    expect(invoice).toEqual({ quantity: 12, unit_amount: 12900, amount_paid: 184212 });
    // The accountant's PDF: one invoice for the team, with the seats and their unit price.
    const pdf = await world.app.request(
      `/api/billing/invoices/${paid.session.id.replace('cs_local_', 'in_local_')}/pdf`,
      { headers: account.browser },
    );
    expect(pdf.status).toBe(200);
    const lines = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(lines.join('\n')).toContain('12 seats × $129.00');
    const receipts = world.app.mail.filter(
      (mail) => mail.to === account.form.email && mail.text.includes('This is your receipt'),
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain('one year: 12 seats × $129.00');
  });

  it('makes a team: the buyer owns it and holds its first seat with the same license key', async () => {
    const world = billingWorld();
    const { account } = await teamBought(world, 12);
    const team = await teamOf(account.form.email);
    expect(team).toMatchObject({ kind: 'team', seats: 12, device_limit: 2 });
    const members = await queryAll<{ user_id: string; license_key: string; plan: string }>(
      `SELECT m.user_id, l.license_key, l.plan FROM organization_members m
         JOIN licenses l ON l.id = m.license_id WHERE m.organization_id = ? AND m.removed_at IS NULL`,
      team?.id,
    );
    expect(members).toEqual([
      {
        user_id: account.auth.user.userId,
        license_key: account.auth.user.licenseKey,
        plan: 'Standard',
      },
    ]);
    const [sub] = await queryAll<{ quantity: number; current_period_end: number }>(
      `SELECT quantity, current_period_end FROM subscriptions WHERE stripe_subscription_id = ?`,
      team?.stripe_subscription_id,
    );
    expect(sub?.quantity).toBe(12);
    expect(team?.term_end).toBe(sub?.current_period_end);
  });

  it('makes one team when the webhook and the payment page both fulfill it', async () => {
    const world = billingWorld();
    const account = await signUpTrial(world.app);
    const opened = await openSeats(world, account, { seats: 3 });
    const { sessionId } = await opened.json<StandardCheckoutResponse>();
    const paid = await payLocal(world, sessionId);
    const [webhook, polled] = await Promise.all([
      deliver(world.app, paid.completed.payload, paid.completed.signature),
      world.app.post('/api/check-payment-completion', { sessionId }, account.browser),
    ]);
    expect(webhook.status).toBe(200);
    expect(polled.status).toBe(200);
    const teams = await queryAll<{ seats: number }>(
      `SELECT o.seats FROM organizations o JOIN users u ON u.id = o.owner_user_id WHERE u.email = ?`,
      account.form.email,
    );
    expect(teams).toEqual([{ seats: 3 }]);
  });

  it('gives a member who joins a Standard license that renews and is suspended with the subscription', async () => {
    const world = billingWorld();
    const { account, sessionId } = await teamBought(world, 5);
    const team = await teamOf(account.form.email);
    const email = `member-${crypto.randomUUID()}@example.com`;
    const token = await invite(world.app, account, email);
    const joined = await signUpByLink(world.app, token);
    expect(joined.status, await joined.clone().text()).toBe(200);
    const memberLicense = async () => {
      const [row] = await queryAll<{ plan: string; status: string; expires_at: number }>(
        `SELECT l.plan, l.status, l.expires_at FROM licenses l JOIN users u ON u.id = l.user_id
           WHERE u.email = ? ORDER BY l.created_at DESC LIMIT 1`,
        email,
      );
      return row;
    };
    expect(await memberLicense()).toMatchObject({
      plan: 'Standard',
      status: 'active',
      expires_at: team?.term_end,
    });

    // The renewal: one more year for every seat, the team's term with it.
    const suffix = sessionId.replace('cs_local_', '');
    const nextEnd = Math.floor((team?.term_end ?? 0) / 1000) + 365 * 24 * 60 * 60;
    const renewal = (type: string, id: string, created: number) =>
      stripeEvent(
        type,
        invoiceObject({
          id,
          customer: `cus_local_${suffix}`,
          billing_reason: 'subscription_cycle',
          amount_paid: type === 'invoice.paid' ? 64500 : 0,
          amount_due: 64500,
          parent: {
            type: 'subscription_details',
            quote_details: null,
            subscription_details: { subscription: `sub_local_${suffix}`, metadata: {} },
          },
          lines: {
            object: 'list',
            has_more: false,
            data: [
              {
                id: `il_${id}`,
                object: 'line_item',
                amount: 64500,
                quantity: 5,
                period: { start: nextEnd - 365 * 24 * 60 * 60, end: nextEnd },
              },
            ],
          },
        }),
        created,
      );
    const send = async (event: ReturnType<typeof stripeEvent>) => {
      const { body, signature } = await signedDelivery(event, world.secret);
      const response = await deliver(world.app, body, signature);
      expect(response.status, await response.clone().text()).toBe(200);
    };
    const later = Math.floor(world.app.clock.now / 1000) + 60;
    await send(renewal('invoice.payment_failed', 'in_failed_1', later));
    expect((await memberLicense())?.status).toBe('suspended');
    await send(renewal('invoice.paid', 'in_renewal_1', later + 60));
    expect(await memberLicense()).toMatchObject({ status: 'active', expires_at: nextEnd * 1000 });
    expect((await teamOf(account.form.email))?.term_end).toBe(nextEnd * 1000);
  });
});

describe('POST /api/register-email-standard with seats', () => {
  it('opens a checkout for the seats chosen and makes the team once paid', async () => {
    const world = billingWorld();
    const form = signupForm({ plan: 'standard' });
    await verifyEmail(world.app, form);
    const started = await world.app.post('/api/register-email-standard', { ...form, seats: 4 });
    expect(started.status, await started.clone().text()).toBe(200);
    const { sessionId } = await started.json<StandardCheckoutResponse>();
    expect((await world.local.getCheckout(sessionId))?.quantity).toBe(4);
    const paid = await payLocal(world, sessionId);
    expect(
      (await deliver(world.app, paid.completed.payload, paid.completed.signature)).status,
    ).toBe(200);
    expect(await teamOf(form.email)).toMatchObject({ kind: 'team', seats: 4 });
  });

  it('refuses 251 seats before anything is stored', async () => {
    const world = billingWorld();
    const form = signupForm({ plan: 'standard' });
    await verifyEmail(world.app, form);
    const started = await world.app.post('/api/register-email-standard', { ...form, seats: 251 });
    expect(started.status).toBe(400);
    expect((await started.json<{ message: string }>()).message).toBe(seatsOutOfRange);
    const pending = await queryAll('SELECT id FROM pending_signups WHERE email = ?', form.email);
    expect(pending).toEqual([]);
  });
});

describe('seat changes of a running subscription', () => {
  const preview = (world: BillingWorld, account: SignedInAccount, add: number) =>
    world.app.request('/api/billing/seats/preview', {
      method: 'POST',
      json: { add },
      headers: account.browser,
    });
  const add = (world: BillingWorld, account: SignedInAccount, body: unknown) =>
    world.app.request('/api/billing/seats', {
      method: 'POST',
      json: body,
      headers: account.browser,
    });
  const renewal = (world: BillingWorld, account: SignedInAccount, seats: number) =>
    world.app.request('/api/billing/seats/renewal', {
      method: 'POST',
      json: { seats },
      headers: account.browser,
    });
  const DAY_S = 24 * 60 * 60;
  /** Months later the session has ended: the owner signs in again. */
  async function later(world: BillingWorld, account: SignedInAccount, days: number) {
    world.app.clock.advance(days * DAY_S);
    const response = await world.app.post('/api/login', {
      email: account.form.email,
      password: account.form.password,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const { token } = await response.json<{ token: string }>();
    return { ...account, ...credentials(token) };
  }

  it('prorates 3 added seats by day: a full year on the first day, half in the middle, one day on the last', async () => {
    const cases: [number, number][] = [
      // [days after the purchase, subtotal in cents for 3 seats at $129]
      [0, 38700],
      [182.5, Math.round((38700 * 183) / 365)],
      [364.5, Math.round(38700 / 365)],
    ];
    for (const [days, subtotal] of cases) {
      const world = billingWorld();
      const bought = await teamBought(world, 12);
      const account = await later(world, bought.account, days);
      const response = await preview(world, account, 3);
      expect(response.status, await response.clone().text()).toBe(200);
      const body = await response.json<{
        subtotal: number;
        tax: number;
        total: number;
        newSeats: number;
      }>();
      expect(body.newSeats).toBe(15);
      expect(body.subtotal).toBe(subtotal);
      // The German consumer's 19% VAT on the prorated amount.
      expect(body.tax).toBe(Math.round(subtotal * 0.19));
      expect(body.total).toBe(body.subtotal + body.tax);
    }
  });

  it('previews no VAT for an EU business, saying reverse charge', async () => {
    const world = billingWorld();
    const bought = await teamBought(world, 12, GERMAN_COMPANY);
    const response = await preview(world, bought.account, 3);
    expect(response.status, await response.clone().text()).toBe(200);
    const body = await response.json<{ subtotal: number; tax: number; total: number }>();
    expect(body).toMatchObject({ subtotal: 38700, tax: 0, total: 38700, reverseCharge: true });
    const other = billingWorld();
    const consumer = await teamBought(other, 12);
    const taxed = await preview(other, consumer.account, 3);
    expect(await taxed.json()).toMatchObject({ tax: 7353, reverseCharge: false });
  });

  it('adds seats at the amount shown: one invoice, one receipt, the team and the feed and the audit log say so', async () => {
    const world = billingWorld();
    const bought = await teamBought(world, 12);
    const account = await later(world, bought.account, 100);
    const shown = await (await preview(world, account, 3)).json<{ total: number }>();
    const response = await add(world, account, { add: 3, expectedTotal: shown.total });
    expect(response.status, await response.clone().text()).toBe(200);
    const body = await response.json<{ seats: number; invoice: { id: string; total: number } }>();
    expect(body.seats).toBe(15);
    expect(body.invoice.total).toBe(shown.total);
    const team = await teamOf(account.form.email);
    expect(team?.seats).toBe(15);
    const [invoice] = await queryAll<{
      quantity: number;
      amount_paid: number;
      billing_reason: string;
    }>('SELECT quantity, amount_paid, billing_reason FROM invoices WHERE id = ?', body.invoice.id);
    expect(invoice).toEqual({
      quantity: 3,
      amount_paid: shown.total,
      billing_reason: 'subscription_update',
    });
    const receipts = world.app.mail.filter(
      (mail) => mail.to === account.form.email && mail.text.includes('3 seats added until'),
    );
    expect(receipts).toHaveLength(1);
    // The card the seats were charged to, the rest of the term they pay for, and the renewal.
    expect(receipts[0]?.text).toContain('Payment method: Visa ending in 4242');
    expect(receipts[0]?.text).toMatch(/Service period: \w+ \d+, \d{4} – \w+ \d+, \d{4}/u);
    // 15 seats × $129.00 + 19% VAT.
    expect(receipts[0]?.text).toContain('renews on March 1, 2027 for $2,302.65.');
    const events = await queryAll<{ detail: string }>(
      `SELECT detail FROM organization_events WHERE organization_id = ? AND kind = 'seats-added' ORDER BY created_at`,
      team?.id,
    );
    expect(events.map((event) => event.detail)).toEqual([
      'Bought 12 seats',
      'Added 3 seats (15 in all)',
    ]);
    const audit = await queryAll<{ action: string }>(
      `SELECT action FROM audit_log WHERE user_id = ? AND action = 'owner-add-seats'`,
      account.auth.user.userId,
    );
    expect(audit).toHaveLength(1);
  });

  it('refuses an amount that moved since it was shown, charging nothing', async () => {
    const world = billingWorld();
    const { account } = await teamBought(world, 12);
    const shown = await (await preview(world, account, 3)).json<{ total: number }>();
    const tomorrow = await later(world, account, 1);
    const response = await add(world, tomorrow, { add: 3, expectedTotal: shown.total });
    expect(response.status).toBe(409);
    expect((await response.json<{ code: string }>()).code).toBe('SEAT_PRICE_CHANGED');
    expect((await teamOf(account.form.email))?.seats).toBe(12);
    const seatInvoices = await queryAll(
      `SELECT id FROM invoices WHERE user_id = ? AND billing_reason = 'subscription_update'`,
      account.auth.user.userId,
    );
    expect(seatInvoices).toEqual([]);
  });

  it('adds up two additions made at once from two tabs: each charged once', async () => {
    const world = billingWorld();
    const { account } = await teamBought(world, 12);
    const [first, second] = await Promise.all([
      add(world, account, { add: 3 }),
      add(world, account, { add: 3 }),
    ]);
    expect(first.status, await first.clone().text()).toBe(200);
    expect(second.status, await second.clone().text()).toBe(200);
    expect((await teamOf(account.form.email))?.seats).toBe(18);
    const seatInvoices = await queryAll<{ quantity: number }>(
      `SELECT quantity FROM invoices WHERE user_id = ? AND billing_reason = 'subscription_update'`,
      account.auth.user.userId,
    );
    expect(seatInvoices).toEqual([{ quantity: 3 }, { quantity: 3 }]);
    const [sub] = await queryAll<{ quantity: number; seat_change_started_at: number | null }>(
      `SELECT quantity, seat_change_started_at FROM subscriptions WHERE user_id = ?`,
      account.auth.user.userId,
    );
    expect(sub).toEqual({ quantity: 18, seat_change_started_at: null });
  });

  it('makes a personal license a team when seats are added, keeping the key in the first seat', async () => {
    const world = billingWorld();
    const { account } = await teamBought(world, 1);
    const response = await add(world, account, { add: 2 });
    expect(response.status, await response.clone().text()).toBe(200);
    const team = await teamOf(account.form.email);
    expect(team).toMatchObject({ kind: 'team', seats: 3 });
    const [member] = await queryAll<{ license_key: string }>(
      `SELECT l.license_key FROM organization_members m JOIN licenses l ON l.id = m.license_id
         WHERE m.organization_id = ?`,
      team?.id,
    );
    expect(member?.license_key).toBe(account.auth.user.licenseKey);
  });

  it('lowers seats at renewal, never below members and open invitations, and undoes it', async () => {
    const world = billingWorld();
    const { account } = await teamBought(world, 12);
    await invite(world.app, account, `a-${crypto.randomUUID()}@example.com`);
    await invite(world.app, account, `b-${crypto.randomUUID()}@example.com`);
    // The owner's seat and two open invitations: 3 seats are taken.
    const below = await renewal(world, account, 2);
    expect(below.status).toBe(409);
    const refused = await below.json<{ code: string; message: string }>();
    expect(refused.code).toBe('SEATS_BELOW_TAKEN');
    expect(refused.message).toContain('keep at least 3 seats');
    const lowered = await renewal(world, account, 3);
    expect(lowered.status, await lowered.clone().text()).toBe(200);
    const seatsNow = async () =>
      (
        await queryAll<{ quantity: number; renewal_quantity: number | null }>(
          'SELECT quantity, renewal_quantity FROM subscriptions WHERE user_id = ?',
          account.auth.user.userId,
        )
      )[0];
    expect(await seatsNow()).toEqual({ quantity: 12, renewal_quantity: 3 });
    expect((await teamOf(account.form.email))?.seats).toBe(12);
    const undone = await renewal(world, account, 12);
    expect(undone.status).toBe(200);
    expect(await seatsNow()).toEqual({ quantity: 12, renewal_quantity: null });
  });

  it("answers the seats panel's figures to the owner, and nothing to an account without a subscription", async () => {
    const world = billingWorld();
    const { account } = await teamBought(world, 12);
    const summary = await world.app.request('/api/billing/seats', { headers: account.browser });
    expect(summary.status).toBe(200);
    expect(await summary.json()).toMatchObject({
      summary: { seats: 12, renewalSeats: null, taken: 1, unitAmount: 12900 },
    });
    const trial = await signUpTrial(world.app);
    const none = await world.app.request('/api/billing/seats', { headers: trial.browser });
    expect(none.status).toBe(200);
    expect(await none.json()).toEqual({ summary: null });
  });

  it('refuses a Trial account, a total over 250 and no seats in plain words', async () => {
    const world = billingWorld();
    const trial = await signUpTrial(world.app);
    const notOwner = await preview(world, trial, 2);
    expect(notOwner.status).toBe(403);
    expect((await notOwner.json<{ code: string }>()).code).toBe('NOT_SEAT_OWNER');
    const { account } = await teamBought(world, 12);
    const over = await add(world, account, { add: 239 });
    expect(over.status).toBe(400);
    expect((await over.json<{ message: string }>()).message).toBe(seatsOutOfRange);
    const none = await add(world, account, { add: 0 });
    expect(none.status).toBe(400);
    expect((await teamOf(account.form.email))?.seats).toBe(12);
  });
});

describe('seats removed at renewal', () => {
  it('tells the provider in the last hours before the renewal, and the paid renewal brings the team down', async () => {
    const world = billingWorld();
    const { account, sessionId } = await teamBought(world, 12);
    const lowered = await world.app.request('/api/billing/seats/renewal', {
      method: 'POST',
      json: { seats: 10 },
      headers: account.browser,
    });
    expect(lowered.status, await lowered.clone().text()).toBe(200);
    const team = await teamOf(account.form.email);
    const periodEnd = team?.term_end ?? 0;

    // A day before: too early, nothing is told.
    const dayBefore = applyRenewalSeats(
      testDeps(periodEnd - 24 * 60 * 60 * 1000, { payments: world.local }),
    );
    expect(await dayBefore).toEqual({ renewalSeatsTold: 0 });
    expect((await world.local.getCheckout(sessionId))?.renewalQuantity).toBeNull();
    const hourBefore = await applyRenewalSeats(
      testDeps(periodEnd - 60 * 60 * 1000, { payments: world.local }),
    );
    expect(hourBefore).toEqual({ renewalSeatsTold: 1 });
    expect((await world.local.getCheckout(sessionId))?.renewalQuantity).toBe(10);
    expect((await teamOf(account.form.email))?.seats).toBe(12);

    // The renewal invoice bills 10 seats: the subscription and the team hold 10 from then on.
    const suffix = sessionId.replace('cs_local_', '');
    const nextEnd = Math.floor(periodEnd / 1000) + 365 * 24 * 60 * 60;
    const event = stripeEvent(
      'invoice.paid',
      invoiceObject({
        id: `in_renewal_${suffix}`,
        customer: `cus_local_${suffix}`,
        billing_reason: 'subscription_cycle',
        amount_paid: 129000,
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: `sub_local_${suffix}`, metadata: {} },
        },
        lines: {
          object: 'list',
          has_more: false,
          data: [
            {
              id: 'il_renewal',
              object: 'line_item',
              amount: 129000,
              quantity: 10,
              period: { start: Math.floor(periodEnd / 1000), end: nextEnd },
            },
          ],
        },
      }),
      Math.floor(world.app.clock.now / 1000) + 60,
    );
    const { body, signature } = await signedDelivery(event, world.secret);
    expect((await deliver(world.app, body, signature)).status).toBe(200);
    expect((await teamOf(account.form.email))?.seats).toBe(10);
    const [sub] = await queryAll<{ quantity: number; renewal_quantity: number | null }>(
      'SELECT quantity, renewal_quantity FROM subscriptions WHERE user_id = ?',
      account.auth.user.userId,
    );
    expect(sub).toEqual({ quantity: 10, renewal_quantity: null });
  });
});

describe('a member of a team buying seats for itself', () => {
  it('pays for its seats without a second team: an account belongs to one organization at a time', async () => {
    const world = billingWorld();
    const { account: owner } = await teamBought(world, 5);
    const email = `member-${crypto.randomUUID()}@example.com`;
    const joined = await signUpByLink(world.app, await invite(world.app, owner, email));
    expect(joined.status, await joined.clone().text()).toBe(200);
    const { token } = await joined.json<{ token: string }>();
    const member = credentials(token);
    // The member's license has lapsed (say the team stopped paying): it may buy Standard again.
    await env.DB.prepare(
      `UPDATE licenses SET status = 'expired', expires_at = ? WHERE user_id = (SELECT id FROM users WHERE email = ?)`,
    )
      .bind(world.app.clock.now - 1000, email)
      .run();
    const opened = await world.app.request('/api/billing/checkout', {
      method: 'POST',
      json: { seats: 3 },
      headers: member.browser,
    });
    expect(opened.status, await opened.clone().text()).toBe(200);
    const { sessionId } = await opened.json<StandardCheckoutResponse>();
    const paid = await payLocal(world, sessionId);
    for (const event of [paid.completed, paid.invoicePaid]) {
      const response = await deliver(world.app, event.payload, event.signature);
      expect(response.status, await response.clone().text()).toBe(200);
    }
    expect(await teamOf(email)).toBeUndefined();
    const [sub] = await queryAll<{ quantity: number }>(
      `SELECT s.quantity FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE u.email = ?`,
      email,
    );
    expect(sub?.quantity).toBe(3);
  });
});
