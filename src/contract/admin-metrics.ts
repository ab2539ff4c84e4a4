/**
 * The console's overview of the business (GET /api/admin/metrics?range=): each measure per period
 * of the chosen range, for a chart and the table beside it. Its zod schema is in
 * api/admin-metrics-answers.ts; the island's check in src/generated/answers/.
 */
import type { GetBusinessMetricsAnswer } from '../generated/answers/GetBusinessMetricsAnswer';

/** The ranges an operator can choose: days (one bar a day) or 12 months (one bar a month). */
export const metricRanges = ['7d', '30d', '90d', '12m'] as const;
export type MetricRange = (typeof metricRanges)[number];
export const metricRangeLabels: Record<MetricRange, string> = {
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
  '12m': '12 months',
};

export type BusinessMetrics = GetBusinessMetricsAnswer;
