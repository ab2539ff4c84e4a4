/**
 * GET /api/usage/trend: the signed-in account's feature use over time (Usage & Sessions), on all
 * its devices or on one (the plugin's machine id, as GET /api/usage/features lists it). The
 * series and the change are core/usage/usage-trend.ts's.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { UsageRange } from '../../../src/config/feature-usage';
import { UsageTrendMessages, type UsageTrend } from '../../../src/contract/usage-trend';
import { devices } from '../../db/schema';
import { fail } from '../../lib/errors';
import { deviceRefs, dayNumber } from '../core/usage/usage-store';
import { deviceTrendStatements, trendAnswer } from '../core/usage/usage-trend';
import type { Deps } from '../shared/deps';

export async function accountUsageTrend(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  userId: string,
  days: UsageRange,
  deviceId: string | undefined,
): Promise<UsageTrend> {
  const today = dayNumber(now);
  const which = and(
    eq(devices.userId, userId),
    deviceId === undefined ? undefined : eq(devices.deviceId, deviceId),
  );
  const { plan, statements } = deviceTrendStatements(db, deviceRefs(db, which), today, days);
  // One round trip: the series, its months, the change, and whether the device is the account's.
  const [series, months, change, [known]] = await db.batch([
    ...statements,
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(devices)
      .where(and(which, isNotNull(devices.usageRef))),
  ]);
  if (deviceId !== undefined && !known?.count)
    throw fail('NOT_FOUND', { message: UsageTrendMessages.unknownDevice });
  return trendAnswer(today, days, plan, { series, months, change });
}
