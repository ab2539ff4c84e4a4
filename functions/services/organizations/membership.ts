/**
 * What can be done to an organization's team, by its owner (team.ts) or by an operator in the
 * console (admin/organizations.ts, which puts its audit row first and passes it as `audit`):
 * invite, resend or withdraw an invitation, remove a member, free a member's device, transfer
 * ownership. Each is one db.batch whose first statement is conditional on the state it changes,
 * with the team feed's event in the same batch.
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { TeamMessages } from '../../../src/contract/messages';
import {
  devices,
  licenseEvents,
  organizationInvitations,
  organizationMembers,
  organizations,
  users,
  type OrganizationRow,
} from '../../db/schema';
import { teamEvent } from '../core/team-feed';
import { fail } from '../../lib/errors';
import { deliverSoon } from '../core/mail/outbox';
import { isUniqueViolation, type Db } from '../shared/db';
import type { Deps } from '../shared/deps';
import { normalizeEmail } from '../shared/emails';
import {
  invitationExpiry,
  invitationMail,
  newInvitation,
  newInvitationToken,
  openInvitationWhere,
} from './invitations';
import { afterMembershipStatements } from './organizations';

/** Who acts on the team: the owner, or an operator with the audit row to put first. */
export interface TeamActor {
  userId: string;
  name: string;
  /** An operator's audit statement and the condition that it was written. */
  audit?: { insert: BatchItem<'sqlite'>; written: SQL };
}

const always = sql`1 = 1`;

/** Runs `first` (the conditional statement) with the actor's audit row and the rest; its rows. */
async function run(
  db: Db,
  actor: TeamActor,
  first: BatchItem<'sqlite'>,
  rest: (guard: SQL) => BatchItem<'sqlite'>[],
): Promise<unknown[]> {
  const guard = actor.audit?.written ?? always;
  const statements = [...(actor.audit ? [actor.audit.insert] : []), first, ...rest(guard)];
  const results = await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  if (actor.audit && (results[0] as unknown[]).length === 0) throw fail('STALE_STATE');
  return results[actor.audit ? 1 : 0] as unknown[];
}

/**
 * Invites an address: one conditional INSERT that holds a seat only while seats taken plus open
 * invitations stay below `seats` and the term runs. 409 NO_SEATS, or ALREADY_MEMBER-like texts.
 */
export async function invite(
  deps: Deps,
  organization: OrganizationRow,
  actor: TeamActor,
  email: string,
): Promise<void> {
  const { db, now } = deps;
  const emailNormalized = normalizeEmail(email);
  if (organization.termEnd <= now) throw fail('NO_SEATS', { message: TeamMessages.termEnded });
  const [onTeam] = await db
    .select({ id: organizationMembers.id })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      and(
        eq(organizationMembers.organizationId, organization.id),
        isNull(organizationMembers.removedAt),
        eq(users.emailNormalized, emailNormalized),
      ),
    )
    .limit(1);
  if (onTeam) throw fail('ALREADY_MEMBER', { message: TeamMessages.alreadyOnTeam });

  const invitation = await newInvitation(deps, organization, actor, email, emailNormalized, {
    guard: actor.audit?.written ?? always,
    skipTaken: false,
  });
  const { mail } = invitation;
  let inserted: unknown[];
  try {
    inserted = await run(db, actor, invitation.insert, () => [mail.insert, invitation.event]);
  } catch (error) {
    if (isUniqueViolation(error, 'organization_invitations')) {
      throw fail('ALREADY_MEMBER', { message: TeamMessages.alreadyInvited });
    }
    throw error;
  }
  if (inserted.length === 0) throw fail('NO_SEATS');
  await deliverSoon(deps, mail);
}

/** Sends an open invitation again with a new link (the old one stops working) and 7 more days. */
export async function resendInvitation(
  deps: Deps,
  organization: OrganizationRow,
  actor: TeamActor,
  invitationId: string,
): Promise<void> {
  const { db, now, origin } = deps;
  const [invitation] = await db
    .select()
    .from(organizationInvitations)
    .where(openInvitationWhere(organization.id, invitationId, now))
    .limit(1);
  if (!invitation) {
    throw fail('NOT_FOUND', { message: TeamMessages.invitationNotFound });
  }
  const { token, tokenHash } = await newInvitationToken();
  const expiresAt = invitationExpiry(now);
  const written = sql`exists (select 1 from organization_invitations where id = ${invitationId} and token_hash = ${tokenHash})`;
  const mail = await invitationMail(
    db,
    invitation.email,
    { organizationName: organization.name, inviterName: actor.name, token, expiresAt },
    origin,
    now,
    written,
  );
  const updated = await run(
    db,
    actor,
    db
      .update(organizationInvitations)
      .set({
        tokenHash,
        expiresAt,
        lastSentAt: now,
        sentCount: sql`${organizationInvitations.sentCount} + 1`,
      })
      .where(
        and(
          openInvitationWhere(organization.id, invitationId, now),
          actor.audit?.written ?? always,
        ),
      )
      .returning({ id: organizationInvitations.id }),
    () => [
      mail.insert,
      teamEvent(
        db,
        {
          organizationId: organization.id,
          userId: null,
          actorUserId: actor.userId,
          kind: 'invitation-resent',
          detail: invitation.email,
          now,
        },
        written,
      ),
    ],
  );
  if (updated.length === 0) throw fail('NOT_FOUND', { message: TeamMessages.invitationNotFound });
  await deliverSoon(deps, mail);
}

/** Withdraws an open invitation: its link stops working and its seat is free again. */
export async function withdrawInvitation(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  organization: OrganizationRow,
  actor: TeamActor,
  invitationId: string,
): Promise<void> {
  const [invitation] = await db
    .select({ email: organizationInvitations.email })
    .from(organizationInvitations)
    .where(openInvitationWhere(organization.id, invitationId, now))
    .limit(1);
  if (!invitation) throw fail('NOT_FOUND', { message: TeamMessages.invitationNotFound });
  const updated = await run(
    db,
    actor,
    db
      .update(organizationInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          openInvitationWhere(organization.id, invitationId, now),
          actor.audit?.written ?? always,
        ),
      )
      .returning({ id: organizationInvitations.id }),
    () => [
      teamEvent(
        db,
        {
          organizationId: organization.id,
          userId: null,
          actorUserId: actor.userId,
          kind: 'invitation-revoked',
          detail: invitation.email,
          now,
        },
        sql`exists (select 1 from organization_invitations where id = ${invitationId} and revoked_at = ${now})`,
      ),
    ],
  );
  if (updated.length === 0) throw fail('NOT_FOUND', { message: TeamMessages.invitationNotFound });
}

/** The active member of this organization with this account id; 404 otherwise. */
async function memberOf(db: Db, organizationId: string, userId: string) {
  const [member] = await db
    .select({ member: organizationMembers, email: users.email })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        eq(organizationMembers.userId, userId),
        isNull(organizationMembers.removedAt),
      ),
    )
    .limit(1);
  if (!member) throw fail('NOT_FOUND', { message: TeamMessages.memberNotFound });
  return member;
}

/**
 * Removes a member: their license is revoked (the plugin is told REVOKED), devices and seat freed.
 * The owner removing themselves leaves their seat (`seat-left` in the feed; owner-seat.ts).
 */
export async function removeMember(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  organization: OrganizationRow,
  actor: TeamActor,
  userId: string,
  kind: 'removed' | 'seat-left' = userId === organization.ownerUserId ? 'seat-left' : 'removed',
): Promise<void> {
  const { member, email } = await memberOf(db, organization.id, userId);
  const closed = sql`exists (select 1 from organization_members where id = ${member.id} and removed_at = ${now})`;
  const removed = await run(
    db,
    actor,
    db
      .update(organizationMembers)
      .set({ removedAt: now })
      .where(
        and(
          eq(organizationMembers.id, member.id),
          isNull(organizationMembers.removedAt),
          actor.audit?.written ?? always,
        ),
      )
      .returning({ id: organizationMembers.id }),
    () => [
      ...afterMembershipStatements(db, member.licenseId, now, closed),
      teamEvent(
        db,
        {
          organizationId: organization.id,
          userId,
          actorUserId: actor.userId,
          kind,
          detail: email,
          now,
        },
        closed,
      ),
    ],
  );
  if (removed.length === 0) throw fail('STALE_STATE');
}

/** Frees one active device of a member's license (a lost laptop), recorded as by support. */
export async function freeMemberDevice(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  organization: OrganizationRow,
  actor: TeamActor,
  deviceRowId: string,
): Promise<void> {
  const onTeam = sql`d.id = ${deviceRowId} and d.deactivated_at is null and d.license_id in
    (select license_id from organization_members where organization_id = ${organization.id} and removed_at is null)`;
  const [device] = await db.all<{ name: string; userId: string }>(
    sql`select d.device_name as name, d.user_id as userId from devices as d where ${onTeam}`,
  );
  if (!device) throw fail('NOT_FOUND', { message: TeamMessages.deviceNotOnTeam });
  const eventId = crypto.randomUUID();
  const written = sql`exists (select 1 from license_events where id = ${eventId})`;
  const inserted = await run(
    db,
    actor,
    db
      .insert(licenseEvents)
      .select(
        sql`select ${eventId}, d.license_id, d.user_id, d.device_id, d.device_name, 'deactivated', 'support', null, ${now}
          from devices as d where ${onTeam} and ${actor.audit?.written ?? always}`,
      )
      .returning({ id: licenseEvents.id }),
    () => [
      db
        .update(devices)
        .set({ deactivatedAt: now })
        .where(and(eq(devices.id, deviceRowId), isNull(devices.deactivatedAt), written)),
      teamEvent(
        db,
        {
          organizationId: organization.id,
          userId: device.userId,
          actorUserId: actor.userId,
          kind: 'device-freed',
          detail: device.name,
          now,
        },
        written,
      ),
    ],
  );
  if (inserted.length === 0) throw fail('NOT_FOUND', { message: TeamMessages.deviceNotOnTeam });
}

/** Makes another member the owner (the old owner stays a member if they were one). */
export async function transferOwnership(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  organization: OrganizationRow,
  actor: TeamActor,
  toUserId: string,
): Promise<void> {
  if (toUserId === organization.ownerUserId) {
    throw fail('ALREADY_MEMBER', { message: TeamMessages.transferToSelf });
  }
  const { email } = await memberOf(db, organization.id, toUserId).catch(() => {
    throw fail('NOT_FOUND', { message: TeamMessages.transferToMember });
  });
  const updated = await run(
    db,
    actor,
    db
      .update(organizations)
      .set({ ownerUserId: toUserId, updatedAt: now })
      .where(
        and(
          eq(organizations.id, organization.id),
          eq(organizations.ownerUserId, organization.ownerUserId),
          sql`exists (select 1 from organization_members where organization_id = ${organization.id}
            and user_id = ${toUserId} and removed_at is null)`,
          actor.audit?.written ?? always,
        ),
      )
      .returning({ id: organizations.id }),
    () => [
      teamEvent(
        db,
        {
          organizationId: organization.id,
          userId: toUserId,
          actorUserId: actor.userId,
          kind: 'ownership-transferred',
          detail: email,
          now,
        },
        sql`exists (select 1 from organizations where id = ${organization.id} and owner_user_id = ${toUserId})`,
      ),
    ],
  );
  if (updated.length === 0) throw fail('STALE_STATE');
}
