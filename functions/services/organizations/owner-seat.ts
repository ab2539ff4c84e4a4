/**
 * The owner's own seat. Buying a team puts the buyer in its first seat; an owner who does not
 * use the plugin (an IT lead buying for the firm) leaves it for a colleague and may take one
 * again while a seat is free. Leaving is removing oneself (membership.ts): the license is revoked
 * and its devices freed; the account still owns the team and its billing. Taking a seat is one
 * batch like joining: a conditional member row (a seat neither taken nor held by an open
 * invitation, the term running), then a new license of the team's plan, each written only with it.
 */
import { sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { TeamMessages } from '../../../src/contract/messages';
import { site } from '../../../src/site.config';
import {
  devices,
  licenses,
  organizationMembers,
  users,
  type OrganizationRow,
} from '../../db/schema';
import { fail } from '../../lib/errors';
import { freeDevicesStatements } from '../core/licenses/devices';
import { generateLicenseKey } from '../core/licenses/license-keys';
import { seatsHeldSql } from '../core/organizations/seats';
import { isCancellable, newestSubscription } from '../core/payments/subscriptions';
import { teamEvent } from '../core/team-feed';
import { findUserById } from '../core/users/users';
import { isUniqueViolation } from '../shared/db';
import type { Deps } from '../shared/deps';
import { removeMember, type TeamActor } from './membership';
import { membershipOf } from './organizations';

/** The plan of a seat's license: Standard in a team (bought per seat), else Enterprise. */
const seatPlan = (organization: Pick<OrganizationRow, 'kind'>) =>
  organization.kind === 'team' ? ('Standard' as const) : ('Enterprise' as const);

/** The owner leaves their seat: their license is revoked, its devices and the seat freed. */
export async function leaveOwnSeat(
  deps: Pick<Deps, 'db' | 'now'>,
  organization: OrganizationRow,
  owner: TeamActor,
): Promise<void> {
  await removeMember(deps, organization, owner, owner.userId, 'seat-left');
}

/**
 * The owner takes a free seat with a new license. 409 ALREADY_MEMBER when they hold one (or
 * belong to another organization), NO_SEATS when none is free; an Enterprise owner whose own
 * Standard subscription still renews is asked to end it first (the seat replaces it).
 */
export async function takeOwnSeat(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  organization: OrganizationRow,
  owner: TeamActor,
): Promise<void> {
  const membership = await membershipOf(db, owner.userId);
  if (membership) {
    throw fail('ALREADY_MEMBER', {
      message:
        membership.organization.id === organization.id ? TeamMessages.ownSeatHeld : undefined,
    });
  }
  if (organization.termEnd <= now) throw fail('NO_SEATS', { message: TeamMessages.termEnded });
  if (organization.kind !== 'team') {
    const own = await newestSubscription(db, owner.userId);
    if (isCancellable(own)) {
      throw fail('CONFIRMATION_REQUIRED', { message: TeamMessages.ownSubscriptionRunning });
    }
  }
  const account = await findUserById(db, owner.userId);
  if (!account) throw fail('FORBIDDEN', { message: TeamMessages.notOwner });
  const memberId = crypto.randomUUID();
  const licenseId = crypto.randomUUID();
  const orgId = sql`${organization.id}`;
  const seated = sql`exists (select 1 from organization_members where id = ${memberId})`;
  const plan = seatPlan(organization);
  const statements = [
    // Values in the tables' column order (schema.ts).
    db
      .insert(organizationMembers)
      .select(
        sql`select ${memberId}, o.id, ${owner.userId}, ${licenseId}, ${now}, null, '', '', 0, null, 'owner'
          from organizations as o where o.id = ${organization.id} and o.term_end > ${now}
            and o.owner_user_id = ${owner.userId} and ${seatsHeldSql(orgId, now)} < o.seats`,
      )
      .returning({ id: organizationMembers.id }),
    // Devices on the account's older licenses are freed: those keys now read REVOKED.
    ...freeDevicesStatements(
      db,
      { column: devices.userId, value: owner.userId },
      'system',
      now,
      seated,
    ),
    db.insert(licenses).select(
      sql`select ${licenseId}, ${owner.userId}, ${generateLicenseKey()}, ${plan}, 'active', ${now}, o.term_end, max(${now}, coalesce((select max(created_at) + 1 from licenses where user_id = ${owner.userId}), 0)), ${site.currentVersion}, null
        from organizations as o where o.id = ${organization.id} and ${seated}`,
    ),
    db
      .update(users)
      .set({ plan, updatedAt: now })
      .where(sql`${users.id} = ${owner.userId} and ${seated}`),
    teamEvent(
      db,
      {
        organizationId: organization.id,
        userId: owner.userId,
        actorUserId: owner.userId,
        kind: 'seat-taken',
        detail: account.email,
        now,
      },
      seated,
    ),
  ] as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]];
  let rows: unknown[];
  try {
    [rows] = (await db.batch(statements)) as [unknown[], ...unknown[]];
  } catch (error) {
    if (isUniqueViolation(error, 'organization_members')) throw fail('ALREADY_MEMBER');
    throw error;
  }
  if (rows.length === 0) throw fail('NO_SEATS');
}
