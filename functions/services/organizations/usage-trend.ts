/**
 * GET /api/team/usage-trend: the organization's feature use over time, every active member's
 * devices together (as the team's utilization counts them), for its owner. The series and the
 * change are core/usage/usage-trend.ts's.
 */
import { sql } from 'drizzle-orm';
import type { UsageRange } from '../../../src/config/feature-usage';
import type { UsageTrend } from '../../../src/contract/usage-trend';
import type { OrganizationRow } from '../../db/schema';
import { devices } from '../../db/schema';
import { dayNumber, deviceRefs } from '../core/usage/usage-store';
import { deviceTrendStatements, trendAnswer } from '../core/usage/usage-trend';
import type { Db, Millis } from '../shared/db';

export async function teamUsageTrend(
  db: Db,
  organization: Pick<OrganizationRow, 'id'>,
  now: Millis,
  days: UsageRange,
): Promise<UsageTrend> {
  const today = dayNumber(now);
  const members = sql`(select license_id from organization_members
    where organization_id = ${organization.id} and removed_at is null)`;
  const refs = deviceRefs(db, sql`${devices.licenseId} in ${members}`);
  const { plan, statements } = deviceTrendStatements(db, refs, today, days);
  const [series, months, change] = await db.batch(statements);
  return trendAnswer(today, days, plan, { series, months, change });
}
