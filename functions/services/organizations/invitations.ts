/**
 * Invitations to an organization: a random 256-bit token, e-mailed as a link and stored only as
 * its SHA-256, single use, valid `INVITATION_DAYS`. An open invitation holds a seat until it is
 * accepted, withdrawn or expires, so the seats promised never exceed the seats bought.
 */
import { and, eq, gt, isNull, type SQL } from 'drizzle-orm';
import { TeamMessages } from '../../../src/contract/messages';
import { organizationInvitations, type InvitationRow } from '../../db/schema';
import { fail } from '../../lib/errors';
import { queueMailWhere, type QueuedMail } from '../core/mail/outbox';
import { teamInvitationMail } from '../core/mail/team-templates';
import { randomToken, sha256 } from '../shared/crypto';
import { DAY_MS, type Db, type Millis } from '../shared/db';

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
