/**
 * Invitations to an organization: a random 256-bit token, e-mailed as a link and stored only as
 * its SHA-256, single use, valid `INVITATION_DAYS`. An open invitation holds a seat until it is
 * accepted, withdrawn or expires, so the seats promised never exceed the seats bought.
 */
import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { TeamMessages } from '../../../src/contract/messages';
import { organizationInvitations, type InvitationRow, type OrganizationRow } from '../../db/schema';
import { fail } from '../../lib/errors';
import { queueMailWhere, type QueuedMail } from '../core/mail/outbox';
import { teamInvitationMail } from '../core/mail/team-templates';
import { seatsHeldSql } from '../core/organizations/seats';
import { teamEvent } from '../core/team-feed';
import { randomToken, sha256 } from '../shared/crypto';
import { DAY_MS, type Db, type Millis } from '../shared/db';
import type { Deps } from '../shared/deps';

export const INVITATION_DAYS = 7;

/** The link of an invitation: the token travels in the fragment, never to a server log. */
export function invitationLink(origin: string, token: string): string {
  return `${origin}/invite#token=${token}`;
}

/** A fresh token and what is stored of it. */
export async function newInvitationToken(): Promise<{ token: string; tokenHash: string }> {
  const token = randomToken();
  return { token, tokenHash: await sha256(token) };
}

/** The invitation a token names, whatever its state. */
export async function invitationByToken(db: Db, token: string): Promise<InvitationRow | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const [row] = await db
    .select()
    .from(organizationInvitations)
    .where(eq(organizationInvitations.tokenHash, await sha256(token)))
    .limit(1);
  return row;
}

/** 410 INVITATION_INVALID with the reason, unless the invitation can be accepted at `now`. */
export function assertOpen(invitation: InvitationRow | undefined, now: Millis): InvitationRow {
  if (!invitation) throw fail('INVITATION_INVALID');
  if (invitation.acceptedAt !== null) {
    throw fail('INVITATION_INVALID', { message: TeamMessages.invitationUsed });
  }
  if (invitation.revokedAt !== null) {
    throw fail('INVITATION_INVALID', { message: TeamMessages.invitationRevoked });
  }
  if (invitation.expiresAt <= now) {
    throw fail('INVITATION_INVALID', { message: TeamMessages.invitationExpired });
  }
  return invitation;
}

/** Conditions of an open invitation of `organizationId` with this id. */
export function openInvitationWhere(organizationId: string, id: string, now: Millis) {
  return and(
    eq(organizationInvitations.id, id),
    eq(organizationInvitations.organizationId, organizationId),
    isNull(organizationInvitations.acceptedAt),
    isNull(organizationInvitations.revokedAt),
    gt(organizationInvitations.expiresAt, now),
  );
}

/** The invitation e-mail, written only when `when` holds (its invitation row was written). */
export async function invitationMail(
  db: Db,
  to: string,
  details: { organizationName: string; inviterName: string; token: string; expiresAt: Millis },
  origin: string,
  now: Millis,
  when: SQL,
): Promise<QueuedMail> {
  return queueMailWhere(
    db,
    await teamInvitationMail(
      to,
      {
        organizationName: details.organizationName,
        inviterName: details.inviterName,
        link: invitationLink(origin, details.token),
        expiresAt: details.expiresAt,
      },
      origin,
    ),
    now,
    when,
  );
}

/** When an invitation sent at `now` expires. */
export function invitationExpiry(now: Millis): Millis {
  return now + INVITATION_DAYS * DAY_MS;
}

/**
 * A new invitation's three statements, for one db.batch: the INSERT that holds a seat only while
 * members plus open invitations stay below the seats, the term runs and `guard` holds; its e-mail
 * and its team feed event, both written only when the INSERT was. `skipTaken` makes an address
 * already invited a skipped row instead of a UNIQUE violation (the caller tells the cases apart).
 */
export async function newInvitation(
  deps: Pick<Deps, 'db' | 'now' | 'origin'>,
  organization: OrganizationRow,
  inviter: { userId: string; name: string },
  email: string,
  emailNormalized: string,
  options: { guard: SQL; skipTaken: boolean },
) {
  const { db, now, origin } = deps;
  const id = crypto.randomUUID();
  const { token, tokenHash } = await newInvitationToken();
  const expiresAt = invitationExpiry(now);
  const written = sql`exists (select 1 from organization_invitations where id = ${id})`;
  const mail = await invitationMail(
    db,
    email,
    { organizationName: organization.name, inviterName: inviter.name, token, expiresAt },
    origin,
    now,
    written,
  );
  // Values in the table's column order (schema.ts).
  const rows = db.insert(organizationInvitations).select(
    sql`select ${id}, o.id, ${email}, ${emailNormalized}, ${tokenHash}, ${inviter.userId}, ${now}, ${expiresAt}, 1, ${now}, null, null, null
        from organizations as o where o.id = ${organization.id} and o.term_end > ${now}
          and ${seatsHeldSql(sql`o.id`, now)} < o.seats
          and ${options.guard}`,
  );
  const insert = (options.skipTaken ? rows.onConflictDoNothing() : rows).returning({
    id: organizationInvitations.id,
  });
  const event = teamEvent(
    db,
    {
      organizationId: organization.id,
      userId: null,
      actorUserId: inviter.userId,
      kind: 'invited',
      detail: email,
      now,
    },
    written,
  );
  return { insert, mail, event };
}
