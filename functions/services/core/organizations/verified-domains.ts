/**
 * Which organization an e-mail address belongs to by its verified domain: the answer single
 * sign-on starts from (an address of `example.com` signs in through the organization that proved
 * it owns `example.com`). A domain is verified for at most one organization (the partial UNIQUE
 * index `organization_domains_verified_unique`), so the answer is one organization or none.
 * Kept in core/ so any feature may ask it.
 */
import { and, eq } from 'drizzle-orm';
import { organizationDomains, organizations, type OrganizationRow } from '../../../db/schema';
import type { Db } from '../../shared/db';

/**
 * The domain of an address as domains are stored: after the last `@`, trimmed, lower case,
 * without a trailing dot; null when there is none.
 */
export function domainOfEmail(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at < 0) return null;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
  return domain || null;
}

/**
 * The organization whose VERIFIED domain is exactly the address's domain (a pending or lapsed
 * domain counts for nothing, and `sub.example.com` is not `example.com`); null for none.
 */
export async function verifiedOrganizationForEmail(
  db: Db,
  email: string,
): Promise<OrganizationRow | null> {
  const domain = domainOfEmail(email);
  if (!domain) return null;
  const [row] = await db
    .select({ organization: organizations })
    .from(organizationDomains)
    .innerJoin(organizations, eq(organizations.id, organizationDomains.organizationId))
    .where(and(eq(organizationDomains.domain, domain), eq(organizationDomains.status, 'verified')))
    .limit(1);
  return row?.organization ?? null;
}
