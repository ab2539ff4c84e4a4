/**
 * An organization's e-mail domains: the owner adds one, publishes the TXT record
 * `sheetwright-verification=<token>` at it, and Check now looks the record up (deps.dns: DNS over
 * HTTPS, or the /dev/dns stand-in; domain-check.ts) and marks the domain verified once it is there. The hourly cron
 * checks each verified domain again once a day (cron/recheck-domains.ts); when the record is
 * gone the domain lapses and the owner is e-mailed once. A domain is verified for at most one
 * organization: the partial UNIQUE index `organization_domains_verified_unique` refuses the
 * second organization's verifying UPDATE, however close together the two checks run. Every
 * change is written to the team feed in the batch that makes it.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { mailboxRules } from '../../../src/config/email-providers';
import { publicMailDomains } from '../../../src/config/public-mail-domains';
import {
  domainNotFound,
  domainPublicMail,
  domainRecordPrefix,
  domainsMax,
  type OrganizationDomain,
} from '../../../src/contract/domains';
import {
  organizationDomains,
  type OrganizationDomainRow,
  type OrganizationRow,
} from '../../db/schema';
import { fail } from '../../lib/errors';
import { teamEvent } from '../core/team-feed';
import { isDisposableEmail } from '../shared/emails';
import { iso, isoOrNull, isUniqueViolation, type Db } from '../shared/db';
import type { Deps } from '../shared/deps';
import type { TeamActor } from './membership';
/** The TXT record's value that proves a domain: `sheetwright-verification=<token>`. */
export const domainRecord = (token: string) => `${domainRecordPrefix}${token}`;

/** A new random token: 16 bytes as 32 hex digits, easy to paste into any DNS panel. */
function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A row as the team page and the console show it. */
export function domainView(row: OrganizationDomainRow): OrganizationDomain {
  return {
    id: row.id,
    domain: row.domain,
    status: row.status,
    record: domainRecord(row.token),
    addedAt: iso(row.createdAt),
    verifiedAt: isoOrNull(row.verifiedAt),
    lapsedAt: isoOrNull(row.lapsedAt),
    checkedAt: isoOrNull(row.checkedAt),
  };
}

/** The organization's domains, oldest first. */
export async function listDomains(db: Db, organizationId: string): Promise<OrganizationDomain[]> {
  const rows = await db
    .select()
    .from(organizationDomains)
    .where(eq(organizationDomains.organizationId, organizationId))
    .orderBy(asc(organizationDomains.createdAt), asc(organizationDomains.domain));
  return rows.map(domainView);
}

/**
 * True when anyone can open a mailbox at the domain or a parent of it: the providers of
 * `mailboxRules` and `publicMailDomains`, and the disposable-mail list.
 */
export async function isPublicMailDomain(domain: string): Promise<boolean> {
  const labels = domain.split('.');
  for (let i = 0; i < labels.length - 1; i += 1) {
    const parent = labels.slice(i).join('.');
    if (Object.hasOwn(mailboxRules, parent) || publicMailDomains.includes(parent)) return true;
  }
  return await isDisposableEmail(`postmaster@${domain}`);
}

/** The organization's domain `id`; NOT_FOUND when it has none of that id. */
export async function domainOf(db: Db, organization: OrganizationRow, id: string) {
  const [row] = await db
    .select()
    .from(organizationDomains)
    .where(
      and(eq(organizationDomains.id, id), eq(organizationDomains.organizationId, organization.id)),
    )
    .limit(1);
  if (!row) throw fail('NOT_FOUND', { message: domainNotFound });
  return row;
}

/**
 * Adds `domain` (normalized and of the right form: schemas/domains.ts) to the organization, not
 * yet verified, with a new token. Refused for a public mail provider's domain, one the
 * organization already lists, and past `domainsMax` domains.
 */
export async function addDomain(
  deps: Pick<Deps, 'db' | 'now'>,
  organization: OrganizationRow,
  actor: TeamActor,
  domain: string,
): Promise<OrganizationDomain> {
  const { db, now } = deps;
  if (await isPublicMailDomain(domain)) {
    throw fail('VALIDATION_FAILED', { message: domainPublicMail });
  }
  const listed = await db.$count(
    organizationDomains,
    eq(organizationDomains.organizationId, organization.id),
  );
  if (listed >= domainsMax) throw fail('DOMAIN_LIMIT');
  const row: OrganizationDomainRow = {
    id: crypto.randomUUID(),
    organizationId: organization.id,
    domain,
    token: newToken(),
    status: 'pending',
    addedBy: actor.userId,
    createdAt: now,
    verifiedAt: null,
    lapsedAt: null,
    checkedAt: null,
  };
  try {
    await db.batch([
      db.insert(organizationDomains).values(row),
      teamEvent(db, {
        organizationId: organization.id,
        userId: null,
        actorUserId: actor.userId,
        kind: 'domain-added',
        detail: domain,
        now,
      }),
    ]);
  } catch (error) {
    if (isUniqueViolation(error, 'organization_domains.organization_id')) {
      throw fail('DOMAIN_ALREADY_ADDED');
    }
    throw error;
  }
  return domainView(row);
}

/** Removes the domain from the organization (verified or not); the feed keeps that it was there. */
export async function removeDomain(
  deps: Pick<Deps, 'db' | 'now'>,
  organization: OrganizationRow,
  actor: TeamActor,
  id: string,
): Promise<void> {
  const { db, now } = deps;
  const row = await domainOf(db, organization, id);
  await db.batch([
    teamEvent(
      db,
      {
        organizationId: organization.id,
        userId: null,
        actorUserId: actor.userId,
        kind: 'domain-removed',
        detail: row.domain,
        now,
      },
      sql`exists (select 1 from organization_domains where id = ${row.id})`,
    ),
    db.delete(organizationDomains).where(eq(organizationDomains.id, row.id)),
  ]);
}
