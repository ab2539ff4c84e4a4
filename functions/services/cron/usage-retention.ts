/**
 * Feature-usage retention (docs/product-rules.md), each step reading a key or an index:
 * - received batch ids are kept `featureUsage.batchKeepDays` (longer than a report may reach back,
 *   so a late retry still counts once);
 * - day rows older than `featureUsage.dailyForDays` are folded into their calendar month (added to
 *   the month row, then deleted, in one D1 batch), at most `FOLD_DAYS_PER_RUN` days a run, the
 *   oldest first, so a backlog clears over a few hourly runs without one long statement;
 * - nothing is kept past `retentionDays.usageLogs` (the privacy policy's usage logs): a month row
 *   goes as soon as its month's first day is that old, a day of the product totals when it is.
 * Idempotent: a second run at the same time finds nothing left to fold or delete.
 */
import { and, asc, getTableColumns, gte, lt, sql } from 'drizzle-orm';
import { featureUsage, retentionDays } from '../../../src/site.config';
import {
  usageDayColumns,
  usageDays,
  usageMonthColumns,
  usageMonths,
  usageReports,
  usageTotals,
} from '../../db/schema';
import { dayNumber, monthOfDay } from '../core/usage/usage-store';
import type { Db } from '../shared/db';
import type { Deps } from '../shared/deps';
import type { JobCounts } from './job';

/** Days folded into months by one run (a day is a few hundred thousand rows at full scale). */
export const FOLD_DAYS_PER_RUN = 3;

/** The month (yyyymm) of a day number, in SQL. */
const monthSql = sql`cast(strftime('%Y%m', ${usageDays.day} * 86400, 'unixepoch') as integer)`;

/** Adds the day rows of days `from` … `to - 1` to their month rows, then deletes them. */
export function foldStatements(db: Db, from: number, to: number) {
  const inRange = and(gte(usageDays.day, from), lt(usageDays.day, to));
  const sums = featureUsage.features.map(({ slug }) => sql`sum(${usageDayColumns[slug]})`);
  const set = Object.fromEntries(
    featureUsage.features.map(({ slug }) => {
      const column = usageMonthColumns[slug].name;
      return [monthKeys.get(column) ?? column, sql.raw(`${column} + excluded.${column}`)];
    }),
  );
  return [
    // drizzle names the month table's columns in order: month, device_ref, then the counts in
    // `features` order, as selected here. `where true` keeps ON CONFLICT from reading as a join.
    db
      .insert(usageMonths)
      .select(
        sql`select ${monthSql}, ${usageDays.deviceRef}, ${sql.join(sums, sql`, `)}
        from ${usageDays} where ${inRange} group by 1, 2`,
      )
      .onConflictDoUpdate({ target: [usageMonths.month, usageMonths.deviceRef], set }),
    db.delete(usageDays).where(inRange),
  ] as const;
}

/** The month table's schema property of each column, by the column's SQL name. */
const monthKeys = new Map(
  Object.entries(getTableColumns(usageMonths)).map(([key, column]) => [column.name, key]),
);

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

export async function pruneFeatureUsage({ db, now }: Pick<Deps, 'db' | 'now'>): Promise<JobCounts> {
  const today = dayNumber(now);
  const deletes = [
    db.delete(usageReports).where(lt(usageReports.receivedDay, today - featureUsage.batchKeepDays)),
    db.delete(usageMonths).where(lt(usageMonths.month, oldestKeptMonth(today))),
    db.delete(usageTotals).where(lt(usageTotals.day, today - retentionDays.usageLogs)),
  ] as const;
  // The day table's key starts with the day: its oldest row is the first entry of the B-tree.
  const [oldest] = await db
    .select({ day: usageDays.day })
    .from(usageDays)
    .orderBy(asc(usageDays.day))
    .limit(1);
  const foldBefore = today - featureUsage.dailyForDays;
  if (oldest && oldest.day < foldBefore) {
    const to = Math.min(foldBefore, oldest.day + FOLD_DAYS_PER_RUN);
    const [, folded, reports, months, totals] = await db.batch([
      ...foldStatements(db, oldest.day, to),
      ...deletes,
    ]);
    return counts(reports, months, totals, folded.meta.changes);
  }
  const [reports, months, totals] = await db.batch(deletes);
  return counts(reports, months, totals, 0);
}

type Changed = { meta: { changes: number } };

function counts(reports: Changed, months: Changed, totals: Changed, folded: number): JobCounts {
  return {
    usageReports: reports.meta.changes,
    usageDaysFolded: folded,
    usageMonths: months.meta.changes,
    usageTotals: totals.meta.changes,
  };
}
