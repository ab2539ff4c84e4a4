/**
 * Check now, and the lapse the daily check shares with it: a domain's TXT records looked up
 * (deps.dns) and its state moved on. The record there verifies a pending or lapsed domain; the
 * partial UNIQUE index `organization_domains_verified_unique` refuses it while another
 * organization holds the domain verified. A verified domain whose record is gone lapses. Each
 * change writes its feed event in the same batch, only while the change is still to make.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import {
  domainCheckUnavailable,
  domainLapsedNow,
  domainRecordMissing,
  domainVerified,
  type DomainCheck,
} from '../../../src/contract/domains';
import {
  organizationDomains,
  type OrganizationDomainRow,
  type OrganizationRow,
} from '../../db/schema';
import { fail } from '../../lib/errors';
import type { QueuedMail } from '../core/mail/outbox';
import { teamEvent } from '../core/team-feed';
import { isUniqueViolation, type Db } from '../shared/db';
import type { Deps } from '../shared/deps';
import { domainOf, domainRecord, domainView } from './domains';
import type { TeamActor } from './membership';

/** SQL: the domain row `id` is in `status` now. */
export const rowIs = (id: string, status: OrganizationDomainRow['status']) =>
  sql`exists (select 1 from organization_domains where id = ${id} and status = ${status})`;
const rowIsNot = (id: string, status: OrganizationDomainRow['status']) =>
  sql`exists (select 1 from organization_domains where id = ${id} and status <> ${status})`;

/**
 * The statements that lapse a verified domain (the record is gone), each only while it is still
 * verified: the feed's event, the owner's e-mail when `mail` is given (once per verification: its
 * dedupe key names the verified time), then the row.
 */
export function lapseStatements(
  db: Db,
  row: OrganizationDomainRow,
  now: number,
  actorUserId: string | null,
  mail?: QueuedMail,
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
