/**
 * The daily check of organizations' verified domains, run hourly: each verified domain last
 * looked up a day or more ago is looked up again (services/organizations/domains.ts holds the
 * record and the lapse). Its record there: the look-up time moves on. Gone: the domain lapses,
 * with the feed's event and one e-mail to the owner. DNS that cannot be asked leaves the domain as
 * it was, so the next run tries again.
 */
import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import { organizationDomains, organizations, users } from '../../db/schema';
import { domainLapsedMail } from '../core/mail/team-templates';
import { deliverSoon, mailWritten, queueMailOnce } from '../core/mail/outbox';
import { lapseStatements, rowIs } from '../organizations/domain-check';
import { domainRecord } from '../organizations/domains';
import { DAY_MS } from '../shared/db';
import type { Deps } from '../shared/deps';
import type { JobCounts } from './job';

/** Verified domains looked up per cron run at most (each look-up is one subrequest). */
export const RECHECKS_PER_RUN = 40;

/** The job: the due domains, oldest look-up first, `RECHECKS_PER_RUN` at most a run. */
export async function recheckDomains(deps: Deps): Promise<JobCounts> {
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
