/**
 * Feature use over time (the usage-trend calls): per command its uses per day (30 days) or per
 * week (90 and 365 days), most used first, and the last 30 days against the 30 before, for an
 * account's devices (one or all), an organization's members together, or the whole product.
 *
 * Computed in SQL from the stored rows, grouped per point (a statement answers a row per point,
 * never a row per device and day), each statement read by key (usage-store.ts):
 * - a customer's or team's days come from `usage_days` (a short key range per device); days older
 *   than `featureUsage.dailyForDays` are kept only per calendar month (`usage_months`), so the
 *   365-day series starts with those whole months as points of their own, then weeks;
 * - the product's days come from `usage_totals` (a row a day, kept the whole retention), so its
 *   series is weeks throughout.
 * The change compares the last 30 days (today included) with the 30 before them, always from
 * days still kept as days.
 */
import { and, gte, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { featureUsage } from '../../../../src/site.config';
import type { FeatureSlug, UsageRange } from '../../../../src/config/feature-usage';
import {
  changePercent,
  type TrendCommand,
  type TrendUnit,
  type UsageTrend,
} from '../../../../src/contract/usage-trend';
import {
  usageDayColumns,
  usageDays,
  usageMonthColumns,
  usageMonths,
  usageTotalColumns,
  usageTotals,
} from '../../../db/schema';
import type { Db } from '../../shared/db';
import { daysOfMonth, integerList, isoDay, monthOfDay } from './usage-store';

const { features, dailyForDays } = featureUsage;

/** The days the change compares: the last `CHANGE_DAYS` against the same number before. */
export const CHANGE_DAYS = 30;
/** Periods up to this many days are drawn per day; longer ones per week. */
const DAILY_UP_TO = 30;

/** A point of the series: its first and last day numbers, its unit and its grouping key. */
export interface Bucket {
  from: number;
  to: number;
  unit: TrendUnit;
  /** The day number (days), the week number (weeks: `weekOf`), or yyyymm (months). */
  key: number;
}

/**
 * The week (Monday to Sunday, UTC) a day number falls in: day 0 (1970-01-01) was a Thursday, so
 * adding 3 makes each week's Monday a multiple of 7.
 */
export const weekOf = (day: number): number => Math.floor((day + 3) / 7);

/**
 * The points of the last `days` days up to `today`, oldest first. `keptFrom`: the oldest day still
 * kept as a day (null when every day is, as in the product totals); months before it become whole
 * month points (the month holding the day before it the last of them), and the weeks start the
 * next day. Weeks are cut at the period's ends: at most 53 for 365 days.
 */
export function trendBuckets(today: number, days: number, keptFrom: number | null): Bucket[] {
  const fromDay = today - (days - 1);
  if (days <= DAILY_UP_TO)
    return Array.from({ length: days }, (_, i) => ({
      from: fromDay + i,
      to: fromDay + i,
      unit: 'day',
      key: fromDay + i,
    }));
  const buckets: Bucket[] = [];
  let weeksFrom = fromDay;
  if (keptFrom !== null && fromDay < keptFrom) {
    const lastMonth = monthOfDay(keptFrom - 1);
    let month = monthOfDay(fromDay);
    while (month <= lastMonth) {
      const { fromDay: first, toDay: last } = daysOfMonth(month);
      buckets.push({ from: first, to: last, unit: 'month', key: month });
      month = monthOfDay(last + 1);
    }
    weeksFrom = daysOfMonth(lastMonth).toDay + 1;
  }
  for (let week = weekOf(weeksFrom); week <= weekOf(today); week++) {
    const from = Math.max(weeksFrom, week * 7 - 3);
    const to = Math.min(today, week * 7 + 3);
    if (from <= to) buckets.push({ from, to, unit: 'week', key: week });
  }
  return buckets;
}

/** Per command: the sum of its column where `when` holds (every row when undefined). */
function sums(columns: Record<FeatureSlug, SQLiteColumn>, when?: SQL, prefix = '') {
  return Object.fromEntries(
    features.map(({ slug }) => [
      `${prefix}${slug}`,
      (when
        ? sql<number>`coalesce(sum(case when ${when} then ${columns[slug]} else 0 end), 0)`
        : sql<number>`coalesce(sum(${columns[slug]}), 0)`
      )
        .mapWith(Number)
        .as(`${prefix}${slug}`),
    ]),
  );
}

const int = (value: number) => sql.raw(String(Math.trunc(value)));

/**
 * The grouping key of a stored day (`day`): its day number (a daily series), or its week, or the
 * yyyymm of its month before `weeksFrom`. A day reported ahead of today (the plugin's time zone)
 * counts in today's point.
 */
function keyOf(day: SQLWrapper, today: number, daily: boolean, weeksFrom: number): SQL<number> {
  const clamped = sql`min(${day}, ${int(today)})`;
  if (daily) return sql<number>`${clamped}`.mapWith(Number);
  return sql<number>`(case when ${clamped} < ${int(weeksFrom)}
    then cast(strftime('%Y%m', ${clamped} * 86400, 'unixepoch') as integer)
    else (${clamped} + 3) / 7 end)`.mapWith(Number);
}

/** What the statements of a trend answer, merged into the answer. */
interface TrendRows {
  /** A row per point: its key, whether it is a week or day (`dayKey` 1) or a month, the sums. */
  series: readonly (Record<string, unknown> & { key: number; dayKey: number })[];
  /** A row per month point read from the month table. */
  months?: readonly (Record<string, unknown> & { key: number })[];
  /** One row: the sums of the last 30 days (`last:<slug>`) and of the 30 before (`prev:<slug>`). */
  change: readonly Record<string, unknown>[];
}

/** The plan of one trend: its points and where they come from. */
export function trendPlan(today: number, days: UsageRange, keptFrom: number | null) {
  const buckets = trendBuckets(today, days, keptFrom);
  const firstWeekOrDay = buckets.find((bucket) => bucket.unit !== 'month');
  return {
    buckets,
    daily: days <= DAILY_UP_TO,
    /** The first day of the first day or week point. */
    weeksFrom: firstWeekOrDay?.from ?? today,
    /** The month points (yyyymm), read from the month table too. */
    months: buckets.filter((bucket) => bucket.unit === 'month').map((bucket) => bucket.key),
  };
}

/** The change's sums over `day`: `last:<slug>` the last 30 days, `prev:<slug>` the 30 before. */
function changeSums(columns: Record<FeatureSlug, SQLiteColumn>, day: SQLWrapper, today: number) {
  const recent = sql`${day} >= ${int(today - (CHANGE_DAYS - 1))}`;
  const before = sql`${day} < ${int(today - (CHANGE_DAYS - 1))}`;
  return { ...sums(columns, recent, 'last:'), ...sums(columns, before, 'prev:') };
}

/**
 * The statements of a customer's or team's trend over the devices whose `usage_ref`s `refs`
 * selects: the day table grouped per point, the month table grouped per month point, the change.
 */
export function deviceTrendStatements(db: Db, refs: SQLWrapper, today: number, days: UsageRange) {
  const plan = trendPlan(today, days, today - dailyForDays);
  const key = keyOf(usageDays.day, today, plan.daily, plan.weeksFrom);
  return {
    plan,
    statements: [
      db
        .select({
          key: key.as('key'),
          dayKey: sql<number>`max(${usageDays.day}) >= ${int(plan.weeksFrom)}`
            .mapWith(Number)
            .as('day_key'),
          ...sums(usageDayColumns),
        })
        .from(usageDays)
        .where(
          and(
            inArray(usageDays.deviceRef, refs),
            gte(usageDays.day, plan.buckets[0]?.from ?? today),
          ),
        )
        .groupBy(key),
      db
        .select({ key: usageMonths.month, ...sums(usageMonthColumns) })
        .from(usageMonths)
        .where(
          and(
            sql`${usageMonths.month} in ${integerList(plan.months)}`,
            inArray(usageMonths.deviceRef, refs),
          ),
        )
        .groupBy(usageMonths.month),
      db
        .select(changeSums(usageDayColumns, usageDays.day, today))
        .from(usageDays)
        .where(
          and(
            inArray(usageDays.deviceRef, refs),
            gte(usageDays.day, today - (2 * CHANGE_DAYS - 1)),
          ),
        ),
    ] as const,
  };
}

/** The statements of the product's trend, from its daily totals (a row a day, by its key). */
export function productTrendStatements(db: Db, today: number, days: UsageRange) {
  const plan = trendPlan(today, days, null);
  const key = keyOf(usageTotals.day, today, plan.daily, plan.weeksFrom);
  return {
    plan,
    statements: [
      db
        .select({
          key: key.as('key'),
          dayKey: sql<number>`1`.mapWith(Number).as('day_key'),
          ...sums(usageTotalColumns),
        })
        .from(usageTotals)
        .where(gte(usageTotals.day, plan.buckets[0]?.from ?? today))
        .groupBy(key),
      db
        .select(changeSums(usageTotalColumns, usageTotals.day, today))
        .from(usageTotals)
        .where(gte(usageTotals.day, today - (2 * CHANGE_DAYS - 1))),
    ] as const,
  };
}

/** The answer from the statements' rows: counts per point, sorted commands, the change. */
export function trendAnswer(
  today: number,
  days: UsageRange,
  plan: ReturnType<typeof trendPlan>,
  rows: TrendRows,
): UsageTrend {
  const { buckets } = plan;
  const indexOf = new Map(buckets.map((bucket, i) => [`${bucket.unit}:${bucket.key}`, i]));
  const pointUnit = plan.daily ? 'day' : 'week';
  const counts = features.map(() => buckets.map(() => 0));
  const add = (index: number | undefined, row: Record<string, unknown>) => {
    if (index === undefined) return;
    features.forEach(({ slug }, f) => {
      const series = counts[f];
      if (series) series[index] = (series[index] ?? 0) + Number(row[slug] ?? 0);
    });
  };
  for (const row of rows.series)
    add(indexOf.get(`${row.dayKey ? pointUnit : 'month'}:${row.key}`), row);
  for (const row of rows.months ?? []) add(indexOf.get(`month:${row.key}`), row);
  const change = rows.change[0] ?? {};
  const commands: TrendCommand[] = features.map(({ slug }, f) => {
    const series = counts[f] ?? [];
    const last30 = Number(change[`last:${slug}`] ?? 0);
    const previous30 = Number(change[`prev:${slug}`] ?? 0);
    return {
      slug,
      uses: series.reduce((a, b) => a + b, 0),
      counts: series,
      last30,
      previous30,
      changePercent: changePercent(last30, previous30),
    };
  });
  // Most used first; a tie keeps the ribbon order (the sort is stable).
  commands.sort((a, b) => b.uses - a.uses || b.last30 - a.last30);
  return {
    days,
    from: isoDay(buckets[0]?.from ?? today),
    to: isoDay(today),
    unit: pointUnit,
    points: buckets.map((bucket) => ({
      from: isoDay(bucket.from),
      to: isoDay(bucket.to),
      unit: bucket.unit,
    })),
    commands,
    change: {
      from: isoDay(today - (CHANGE_DAYS - 1)),
      to: isoDay(today),
      previousFrom: isoDay(today - (2 * CHANGE_DAYS - 1)),
      previousTo: isoDay(today - CHANGE_DAYS),
    },
  };
}
