/**
 * The console's overview of the business (GET /api/admin/metrics): every measure against seeded
 * rows with a known answer — trials and their conversion (an upgrade in place, a team bought, an
 * organization joined), paying subscriptions, their seats and MRR with a cancellation, refunds (an operator's and an automatic one), Enterprise seats, active devices and
 * plugin versions, and feature adoption from the plugin's reports.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/contract/shape';
import { accountApp, signUpTrial } from './account-helpers';
import { adminGet, operator } from './admin-helpers';
import { activateOk, licensee, newDeviceId } from './licenses-helpers';
import { reportUsage } from './usage-helpers';
import { isGetBusinessMetricsAnswer } from '../../src/generated/answers/GetBusinessMetricsAnswer';

const H = 60 * 60 * 1000;
/** Midnight UTC of a day of February 2031 (far from every other test's rows). */
const feb = (day: number, hour = 0) => Date.UTC(2031, 1, day, hour);
const NOW = Date.UTC(2031, 2, 1, 12);

async function run(sql: string, ...params: unknown[]) {
  await env.DB.prepare(sql)
    .bind(...params)
    .run();
}

async function user(id: string) {
  await run(
    `INSERT INTO users (id, customer_name, email, email_normalized, plan, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'Trial', ?, ?)`,
    id,
    `Metric ${id}`,
    `${id}@metrics.example`,
    `${id}@metrics.example`,
    feb(1),
    feb(1),
  );
}

async function license(id: string, userId: string, plan: string, createdAt: number) {
  await run(
    `INSERT INTO licenses (id, user_id, license_key, plan, status, activated_at, expires_at, created_at)
     VALUES (?, ?, ?, ?, 'active', ?, ?, ?)`,
    id,
    userId,
    `MK-${id}`,
    plan,
    createdAt,
    createdAt + 365 * 24 * H,
    createdAt,
  );
}

async function seed() {
  for (const id of ['m-u1', 'm-u2', 'm-u3', 'm-u4', 'm-u5']) await user(id);
  // u1: a trial on Feb 25, Standard bought on Feb 26 with subscription m-s2 below (a conversion,
  // and of the range's cohort).
  await license('m-l1', 'm-u1', 'Trial', feb(25, 10));
  await license('m-l1s', 'm-u1', 'Standard', feb(26, 10));
  // u2: a trial on Mar 1 (today), not converted.
  await license('m-l2', 'm-u2', 'Trial', Date.UTC(2031, 2, 1, 8));
  // u3: a trial in January, Standard bought on January 10 with subscription m-s1 below: a
  // conversion before the range, not of the cohort.
  await license('m-l3', 'm-u3', 'Trial', Date.UTC(2031, 0, 5));
  await license('m-l3s', 'm-u3', 'Standard', Date.UTC(2031, 0, 10));

  // Subscriptions: one paying since January; one from Feb 26 that ended on Feb 28.
  await run(
    `INSERT INTO subscriptions (id, user_id, stripe_customer_id, stripe_subscription_id, status, updated_from_event_created, created_at, updated_at)
     VALUES ('m-s1', 'm-u3', 'cus_m1', 'sub_m1', 'active', 0, ?, ?),
            ('m-s2', 'm-u1', 'cus_m2', 'sub_m2', 'canceled', 0, ?, ?)`,
    Date.UTC(2031, 0, 10),
    Date.UTC(2031, 0, 10),
    feb(26, 10),
    feb(28, 10),
  );
  await run("UPDATE subscriptions SET cancel_reason = 'Too few projects' WHERE id = 'm-s2'");
  // Refunds: an operator's on Feb 28, an automatic one on Mar 1.
  await run(
    `INSERT INTO invoices (id, user_id, amount_paid, currency, status, created, refund_status, refund_amount, refunded_at)
     VALUES ('in_m1', 'm-u1', 12900, 'usd', 'paid', ?, 'refunded', 12900, ?)`,
    feb(26, 10),
    feb(28, 12),
  );
  await run(
    `INSERT INTO payment_refunds (id, subscription_id, email, reason, status, amount, currency, created_at, refunded_at)
     VALUES ('m-r1', 'sub_m9', 'x@metrics.example', 'duplicate', 'refunded', 12900, 'usd', ?, ?)`,
    Date.UTC(2031, 2, 1, 9),
    Date.UTC(2031, 2, 1, 9),
  );
  // An organization of 5 seats from Feb 25; a member from Feb 25 noon, one from Feb 26 to Feb 27.
  await run(
    `INSERT INTO organizations (id, name, owner_user_id, seats, device_limit, term_start, term_end, support_tier, created_at, updated_at)
     VALUES ('m-o1', 'Metrics Ltd', 'm-u4', 5, 2, ?, ?, 'standard', ?, ?)`,
    feb(25),
    Date.UTC(2032, 1, 25),
    feb(25),
    feb(25),
  );
  await run(
    `INSERT INTO organization_members (id, organization_id, user_id, license_id, joined_at, removed_at)
     VALUES ('m-m1', 'm-o1', 'm-u4', 'm-l1', ?, NULL), ('m-m2', 'm-o1', 'm-u5', 'm-l2', ?, ?)`,
    feb(25, 12),
    feb(26, 9),
    feb(27, 12),
  );
  // Devices: one active since Feb 20 (version 1.0.0), one from Feb 26 10:00 to Feb 27 10:00.
  await run(
    `INSERT INTO devices (id, license_id, user_id, device_id, device_name, app_version, activated_at, last_seen_at, deactivated_at)
     VALUES ('m-d1', 'm-l1s', 'm-u1', 'dev-1', 'Office', '1.0.0', ?, ?, NULL),
            ('m-d2', 'm-l1s', 'm-u1', 'dev-2', 'Laptop', '0.9.0', ?, ?, ?)`,
    feb(20),
    feb(28),
    feb(26, 10),
    feb(27, 10),
    feb(27, 10),
  );
}

/** Midnight UTC of a day of June 2034 (far from every other test's rows). */
const jun = (day: number, hour = 0) => Date.UTC(2034, 5, day, hour);

async function ledger(userId: string, at: number) {
  await run(
    `INSERT INTO trial_ledger (id, kind, value, user_id, created_at) VALUES (?, 'email', ?, ?, ?)`,
    `ledger-${userId}`,
    `${userId}@metrics.example`,
    userId,
    at,
  );
}

async function subscription(
  id: string,
  userId: string,
  createdAt: number,
  seats: { quantity: number; unitAmount: number | null },
) {
  await run(
    `INSERT INTO subscriptions (id, user_id, stripe_customer_id, stripe_subscription_id, status, updated_from_event_created, created_at, updated_at, quantity, unit_amount)
     VALUES (?, ?, ?, ?, 'active', 0, ?, ?, ?, ?)`,
    id,
    userId,
    `cus_${id}`,
    `sub_${id}`,
    createdAt,
    createdAt,
    seats.quantity,
    seats.unitAmount,
  );
}

/**
 * Every way a trial becomes paid, and seats: an upgrade in place (the license keeps its row and
 * becomes Standard, so only the ledger remembers the trial), a team of 12 bought by a trial
 * account, an Enterprise organization joined; a Standard buyer without a trial, at another price.
 */
async function seedSeats() {
  for (const id of ['s-u1', 's-u2', 's-u3', 's-u4', 's-u5', 's-u6', 's-u7']) await user(id);
  await ledger('s-u1', jun(2, 10));
  await license('s-l1', 's-u1', 'Standard', jun(2, 10));
  await subscription('s-s1', 's-u1', jun(3, 9), { quantity: 1, unitAmount: null });

  await ledger('s-u2', jun(3, 8));
  await license('s-l2', 's-u2', 'Trial', jun(3, 8));
  await subscription('s-s2', 's-u2', jun(5, 10), { quantity: 12, unitAmount: 12900 });
  await run(
    `INSERT INTO organizations (id, name, owner_user_id, seats, device_limit, term_start, term_end, support_tier, created_at, updated_at, kind, stripe_subscription_id)
     VALUES ('s-team', 'Team of twelve', 's-u2', 12, 2, ?, ?, 'standard', ?, ?, 'team', 'sub_s-s2'),
            ('s-ent', 'Agreement Ltd', 's-u4', 5, 2, ?, ?, 'priority', ?, ?, 'enterprise', NULL)`,
    jun(5, 10),
    Date.UTC(2035, 5, 5, 10),
    jun(5, 10),
    jun(5, 10),
    jun(1),
    Date.UTC(2035, 5, 1),
    jun(1),
    jun(1),
  );

  // A Trial license from before the ledger; joins the Enterprise organization on June 6.
  await license('s-l3', 's-u3', 'Trial', jun(4, 9));
  await license('s-l3e', 's-u3', 'Enterprise', jun(6, 10));
  await license('s-l7', 's-u7', 'Standard', jun(6, 11));
  await run(
    `INSERT INTO organization_members (id, organization_id, user_id, license_id, joined_at, removed_at)
     VALUES ('s-m3', 's-ent', 's-u3', 's-l3e', ?, NULL), ('s-m7', 's-team', 's-u7', 's-l7', ?, NULL)`,
    jun(6, 10),
    jun(6, 11),
  );

  // A trial not converted; a Standard buyer without a trial, at $99.
  await ledger('s-u5', jun(4, 12));
  await license('s-l5', 's-u5', 'Trial', jun(4, 12));
  await license('s-l6', 's-u6', 'Standard', jun(7, 9));
  await subscription('s-s6', 's-u6', jun(7, 9), { quantity: 1, unitAmount: 9900 });
}

describe('GET /api/admin/metrics', () => {
  it('counts every way a trial became paid once, and MRR by seats', async () => {
    const app = accountApp();
    await seedSeats();
    app.clock.now = jun(8, 12);
    const fresh = await operator(app);

    const response = await adminGet(app, fresh, '/api/admin/metrics?range=7d');
    expect(response.status, await response.clone().text()).toBe(200);
    const metrics = parse(isGetBusinessMetricsAnswer, await response.json());
    expect(metrics.periods.map((p) => p.label)).toEqual([
      'Jun 2',
      'Jun 3',
      'Jun 4',
      'Jun 5',
      'Jun 6',
      'Jun 7',
      'Jun 8',
    ]);
    // The upgraded trial still counts as a trial (the ledger); the operator's own signup today.
    expect(metrics.trialsStarted).toEqual([1, 1, 2, 0, 0, 0, 1]);
    // Upgraded in place on Jun 3, a team bought on Jun 5, an organization joined on Jun 6.
    expect(metrics.trialConversions).toEqual([0, 1, 0, 1, 1, 0, 0]);
    expect(metrics.cohort).toEqual({ trialsStarted: 5, converted: 3 });
    expect(metrics.activeSubscriptions).toEqual([0, 1, 1, 2, 2, 3, 3]);
    expect(metrics.paidSeats).toEqual([0, 1, 1, 13, 13, 14, 14]);
    // $129 / 12; + 12 × $129 / 12; + $99 / 12.
    expect(metrics.mrrCents).toEqual([0, 1075, 1075, 13975, 13975, 14800, 14800]);
    // The team's 12 seats are subscriptions, not Enterprise seats.
    expect(metrics.enterpriseSeatsSold).toEqual([5, 5, 5, 5, 5, 5, 5]);
    expect(metrics.enterpriseSeatsUsed).toEqual([0, 0, 0, 0, 1, 1, 1]);
  });

  it('answers each measure per day of the last 7 days, as the seeded rows say', async () => {
    const app = accountApp();
    await seed();
    app.clock.now = NOW;
    const fresh = await operator(app);

    const response = await adminGet(app, fresh, '/api/admin/metrics?range=7d');
    expect(response.status, await response.clone().text()).toBe(200);
    const metrics = parse(isGetBusinessMetricsAnswer, await response.json());
    expect(metrics.periods.map((p) => p.label)).toEqual([
      'Feb 23',
      'Feb 24',
      'Feb 25',
      'Feb 26',
      'Feb 27',
      'Feb 28',
      'Mar 1',
    ]);
    // The operator's own trial signup (made by the test at the app's clock) counts too: today.
    expect(metrics.trialsStarted).toEqual([0, 0, 1, 0, 0, 0, 2]);
    expect(metrics.trialConversions).toEqual([0, 0, 0, 1, 0, 0, 0]);
    expect(metrics.cohort).toEqual({ trialsStarted: 3, converted: 1 });
    expect(metrics.activeSubscriptions).toEqual([1, 1, 1, 2, 2, 1, 1]);
    expect(metrics.paidSeats).toEqual([1, 1, 1, 2, 2, 1, 1]);
    expect(metrics.mrrCents).toEqual([1075, 1075, 1075, 2150, 2150, 1075, 1075]);
    expect(metrics.cancellations).toEqual([0, 0, 0, 0, 0, 1, 0]);
    expect(metrics.refunds).toEqual([0, 0, 0, 0, 0, 1, 1]);
    expect(metrics.refundedCents).toEqual([0, 0, 0, 0, 0, 12900, 12900]);
    expect(metrics.enterpriseSeatsSold).toEqual([0, 0, 5, 5, 5, 5, 5]);
    expect(metrics.enterpriseSeatsUsed).toEqual([0, 0, 1, 2, 1, 1, 1]);
    expect(metrics.activeDevices).toEqual([1, 1, 1, 2, 1, 1, 1]);
    expect(metrics.pluginVersions).toEqual([{ version: '1.0.0', devices: 1 }]);
    expect(metrics.cancellationReasons).toEqual([{ at: feb(28, 10), reason: 'Too few projects' }]);
  });

  it('answers 12 calendar months, refuses an unknown range, and only to operators', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const months = await adminGet(app, admin, '/api/admin/metrics?range=12m');
    const metrics = parse(isGetBusinessMetricsAnswer, await months.json());
    expect(metrics.periods).toHaveLength(12);
    expect(metrics.periods.at(-1)?.label).toBe('Mar 2026');
    expect(metrics.periods[0]?.label).toBe('Apr 2025');

    const bad = await adminGet(app, admin, '/api/admin/metrics?range=week');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: 'Choose a range: 7d, 30d, 90d or 12m.' });
    const customer = await signUpTrial(app);
    expect((await adminGet(app, customer, '/api/admin/metrics')).status).toBe(403);
  });

  it('adds up the plugin reports of each day as feature adoption, a batch sent twice once', async () => {
    const app = accountApp();
    app.clock.now = Date.UTC(2032, 5, 15, 12);
    const report = async (plan: 'Standard' | 'Trial', events: Record<string, unknown>[]) => {
      const who = await licensee(app, plan);
      const deviceId = newDeviceId();
      await activateOk(app, who.key, { deviceId, deviceName: 'Desk' });
      const batchId = crypto.randomUUID();
      for (let i = 0; i < 2; i += 1) {
        const sent = await reportUsage(app, { key: who.key, deviceId }, { batchId, events });
        expect(sent.status).toBe(200);
      }
    };
    await report('Standard', [
      { feature: 'cad-import', day: '2032-06-14', count: 3 },
      { feature: 'renumber-views', day: '2032-06-14', count: 2 },
      { feature: 'cad-import', day: '2032-06-15', count: 1 },
    ]);
    await report('Trial', [{ feature: 'cad-import', day: '2032-06-14', count: 5 }]);
    const admin = await operator(app);

    const response = await adminGet(app, admin, '/api/admin/metrics?range=7d');
    const { featureAdoption: adoption } = parse(isGetBusinessMetricsAnswer, await response.json());

    const of = (slug: string) => adoption.features.find((feature) => feature.slug === slug);
    expect(adoption.deviceDays).toEqual([0, 0, 0, 0, 0, 2, 1]);
    expect(of('cad-import')).toEqual({
      slug: 'cad-import',
      uses: [0, 0, 0, 0, 0, 8, 1],
      deviceDays: [0, 0, 0, 0, 0, 2, 1],
    });
    expect(of('renumber-views')?.uses).toEqual([0, 0, 0, 0, 0, 2, 0]);
    expect(of('wipe-model')?.uses).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });
});
