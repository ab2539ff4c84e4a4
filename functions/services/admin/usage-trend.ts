/**
 * GET /api/admin/usage-trend: the whole product's feature use over time for the console's feature
 * adoption, from the daily totals the reports keep (usage_totals, a row a day for the whole
 * retention, so every point is a day or a week). The series and the change are
 * core/usage/usage-trend.ts's.
 */
import type { UsageRange } from '../../../src/config/feature-usage';
import type { UsageTrend } from '../../../src/contract/usage-trend';
import { dayNumber } from '../core/usage/usage-store';
import { productTrendStatements, trendAnswer } from '../core/usage/usage-trend';
import type { Db, Millis } from '../shared/db';

export async function productUsageTrend(
  db: Db,
  now: Millis,
  days: UsageRange,
): Promise<UsageTrend> {
  const today = dayNumber(now);
  const { plan, statements } = productTrendStatements(db, today, days);
  const [series, change] = await db.batch(statements);
  return trendAnswer(today, days, plan, { series, change });
}
