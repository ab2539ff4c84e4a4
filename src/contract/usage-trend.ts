/**
 * Feature use over time, as the three usage-trend calls answer it (GET /api/usage/trend for the
 * signed-in account, /api/team/usage-trend for an organization's owner, /api/admin/usage-trend for
 * operators): per command its uses per point of the period (days for 30 days, weeks for 90 and
 * 365; months where only monthly counts are kept), most used first, and the last 30 days against
 * the 30 before. The answer is described by its zod schema (api/usage-trend-schemas.ts); the
 * islands check it with the check generated from that (src/generated/answers/).
 */
import type { GetFeatureUsageTrendAnswer } from '../generated/answers/GetFeatureUsageTrendAnswer';

/** The units a point of the series may cover. */
export const trendUnits = ['day', 'week', 'month'] as const;
export type TrendUnit = (typeof trendUnits)[number];

/** The answer (its zod schema: api/usage-trend-schemas.ts; its check is generated from it). */
export type UsageTrend = GetFeatureUsageTrendAnswer;
/** One point of the series: the days it covers (`YYYY-MM-DD`, both inclusive) and their unit. */
export type TrendPoint = UsageTrend['points'][number];
/** One command's use over the period. */
export type TrendCommand = UsageTrend['commands'][number];

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
