/**
 * The calls of the team page's Domains section: a module of their own, so they and their answers'
 * checks load with the section (WhenNear), not with the page.
 */
import type { DomainAdded, DomainCheck, OrganizationDomain } from '../../contract/domains';
import { isAddTeamDomainAnswer } from '../../generated/answers/AddTeamDomainAnswer';
import { isCheckTeamDomainAnswer } from '../../generated/answers/CheckTeamDomainAnswer';
import { isListTeamDomainsAnswer } from '../../generated/answers/ListTeamDomainsAnswer';
import { apiCall } from '../shared/api';

export const domainsLoadFailed = 'We could not load the domains. Please try again.';
export const domainAddFailed = 'We could not add the domain. Please try again.';
export const domainCheckFailed = 'We could not check the domain. Please try again.';

/** GET /api/team/domains. */
export async function loadDomains(): Promise<OrganizationDomain[]> {
  return (await apiCall('GET', '/api/team/domains', isListTeamDomainsAnswer)).domains;
}

/** POST /api/team/domains. */
export function addDomain(domain: string): Promise<DomainAdded> {
  return apiCall('POST', '/api/team/domains', isAddTeamDomainAnswer, { domain });
}

/** POST /api/team/domains/{id}/check. */
export function checkDomain(id: string): Promise<DomainCheck> {
  return apiCall(
    'POST',
    `/api/team/domains/${encodeURIComponent(id)}/check`,
    isCheckTeamDomainAnswer,
    {},
  );
}
