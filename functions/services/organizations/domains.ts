/**
 * An organization's e-mail domains: the owner adds one, publishes the TXT record
 * `sheetwright-verification=<token>` at it, and Check now looks the record up (deps.dns: DNS over
 * HTTPS, or the /dev/dns stand-in) and marks the domain verified once it is there. The hourly cron
 * checks each verified domain again once a day (`recheckVerifiedDomains`); when the record is
 * gone the domain lapses and the owner is e-mailed once. A domain is verified for at most one
 * organization: the partial UNIQUE index `organization_domains_verified_unique` refuses the
 * second organization's verifying UPDATE, however close together the two checks run. Every
 * change is written to the team feed in the batch that makes it.
 */
import { and, asc, eq, lte, or, isNull, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { mailboxRules } from '../../../src/config/email-providers';
import { publicMailDomains } from '../../../src/config/public-mail-domains';
import {
  domainCheckUnavailable,
  domainLapsedNow,
  domainNotFound,
  domainPublicMail,
  domainRecordMissing,
  domainRecordPrefix,
  domainsMax,
  domainVerified,
  type DomainCheck,
  type OrganizationDomain,
} from '../../../src/contract/domains';
import {
  organizationDomains,
  organizations,
  users,
  type OrganizationDomainRow,
  type OrganizationRow,
} from '../../db/schema';
import { fail } from '../../lib/errors';
import { domainLapsedMail } from '../core/mail/team-templates';
import { deliverSoon, mailWritten, queueMailOnce } from '../core/mail/outbox';
import { teamEvent } from '../core/team-feed';
import { isDisposableEmail } from '../shared/emails';
import { DAY_MS, iso, isoOrNull, isUniqueViolation, type Db } from '../shared/db';
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
export function isPublicMailDomain(domain: string): boolean {
  const labels = domain.split('.');
  for (let i = 0; i < labels.length - 1; i += 1) {
    const parent = labels.slice(i).join('.');
    if (Object.hasOwn(mailboxRules, parent) || publicMailDomains.includes(parent)) return true;
  }
  return isDisposableEmail(`postmaster@${domain}`);
}

async function domainOf(db: Db, organization: OrganizationRow, id: string) {
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

/** SQL: the domain row `id` is in `status` now. */
const rowIs = (id: string, status: OrganizationDomainRow['status']) =>
  sql`exists (select 1 from organization_domains where id = ${id} and status = ${status})`;
const rowIsNot = (id: string, status: OrganizationDomainRow['status']) =>
  sql`exists (select 1 from organization_domains where id = ${id} and status <> ${status})`;

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
  if (isPublicMailDomain(domain)) {
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

/**
 * The statements that lapse a verified domain (the record is gone), each only while it is still
 * verified: the feed's event, the owner's e-mail when `mail` is given (once per verification: its
 * dedupe key names the verified time), then the row.
 */
function lapseStatements(
  db: Db,
  row: OrganizationDomainRow,
  now: number,
  actorUserId: string | null,
  mail?: ReturnType<typeof queueMailOnce>,
): BatchItem<'sqlite'>[] {
  const stillVerified = rowIs(row.id, 'verified');
  return [
    teamEvent(
      db,
      {
        organizationId: row.organizationId,
        userId: null,
        actorUserId,
        kind: 'domain-lapsed',
        detail: row.domain,
        now,
      },
      stillVerified,
    ),
    ...(mail ? [mail.insert] : []),
    db
      .update(organizationDomains)
      .set({ status: 'lapsed', lapsedAt: now, checkedAt: now })
      .where(and(eq(organizationDomains.id, row.id), eq(organizationDomains.status, 'verified'))),
  ];
}

/** The row as it is now (after a write). */
async function reread(db: Db, id: string): Promise<OrganizationDomainRow | undefined> {
  const [row] = await db
    .select()
    .from(organizationDomains)
    .where(eq(organizationDomains.id, id))
    .limit(1);
  return row;
}

/**
 * Check now: looks the domain's TXT records up. The record there verifies a pending or lapsed
 * domain (refused with DOMAIN_TAKEN while another organization holds it verified); a verified
 * domain whose record is gone lapses; DNS that cannot be asked changes nothing. Answers what was
 * found, with its sentence, and the domain as it is now.
 */
export async function checkDomain(
  deps: Pick<Deps, 'db' | 'now' | 'dns'>,
  organization: OrganizationRow,
  actor: TeamActor,
  id: string,
): Promise<DomainCheck> {
  const { db, now } = deps;
  const row = await domainOf(db, organization, id);
  const answer = await deps.dns.txt(row.domain);
  if (answer.kind === 'unavailable') {
    return { outcome: 'unavailable', message: domainCheckUnavailable, domain: domainView(row) };
  }
  const record = domainRecord(row.token);
  const present = answer.records.some((value) => value.trim() === record);
  const checked = eq(organizationDomains.id, row.id);
  let outcome: DomainCheck['outcome'];
  if (present && row.status === 'verified') {
    await db.update(organizationDomains).set({ checkedAt: now }).where(checked);
    outcome = 'verified';
  } else if (present) {
    try {
      await db.batch([
        teamEvent(
          db,
          {
            organizationId: organization.id,
            userId: null,
            actorUserId: actor.userId,
            kind: 'domain-verified',
            detail: row.domain,
            now,
          },
          rowIsNot(row.id, 'verified'),
        ),
        db
          .update(organizationDomains)
          .set({ status: 'verified', verifiedAt: now, lapsedAt: null, checkedAt: now })
          .where(and(checked, sql`${organizationDomains.status} <> 'verified'`)),
      ]);
    } catch (error) {
      if (isUniqueViolation(error, 'organization_domains.domain')) throw fail('DOMAIN_TAKEN');
      throw error;
    }
    outcome = 'verified';
  } else if (row.status === 'verified') {
    const [first, ...rest] = lapseStatements(db, row, now, actor.userId);
    if (first) await db.batch([first, ...rest]);
    outcome = 'lapsed';
  } else {
    await db.update(organizationDomains).set({ checkedAt: now }).where(checked);
    outcome = 'not-found';
  }
  const message = {
    verified: domainVerified,
    lapsed: domainLapsedNow,
    'not-found': domainRecordMissing,
  }[outcome];
  return { outcome, message, domain: domainView((await reread(db, row.id)) ?? row) };
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

/** Verified domains looked up per cron run at most (each look-up is one subrequest). */
export const RECHECKS_PER_RUN = 40;

/**
 * The daily check, run hourly by the cron: each verified domain last looked up a day or more ago
 * (oldest first, `RECHECKS_PER_RUN` at most) is looked up again. Its record there: the look-up
 * time moves on. Gone: the domain lapses, with the feed's event and one e-mail to the owner.
 * DNS that cannot be asked leaves the domain as it was, so the next run tries again.
 */
export async function recheckVerifiedDomains(deps: Deps) {
  const { db, now, origin } = deps;
  const due = await db
    .select({
      row: organizationDomains,
      organizationName: organizations.name,
      ownerEmail: users.email,
      ownerName: users.customerName,
      ownerDeleted: users.isDeleted,
    })
    .from(organizationDomains)
    .innerJoin(organizations, eq(organizations.id, organizationDomains.organizationId))
    .innerJoin(users, eq(users.id, organizations.ownerUserId))
    .where(
      and(
        eq(organizationDomains.status, 'verified'),
        or(isNull(organizationDomains.checkedAt), lte(organizationDomains.checkedAt, now - DAY_MS)),
      ),
    )
    .orderBy(asc(organizationDomains.checkedAt))
    .limit(RECHECKS_PER_RUN);
  const counts = { checked: 0, stillVerified: 0, lapsed: 0, unavailable: 0, mailed: 0 };
  for (const { row, organizationName, ownerEmail, ownerName, ownerDeleted } of due) {
    counts.checked += 1;
    const answer = await deps.dns.txt(row.domain);
    if (answer.kind === 'unavailable') {
      counts.unavailable += 1;
      continue;
    }
    const record = domainRecord(row.token);
    if (answer.records.some((value) => value.trim() === record)) {
      counts.stillVerified += 1;
      await db
        .update(organizationDomains)
        .set({ checkedAt: now })
        .where(and(eq(organizationDomains.id, row.id), eq(organizationDomains.status, 'verified')));
      continue;
    }
    const mail = ownerDeleted
      ? undefined
      : queueMailOnce(
          db,
          await domainLapsedMail(
            ownerEmail,
            ownerName,
            { organizationName, domain: row.domain, record },
            origin,
          ),
          now,
          `domain-lapsed:${row.id}:${row.verifiedAt ?? 0}`,
          rowIs(row.id, 'verified'),
        );
    const [first, ...rest] = lapseStatements(db, row, now, null, mail);
    if (!first) continue;
    const results: unknown[] = await db.batch([first, ...rest]);
    counts.lapsed += 1;
    if (mail && mailWritten(results[1])) {
      counts.mailed += 1;
      await deliverSoon(deps, mail);
    }
  }
  return counts;
}
