/**
 * The owner's team (/dashboard/team): the organization they own and their actions on it; and the
 * member's Organization card on My Account. What the team page shows is read in views.ts.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { TeamMessages } from '../../../src/contract/messages';
import { organizationMembers, type OrganizationRow } from '../../db/schema';
import { fail } from '../../lib/errors';
import { subscriptionCharges } from '../core/payments/charges';
import { subscriptionByStripeId } from '../core/payments/subscriptions';
import { findUserById } from '../core/users/users';
import { iso, type Db } from '../shared/db';
import type { Deps } from '../shared/deps';
import {
  freeMemberDevice,
  invite,
  removeMember,
  resendInvitation,
  transferOwnership,
  withdrawInvitation,
  type TeamActor,
} from './membership';
import { inviteMany } from './bulk-invitations';
import { membershipOf, organizationOwnedBy } from './organizations';
import { leaveOwnSeat, takeOwnSeat } from './owner-seat';

/**
 * The organization the signed-in account owns; 403 for anyone else, saying what the team page is
 * (`page`, for its reads) or that only the owner acts on the team.
 */
export async function ownedOrganization(
  db: Db,
  userId: string,
  page = false,
): Promise<OrganizationRow> {
  const organization = await organizationOwnedBy(db, userId);
  if (!organization) {
    const message = page ? TeamMessages.teamPageForOwner : TeamMessages.notOwner;
    throw fail('FORBIDDEN', { message });
  }
  return organization;
}

/** The owner as a team actor. */
export async function ownerActor(db: Db, userId: string): Promise<TeamActor> {
  const user = await findUserById(db, userId);
  return { userId, name: user?.customerName ?? '' };
}

/** The owner's actions, each on the organization they own. */
export const ownerActions = {
  async invite(deps: Deps, ownerId: string, email: string) {
    const organization = await ownedOrganization(deps.db, ownerId);
    await invite(deps, organization, await ownerActor(deps.db, ownerId), email);
  },
  async inviteMany(deps: Deps, ownerId: string, entries: readonly string[]) {
    const organization = await ownedOrganization(deps.db, ownerId);
    return inviteMany(deps, organization, await ownerActor(deps.db, ownerId), entries);
  },
  async resend(deps: Deps, ownerId: string, invitationId: string) {
    const organization = await ownedOrganization(deps.db, ownerId);
    await resendInvitation(deps, organization, await ownerActor(deps.db, ownerId), invitationId);
  },
  async withdraw(deps: Deps, ownerId: string, invitationId: string) {
    const organization = await ownedOrganization(deps.db, ownerId);
    await withdrawInvitation(deps, organization, await ownerActor(deps.db, ownerId), invitationId);
  },
  async remove(deps: Deps, ownerId: string, userId: string) {
    const organization = await ownedOrganization(deps.db, ownerId);
    await removeMember(deps, organization, await ownerActor(deps.db, ownerId), userId);
  },
  async freeDevice(deps: Deps, ownerId: string, deviceRowId: string) {
    const organization = await ownedOrganization(deps.db, ownerId);
    await freeMemberDevice(deps, organization, await ownerActor(deps.db, ownerId), deviceRowId);
  },
  async takeSeat(deps: Deps, ownerId: string) {
    const organization = await ownedOrganization(deps.db, ownerId);
    await takeOwnSeat(deps, organization, await ownerActor(deps.db, ownerId));
  },
  async leaveSeat(deps: Deps, ownerId: string) {
    const organization = await ownedOrganization(deps.db, ownerId);
    await leaveOwnSeat(deps, organization, await ownerActor(deps.db, ownerId));
  },
  async transfer(deps: Deps, ownerId: string, toUserId: string) {
    const organization = await ownedOrganization(deps.db, ownerId);
    await transferOwnership(deps, organization, await ownerActor(deps.db, ownerId), toUserId);
  },
};

/**
 * A team's subscription as its owner's card shows it: renewing or ending, and the year's charge
 * with tax (core/payments/charges.ts); null for Enterprise, for members, or when none is recorded.
 */
async function teamSubscription(db: Db, organization: OrganizationRow, isOwner: boolean) {
  if (!isOwner || organization.kind !== 'team' || !organization.stripeSubscriptionId) return null;
  const subscription = await subscriptionByStripeId(db, organization.stripeSubscriptionId);
  if (!subscription) return null;
  const { current } = await subscriptionCharges(db, subscription);
  const ending =
    subscription.status === 'cancelling' ||
    subscription.status === 'canceled' ||
    subscription.cancelAtPeriodEnd;
  return {
    ending,
    on: iso(subscription.currentPeriodEnd ?? organization.termEnd),
    charge: current,
  };
}

/** The member's Organization card on My Account; null for accounts in no organization. */
export async function organizationCard(db: Db, userId: string) {
  const [membership, owned] = await Promise.all([
    membershipOf(db, userId),
    organizationOwnedBy(db, userId),
  ]);
  const organization = membership?.organization ?? owned;
  if (!organization) return null;
  const isOwner = organization.ownerUserId === userId;
  const [owner, subscription] = await Promise.all([
    findUserById(db, organization.ownerUserId),
    teamSubscription(db, organization, isOwner),
  ]);
  const [seats] = await db
    .select({ n: sql<number>`count(*)` })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, organization.id),
        isNull(organizationMembers.removedAt),
      ),
    );
  return {
    name: organization.name,
    ownerName: owner?.customerName ?? '',
    ownerEmail: owner?.email ?? '',
    isOwner,
    isMember: membership !== undefined,
    seats: organization.seats,
    seatsTaken: Number(seats?.n ?? 0),
    deviceLimit: organization.deviceLimit,
    termEnd: iso(organization.termEnd),
    kind: organization.kind,
    subscription,
  };
}
