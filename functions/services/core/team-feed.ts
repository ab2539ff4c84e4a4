/**
 * The team feed of an Enterprise organization: what members and the owner did, written in the
 * batch of the change it reports. Sign-ins and device changes happen outside the organization's
 * own code, so the writes live here, below every feature.
 */
import { sql, type SQL } from 'drizzle-orm';
import { organizationEvents, type organizationEventKinds } from '../../db/schema';
import type { Db, Millis } from '../shared/db';

export type OrganizationEventKind = (typeof organizationEventKinds)[number];

/** One event of the team feed, to put in the batch of what it reports. */
export function teamEvent(
  db: Db,
  event: {
    organizationId: string;
    userId: string | null;
    actorUserId: string | null;
    kind: OrganizationEventKind;
    detail: string;
    now: Millis;
  },
  when: SQL = sql`1 = 1`,
) {
  // Values in the table's column order (schema.ts).
  return db
    .insert(organizationEvents)
    .select(
      sql`select ${crypto.randomUUID()}, ${event.organizationId}, ${event.userId}, ${event.actorUserId}, ${event.kind}, ${event.detail}, ${event.now} where ${when}`,
    );
}

/**
 * A member's sign-in, for their team's feed: written with the session in one batch, and only
 * when the account is a member now (an INSERT … SELECT over its one open membership).
 */
export function memberSignInEvent(db: Db, userId: string, detail: string, now: Millis) {
  return db.insert(organizationEvents).select(
    sql`select ${crypto.randomUUID()}, m.organization_id, ${userId}, ${userId}, 'signed-in', ${detail}, ${now}
      from organization_members as m where m.user_id = ${userId} and m.removed_at is null`,
  );
}
