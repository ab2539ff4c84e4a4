/**
 * The daily check of organizations' verified domains, run hourly: each domain is looked up once a
 * day (services/organizations/domains.ts), and one whose TXT record is gone lapses.
 */
import { recheckVerifiedDomains } from '../organizations/domains';
import type { Deps } from '../shared/deps';
import type { JobCounts } from './job';

export async function recheckDomains(deps: Deps): Promise<JobCounts> {
  return recheckVerifiedDomains(deps);
}
