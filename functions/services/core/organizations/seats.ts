/**
 * How many of an organization's seats are held, as SQL to embed in the one statement that
 * depends on it (joining, inviting, changing seats): counted inside the write, never read first.
 * Used by organizations (Enterprise and teams), billing (seat changes) and the jobs.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Millis } from '../../shared/db';

/** SQL: seats taken in organization `orgId` (members not removed). */
export function seatsTakenSql(orgId: SQL): SQL<number> {
  return sql<number>`(select count(*) from organization_members as taken
    where taken.organization_id = ${orgId} and taken.removed_at is null)`;
}

/** SQL: open invitations of organization `orgId` at `now` (they hold their seat until used). */
export function openInvitationsSql(orgId: SQL, now: Millis): SQL<number> {
  return sql<number>`(select count(*) from organization_invitations as held
    where held.organization_id = ${orgId} and held.accepted_at is null
      and held.revoked_at is null and held.expires_at > ${now})`;
}

/** SQL: seats held in `orgId` at `now`: members and open invitations (the floor for fewer seats). */
export function seatsHeldSql(orgId: SQL, now: Millis): SQL<number> {
  return sql<number>`(${seatsTakenSql(orgId)} + ${openInvitationsSql(orgId, now)})`;
}
