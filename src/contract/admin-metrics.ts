/**
 * The console's overview of the business (GET /api/admin/metrics?range=): each measure per period
 * of the chosen range, for a chart and the table beside it. Shapes, not zod (see shape.ts).
 */
import { array, integer, nullable, object, oneOf, string, type Infer } from './shape.ts';

/** The ranges an operator can choose: days (one bar a day) or 12 months (one bar a month). */
export const metricRanges = ['7d', '30d', '90d', '12m'] as const;
export type MetricRange = (typeof metricRanges)[number];
export const metricRangeLabels: Record<MetricRange, string> = {
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
  '12m': '12 months',
};

const perPeriod = array(integer);

export const businessMetricsSchema = object({
  range: oneOf(metricRanges),
  /** Each period: its start and end (ms, end excluded) and a short label ("Mar 4", "Mar 2026"). */
  periods: array(object({ start: integer, end: integer, label: string })),
  /** Counts of events within each period. */
  trialsStarted: perPeriod,
  /**
   * Accounts whose trial became paid, at the first moment it did: a subscription (an upgrade in
   * place or a team bought), a team organization owned, or an organization joined.
   */
  trialConversions: perPeriod,
  cancellations: perPeriod,
  refunds: perPeriod,
  /** Cents refunded within each period. */
  refundedCents: perPeriod,
  /** Levels at the end of each period. */
  activeSubscriptions: perPeriod,
  /** Seats of the paying subscriptions (a personal license is 1), at today's seats. */
  paidSeats: perPeriod,
  /** Monthly recurring revenue at the end of each period, cents: seats × yearly price / 12. */
  mrrCents: perPeriod,
  enterpriseSeatsSold: perPeriod,
  enterpriseSeatsUsed: perPeriod,
  activeDevices: perPeriod,
  /** Of the trials started in the range, how many have become paid since. */
  cohort: object({ trialsStarted: integer, converted: integer }),
  /** What customers who cancelled in the range said, newest first (at most 20). */
  cancellationReasons: array(object({ at: integer, reason: string })),
  /** Devices active and seen in the last 30 days, by the plugin version they last reported. */
  pluginVersions: array(object({ version: nullable(string), devices: integer })),
  /**
   * The plugin's commands in use, from the product's daily totals: per period, the devices that
   * used any command (summed over the period's days: device-days), and per command (in
   * `featureUsage.features` order) its uses and the devices that used it, the same way.
   */
  featureAdoption: object({
    deviceDays: perPeriod,
    features: array(object({ slug: string, uses: perPeriod, deviceDays: perPeriod })),
  }),
  currency: string,
});
export type BusinessMetrics = Infer<typeof businessMetricsSchema>;
