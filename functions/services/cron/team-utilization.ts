/**
 * The Enterprise owners' utilization jobs (organizations/utilization.ts): today's seat snapshot
 * of every organization (one upsert; a rerun only refreshes the numbers), the "seats almost full"
 * e-mail (once per crossing, by the organization's mark) and, in the first days of a month, the
 * monthly usage e-mail (once per organization and month, by the outbox's dedupe key).
 */
import { alertSeats, mailUsageReports, snapshotSeats } from '../organizations/utilization';
import type { Deps } from '../shared/deps';
import type { JobCounts } from './job';

export async function snapshotTeamSeats(deps: Deps): Promise<JobCounts> {
  return { organizations: await snapshotSeats(deps.db, deps.now) };
}

export async function alertTeamSeats(deps: Deps): Promise<JobCounts> {
  return { mailed: await alertSeats(deps) };
}

export async function mailTeamUsageReports(deps: Deps): Promise<JobCounts> {
  return { mailed: await mailUsageReports(deps) };
}
