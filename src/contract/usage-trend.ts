/**
 * Feature use over time, as the three usage-trend calls answer it (GET /api/usage/trend for the
 * signed-in account, /api/team/usage-trend for an organization's owner, /api/admin/usage-trend for
 * operators): per command its uses per point of the period (days for 30 days, weeks for 90 and
 * 365; months where only monthly counts are kept), most used first, and the last 30 days against
 * the 30 before. A shape the islands check (see shape.ts); its zod twin is
 * api/usage-trend-schemas.ts.
 */
import { array, integer, nullable, object, oneOf, string, type Infer } from './shape.ts';

/** The units a point of the series may cover. */
export const trendUnits = ['day', 'week', 'month'] as const;
export type TrendUnit = (typeof trendUnits)[number];

/** One point of the series: the days it covers (`YYYY-MM-DD`, both inclusive) and their unit. */
export const trendPointSchema = object({
  from: string,
  to: string,
  unit: oneOf(trendUnits),
});
export type TrendPoint = Infer<typeof trendPointSchema>;

/** One command's use over the period. */
export const trendCommandSchema = object({
  /** The command's slug (`featureUsage.features`). */
  slug: string,
  /** Uses over the whole period: the sum of `counts`. */
  uses: integer,
  /** Uses per point, in the order of `points`. */
  counts: array(integer),
  /** Uses in the last 30 days (today included) and in the 30 days before those. */
  last30: integer,
  previous30: integer,
  /** `last30` against `previous30` in whole percent; null when `previous30` is 0. */
  changePercent: nullable(integer),
});
export type TrendCommand = Infer<typeof trendCommandSchema>;

export const usageTrendSchema = object({
  days: integer,
  /** `YYYY-MM-DD`: the first point's first day and today (UTC). */
  from: string,
  to: string,
  /** The points, oldest first: days, or weeks (Monday to Sunday, cut at the period's ends). */
  unit: oneOf(['day', 'week']),
  points: array(trendPointSchema),
  /** Every command, most used in the period first (then most used in the last 30 days). */
  commands: array(trendCommandSchema),
  /** The two 30-day windows the change compares (`YYYY-MM-DD`, inclusive). */
  change: object({
    from: string,
    to: string,
    previousFrom: string,
    previousTo: string,
  }),
});
export type UsageTrend = Infer<typeof usageTrendSchema>;

/**
 * The change of `current` against `previous` in plain words: "+100%", "−50%", "no change",
 * "new" (nothing before), "no use" (nothing in either).
 */
export function changeText(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? 'no use' : 'new';
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return 'no change';
  return percent > 0 ? `+${percent}%` : `\u2212${-percent}%`;
}

/** Whole percent of change, null when there was nothing before (no division by zero). */
export function changePercent(current: number, previous: number): number | null {
  return previous === 0 ? null : Math.round(((current - previous) / previous) * 100);
}

/** What the usage-trend calls answer in words. */
export const UsageTrendMessages = {
  /** GET /api/usage/trend?device=…: no device of that machine id has reported use here. */
  unknownDevice: 'This device has not reported any feature usage on your account.',
} as const;
