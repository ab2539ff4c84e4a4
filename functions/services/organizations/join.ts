/**
 * Joining an organization by invitation: the link itself proves the address, so a new
 * person signs up with a name and password and no code; an existing account signs in and
 * accepts. Either way ONE batch makes the member: a conditional INSERT that needs the invitation
 * still open, the term running and a free seat (seats are never exceeded, whatever accepts run at
 * once); the Enterprise license, the invitation's use, the plan and the feed event follow it.
 * An existing Trial keeps its user id and its older license is superseded (the plugin then reads
 * REVOKED for the old key); a running Standard subscription is cancelled at period end, after
 * the customer confirms it.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { TeamMessages } from '../../../src/contract/messages';
import type { AuthResponse } from '../../../src/contract/user';
import {
  devices,
  licenses,
  organizationInvitations,
  organizationMembers,
  sessions,
  users,
  type UserRow,
  type InvitationRow,
  type OrganizationRow,
} from '../../db/schema';
import { fail } from '../../lib/errors';
import { newSession } from '../core/users/sessions';
import { hashPassword, assertPasswordAllowed } from '../core/users/passwords';
import { toUserView } from '../core/users/user-view';
import { findUserByEmail, findUserById, newUser } from '../core/users/users';
import {
  cancelAtPeriodEnd,
  isCancellable,
  newestSubscription,
} from '../core/payments/subscriptions';
import { generateLicenseKey } from '../core/licenses/license-keys';
import { freeDevicesStatements } from '../core/licenses/devices';
import { currentLicense } from '../core/licenses/licenses';
import { isUniqueViolation, type Db, type Millis } from '../shared/db';
import type { Deps } from '../shared/deps';
import { site } from '../../../src/site.config';
import { assertOpen, invitationByToken } from './invitations';
import { teamEvent } from '../core/team-feed';
import { seatsTakenSql } from '../core/organizations/seats';
import { findOrganization } from './organizations';
import { alertSeats } from './utilization';

/** What the invitation page shows before anyone accepts. */
export interface InvitationPreview {
  organizationName: string;
  inviterName: string;
  email: string;
  expiresAt: string;
  /** Whether the address has an account (sign in) or not (sign up). */
  hasAccount: boolean;
}

async function openInvitation(db: Db, token: string, now: Millis) {
  const invitation = assertOpen(await invitationByToken(db, token), now);
  const organization = await findOrganization(db, invitation.organizationId);
  if (!organization) throw fail('INVITATION_INVALID');
  if (organization.termEnd <= now) {
    throw fail('INVITATION_INVALID', { message: TeamMessages.termEnded });
  }
  return { invitation, organization };
}

/** GET /api/invitations/:token — 410 with the reason when it cannot be accepted. */
export async function previewInvitation(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  token: string,
): Promise<InvitationPreview> {
  const { invitation, organization } = await openInvitation(db, token, now);
  const [inviter, account] = await Promise.all([
    findUserById(db, invitation.invitedBy),
    findUserByEmail(db, invitation.emailNormalized),
  ]);
  return {
    organizationName: organization.name,
    inviterName: inviter?.customerName || site.product,
    email: invitation.email,
    expiresAt: new Date(invitation.expiresAt).toISOString(),
    hasAccount: account !== undefined,
  };
}

/**
 * The batch that makes `userId` a member through `invitation`: the member row first (the one
 * conditional statement), then, each only if it was written, the license, the invitation's use,
 * the plan, the freeing of devices on the account's older licenses, and the feed event. `lead`
 * statements (a new account's row) run before it under the same condition.
 */
/** The plan a member's license has: Standard in a team (bought per seat), else Enterprise. */
const memberPlan = (organization: Pick<OrganizationRow, 'kind'>) =>
  organization.kind === 'team' ? ('Standard' as const) : ('Enterprise' as const);

/**
 * SQL: how a member joining by `invitation` came: `scim` when the organization's identity
 * provider provisions that address (the invitation was its), else `invited`.
 */
function sourceOf(organizationId: string, invitation: InvitationRow): SQL {
  return sql`case when exists (select 1 from scim_users as s where s.organization_id = ${organizationId}
    and s.email_normalized = ${invitation.emailNormalized} and s.active = 1) then 'scim' else 'invited' end`;
}

function joinStatements(
  db: Db,
  invitation: InvitationRow,
  organization: OrganizationRow,
  userId: string,
  now: Millis,
  lead: (canJoin: SQL) => BatchItem<'sqlite'>[] = () => [],
) {
  const memberId = crypto.randomUUID();
  const licenseId = crypto.randomUUID();
  const joined = sql`exists (select 1 from organization_members where id = ${memberId})`;
  const orgId = sql`${organization.id}`;
  const canJoin = sql`exists (select 1 from organization_invitations as i join organizations as o on o.id = i.organization_id
    where i.id = ${invitation.id} and i.accepted_at is null and i.revoked_at is null and i.expires_at > ${now}
      and o.term_end > ${now} and ${seatsTakenSql(orgId)} < o.seats)`;
  return {
    memberId,
    statements: [
      ...lead(canJoin),
      // Values in the table's column order (schema.ts); the name, e-mail, devices in use and
      // last activity are the triggers' to fill (migration 0029).
      db
        .insert(organizationMembers)
        .select(
          sql`select ${memberId}, ${organization.id}, ${userId}, ${licenseId}, ${now}, null, '', '', 0, null, ${sourceOf(organization.id, invitation)} where ${canJoin}`,
        )
        .returning({ id: organizationMembers.id }),
      // Devices on the account's older licenses are freed: those keys now read REVOKED.
      ...freeDevicesStatements(
        db,
        { column: devices.userId, value: userId },
        'system',
        now,
        joined,
      ),
      db.insert(licenses).select(
        sql`select ${licenseId}, ${userId}, ${generateLicenseKey()}, ${memberPlan(organization)}, 'active', ${now}, o.term_end, max(${now}, coalesce((select max(created_at) + 1 from licenses where user_id = ${userId}), 0)), ${site.currentVersion}, null
            from organizations as o where o.id = ${organization.id} and ${joined}`,
      ),
      db
        .update(organizationInvitations)
        .set({ acceptedAt: now, acceptedUserId: userId })
        .where(sql`${organizationInvitations.id} = ${invitation.id} and ${joined}`),
      db
        .update(users)
        .set({ plan: memberPlan(organization), updatedAt: now })
        .where(sql`${users.id} = ${userId} and ${joined}`),
      teamEvent(
        db,
        {
          organizationId: organization.id,
          userId,
          actorUserId: userId,
          kind: 'joined',
          detail: invitation.email,
          now,
        },
        joined,
      ),
    ] as BatchItem<'sqlite'>[],
  };
}

/**
 * Refuses a join that cannot work now (already a member, no free seat) before anything changes,
 * above all before a Standard subscription is set to end. The join statement checks again.
 */
async function assertCanJoin(db: Db, organization: OrganizationRow, userId: string) {
  const [row] = await db.all<{ taken: number; member: number }>(
    sql`select ${seatsTakenSql(sql`${organization.id}`)} as taken, exists (select 1 from organization_members
      where user_id = ${userId} and removed_at is null) as member`,
  );
  if (row?.member) throw fail('ALREADY_MEMBER');
  if ((row?.taken ?? 0) >= organization.seats) throw fail('NO_SEATS');
}

/** Runs a join batch; explains a refusal (no seat, used meanwhile, already a member). */
async function runJoin(
  db: Db,
  token: string,
  now: Millis,
  statements: BatchItem<'sqlite'>[],
  memberId: string,
) {
  try {
    await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  } catch (error) {
    if (isUniqueViolation(error, 'organization_members')) throw fail('ALREADY_MEMBER');
    if (isUniqueViolation(error, 'users')) throw fail('ACCOUNT_EXISTS');
    throw error;
  }
  const [member] = await db
    .select({ id: organizationMembers.id })
    .from(organizationMembers)
    .where(eq(organizationMembers.id, memberId));
  if (member) return;
  // Not joined: the invitation was used, withdrawn or expired meanwhile, or the seats ran out.
  await openInvitation(db, token, now);
  throw fail('NO_SEATS');
}

/**
 * A join may take the members to `seatAlertPercent` of the seats: the owner hears it now. The
 * member has joined whatever happens here; a failure is logged and the hourly cron tries again.
 */
async function alertSeatsAfterJoin(deps: Deps, organizationId: string) {
  try {
    await alertSeats(deps, organizationId);
  } catch (error) {
    console.error('Could not check the seats after a join; the cron will:', error);
  }
}

/**
 * POST /api/invitations/:token/accept, signed in: the account must be the invited address. A
 * running Standard subscription needs `confirmCancelStandard` (409 CONFIRMATION_REQUIRED
 * otherwise) and is then set to end at its period end.
 */
export async function acceptInvitation(
  deps: Deps,
  token: string,
  userId: string,
  confirmCancelStandard: boolean,
): Promise<void> {
  const { db, now } = deps;
  const { invitation, organization } = await openInvitation(db, token, now);
  const user = await findUserById(db, userId);
  if (!user) throw fail('UNAUTHORIZED');
  if (user.emailNormalized !== invitation.emailNormalized) {
    throw fail('FORBIDDEN', { message: TeamMessages.invitationOtherAccount });
  }
  if (user.isDeleted) throw fail('FORBIDDEN', { message: TeamMessages.deletedAccount });
  await assertCanJoin(db, organization, userId);
  const subscription = await newestSubscription(db, userId);
  if (isCancellable(subscription)) {
    if (!confirmCancelStandard) throw fail('CONFIRMATION_REQUIRED');
    await cancelAtPeriodEnd(deps, userId);
  }
  const { statements, memberId } = joinStatements(db, invitation, organization, userId, now);
  await runJoin(db, token, now, statements, memberId);
  await alertSeatsAfterJoin(deps, organization.id);
}

/**
 * POST /api/invitations/:token/signup: a new account for the invited address (the link proved
 * it), a member at once, signed in. 409 ACCOUNT_EXISTS when the address has an account (sign in
 * and accept instead).
 */
export async function signUpByInvitation(
  deps: Deps,
  token: string,
  body: { customerName: string; password: string },
): Promise<AuthResponse> {
  const { db, now, secrets } = deps;
  const { invitation, organization } = await openInvitation(db, token, now);
  if (await findUserByEmail(db, invitation.emailNormalized)) throw fail('ACCOUNT_EXISTS');
  await assertPasswordAllowed(body.password);
  const passwordHash = await hashPassword(body.password, secrets.pepper);
  const user: UserRow = newUser(
    {
      customerName: body.customerName,
      email: invitation.email,
      emailNormalized: invitation.emailNormalized,
      passwordHash,
      googleSub: null,
    },
    memberPlan(organization),
    now,
  );
  const session = await newSession(deps, user.id);
  const { statements, memberId } = joinStatements(
    db,
    invitation,
    organization,
    user.id,
    now,
    (canJoin) => [
      // Values in the table's column order (schema.ts).
      db
        .insert(users)
        .select(
          sql`select ${user.id}, ${user.customerName}, ${user.email}, ${user.emailNormalized}, ${user.passwordHash}, null, ${user.plan}, 0, null, null, ${now}, ${now}, null, 1 where ${canJoin}`,
        ),
    ],
  );
  // The session only with the account: a refused join leaves no row behind. Values in the
  // table's column order (schema.ts): no second factor yet, verified now.
  const signIn = db.insert(sessions).select(
    sql`select ${session.info.sessionId}, ${user.id}, ${now}, ${now}, ${session.info.expiresAt}, ${deps.client.userAgent?.slice(0, 512) ?? null}, ${deps.client.ip}, null, null, ${now}
        where exists (select 1 from organization_members where id = ${memberId})`,
  );
  await runJoin(db, token, now, [...statements, signIn], memberId);
  await alertSeatsAfterJoin(deps, organization.id);
  const license = await currentLicense(db, user.id);
  if (!license) throw new Error('joined member has no license');
  return {
    token: session.token,
    user: toUserView(user, license, session.info, now),
    tokenExpiration: session.info.expiresAt,
  };
}
