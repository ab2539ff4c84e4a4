/**
 * Feature usage: the plugin's daily reports (POST /api/usage/report) and what Usage & Sessions
 * shows of them (GET /api/usage/features). A report is stored as daily totals, one row per device
 * and UTC day with a count per command (usage_days, see core/usage/usage-store.ts), added to by
 * ONE upsert per report; the product's daily totals (usage_totals) by one more; the report's
 * batch id is written in the same D1 batch under a UNIQUE constraint, so a batch counts once
 * however often or concurrently it is sent. The dashboard's numbers are SQL sums over an
 * account's rows, read by key, never a scan.
 */
import type { BatchItem } from 'drizzle-orm/batch';
import { and, desc, eq, getTableColumns, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { UsageReportMessages } from '../../../src/contract/catalogue';
import { ApiMessages } from '../../../src/contract/messages';
import type {
  UsageEvent,
  UsageReportBody,
  UsageReportResponse,
} from '../../../src/contract/schemas/usage-report';
import type { FeatureUsageDevice, FeatureUsageView } from '../../../src/contract/usage';
import { featureUsage } from '../../../src/site.config';
import type { FeatureSlug, UsageRange } from '../../../src/config/feature-usage';
import {
  devices,
  usageDayColumns,
  usageDays,
  usageReports,
  usageTotalColumns,
  usageTotalDeviceColumns,
  usageTotals,
  users,
} from '../../db/schema';
import { fail } from '../../lib/errors';
import { checkDevice } from '../core/licenses/plugin-calls';
import {
  addUsage,
  dayNumber,
  dayNumberOf,
  isoDay,
  mergeUsage,
  rangeStart,
  type DeviceUsage,
  propertyOf,
  usageQueries,
} from '../core/usage/usage-store';
import { DAY_MS, isUniqueViolation, utcDay, type Db, type Millis } from '../shared/db';
import type { Deps } from '../shared/deps';

const { features, maxCountPerDay } = featureUsage;

/** The cap in words, made on first use (an isolate's first Intl call loads its locale data). */
const capText = () => maxCountPerDay.toLocaleString('en-US');

/** Counts per day and command, summed over the events (a plugin may send a pair twice). */
export type DayCounts = Map<string, Map<FeatureSlug, number>>;

/**
 * Refuses (400, a plain message) a day outside the accepted window — more than
 * `reportDaysBack` days ago, or after tomorrow (UTC: the plugin dates by its own time zone) —
 * and a command's count for one day above the cap once the report's events are summed.
 */
export function sumReport(events: readonly UsageEvent[], now: Millis): DayCounts {
  const oldest = utcDay(now - featureUsage.reportDaysBack * DAY_MS);
  const newest = utcDay(now + featureUsage.reportDaysAhead * DAY_MS);
  const days: DayCounts = new Map();
  for (const { feature, day, count } of events) {
    if (day < oldest) {
      throw fail('VALIDATION_FAILED', {
        message: ApiMessages.usageDayTooOld(day, featureUsage.reportDaysBack),
      });
    }
    if (day > newest) {
      throw fail('VALIDATION_FAILED', { message: ApiMessages.usageDayInFuture(day) });
    }
    const counts = days.get(day) ?? new Map<FeatureSlug, number>();
    const sum = (counts.get(feature) ?? 0) + count;
    if (sum > maxCountPerDay) {
      throw fail('VALIDATION_FAILED', {
        message: ApiMessages.usageCountOverCap(feature, day, capText()),
      });
    }
    days.set(day, counts.set(feature, sum));
  }
  return days;
}

const dayProperty = propertyOf(usageDays);
const totalProperty = propertyOf(usageTotals);

/**
 * The select list of an INSERT … SELECT into `table`: drizzle names every column of the table, in
 * the table's order, so the values follow it.
 */
function selectList(table: Parameters<typeof getTableColumns>[0], values: Map<string, SQL>): SQL {
  const list = Object.values(getTableColumns(table)).map((column) => {
    const value = values.get(column.name);
    if (!value) throw new Error(`No value for ${column.name}`);
    return value;
  });
  return sql.join(list, sql`, `);
}

/**
 * A report's days as SQL VALUES rows: the day number, then the counts in `features` order
 * (checked integers written into the SQL: D1 binds at most 100 parameters a statement). Days
 * whose counts are all zero add nothing and are left out.
 */
function valuesRows(days: DayCounts): SQL | undefined {
  const rows: SQL[] = [];
  for (const [day, counts] of days) {
    if ([...counts.values()].every((count) => count === 0)) continue;
    const numbers = [dayNumberOf(day), ...features.map(({ slug }) => counts.get(slug) ?? 0)];
    for (const value of numbers) if (!Number.isSafeInteger(value)) throw new Error(`Bad ${value}`);
    rows.push(sql.raw(`(${numbers.join(', ')})`));
  }
  return rows.length === 0 ? undefined : sql.join(rows, sql`, `);
}

/** The earliest day number of a report's days. */
function oldestOf(days: DayCounts): number {
  return Math.min(...[...days.keys()].map(dayNumberOf));
}

/** The VALUES column of a command's count (column1 is the day). */
const valueOf = (index: number) => sql.raw(`v.column${index + 2}`);

/**
 * Adds a report to the product's daily totals. Runs before the device's day rows change, so it
 * can tell what is new: a device's first use on a day counts it once in `devices`, and its first
 * use of a command that day once in the command's devices; uses add as the day row will (capped).
 * Nothing when `ref` is NULL (the report is not to be stored).
 */
function addTotalsStatement(db: Db, ref: SQL, rows: SQL) {
  const values = new Map<string, SQL>([
    ['day', sql.raw('v.column1')],
    ['devices', sql`(d.day is null)`],
  ]);
  features.forEach(({ slug }, index) => {
    const column = usageDayColumns[slug].name;
    const before = sql.raw(`coalesce(d.${column}, 0)`);
    values.set(
      column,
      sql`min(${before} + ${valueOf(index)}, ${sql.raw(String(maxCountPerDay))}) - ${before}`,
    );
    values.set(usageTotalDeviceColumns[slug].name, sql`(${valueOf(index)} > 0 and ${before} = 0)`);
  });
  const set: Record<string, SQL> = { devices: sql.raw('devices + excluded.devices') };
  for (const { slug } of features) {
    for (const column of [usageTotalColumns[slug].name, usageTotalDeviceColumns[slug].name]) {
      set[totalProperty(column)] = sql.raw(`${column} + excluded.${column}`);
    }
  }
  // The WHERE also keeps SQLite from reading ON CONFLICT as a join constraint.
  return db
    .insert(usageTotals)
    .select(
      sql`select ${selectList(usageTotals, values)}
      from (values ${rows}) as v
      left join usage_days as d on d.day = v.column1 and d.device_ref = ${ref}
      where ${ref} is not null`,
    )
    .onConflictDoUpdate({ target: usageTotals.day, set });
}

/** Adds a report's counts to the device's day rows, each count capped; nothing when `ref` is NULL. */
function addCountsStatement(db: Db, ref: SQL, rows: SQL) {
  const values = new Map<string, SQL>([
    ['day', sql.raw('v.column1')],
    ['device_ref', ref],
  ]);
  features.forEach(({ slug }, index) => values.set(usageDayColumns[slug].name, valueOf(index)));
  const set = Object.fromEntries(
    features.map(({ slug }) => {
      const column = usageDayColumns[slug].name;
      return [
        dayProperty(column),
        sql.raw(`min(${column} + excluded.${column}, ${maxCountPerDay})`),
      ];
    }),
  );
  return db
    .insert(usageDays)
    .select(
      sql`select ${selectList(usageDays, values)} from (values ${rows}) as v where ${ref} is not null`,
    )
    .onConflictDoUpdate({ target: [usageDays.day, usageDays.deviceRef], set });
}

/** The first 64 bits of the batch id's SHA-256, as a signed integer (SQLite's INTEGER). */
async function batchHash(batchId: string): Promise<bigint> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(batchId));
  return new DataView(digest).getBigInt64(0);
}

/**
 * The writes of one report, in the license check's D1 batch (a transaction), each conditional on
 * `usable`: SQL for the id of the device's active row when the check passes, else NULL. Nothing
 * is written for a NULL, nor when the account does not share usage. They give the device its usage_ref on its
 * first report, write the batch id under its UNIQUE key, add to the product totals, then to the
 * device's day rows. A batch id already taken fails the whole batch, which then wrote nothing.
 */
export function reportStatements(
  db: Db,
  report: { usable: SQL; batch: bigint; days: DayCounts; now: Millis },
): [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]] {
  const { days, now } = report;
  const device = sql`(select d.id from devices as d join users as u on u.id = d.user_id
    where d.id = ${report.usable} and u.share_usage)`;
  const ref = sql`(select usage_ref from devices where id = ${device})`;
  const rows = valuesRows(days);
  const counts = rows
    ? [
        addTotalsStatement(db, ref, rows),
        addCountsStatement(db, ref, rows),
        // The cron finds the devices with days to fold by their oldest day.
        db
          .update(devices)
          .set({
            usageOldestDay: sql`min(coalesce(${devices.usageOldestDay}, ${oldestOf(days)}), ${oldestOf(days)})`,
          })
          .where(sql`${devices.id} = ${device}`),
      ]
    : [];
  return [
    // The next free ref, from the partial UNIQUE index's largest entry; D1 runs one write at a
    // time, and the UNIQUE index would refuse a duplicate anyway.
    db
      .update(devices)
      .set({
        usageRef: sql`coalesce((select r.usage_ref from devices as r where r.usage_ref is not null order by r.usage_ref desc limit 1), 0) + 1`,
      })
      .where(and(sql`${devices.id} = ${device}`, isNull(devices.usageRef))),
    // This device's batch ids past their time go with its own report: its key range, no index.
    db
      .delete(usageReports)
      .where(
        and(
          eq(usageReports.deviceRef, ref),
          lt(usageReports.receivedDay, dayNumber(now) - featureUsage.batchKeepDays),
        ),
      ),
    // The hash is bound as text: SQLite stores it as the INTEGER it spells (the column's affinity).
    db
      .insert(usageReports)
      .select(
        sql`select ${ref}, ${String(report.batch)}, ${dayNumber(now)} where ${ref} is not null`,
      ),
    ...counts,
  ];
}

/**
 * POST /api/usage/report, in one D1 round trip: the license check (validate's, with its
 * statuses) and the report's writes, which take effect only when the license is valid on the
 * device and the account shares usage. An account that turned sharing off is acknowledged and
 * nothing is stored; a batch id seen before (a retry, or the same batch sent concurrently) fails
 * that batch and is acknowledged, counted once, after a second check.
 */
export async function reportUsage(deps: Deps, body: UsageReportBody): Promise<UsageReportResponse> {
  const { db, now } = deps;
  const days = sumReport(body.events, now);
  const batch = await batchHash(body.batchId);
  let received = true;
  let checked;
  try {
    checked = await checkDevice(deps, body, (usable) =>
      reportStatements(db, { usable, batch, days, now }),
    );
  } catch (error) {
    if (!isUniqueViolation(error, 'usage_reports.device_ref')) throw error;
    received = false;
    checked = await checkDevice(deps, body);
  }
  if (!checked.ok) {
    const { status, message, license } = checked;
    return license ? { status, message, license } : { status, message };
  }
  if (!checked.keyed.shareUsage) {
    return { status: 'VALID', message: UsageReportMessages.notShared, usageReporting: false };
  }
  return {
    status: 'VALID',
    message: received ? UsageReportMessages.received : UsageReportMessages.alreadyReceived,
    usageReporting: true,
  };
}

/** GET /api/usage/features: the signed-in customer's feature use over the last `days` days. */
export async function featureUsageView(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  userId: string,
  days: UsageRange,
): Promise<FeatureUsageView> {
  const today = dayNumber(now);
  const [inDays, inMonths] = usageQueries(db, eq(devices.userId, userId), now, days);
  // One round trip, each statement reading by key.
  const [dayRows, monthRows, names, [account]] = await db.batch([
    inDays,
    inMonths,
    db
      .select({ ref: devices.usageRef, deviceId: devices.deviceId, deviceName: devices.deviceName })
      .from(devices)
      .where(and(eq(devices.userId, userId), isNotNull(devices.usageRef)))
      .orderBy(desc(devices.activatedAt)),
    db.select({ shareUsage: users.shareUsage }).from(users).where(eq(users.id, userId)).limit(1),
  ]);
  const usage = mergeUsage(dayRows, monthRows);
  // A device activated more than once has a ref per activation: shown as one device, under its
  // newest name.
  const byDevice = new Map<string, { deviceName: string; usage: DeviceUsage }>();
  for (const row of names) {
    const found = row.ref === null ? undefined : usage.get(row.ref);
    if (!found) continue;
    const seen = byDevice.get(row.deviceId);
    byDevice.set(
      row.deviceId,
      seen
        ? { deviceName: seen.deviceName, usage: addUsage(seen.usage, found) }
        : { deviceName: row.deviceName, usage: found },
    );
  }
  const views: FeatureUsageDevice[] = [...byDevice].map(([deviceId, { deviceName, usage }]) => ({
    deviceId,
    deviceName,
    counts: usage.counts,
    lastUsed: usage.lastUsed,
  }));
  const total = (view: FeatureUsageDevice) => view.counts.reduce((a, b) => a + b, 0);
  views.sort((a, b) => total(b) - total(a) || a.deviceName.localeCompare(b.deviceName));
  return {
    days,
    from: isoDay(rangeStart(today, days).fromDay),
    to: isoDay(today),
    shareUsage: account?.shareUsage ?? true,
    devices: views,
  };
}
