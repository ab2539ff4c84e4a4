/**
 * Enterprise organizations: rows, membership, and the statements that give a
 * member their Enterprise license. The rules that must hold under concurrency are single
 * statements: a member joins by ONE conditional INSERT that counts the taken seats (never more
 * than `seats`), an account belongs to one organization at a time (partial UNIQUE index), and a
 * member's devices are limited by the organization's per-seat limit inside the same activation
 * statement every license uses (core/licenses/devices.ts).
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  devices,
  licenses,
  organizationMembers,
  organizations,
  type OrganizationRow,
  type MemberRow,
} from '../../db/schema';
import { freeDevicesStatements } from '../core/licenses/devices';
import type { Db, Millis } from '../shared/db';

/** The organization with this id. */
export async function findOrganization(db: Db, id: string): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return row;
}

/** The organization this account owns (an account owns at most one in practice; the newest). */
export async function organizationOwnedBy(
  db: Db,
  userId: string,
): Promise<OrganizationRow | undefined> {
  const [row] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.ownerUserId, userId))
    .orderBy(sql`${organizations.createdAt} desc`)
    .limit(1);
  return row;
}

/** The account's current membership and its organization, if it is a member. */
export async function membershipOf(
  db: Db,
  userId: string,
): Promise<{ member: MemberRow; organization: OrganizationRow } | undefined> {
  const [row] = await db
    .select({ member: organizationMembers, organization: organizations })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(and(eq(organizationMembers.userId, userId), isNull(organizationMembers.removedAt)))
    .limit(1);
  return row;
}

/**
 * What follows the end of a membership (removal by the owner or an operator): the member's
 * Enterprise license is revoked (the plugin is told REVOKED) and its devices are freed with a
 * `system` audit row each, only while `closed` holds (the member row was closed in this batch).
 */
export function afterMembershipStatements(db: Db, licenseId: string, now: Millis, closed: SQL) {
  return [
    ...freeDevicesStatements(
      db,
      { column: devices.licenseId, value: licenseId },
      'system',
      now,
      closed,
    ),
    db
      .update(licenses)
      .set({ status: 'revoked' })
      .where(and(eq(licenses.id, licenseId), closed)),
  ];
}

/** Every member license of an organization ends with its term; extending the term extends them. */
export function memberLicensesToTerm(
  db: Db,
  orgId: string,
  termEnd: Millis,
  now: Millis,
  guard: SQL = sql`1 = 1`,
) {
  return db
    .update(licenses)
    .set({
      expiresAt: termEnd,
      status: sql`case when ${licenses.status} = 'expired' and ${termEnd} > ${now} then 'active' else ${licenses.status} end`,
    })
    .where(
      sql`${licenses.id} in (select license_id from organization_members
        where organization_id = ${orgId} and removed_at is null) and ${licenses.status} != 'revoked' and ${guard}`,
    );
}
