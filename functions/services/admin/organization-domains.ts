/**
 * The console's read of an organization's e-mail domains: the same list the owner's Domains
 * section shows, read only (the owner adds, checks and removes them).
 */
import type { OrganizationDomain } from '../../../src/contract/domains';
import { listDomains } from '../organizations/domains';
import type { Db } from '../shared/db';
import { organizationOf } from './organizations';

/** The organization's domains, oldest first; NOT_FOUND for an unknown organization. */
export async function organizationDomainList(db: Db, id: string): Promise<OrganizationDomain[]> {
  const organization = await organizationOf(db, id);
  return listDomains(db, organization.id);
}
