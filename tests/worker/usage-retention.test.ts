/**
 * Feature usage over time: the cron folds days past the daily window into months (the customer's
 * numbers unchanged), deletes what is older than the retention, and every statement of it and of
 * the dashboard's reads goes by key, never reading a usage table whole.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { devices } from '../../functions/db/schema';
import { dayNumber, usageQueries } from '../../functions/services/core/usage/usage-store';
import {
  foldStatements,
  oldestKeptMonth,
  pruneFeatureUsage,
} from '../../functions/services/cron/usage-retention';
import { parse } from '../../src/contract/shape';
import { featureUsage, retentionDays } from '../../src/site.config';
import { accountApp, queryAll, type AccountApp } from './account-helpers';
import { quietCronLogs, testDb } from './cron-helpers';
import { activateOk, DAY_MS, licensee, newDeviceId, type Licensee } from './licenses-helpers';
import {
  dayAt,
  reportUsage,
  seedUsageMonth,
  seedUsageRow,
  usageMonthRows,
  usageRefOf,
  usageRows,
} from './usage-helpers';
import { isGetFeatureUsageAnswer } from '../../src/generated/answers/GetFeatureUsageAnswer';

const ago = (app: AccountApp, days: number) => dayAt(app.clock.now - days * DAY_MS);

async function view(app: AccountApp, who: Licensee, days: number) {
  const response = await app.request(`/api/usage/features?days=${days}`, {
    headers: who.account.bearer,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return parse(isGetFeatureUsageAnswer, await response.json());
}

/** Runs the retention job until it folds nothing more; returns each run's counts. */
async function pruneUntilDone(now: number, limit?: number) {
  const runs = [];
  for (let i = 0; i < 20; i += 1) {
    const counts = await pruneFeatureUsage({ db: testDb(), now }, limit);
    runs.push(counts);
    if (counts['usageDaysFolded'] === 0) return runs;
  }
  throw new Error('the fold never finished');
}

describe('folding days into months (cron)', () => {
  quietCronLogs();

  it('moves days past the daily window into their month, leaving every total as it was', async () => {
    const app = accountApp();
    const who = await licensee(app, 'Standard');
    const office = newDeviceId('office');
    const laptop = newDeviceId('laptop');
    await activateOk(app, who.key, { deviceId: office, deviceName: 'Office PC' });
    await activateOk(app, who.key, { deviceId: laptop, deviceName: 'Laptop' });
    const window = featureUsage.dailyForDays;
    for (const [device, days, counts] of [
      [office, window + 6, { renumber_views: 2 }],
      [office, window + 5, { renumber_views: 3, cad_import: 1 }],
      [office, window + 3, { renumber_views: 4 }],
      [laptop, window + 1, { wipe_model: 6 }],
      [office, window, { schedule_link: 7 }],
      [office, 3, { renumber_views: 1 }],
    ] as const) {
      await seedUsageRow(who, device, ago(app, days), counts);
    }
    const before = await Promise.all([30, 90, 365].map((days) => view(app, who, days)));

    const runs = await pruneUntilDone(app.clock.now);
    const again = await pruneFeatureUsage({ db: testDb(), now: app.clock.now });

    // Both devices' old days in one run; the next finds nothing.
    expect(runs.map((run) => run['usageDaysFolded'])).toEqual([4, 0]);
    expect(again['usageDaysFolded']).toBe(0);
    const after = await Promise.all([30, 90, 365].map((days) => view(app, who, days)));
    const sums = (v: typeof before) =>
      v.map((one) => one.devices.map((device) => [device.deviceName, device.counts]));
    expect(sums(after)).toEqual(sums(before));
    // Only the daily window stays as days; the rest is one row per device and month.
    expect((await usageRows(who.licenseId)).map((row) => row.day)).toEqual([
      ago(app, window),
      ago(app, 3),
    ]);
    const months = await usageMonthRows(who.licenseId);
    const monthOf = (days: number) => Number(ago(app, days).slice(0, 7).replace('-', ''));
    const expected = new Map<string, number>();
    for (const [device, days, column, count] of [
      [office, window + 6, 'renumber_views', 2],
      [office, window + 5, 'renumber_views', 3],
      [office, window + 5, 'cad_import', 1],
      [office, window + 3, 'renumber_views', 4],
      [laptop, window + 1, 'wipe_model', 6],
    ] as const) {
      const key = `${device} ${monthOf(days)} ${column}`;
      expected.set(key, (expected.get(key) ?? 0) + count);
    }
    const stored = new Map<string, number>();
    for (const row of months) {
      for (const column of ['renumber_views', 'cad_import', 'wipe_model'] as const) {
        if (row[column] > 0) stored.set(`${row.device_id} ${row.month} ${column}`, row[column]);
      }
    }
    expect(stored).toEqual(expected);
    // The last use of a folded command reads as its month.
    const office365 = after[2]?.devices.find((device) => device.deviceId === office);
    const cadIndex = featureUsage.features.findIndex((f) => f.slug === 'cad-import');
    expect(office365?.lastUsed[cadIndex]).toBe(ago(app, window + 5).slice(0, 7));
  });

  it('folds the devices with the oldest days first, as many as a run takes, adding to a month row already there', async () => {
    const app = accountApp();
    const who = await licensee(app, 'Standard');
    const older = newDeviceId('older');
    const newer = newDeviceId('newer');
    await activateOk(app, who.key, { deviceId: older, deviceName: 'Older' });
    await activateOk(app, who.key, { deviceId: newer, deviceName: 'Newer' });
    const window = featureUsage.dailyForDays;
    await seedUsageMonth(who, older, ago(app, window + 30), { sheet_notes: 10 });
    for (const days of [window + 30, window + 29, window + 2]) {
      await seedUsageRow(who, older, ago(app, days), { sheet_notes: 1 });
    }
    await seedUsageRow(who, newer, ago(app, window + 1), { cad_import: 5 });
    await seedUsageRow(who, newer, ago(app, 2), { cad_import: 1 });

    const first = await pruneFeatureUsage({ db: testDb(), now: app.clock.now }, 1);

    // One device a run: the one holding the oldest day, all its old days at once.
    expect(first['usageDaysFolded']).toBe(3);
    const oldest = (device: string) =>
      queryAll<{ usage_oldest_day: number | null }>(
        'SELECT usage_oldest_day FROM devices WHERE device_id = ?',
        device,
      );
    expect(await oldest(older)).toEqual([{ usage_oldest_day: null }]);
    await pruneUntilDone(app.clock.now, 1);
    expect(await oldest(newer)).toEqual([{ usage_oldest_day: dayNumber(app.clock.now) - 2 }]);
    const months = await usageMonthRows(who.licenseId);
    expect(months.reduce((sum, row) => sum + row.sheet_notes, 0)).toBe(13);
    expect(months.reduce((sum, row) => sum + row.cad_import, 0)).toBe(5);
    expect((await usageRows(who.licenseId)).map((row) => row.day)).toEqual([ago(app, 2)]);
  });
});

describe('deleting what is older than the retention (cron)', () => {
  quietCronLogs();

  it('deletes month rows, product totals and batch ids past their time, and keeps the rest', async () => {
    const app = accountApp();
    const who = await licensee(app, 'Standard');
    const device = newDeviceId();
    await activateOk(app, who.key, { deviceId: device, deviceName: 'Studio' });
    const ref = await usageRefOf(who, device);
    const now = app.clock.now;
    // A device that stopped reporting: its old day makes it due, and its old batch ids go too.
    await seedUsageRow(who, device, ago(app, featureUsage.dailyForDays + 3), { cad_import: 1 });
    const today = dayNumber(now);
    const keptMonth = oldestKeptMonth(today);
    const monthBefore = (month: number) =>
      month % 100 === 1 ? (Math.trunc(month / 100) - 1) * 100 + 12 : month - 1;
    for (const month of [monthBefore(keptMonth), keptMonth]) {
      await env.DB.prepare(
        'INSERT INTO usage_months (month, device_ref, cad_import) VALUES (?, ?, 1)',
      )
        .bind(month, ref)
        .run();
    }
    const oldTotal = today - retentionDays.usageLogs - 1;
    for (const day of [oldTotal, today - retentionDays.usageLogs + 1]) {
      await env.DB.prepare('INSERT INTO usage_totals (day, devices) VALUES (?, 1)').bind(day).run();
    }
    const keep = featureUsage.batchKeepDays;
    for (const [batch, day] of [
      [1, today - keep - 1],
      [2, today - keep + 1],
    ] as const) {
      await env.DB.prepare(
        'INSERT INTO usage_reports (device_ref, batch, received_day) VALUES (?, ?, ?)',
      )
        .bind(ref, batch, day)
        .run();
    }

    const first = await pruneFeatureUsage({ db: testDb(), now });
    const again = await pruneFeatureUsage({ db: testDb(), now });

    expect(first).toMatchObject({ usageMonths: 1, usageTotals: 1, usageReports: 1 });
    expect(again).toMatchObject({ usageMonths: 0, usageTotals: 0, usageReports: 0 });
    expect(
      (await usageMonthRows(who.licenseId)).map((row) => row.month).filter((m) => m <= keptMonth),
    ).toEqual([keptMonth]);
    expect(await queryAll('SELECT batch FROM usage_reports WHERE device_ref = ?', ref)).toEqual([
      { batch: 2 },
    ]);
    expect(
      (await queryAll<{ day: number }>('SELECT day FROM usage_totals')).map((row) => row.day),
    ).not.toContain(oldTotal);
  });

  it('keeps no month whose first day is older than the retention', () => {
    for (const date of ['2026-01-01', '2026-03-15', '2026-12-31', '2027-02-28']) {
      const today = dayNumber(Date.parse(`${date}T12:00:00Z`));
      const kept = oldestKeptMonth(today);
      const firstDay = Date.UTC(Math.trunc(kept / 100), (kept % 100) - 1, 1);
      expect(dayNumber(firstDay)).toBeGreaterThanOrEqual(today - retentionDays.usageLogs);
      // …and the month before it would be too old.
      expect(dayNumber(Date.UTC(Math.trunc(kept / 100), (kept % 100) - 2, 1))).toBeLessThan(
        today - retentionDays.usageLogs,
      );
    }
  });
});

describe('the product totals the console reads', () => {
  it('count each device once a day and each command once per device and day', async () => {
    const app = accountApp();
    const who = await licensee(app, 'Standard');
    const deviceId = newDeviceId();
    await activateOk(app, who.key, { deviceId, deviceName: 'Studio' });
    const day = ago(app, 12);
    const totals = () =>
      queryAll<{ devices: number; cad_import: number; cad_import_devices: number }>(
        'SELECT devices, cad_import, cad_import_devices FROM usage_totals WHERE day = ?',
        dayNumber(Date.parse(`${day}T00:00:00Z`)),
      );
    const start = (await totals())[0] ?? { devices: 0, cad_import: 0, cad_import_devices: 0 };

    for (const count of [2, 5]) {
      const response = await reportUsage(
        app,
        { key: who.key, deviceId },
        { events: [{ feature: 'cad-import', day, count }] },
      );
      expect(response.status).toBe(200);
    }

    expect(await totals()).toEqual([
      {
        devices: start.devices + 1,
        cad_import: start.cad_import + 7,
        cad_import_devices: start.cad_import_devices + 1,
      },
    ]);
  });
});

describe('reading by key', () => {
  async function plan(statement: { toSQL(): { sql: string; params: unknown[] } }) {
    const { sql, params } = statement.toSQL();
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    return results.map((row) => row.detail);
  }
  const scansUsage = (lines: string[]) =>
    lines.filter((line) => /^SCAN /.test(line) && !/^SCAN (v|CONSTANT ROW)$/.test(line));

  it('the retention job and the dashboard reads never scan a usage table', async () => {
    const db = testDb();
    const today = dayNumber(Date.now());
    const statements = [
      ...foldStatements(db, today - 90, today - 35, 100),
      ...usageQueries(db, eq(devices.userId, 'someone'), Date.now(), 365),
      ...usageQueries(db, eq(devices.userId, 'someone'), Date.now(), 30),
    ];
    for (const statement of statements) {
      const lines = await plan(statement);
      expect(lines.join('\n')).toMatch(/SEARCH (usage_\w+|devices|u) USING (PRIMARY KEY|INDEX)/);
      expect(scansUsage(lines)).toEqual([]);
    }
  });
});
