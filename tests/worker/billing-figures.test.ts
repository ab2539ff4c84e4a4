/**
 * Figures that agree everywhere, through the Worker on the real D1: a German consumer's renewal is
 * $153.51 ($129 + 19% VAT) on Billing & Invoices, in the resume dialog's answer, in the resumed
 * e-mail and in the renewal reminder; the owner of a 12-seat team reads 12 × $129 + 19% VAT =
 * $1,842.12 on My Account's card and on Billing & Invoices, with its invoices' seats (an invoice
 * of added seats, an old row without seats read as one seat at the list price), and holds no
 * seat of their own.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { BillingDetails, BillingOverview } from '../../src/contract/billing';
import type { OrganizationResponse } from '../../src/contract/team';
import type { MeResponse } from '../../src/contract/user';
import { signUpTrial, type AccountApp, type SignedInAccount } from './account-helpers';
import { billingWorld, postEmpty, upgradedWithDetails } from './billing-helpers';
import { recordingMailer, runJobsAt } from './cron-helpers';

const DAY_MS = 24 * 60 * 60 * 1000;

const GERMAN_CONSUMER: BillingDetails = {
  company: null,
  name: 'Grete Müller',
  line1: 'Hauptstraße 1',
  line2: null,
  postalCode: '10115',
  city: 'Berlin',
  state: null,
  country: 'DE',
  taxId: null,
};

async function run(sql: string, ...params: unknown[]) {
  await env.DB.prepare(sql)
    .bind(...params)
    .run();
}

async function getJson<T>(app: AccountApp, path: string, account: SignedInAccount): Promise<T> {
  const response = await app.request(path, { headers: account.bearer });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json<T>();
}

describe('a German consumer: $129 + 19% VAT = $153.51 wherever the renewal is named', () => {
  it('on Billing & Invoices, in the resumed e-mail and in the renewal reminder', async () => {
    const world = billingWorld();
    const { account } = await upgradedWithDetails(world, GERMAN_CONSUMER);
    const email = account.form.email;

    const overview = await getJson<BillingOverview>(world.app, '/api/billing', account);
    const year = {
      quantity: 1,
      unitAmount: 12900,
      subtotal: 12900,
      tax: 2451,
      taxRateBp: 1900,
      reverseCharge: false,
      total: 15351,
      currency: 'usd',
    };
    expect(overview.subscription).toMatchObject({ charge: year, renewal: year });
    expect(overview.invoices[0]).toMatchObject({
      quantity: 1,
      unitAmount: 12900,
      seatsAdded: false,
      amountPaid: 15351,
      taxAmount: 2451,
    });

    // Cancelled, then resumed: the e-mail names what the card will be charged.
    world.app.clock.advance(10 * 24 * 60 * 60); // seconds
    expect((await postEmpty(world.app, '/api/billing/cancel', account.browser)).status).toBe(200);
    const resumed = await postEmpty(world.app, '/api/billing/resume', account.browser);
    expect(resumed.status, await resumed.clone().text()).toBe(200);
    expect((await resumed.json<BillingOverview>()).subscription?.renewal.total).toBe(15351);
    const [mail] = world.app.mail.filter(
      (sent) => sent.to === email && sent.tag === 'subscription-resumed',
    );
    expect(mail?.text).toContain('for $153.51 ($129 plus VAT 19%) per year');
    expect(mail?.text).not.toContain('$129 per year');

    // Seven days before the renewal, the reminder names the same amount.
    const periodEnd = Date.parse(overview.subscription?.currentPeriodEnd ?? '');
    const mailer = recordingMailer();
    await runJobsAt(periodEnd - 7 * DAY_MS, mailer);
    const [reminder] = mailer.sent.filter(
      (sent) => sent.to === email && sent.tag === 'renewal-reminder',
    );
    expect(reminder?.text).toContain('We will charge $153.51 ($129 plus VAT 19%) to the card');
  });
});

/**
 * The owner of a team of 12 seats (9 in use) bought by a German consumer: the subscription, its
 * paid invoice at 19%, an invoice of 3 seats added during the term, an invoice row from before
 * seats were recorded, the team organization and its members.
 */
async function teamOwner(app: AccountApp, renewalQuantity: number | null = null) {
  const owner = await signUpTrial(app);
  const userId = owner.auth.user.userId;
  const suffix = crypto.randomUUID().slice(0, 8);
  const now = app.clock.now;
  const periodEnd = now + 300 * DAY_MS;
  await run(
    `INSERT INTO subscriptions (id, user_id, stripe_customer_id, stripe_subscription_id, status, current_period_end, updated_from_event_created, created_at, updated_at, quantity, renewal_quantity, unit_amount)
     VALUES (?, ?, ?, ?, 'active', ?, 0, ?, ?, 12, ?, 12900)`,
    `team-sub-${suffix}`,
    userId,
    `cus_team_${suffix}`,
    `sub_team_${suffix}`,
    periodEnd,
    now - 65 * DAY_MS,
    now - 65 * DAY_MS,
    renewalQuantity,
  );
  const invoice = `INSERT INTO invoices (id, user_id, number, amount_paid, currency, status, created, subtotal, tax_amount, tax_rate_bp, quantity, unit_amount, billing_reason)
     VALUES (?, ?, ?, ?, 'usd', 'paid', ?, ?, ?, ?, ?, ?, ?)`;
  // The year's purchase of 9 seats; 3 added later at the part of the year left.
  await run(
    invoice,
    `in_team_${suffix}_1`,
    userId,
    'SW-T-1',
    138159,
    now - 65 * DAY_MS,
    116100,
    22059,
    1900,
    9,
    12900,
    'subscription_create',
  );
  await run(
    invoice,
    `in_team_${suffix}_2`,
    userId,
    'SW-T-2',
    38754,
    now - 5 * DAY_MS,
    32571,
    6183,
    1900,
    3,
    10857,
    'subscription_update',
  );
  // Before seats were recorded: no quantity, no price per seat.
  await run(
    `INSERT INTO invoices (id, user_id, number, amount_paid, currency, status, created) VALUES (?, ?, 'SW-OLD-1', 12900, 'usd', 'paid', ?)`,
    `in_team_${suffix}_0`,
    userId,
    now - 400 * DAY_MS,
  );
  const organizationId = `team-org-${suffix}`;
  await run(
    `INSERT INTO organizations (id, name, owner_user_id, seats, device_limit, term_start, term_end, support_tier, created_at, updated_at, kind, stripe_subscription_id)
     VALUES (?, 'Müller Design', ?, 12, 2, ?, ?, 'standard', ?, ?, 'team', ?)`,
    organizationId,
    userId,
    now - 65 * DAY_MS,
    periodEnd,
    now - 65 * DAY_MS,
    now - 65 * DAY_MS,
    `sub_team_${suffix}`,
  );
  for (let i = 0; i < 9; i += 1) {
    const memberId = `team-member-${suffix}-${i}`;
    await run(
      `INSERT INTO users (id, customer_name, email, email_normalized, plan, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'Standard', ?, ?)`,
      memberId,
      `Member ${i}`,
      `${memberId}@team.example`,
      `${memberId}@team.example`,
      now,
      now,
    );
    await run(
      `INSERT INTO organization_members (id, organization_id, user_id, license_id, joined_at) VALUES (?, ?, ?, ?, ?)`,
      `${memberId}-row`,
      organizationId,
      memberId,
      `${memberId}-license`,
      now - DAY_MS,
    );
  }
  return { owner, periodEnd };
}

describe('the owner of a 12-seat team', () => {
  it('reads the team, 9 of 12 seats and $1,842.12 a year on My Account, and holds no seat', async () => {
    const world = billingWorld();
    const { owner, periodEnd } = await teamOwner(world.app);

    const me = await getJson<MeResponse>(world.app, '/api/me', owner);
    expect(me.user).toMatchObject({ ownsOrganization: true, holdsSeat: false, plan: 'Trial' });
    const { organization } = await getJson<OrganizationResponse>(
      world.app,
      '/api/organization',
      owner,
    );
    expect(organization).toMatchObject({
      kind: 'team',
      isOwner: true,
      isMember: false,
      seats: 12,
      seatsTaken: 9,
      subscription: {
        ending: false,
        on: new Date(periodEnd).toISOString(),
        charge: { quantity: 12, unitAmount: 12900, subtotal: 154800, tax: 29412, total: 184212 },
      },
    });
  });

  it('reads 12 seats × $129, VAT 19% $294.12 and $1,842.12 on Billing & Invoices, each invoice with its seats', async () => {
    const world = billingWorld();
    const { owner } = await teamOwner(world.app);

    const overview = await getJson<BillingOverview>(world.app, '/api/billing', owner);
    expect(overview.subscription?.charge).toEqual({
      quantity: 12,
      unitAmount: 12900,
      subtotal: 154800,
      tax: 29412,
      taxRateBp: 1900,
      reverseCharge: false,
      total: 184212,
      currency: 'usd',
    });
    expect(overview.subscription?.renewal.total).toBe(184212);
    expect(
      overview.invoices.map(({ number, quantity, unitAmount, seatsAdded }) => ({
        number,
        quantity,
        unitAmount,
        seatsAdded,
      })),
    ).toEqual([
      { number: 'SW-T-2', quantity: 3, unitAmount: 10857, seatsAdded: true },
      { number: 'SW-T-1', quantity: 9, unitAmount: 12900, seatsAdded: false },
      // An invoice from before seats were sold: one seat at the list price.
      { number: 'SW-OLD-1', quantity: 1, unitAmount: 12900, seatsAdded: false },
    ]);
  });

  it('renews 10 seats when 2 were removed for the renewal: $1,535.10, and says so in the reminder', async () => {
    const world = billingWorld();
    const { owner, periodEnd } = await teamOwner(world.app, 10);

    const overview = await getJson<BillingOverview>(world.app, '/api/billing', owner);
    expect(overview.subscription?.charge.total).toBe(184212);
    expect(overview.subscription?.renewal).toMatchObject({ quantity: 10, total: 153510 });
    const mailer = recordingMailer();
    await runJobsAt(periodEnd - 3 * DAY_MS, mailer);
    const [reminder] = mailer.sent.filter(
      (sent) => sent.to === owner.form.email && sent.tag === 'renewal-reminder',
    );
    expect(reminder?.text).toContain(
      'We will charge $1,535.10 (10 seats × $129 plus VAT 19%) to the card',
    );
  });
});
