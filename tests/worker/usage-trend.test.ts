/**
 * Feature use over time (GET /api/usage/trend, /api/team/usage-trend, /api/admin/usage-trend):
 * known daily and monthly rows seeded straight in D1, then the series per day (30 days), per week
 * (90 days) and with whole months first where only months are kept (365 days), commands sorted by
 * use, the last 30 days against the 30 before (from 0 too), one device, the team's members
 * together for the owner only, and the product's totals for operators only.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/contract/shape';
import type { UsageTrend } from '../../src/contract/usage-trend';
import { isGetFeatureUsageTrendAnswer as usageTrendSchema } from '../../src/generated/answers/GetFeatureUsageTrendAnswer';
import type { AuthResponse } from '../../src/contract/user';
import { dayNumberOf } from '../../functions/services/core/usage/usage-store';
import {
  accountApp,
  credentials,
  queryAll,
  signUpTrial,
  uniqueEmail,
  type AccountApp,
  type SignedInAccount,
} from './account-helpers';
import { adminGet, operator } from './admin-helpers';
import { activateOk, DAY_MS, licensee, newDeviceId, type Licensee } from './licenses-helpers';
import { invite, organization, signUpByLink } from './organizations-helpers';
import { dayAt, seedUsageMonth, seedUsageRow } from './usage-helpers';

/** Wednesday 25 November 2026, 12:00 UTC. */
const NOW = Date.UTC(2026, 10, 25, 12);
const ago = (days: number) => dayAt(NOW - days * DAY_MS);

async function trend(app: AccountApp, who: Licensee, query: string): Promise<UsageTrend> {
  const response = await app.request(`/api/usage/trend${query}`, { headers: who.account.bearer });
  expect(response.status, await response.clone().text()).toBe(200);
  return parse(usageTrendSchema, await response.json());
}

const command = (view: UsageTrend, slug: string) => {
  const found = view.commands.find((one) => one.slug === slug);
  if (!found) throw new Error(`no ${slug}`);
  return found;
};

/**
 * A Standard customer with two devices: the office PC used every few weeks over the year (some
 * of it folded into months, as the cron leaves days older than 90), the laptop once this week;
 * and a stranger whose rows never show.
 */
async function seededCustomer() {
  const app = accountApp();
  app.clock.now = NOW;
  const who = await licensee(app, 'Standard');
  const office = newDeviceId('office');
  const laptop = newDeviceId('laptop');
  await activateOk(app, who.key, { deviceId: office, deviceName: 'Office PC' });
  await activateOk(app, who.key, { deviceId: laptop, deviceName: 'Laptop' });
  await seedUsageRow(who, office, ago(0), { renumber_views: 4 }); // Wed 25 Nov
  await seedUsageRow(who, office, ago(2), { renumber_views: 6 }); // Mon 23 Nov
  await seedUsageRow(who, office, ago(3), { sheet_notes: 3 }); // Sun 22 Nov
  await seedUsageRow(who, office, ago(29), { renumber_views: 2 }); // 27 Oct: last 30 days
  await seedUsageRow(who, office, ago(30), { renumber_views: 5 }); // 26 Oct: the 30 before
  await seedUsageRow(who, office, ago(59), { renumber_views: 1 }); // 27 Sep: the 30 before
  await seedUsageRow(who, office, ago(60), { renumber_views: 1000 }); // 26 Sep: neither
  await seedUsageRow(who, office, ago(89), { cad_import: 7 }); // 28 Aug: 90 days' first
  await seedUsageRow(who, office, ago(90), { cad_import: 50 }); // 27 Aug: not in 90 days
  await seedUsageMonth(who, office, '2026-03-10', { wipe_model: 9 });
  await seedUsageMonth(who, office, '2025-11-10', { wipe_model: 1 });
  await seedUsageRow(who, laptop, ago(1), { general_notes: 5 }); // Tue 24 Nov
  const stranger = await licensee(app, 'Standard');
  const strangerDevice = newDeviceId('stranger');
  await seedUsageRow(stranger, strangerDevice, ago(0), { renumber_views: 999, schedule_link: 999 });
  return { app, who, office, laptop, strangerDevice };
}

describe('GET /api/usage/trend', () => {
  it('answers 30 days per day, most used first, with the last 30 days against the 30 before', async () => {
    const { app, who } = await seededCustomer();
    const view = await trend(app, who, '?days=30');

    expect(view).toMatchObject({ days: 30, unit: 'day', from: '2026-10-27', to: '2026-11-25' });
    expect(view.points).toHaveLength(30);
    expect(view.points[0]).toEqual({ from: '2026-10-27', to: '2026-10-27', unit: 'day' });
    expect(view.points.at(-1)).toEqual({ from: '2026-11-25', to: '2026-11-25', unit: 'day' });
    expect(view.change).toEqual({
      from: '2026-10-27',
      to: '2026-11-25',
      previousFrom: '2026-09-27',
      previousTo: '2026-10-26',
    });
    const renumber = command(view, 'renumber-views');
    expect(renumber.counts[0]).toBe(2);
    expect(renumber.counts[27]).toBe(6);
    expect(renumber.counts[29]).toBe(4);
    expect(renumber).toMatchObject({ uses: 12, last30: 12, previous30: 6, changePercent: 100 });
    expect(command(view, 'general-notes').counts[28]).toBe(5);
    // Used only lately: nothing to divide by, so no percent ("new" on the page).
    expect(command(view, 'general-notes')).toMatchObject({
      uses: 5,
      last30: 5,
      previous30: 0,
      changePercent: null,
    });
    expect(command(view, 'cad-import')).toMatchObject({ uses: 0, last30: 0, changePercent: null });
    // The stranger's 999s never show.
    expect(command(view, 'schedule-link').uses).toBe(0);
    // Most used first; unused commands after, in ribbon order.
    expect(view.commands.map((one) => one.slug)).toEqual([
      'renumber-views',
      'general-notes',
      'sheet-notes',
      'schedule-link',
      'legends-from-word',
      'dummy-schedules',
      'drafting-export',
      'cad-import',
      'wipe-model',
    ]);
    // Every command's counts add up to its uses.
    for (const one of view.commands) expect(one.counts.reduce((a, b) => a + b, 0)).toBe(one.uses);
  });

  it('answers 90 days per week, Monday to Sunday, cut at the period’s ends', async () => {
    const { app, who } = await seededCustomer();
    const view = await trend(app, who, '?days=90');

    expect(view).toMatchObject({ days: 90, unit: 'week', from: '2026-08-28', to: '2026-11-25' });
    expect(view.points).toHaveLength(14);
    expect(view.points[0]).toEqual({ from: '2026-08-28', to: '2026-08-30', unit: 'week' });
    expect(view.points[1]).toEqual({ from: '2026-08-31', to: '2026-09-06', unit: 'week' });
    expect(view.points[13]).toEqual({ from: '2026-11-23', to: '2026-11-25', unit: 'week' });
    const renumber = command(view, 'renumber-views');
    // 21–27 Sep: 1000 + 1; 26 Oct – 1 Nov: 5 + 2; 23–25 Nov: 6 + 4.
    expect(renumber.counts).toEqual([0, 0, 0, 0, 1001, 0, 0, 0, 0, 7, 0, 0, 0, 10]);
    expect(command(view, 'cad-import').counts[0]).toBe(7);
    expect(command(view, 'sheet-notes').counts[12]).toBe(3);
    expect(command(view, 'general-notes').counts[13]).toBe(5);
    expect(view.commands.slice(0, 4).map((one) => [one.slug, one.uses])).toEqual([
      ['renumber-views', 1018],
      ['cad-import', 7],
      ['general-notes', 5],
      ['sheet-notes', 3],
    ]);
    // The change does not depend on the period.
    expect(renumber).toMatchObject({ last30: 12, previous30: 6, changePercent: 100 });
  });

  it('starts 365 days with whole months where only months are kept, then weeks', async () => {
    const { app, who } = await seededCustomer();
    const view = await trend(app, who, '?days=365');

    // 27 Aug is the oldest day kept as a day: November 2025 to August 2026 are months.
    expect(view).toMatchObject({ days: 365, unit: 'week', from: '2025-11-01', to: '2026-11-25' });
    const months = view.points.filter((point) => point.unit === 'month');
    const weeks = view.points.filter((point) => point.unit === 'week');
    expect(months).toHaveLength(10);
    expect(months[0]).toEqual({ from: '2025-11-01', to: '2025-11-30', unit: 'month' });
    expect(months.at(-1)).toEqual({ from: '2026-08-01', to: '2026-08-31', unit: 'month' });
    expect(weeks[0]).toEqual({ from: '2026-09-01', to: '2026-09-06', unit: 'week' });
    expect(weeks).toHaveLength(13);
    expect(view.points.length).toBeLessThanOrEqual(53);
    // Month rows, and the days of August still kept as days, in their month.
    expect(command(view, 'wipe-model').counts.slice(0, 10)).toEqual([1, 0, 0, 0, 9, 0, 0, 0, 0, 0]);
    expect(command(view, 'cad-import').counts[9]).toBe(57);
    expect(command(view, 'renumber-views').counts[13]).toBe(1001);
    expect(command(view, 'renumber-views').uses).toBe(1018);
    expect(view.commands.map((one) => one.slug).slice(0, 3)).toEqual([
      'renumber-views',
      'cad-import',
      'wipe-model',
    ]);
  });

  it('shows one device, refuses another account’s or a malformed one, and a bad period', async () => {
    const { app, who, laptop, strangerDevice } = await seededCustomer();
    const view = await trend(app, who, `?days=30&device=${laptop}`);
    expect(command(view, 'general-notes')).toMatchObject({ uses: 5, last30: 5 });
    expect(command(view, 'renumber-views')).toMatchObject({ uses: 0, last30: 0, previous30: 0 });

    const strangers = await app.request(`/api/usage/trend?device=${newDeviceId('x')}`, {
      headers: who.account.bearer,
    });
    expect(strangers.status).toBe(404);
    expect(await strangers.json()).toMatchObject({
      message: 'This device has not reported any feature usage on your account.',
    });
    // The stranger's device, which reported, is not this account's.
    const other = await app.request(`/api/usage/trend?device=${strangerDevice}`, {
      headers: who.account.bearer,
    });
    expect(other.status).toBe(404);

    for (const query of ['?days=7', '?days=abc', '?device=%20', '?device=a%20b']) {
      const bad = await app.request(`/api/usage/trend${query}`, { headers: who.account.bearer });
      expect(bad.status, query).toBe(400);
      expect((await bad.json<{ code: string }>()).code).toBe('VALIDATION_FAILED');
    }
    expect((await app.request('/api/usage/trend')).status).toBe(401);
  });

  it('answers every command with zeros for an account without use', async () => {
    const app = accountApp();
    app.clock.now = NOW;
    const who = await licensee(app, 'Standard');
    const view = await trend(app, who, '');
    expect(view.days).toBe(30);
    expect(view.commands).toHaveLength(9);
    expect(view.commands.every((one) => one.uses === 0 && one.changePercent === null)).toBe(true);
  });
});

/** A member who joined by the invitation link: their license and session. */
async function join(app: AccountApp, owner: SignedInAccount) {
  const response = await signUpByLink(app, await invite(app, owner, uniqueEmail()), 'Member');
  expect(response.status, await response.clone().text()).toBe(200);
  const auth = await response.json<AuthResponse>();
  const [row] = await queryAll<{ licenseId: string }>(
    'SELECT license_id AS licenseId FROM organization_members WHERE user_id = ?',
    auth.user.userId,
  );
  if (!row) throw new Error('no member row');
  return { userId: auth.user.userId, licenseId: row.licenseId, ...credentials(auth.token) };
}

describe('GET /api/team/usage-trend', () => {
  it('adds up every member for the owner, and refuses anyone else', async () => {
    const app = accountApp();
    app.clock.now = NOW;
    const admin = await operator(app);
    const { owner } = await organization(app, admin, { seats: 3, deviceLimit: 2 });
    const alma = await join(app, owner);
    const bruno = await join(app, owner);
    await seedUsageRow(alma, 'alma-pc', ago(0), { renumber_views: 3 });
    await seedUsageRow(bruno, 'bruno-pc', ago(1), { renumber_views: 4, sheet_notes: 1 });
    await seedUsageRow(alma, 'alma-pc', ago(40), { renumber_views: 7 });
    // Someone outside the organization.
    const outsider = await licensee(app, 'Standard');
    await seedUsageRow(outsider, 'outside-pc', ago(0), { renumber_views: 500 });

    const response = await app.request('/api/team/usage-trend?days=90', {
      headers: owner.browser,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const view = parse(usageTrendSchema, await response.json());
    expect(view.unit).toBe('week');
    expect(command(view, 'renumber-views')).toMatchObject({
      uses: 14,
      last30: 7,
      previous30: 7,
      changePercent: 0,
    });
    expect(command(view, 'renumber-views').counts.at(-1)).toBe(7);
    expect(command(view, 'sheet-notes')).toMatchObject({ uses: 1, changePercent: null });
    expect(view.commands[0]?.slug).toBe('renumber-views');

    const member = await app.request('/api/team/usage-trend', { headers: alma.browser });
    expect(member.status).toBe(403);
    const stranger = await signUpTrial(app);
    expect((await app.request('/api/team/usage-trend', { headers: stranger.browser })).status).toBe(
      403,
    );
    const bad = await app.request('/api/team/usage-trend?days=31', { headers: owner.browser });
    expect(bad.status).toBe(400);
  });
});

describe('GET /api/admin/usage-trend', () => {
  it('answers the product’s daily totals per week for a year, to operators only', async () => {
    const app = accountApp();
    app.clock.now = NOW;
    const today = dayNumberOf(ago(0));
    const seed = (day: number, cad: number, renumber: number) =>
      env.DB.prepare(
        'INSERT INTO usage_totals (day, devices, cad_import, renumber_views) VALUES (?, 1, ?, ?)',
      )
        .bind(day, cad, renumber)
        .run();
    await seed(today, 2, 0);
    await seed(today - 45, 0, 8);
    await seed(today - 200, 30, 0); // kept as a day here: the totals are never folded
    await seed(today - 400, 999, 999); // older than the period
    const admin = await operator(app);

    const year = await adminGet(app, admin, '/api/admin/usage-trend?days=365');
    expect(year.status, await year.clone().text()).toBe(200);
    const view = parse(usageTrendSchema, await year.json());
    expect(view.points.every((point) => point.unit === 'week')).toBe(true);
    expect(view.points).toHaveLength(53);
    expect(view.points[0]?.from).toBe(ago(364));
    expect(command(view, 'cad-import')).toMatchObject({
      uses: 32,
      last30: 2,
      previous30: 0,
      changePercent: null,
    });
    expect(command(view, 'renumber-views')).toMatchObject({
      uses: 8,
      last30: 0,
      previous30: 8,
      changePercent: -100,
    });
    expect(view.commands.map((one) => one.slug).slice(0, 2)).toEqual([
      'cad-import',
      'renumber-views',
    ]);

    const month = parse(
      usageTrendSchema,
      await (await adminGet(app, admin, '/api/admin/usage-trend')).json(),
    );
    expect(month.unit).toBe('day');
    expect(command(month, 'cad-import').counts.at(-1)).toBe(2);

    const bad = await adminGet(app, admin, '/api/admin/usage-trend?days=12');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: 'Days must be one of 30, 90, 365.' });
    const customer = await signUpTrial(app);
    expect((await adminGet(app, customer, '/api/admin/usage-trend')).status).toBe(403);
  });
});
