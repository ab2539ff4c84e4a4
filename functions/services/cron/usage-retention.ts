/**
 * Feature-usage retention (docs/product-rules.md), each step reading a key or an index:
 * - day rows older than `featureUsage.dailyForDays` are folded into their calendar month (added to
 *   the device's month row, then deleted, in one D1 batch), for at most `FOLD_DEVICES_PER_RUN`
 *   devices a run, found through `devices.usage_oldest_day` (oldest first), each device's old days
 *   being one range of the day table's key; their batch ids past `featureUsage.batchKeepDays` go
 *   with them (a device that still reports prunes its own with every report);
 * - nothing is kept past `retentionDays.usageLogs` (the privacy policy's usage logs): a month row
 *   goes as soon as its month's first day is that old, a day of the product totals when it is.
 * Idempotent: a second run at the same time finds nothing left to fold or delete.
 */
import { and, asc, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { featureUsage, retentionDays } from '../../../src/site.config';
import {
  devices,
  usageDayColumns,
  usageDays,
  usageMonthColumns,
  usageMonths,
  usageReports,
  usageTotals,
} from '../../db/schema';
import { dayNumber, monthOfDay, propertyOf } from '../core/usage/usage-store';
import type { Db } from '../shared/db';
import type { Deps } from '../shared/deps';
import type { JobCounts } from './job';

/** Devices folded by one run: at full scale, a day's worth of devices over a few hourly runs. */
export const FOLD_DEVICES_PER_RUN = 20_000;

/** The month (yyyymm) of a day number, in SQL. */
const monthSql = sql`cast(strftime('%Y%m', ${usageDays.day} * 86400, 'unixepoch') as integer)`;

const monthProperty = propertyOf(usageMonths);

/**
 * The batch that folds the day rows before `foldBefore` of the (at most `limit`) devices whose
 * oldest day is before it, oldest first: add them to the month rows, delete them and the devices'
 * batch ids older than `keepFrom`, then set each device's oldest day to what is left (null: none).
 * Every statement names the same devices: their oldest day changes only in the last one.
 */
export function foldStatements(db: Db, foldBefore: number, keepFrom: number, limit: number) {
  const due = db
    .select({ ref: devices.usageRef })
    .from(devices)
    .where(lt(devices.usageOldestDay, foldBefore))
    .orderBy(asc(devices.usageOldestDay))
    .limit(limit);
  const old = and(inArray(usageDays.deviceRef, due), lt(usageDays.day, foldBefore));
  const sums = featureUsage.features.map(({ slug }) => sql`sum(${usageDayColumns[slug]})`);
  const set = Object.fromEntries(
    featureUsage.features.map(({ slug }) => {
      const column = usageMonthColumns[slug].name;
      return [monthProperty(column), sql.raw(`${column} + excluded.${column}`)];
    }),
  );
  return [
    // drizzle names the month table's columns in order: month, device_ref, then the counts in
    // `features` order, as selected here. `where true` keeps ON CONFLICT from reading as a join.
    db
      .insert(usageMonths)
      .select(
        sql`select ${monthSql}, ${usageDays.deviceRef}, ${sql.join(sums, sql`, `)}
        from ${usageDays} where ${old} group by 1, 2`,
      )
      .onConflictDoUpdate({ target: [usageMonths.month, usageMonths.deviceRef], set }),
    db.delete(usageDays).where(old),
    db
      .delete(usageReports)
      .where(and(inArray(usageReports.deviceRef, due), lt(usageReports.receivedDay, keepFrom))),
    db
      .update(devices)
      .set({
        usageOldestDay: sql`(select min(u.day) from usage_days as u where u.device_ref = ${devices.usageRef})`,
      })
      .where(and(isNotNull(devices.usageRef), inArray(devices.usageRef, due))),
  ] as const;
}

/** The oldest month (yyyymm) kept at `today`: the first whose first day is within retention. */
export function oldestKeptMonth(today: number): number {
  const oldestDay = today - retentionDays.usageLogs;
  const month = monthOfDay(oldestDay);
  const firstOfMonth = new Date(oldestDay * 86_400_000).getUTCDate() === 1;
  // A month whose first day is older than the retention goes whole: the next one is the oldest.
  if (firstOfMonth) return month;
  const year = Math.trunc(month / 100);
  const next = (month % 100) + 1;
  return next > 12 ? (year + 1) * 100 + 1 : year * 100 + next;
}

export async function pruneFeatureUsage(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  limit = FOLD_DEVICES_PER_RUN,
): Promise<JobCounts> {
  const today = dayNumber(now);
  const [folded, unfolded, reports, , months, totals] = await db.batch([
    ...foldStatements(
      db,
      today - featureUsage.dailyForDays,
      today - featureUsage.batchKeepDays,
      limit,
    ),
    db.delete(usageMonths).where(lt(usageMonths.month, oldestKeptMonth(today))),
    db.delete(usageTotals).where(lt(usageTotals.day, today - retentionDays.usageLogs)),
  ]);
  return {
    usageMonthRowsAdded: folded.meta.changes,
    usageDaysFolded: unfolded.meta.changes,
    usageReports: reports.meta.changes,
    usageMonths: months.meta.changes,
    usageTotals: totals.meta.changes,
  };
}
