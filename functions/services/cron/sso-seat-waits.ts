/**
 * Tells owners, once a day at most, who their identity provider signed in while every seat was
 * taken (services/sso/seat-waits.ts holds the rule and the batch).
 */
import { mailAllSeatWaits } from '../sso/seat-waits';
import type { Deps } from '../shared/deps';
import type { JobCounts } from './job';

export async function mailSsoSeatWaits(deps: Deps): Promise<JobCounts> {
  return mailAllSeatWaits(deps);
}
