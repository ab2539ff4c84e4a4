/**
 * The console's overview of the business (GET /api/admin/metrics): every measure against seeded
 * rows with a known answer — trials and their conversion, paying subscriptions and MRR with a
 * cancellation, refunds (an operator's and an automatic one), Enterprise seats, active devices and
 * plugin versions, and feature adoption from the plugin's reports.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/contract/shape';
import { businessMetricsSchema } from '../../src/contract/admin-metrics';
import { accountApp, signUpTrial } from './account-helpers';
import { adminGet, operator } from './admin-helpers';
import { activateOk, licensee, newDeviceId } from './licenses-helpers';
import { reportUsage } from './usage-helpers';

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
  // u1: a trial on Feb 25, Standard on Feb 27 (a conversion, and of the range's cohort).
  await license('m-l1', 'm-u1', 'Trial', feb(25, 10));
  await license('m-l1s', 'm-u1', 'Standard', feb(27, 9));
  // u2: a trial on Mar 1 (today), not converted.
  await license('m-l2', 'm-u2', 'Trial', Date.UTC(2031, 2, 1, 8));
  // u3: a trial in January (before the range), Standard on Feb 24: a conversion, not of the cohort.
  await license('m-l3', 'm-u3', 'Trial', Date.UTC(2031, 0, 5));
  await license('m-l3s', 'm-u3', 'Standard', feb(24, 15));

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

describe('GET /api/admin/metrics', () => {
  it('answers each measure per day of the last 7 days, as the seeded rows say', async () => {
    const app = accountApp();
    await seed();
    app.clock.now = NOW;
    const fresh = await operator(app);

    const response = await adminGet(app, fresh, '/api/admin/metrics?range=7d');
    expect(response.status, await response.clone().text()).toBe(200);
    const metrics = parse(businessMetricsSchema, await response.json());
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
    expect(metrics.trialConversions).toEqual([0, 1, 0, 0, 1, 0, 0]);
    expect(metrics.cohort).toEqual({ trialsStarted: 3, converted: 1 });
    expect(metrics.activeSubscriptions).toEqual([1, 1, 1, 2, 2, 1, 1]);
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
    const metrics = parse(businessMetricsSchema, await months.json());
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
    const { featureAdoption: adoption } = parse(businessMetricsSchema, await response.json());

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
