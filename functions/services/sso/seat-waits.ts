/**
 * The owner hears of the people their identity provider signed in who found no free seat: ONE
 * e-mail a day at most per organization (`organization_sso.no_seat_mailed_at`), listing everyone
 * waiting then. The e-mail's row, the day's mark and the clearing of the listed people are one
 * batch, each after the first only if the e-mail was written, so two sign-ins or cron runs at
 * once send one e-mail. Sent at once when someone is turned away (unless the owner was told in
 * the last day) and by the hourly cron for the people who came after.
 */
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { organizations, organizationSso, ssoSeatWaits, users } from '../../db/schema';
import { ssoSeatWaitsMail } from '../core/mail/team-templates';
import { deliverSoon, mailWritten, queueMailWhere } from '../core/mail/outbox';
import { DAY_MS } from '../shared/db';
import type { Deps } from '../shared/deps';

/** The people listed in one e-mail at most (the rest stay waiting for the next day's). */
export const SEAT_WAITS_PER_MAIL = 50;

/**
 * Tells the owner of `organizationId` who is waiting for a seat, unless they were told in the
 * last day or nobody waits. True when the e-mail was written.
 */
export async function mailSeatWaits(deps: Deps, organizationId: string): Promise<boolean> {
  const { db, now, origin } = deps;
  const [owner] = await db
    .select({
      organizationName: organizations.name,
      email: users.email,
      name: users.customerName,
      deleted: users.isDeleted,
      mailedAt: organizationSso.noSeatMailedAt,
    })
    .from(organizations)
    .innerJoin(users, eq(users.id, organizations.ownerUserId))
    .innerJoin(organizationSso, eq(organizationSso.organizationId, organizations.id))
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!owner || owner.deleted) return false;
  if (owner.mailedAt !== null && owner.mailedAt > now - DAY_MS) return false;
  const people = await db
    .select({ email: ssoSeatWaits.emailNormalized, name: ssoSeatWaits.name, id: ssoSeatWaits.id })
    .from(ssoSeatWaits)
    .where(and(eq(ssoSeatWaits.organizationId, organizationId), lte(ssoSeatWaits.lastTriedAt, now)))
    .orderBy(asc(ssoSeatWaits.firstTriedAt))
    .limit(SEAT_WAITS_PER_MAIL);
  if (people.length === 0) return false;
  const dueToday = sql`exists (select 1 from organization_sso where organization_id = ${organizationId}
    and (no_seat_mailed_at is null or no_seat_mailed_at <= ${now - DAY_MS}))`;
  const mail = queueMailWhere(
    db,
    await ssoSeatWaitsMail(
      owner.email,
      owner.name,
      { organizationName: owner.organizationName, people },
      origin,
    ),
    now,
    dueToday,
  );
  const written = sql`exists (select 1 from outbox where id = ${mail.id})`;
  const results: unknown[] = await db.batch([
    mail.insert,
    db
      .update(organizationSso)
      .set({ noSeatMailedAt: now })
      .where(sql`${organizationSso.organizationId} = ${organizationId} and ${written}`),
    db.delete(ssoSeatWaits).where(
      sql`${ssoSeatWaits.id} in (${sql.join(
        people.map((person) => sql`${person.id}`),
        sql`, `,
      )}) and ${written}`,
    ),
  ]);
  if (!mailWritten(results[0])) return false;
  await deliverSoon(deps, mail);
  return true;
}

/** The hourly job: every organization with people waiting whose owner was not told today. */
export async function mailAllSeatWaits(
  deps: Deps,
): Promise<{ organizations: number; mailed: number }> {
  const { db, now } = deps;
  const due = await db
    .selectDistinct({ organizationId: ssoSeatWaits.organizationId })
    .from(ssoSeatWaits)
    .innerJoin(organizationSso, eq(organizationSso.organizationId, ssoSeatWaits.organizationId))
    .where(
      sql`${organizationSso.noSeatMailedAt} is null or ${organizationSso.noSeatMailedAt} <= ${now - DAY_MS}`,
    )
    .limit(100);
  let mailed = 0;
  for (const { organizationId } of due) {
    if (await mailSeatWaits(deps, organizationId)) mailed += 1;
  }
  return { organizations: due.length, mailed };
}
