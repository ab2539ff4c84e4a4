/**
 * Single sign-on's hourly work: the sign-ins that never came back from the provider are deleted
 * once past their minutes (a new sign-in deletes them too), and owners are told, once a day at
 * most, who their identity provider signed in while every seat was taken
 * (services/sso/seat-waits.ts holds that rule and its batch).
 */
import { lte } from 'drizzle-orm';
import { ssoSignIns } from '../../db/schema';
import { mailAllSeatWaits } from '../sso/seat-waits';
import type { Deps } from '../shared/deps';
import type { JobCounts } from './job';

export async function mailSsoSeatWaits(deps: Deps): Promise<JobCounts> {
  const expired = await deps.db
    .delete(ssoSignIns)
    .where(lte(ssoSignIns.expiresAt, deps.now))
    .returning({ id: ssoSignIns.id });
  return { expiredSignIns: expired.length, ...(await mailAllSeatWaits(deps)) };
}
