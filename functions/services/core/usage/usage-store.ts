/**
 * How feature usage is stored and read back (the tables `usage_days`, `usage_months`,
 * `usage_totals` and `usage_reports`), for every feature that shows it: Usage & Sessions, the
 * team's utilization, the console's adoption, the retention cron.
 *
 * Storage is shaped for a million customers: every key is an integer (a day number, a month as
 * yyyymm, a device's `usage_ref`), tables are WITHOUT ROWID. The day table's key starts with the
 * device: a customer's days are one short range per device (at most the daily window's rows), and
 * the cron folds a device's old days in the same range, finding the devices that have some
 * through `devices.usage_oldest_day`. The month table's key starts with the month, so old months
 * go as one range; a customer's months are read by seeking each of the last 13 for each of their
 * devices (`month IN (…)`, our own integers written into the SQL: D1 binds at most 100
 * parameters a statement).
 */
import {
  and,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { featureUsage } from '../../../../src/site.config';
import type { FeatureSlug } from '../../../../src/config/feature-usage';
import {
  devices,
  usageDayColumns,
  usageDays,
  usageMonthColumns,
  usageMonths,
  usageReports,
  usageTotalColumns,
  usageTotalDeviceColumns,
  usageTotals,
} from '../../../db/schema';
import { DAY_MS, type Db, type Millis } from '../../shared/db';

const { features, dailyForDays } = featureUsage;

/** The schema's property of a column, by the column's SQL name. */
export function propertyOf(table: Parameters<typeof getTableColumns>[0]) {
  const byName = new Map(
    Object.entries(getTableColumns(table)).map(([key, column]) => [column.name, key]),
  );
  return (name: string) => {
    const key = byName.get(name);
    if (!key) throw new Error(`No column ${name}`);
    return key;
  };
}
/** The day number (days since 1970-01-01, UTC) of a time. */
export const dayNumber = (ms: Millis): number => Math.floor(ms / DAY_MS);

/** The day number of a `YYYY-MM-DD` day. */
export const dayNumberOf = (day: string): number =>
  Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);

/** `YYYY-MM-DD` of a day number. */
export const isoDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The month (yyyymm) a day number falls in. */
export function monthOfDay(day: number): number {
  const date = new Date(day * DAY_MS);
  return date.getUTCFullYear() * 100 + date.getUTCMonth() + 1;
}

/** `YYYY-MM` of a yyyymm month. */
export const isoMonth = (month: number): string =>
  `${Math.trunc(month / 100)}-${String(month % 100).padStart(2, '0')}`;

/** The `count` months up to and including the one holding `day`, newest first (yyyymm). */
export function monthsBack(day: number, count: number): number[] {
  const date = new Date(day * DAY_MS);
  return Array.from({ length: count }, (_, i) => {
    const at = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - i, 1));
    return at.getUTCFullYear() * 100 + at.getUTCMonth() + 1;
  });
}

/** Integers of our own as an SQL list, for `IN (…)`. */
export function integerList(values: readonly number[]): SQL {
  for (const value of values)
    if (!Number.isSafeInteger(value)) throw new Error(`Not an integer: ${value}`);
  return sql.raw(values.length === 0 ? '(null)' : `(${values.join(', ')})`);
}

/** The months the month table may hold at `today` (the retention's year and the current month). */
export const monthlyWindow = (today: number): number[] => monthsBack(today, 13);

/**
 * Where a range of the last `days` days starts, per table: every day row from `fromDay` on, and
 * (when the range reaches past the daily days) every month row from `fromMonth` on — whole
 * months, so the month the range starts in counts in full.
 */
export function rangeStart(today: number, days: number) {
  const fromDay = today - (days - 1);
  return {
    fromDay,
    fromMonth: days > dailyForDays ? monthOfDay(fromDay) : null,
  };
}

/** Per command: its uses where `when` holds. */
function sumsWhere(columns: Record<FeatureSlug, SQLiteColumn>, when: SQL) {
  return Object.fromEntries(
    features.map(({ slug }) => [
      slug,
      sql<number>`coalesce(sum(case when ${when} then ${columns[slug]} else 0 end), 0)`.mapWith(
        Number,
      ),
    ]),
  );
}

/** Per command: the last period (day number or month) it was used, or null. */
function lastsOf(columns: Record<FeatureSlug, SQLiteColumn>, period: SQLiteColumn) {
  return Object.fromEntries(
    features.map(({ slug }) => [
      `last:${slug}`,
      sql<number | null>`max(case when ${columns[slug]} > 0 then ${period} end)`,
    ]),
  );
}

/** The `usage_ref`s of the devices `which` selects (e.g. an account's, a license's). */
export function deviceRefs(db: Db, which: SQL | undefined) {
  return db
    .select({ ref: devices.usageRef })
    .from(devices)
    .where(and(which, isNotNull(devices.usageRef)));
}

/**
 * Per device (usage_ref) of `refs`: each command's uses from `fromDay` on, and the last day it
 * was used (the device's whole range of days).
 */
export function dayUsageQuery(db: Db, refs: SQLWrapper, fromDay: number) {
  return db
    .select({
      ref: usageDays.deviceRef,
      ...sumsWhere(usageDayColumns, sql`${usageDays.day} >= ${sql.raw(String(fromDay))}`),
      ...lastsOf(usageDayColumns, usageDays.day),
    })
    .from(usageDays)
    .where(inArray(usageDays.deviceRef, refs))
    .groupBy(usageDays.deviceRef);
}

/**
 * Per device of `refs`: each command's uses in the months from `fromMonth` on (none when null),
 * and the last month it was used, over the month table's window.
 */
export function monthUsageQuery(db: Db, refs: SQLWrapper, today: number, fromMonth: number | null) {
  const counted =
    fromMonth === null ? sql`0` : sql`${usageMonths.month} >= ${sql.raw(String(fromMonth))}`;
  return db
    .select({
      ref: usageMonths.deviceRef,
      ...sumsWhere(usageMonthColumns, counted),
      ...lastsOf(usageMonthColumns, usageMonths.month),
    })
    .from(usageMonths)
    .where(
      and(
        sql`${usageMonths.month} in ${integerList(monthlyWindow(today))}`,
        inArray(usageMonths.deviceRef, refs),
      ),
    )
    .groupBy(usageMonths.deviceRef);
}

/** One device's use: its counts per command and the last day (or month) each was used. */
export interface DeviceUsage {
  counts: number[];
  /** `YYYY-MM-DD`, or `YYYY-MM` once that day has been folded into its month; null if never. */
  lastUsed: (string | null)[];
}

type UsageRow = Record<string, unknown> & { ref: number };

/**
 * The answers of `dayUsageQuery` and `monthUsageQuery`, merged per device ref: counts add, the
 * last use is the day when there is one (days are always newer than folded months).
 */
export function mergeUsage(
  dayRows: readonly UsageRow[],
  monthRows: readonly UsageRow[],
): Map<number, DeviceUsage> {
  const merged = new Map<number, DeviceUsage>();
  const entry = (ref: number) => {
    let found = merged.get(ref);
    if (!found) {
      found = { counts: features.map(() => 0), lastUsed: features.map(() => null) };
      merged.set(ref, found);
    }
    return found;
  };
  for (const row of monthRows) {
    const usage = entry(row.ref);
    features.forEach(({ slug }, i) => {
      usage.counts[i] = (usage.counts[i] ?? 0) + Number(row[slug] ?? 0);
      const last = row[`last:${slug}`];
      if (last !== null && last !== undefined) usage.lastUsed[i] = isoMonth(Number(last));
    });
  }
  for (const row of dayRows) {
    const usage = entry(row.ref);
    features.forEach(({ slug }, i) => {
      usage.counts[i] = (usage.counts[i] ?? 0) + Number(row[slug] ?? 0);
      const last = row[`last:${slug}`];
      if (last !== null && last !== undefined) usage.lastUsed[i] = isoDay(Number(last));
    });
  }
  return merged;
}

/** Adds `b` into `a`: counts summed, the later last use kept (ISO strings compare as dates). */
export function addUsage(a: DeviceUsage, b: DeviceUsage): DeviceUsage {
  return {
    counts: a.counts.map((count, i) => count + (b.counts[i] ?? 0)),
    lastUsed: a.lastUsed.map((last, i) => {
      const other = b.lastUsed[i] ?? null;
      return last === null || (other !== null && other > last) ? other : last;
    }),
  };
}

/**
 * Deletes every usage row of the devices `which` selects (an account being purged), by key:
 * before the devices themselves go, since their `usage_ref` is how the rows are found.
 */
export function usageDeletes(db: Db, which: SQL, now: Millis) {
  const today = dayNumber(now);
  const refs = deviceRefs(db, which);
  return [
    db.delete(usageDays).where(inArray(usageDays.deviceRef, refs)),
    db
      .delete(usageMonths)
      .where(
        and(
          sql`${usageMonths.month} in ${integerList(monthlyWindow(today))}`,
          inArray(usageMonths.deviceRef, refs),
        ),
      ),
    db.delete(usageReports).where(inArray(usageReports.deviceRef, refs)),
  ] as const;
}

/**
 * The product's daily totals from `fromDay` on (a row a day, by its key): devices with use, and per
 * command its uses (`uses:<slug>`) and devices (`devices:<slug>`).
 */
export function usageTotalsQuery(db: Db, fromDay: number) {
  return db
    .select({
      day: usageTotals.day,
      devices: usageTotals.devices,
      ...Object.fromEntries(
        features.flatMap(({ slug }) => [
          [`uses:${slug}`, usageTotalColumns[slug]],
          [`devices:${slug}`, usageTotalDeviceColumns[slug]],
        ]),
      ),
    })
    .from(usageTotals)
    .where(gte(usageTotals.day, fromDay));
}

/**
 * Per device of `refs`: each command's uses on the days `fromDay` … `toDay` still kept as days,
 * and in the listed months (a calendar month is its days still kept as days plus its folded row:
 * together, exactly the month). Two statements, both read by key.
 */
export function usageInPeriods(
  db: Db,
  refs: SQLWrapper,
  days: { fromDay: number; toDay: number },
  months: readonly number[],
) {
  const all = sql`1`;
  return [
    db
      .select({ ref: usageDays.deviceRef, ...sumsWhere(usageDayColumns, all) })
      .from(usageDays)
      .where(
        and(
          inArray(usageDays.deviceRef, refs),
          sql`${usageDays.day} between ${sql.raw(String(days.fromDay))} and ${sql.raw(String(days.toDay))}`,
        ),
      )
      .groupBy(usageDays.deviceRef),
    db
      .select({ ref: usageMonths.deviceRef, ...sumsWhere(usageMonthColumns, all) })
      .from(usageMonths)
      .where(
        and(
          sql`${usageMonths.month} in ${integerList(months)}`,
          inArray(usageMonths.deviceRef, refs),
        ),
      )
      .groupBy(usageMonths.deviceRef),
  ] as const;
}

/** The first and last day numbers of a calendar month (yyyymm). */
export function daysOfMonth(month: number): { fromDay: number; toDay: number } {
  const year = Math.trunc(month / 100);
  const first = dayNumber(Date.UTC(year, (month % 100) - 1, 1));
  const next = dayNumber(Date.UTC(year, month % 100, 1));
  return { fromDay: first, toDay: next - 1 };
}

/**
 * The use of the devices `which` selects over the last `days` days, per device ref, read by key
 * from the day and month tables.
 */
export function usageQueries(db: Db, which: SQL | undefined, now: Millis, days: number) {
  const today = dayNumber(now);
  const { fromDay, fromMonth } = rangeStart(today, days);
  const refs = deviceRefs(db, which);
  return [dayUsageQuery(db, refs, fromDay), monthUsageQuery(db, refs, today, fromMonth)] as const;
}
