/**
 * SCIM Users of an organization and what provisioning them does to the team:
 *
 * - an active user holds a seat: an account with that address joins at once (source `scim`,
 *   a free seat taken in the same conditional INSERT as every join), and an address without an
 *   account is invited through the ordinary invitation and its e-mail (it joins as `scim` when
 *   the link is used). No free seat answers 403 in plain words and changes nothing;
 * - deactivating (`active: false`) or deleting a user frees the seat in ONE batch: the member row
 *   closed, the license revoked, every device freed, every web session and signed-in plugin of
 *   the person ended (or their open invitation withdrawn);
 * - reactivating takes a seat again, if one is free.
 *
 * Every change is an event of the team feed that names SCIM as the actor.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import {
  SCIM_BASE_PATH,
  SCIM_MAX_RESULTS,
  ScimMessages,
  ScimSchemas,
} from '../../../../src/contract/scim';
import { site } from '../../../../src/site.config';
import {
  devices,
  licenses,
  organizationInvitations,
  organizationMembers,
  scimUsers,
  sessions,
  users,
  type OrganizationRow,
  type ScimUserRow,
} from '../../../db/schema';
import { ApiError } from '../../../lib/errors';
import { freeDevicesStatements } from '../../core/licenses/devices';
import { generateLicenseKey } from '../../core/licenses/license-keys';
import { deliverSoon } from '../../core/mail/outbox';
import { seatsHeldSql } from '../../core/organizations/seats';
import { isCancellable, newestSubscription } from '../../core/payments/subscriptions';
import { teamEvent } from '../../core/team-feed';
import { revokeAllPluginTokens } from '../../core/users/plugin-tokens';
import { findUserByEmail } from '../../core/users/users';
import { isUniqueViolation, iso, type Millis } from '../../shared/db';
import type { Deps } from '../../shared/deps';
import { normalizeEmail } from '../../shared/emails';
import { newInvitation } from '../invitations';
import { afterMembershipStatements, membershipOf } from '../organizations';
import { alertSeats } from '../utilization';
import { ScimError } from './errors';
import { applyPatch, readFilter, readPaging, readUser, type ScimUserFields } from './resource';
import { SCIM_ACTOR } from './tokens';

type Batch = [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]];

/** A SCIM User resource as answered. */
export type ScimUserResource = Record<string, unknown>;

const normalizeUserName = (userName: string) => userName.trim().toLowerCase();

/** The resource of a row. */
export function userResource(row: ScimUserRow, origin: string): ScimUserResource {
  const formatted = [row.givenName, row.familyName].filter(Boolean).join(' ');
  return {
    schemas: [ScimSchemas.user],
    id: row.id,
    ...(row.externalId === null ? {} : { externalId: row.externalId }),
    userName: row.userName,
    name: {
      ...(row.givenName === null ? {} : { givenName: row.givenName }),
      ...(row.familyName === null ? {} : { familyName: row.familyName }),
      ...(formatted ? { formatted } : {}),
    },
    ...(row.displayName === null ? {} : { displayName: row.displayName }),
    emails: [{ value: row.email, type: 'work', primary: true }],
    active: row.active,
    meta: {
      resourceType: 'User',
      created: iso(row.createdAt),
      lastModified: iso(row.updatedAt),
      location: `${origin}${SCIM_BASE_PATH}/Users/${row.id}`,
    },
  };
}

function fieldsOf(row: ScimUserRow): ScimUserFields {
  return {
    userName: row.userName,
    externalId: row.externalId,
    givenName: row.givenName,
    familyName: row.familyName,
    displayName: row.displayName,
    email: row.email,
    active: row.active,
  };
}

async function findScimUser(
  { db }: Pick<Deps, 'db'>,
  organization: Pick<OrganizationRow, 'id'>,
  id: string,
): Promise<ScimUserRow> {
  const [row] = await db
    .select()
    .from(scimUsers)
    .where(and(eq(scimUsers.organizationId, organization.id), eq(scimUsers.id, id)))
    .limit(1);
  if (!row) throw new ScimError(404, null, ScimMessages.userNotFound);
  return row;
}

/** 409 uniqueness when another user of the organization has this userName. */
async function assertUserNameFree(
  { db }: Pick<Deps, 'db'>,
  organization: Pick<OrganizationRow, 'id'>,
  userName: string,
  exceptId: string | null,
): Promise<void> {
  const [row] = await db
    .select({ id: scimUsers.id })
    .from(scimUsers)
    .where(
      and(
        eq(scimUsers.organizationId, organization.id),
        eq(scimUsers.userNameNormalized, normalizeUserName(userName)),
      ),
    )
    .limit(1);
  if (row && row.id !== exceptId) {
    throw new ScimError(409, 'uniqueness', ScimMessages.userNameTaken(userName));
  }
}

/** The plan of a seat's license: Standard in a team (bought per seat), else Enterprise. */
const seatPlan = (organization: Pick<OrganizationRow, 'kind'>) =>
  organization.kind === 'team' ? ('Standard' as const) : ('Enterprise' as const);

const noSeat = () => new ScimError(403, null, ScimMessages.noSeat);

/** The team's member with this address now, if any. */
async function memberByEmail(
  { db }: Pick<Deps, 'db'>,
  organization: Pick<OrganizationRow, 'id'>,
  emailNormalized: string,
) {
  const [row] = await db
    .select({
      id: organizationMembers.id,
      userId: organizationMembers.userId,
      licenseId: organizationMembers.licenseId,
    })
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
  return row;
}

/** SQL: the organization's open invitation of this address. */
const openInvitationOf = (organizationId: string, emailNormalized: string, now: Millis) =>
  sql`${organizationInvitations.organizationId} = ${organizationId}
    and ${organizationInvitations.emailNormalized} = ${emailNormalized}
    and ${organizationInvitations.acceptedAt} is null and ${organizationInvitations.revokedAt} is null
    and ${organizationInvitations.expiresAt} > ${now}`;

/** Adds an existing account to the team at once (a free seat, the term running), or 403. */
async function addMember(
  deps: Deps,
  organization: OrganizationRow,
  account: { id: string; email: string },
): Promise<void> {
  const { db, now } = deps;
  const memberId = crypto.randomUUID();
  const licenseId = crypto.randomUUID();
  const seated = sql`exists (select 1 from organization_members where id = ${memberId})`;
  const plan = seatPlan(organization);
  const statements: Batch = [
    // Values in the tables' column order (schema.ts); the roster columns are the triggers'.
    db
      .insert(organizationMembers)
      .select(
        sql`select ${memberId}, o.id, ${account.id}, ${licenseId}, ${now}, null, '', '', 0, null, 'scim'
          from organizations as o where o.id = ${organization.id} and o.term_end > ${now}
            and ${seatsHeldSql(sql`${organization.id}`, now)} < o.seats`,
      )
      .returning({ id: organizationMembers.id }),
    // Devices on the account's older licenses are freed: those keys now read REVOKED.
    ...freeDevicesStatements(
      db,
      { column: devices.userId, value: account.id },
      'system',
      now,
      seated,
    ),
    db.insert(licenses).select(
      sql`select ${licenseId}, ${account.id}, ${generateLicenseKey()}, ${plan}, 'active', ${now}, o.term_end, max(${now}, coalesce((select max(created_at) + 1 from licenses where user_id = ${account.id}), 0)), ${site.currentVersion}, null
        from organizations as o where o.id = ${organization.id} and ${seated}`,
    ),
    db
      .update(users)
      .set({ plan, updatedAt: now })
      .where(sql`${users.id} = ${account.id} and ${seated}`),
    teamEvent(
      db,
      {
        organizationId: organization.id,
        userId: account.id,
        actorUserId: null,
        kind: 'joined',
        detail: `${account.email} (added by ${SCIM_ACTOR})`,
        now,
      },
      seated,
    ),
  ];
  let rows: unknown[];
  try {
    [rows] = (await db.batch(statements)) as [unknown[], ...unknown[]];
  } catch (error) {
    if (isUniqueViolation(error, 'organization_members')) {
      throw new ScimError(409, null, ScimMessages.otherTeam);
    }
    throw error;
  }
  if (rows.length === 0) throw noSeat();
  try {
    await alertSeats(deps, organization.id);
  } catch (error) {
    console.error('Could not check the seats after a SCIM join; the cron will:', error);
  }
}

/** Invites an address without an account (the ordinary invitation and its e-mail), or 403. */
async function inviteByScim(deps: Deps, organization: OrganizationRow, email: string) {
  const { db, now } = deps;
  const invitation = await newInvitation(
    deps,
    organization,
    { userId: organization.ownerUserId, name: organization.name },
    email,
    normalizeEmail(email),
    { guard: sql`1 = 1`, skipTaken: true },
  );
  const written = sql`exists (select 1 from organization_invitations where email_normalized = ${normalizeEmail(email)}
    and organization_id = ${organization.id} and created_at = ${now} and accepted_at is null and revoked_at is null)`;
  const [inserted] = (await db.batch([
    invitation.insert,
    invitation.mail.insert,
    teamEvent(
      db,
      {
        organizationId: organization.id,
        userId: null,
        actorUserId: null,
        kind: 'invited',
        detail: `${email} (invited by ${SCIM_ACTOR})`,
        now,
      },
      written,
    ),
  ])) as [unknown[], ...unknown[]];
  if (inserted.length === 0) throw noSeat();
  await deliverSoon(deps, invitation.mail);
}

/**
 * Gives the person of `email` a seat: nothing when they are a member or invited already; an
 * account joins at once, unless its own subscription still renews (then it is invited, and
 * ends that subscription when accepting); an address without an account is invited.
 */
async function grantSeat(
  deps: Deps,
  organization: OrganizationRow,
  email: string,
): Promise<boolean> {
  const { db, now } = deps;
  if (organization.termEnd <= now) throw new ScimError(403, null, ScimMessages.termEnded);
  const emailNormalized = normalizeEmail(email);
  if (await memberByEmail(deps, organization, emailNormalized)) return false;
  const [invited] = await db
    .select({ id: organizationInvitations.id })
    .from(organizationInvitations)
    .where(openInvitationOf(organization.id, emailNormalized, now))
    .limit(1);
  if (invited) return false;
  const account = await findUserByEmail(db, emailNormalized);
  if (account?.isDeleted) throw new ScimError(409, null, ScimMessages.deletedAccount);
  if (account && !isCancellable(await newestSubscription(db, account.id))) {
    if (await membershipOf(db, account.id)) throw new ScimError(409, null, ScimMessages.otherTeam);
    await addMember(deps, organization, account);
    return true;
  }
  try {
    await inviteByScim(deps, organization, email);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'NO_SEATS') throw noSeat();
    throw error;
  }
  return true;
}

/**
 * Frees the seat of the person of `emailNormalized`, in one batch: as a member, their row is
 * closed, their license revoked, every device freed, every web session and signed-in plugin
 * ended; an open invitation of the address is withdrawn. Nothing to do is not an error.
 */
async function releaseSeat(
  deps: Deps,
  organization: Pick<OrganizationRow, 'id'>,
  email: string,
): Promise<boolean> {
  const { db, now } = deps;
  const emailNormalized = normalizeEmail(email);
  const member = await memberByEmail(deps, organization, emailNormalized);
  const withdrawn = sql`exists (select 1 from organization_invitations where organization_id = ${organization.id}
    and email_normalized = ${emailNormalized} and revoked_at = ${now})`;
  const statements: BatchItem<'sqlite'>[] = [
    db
      .update(organizationInvitations)
      .set({ revokedAt: now })
      .where(openInvitationOf(organization.id, emailNormalized, now))
      .returning({ id: organizationInvitations.id }),
    teamEvent(
      db,
      {
        organizationId: organization.id,
        userId: null,
        actorUserId: null,
        kind: 'invitation-revoked',
        detail: `${email} (deactivated by ${SCIM_ACTOR})`,
        now,
      },
      withdrawn,
    ),
  ];
  if (member) {
    const closed = sql`exists (select 1 from organization_members where id = ${member.id} and removed_at = ${now})`;
    statements.push(
      db
        .update(organizationMembers)
        .set({ removedAt: now })
        .where(and(eq(organizationMembers.id, member.id), isNull(organizationMembers.removedAt))),
      ...afterMembershipStatements(db, member.licenseId, now, closed),
      db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, member.userId), isNull(sessions.revokedAt), closed)),
      revokeAllPluginTokens(deps, member.userId, closed),
      teamEvent(
        db,
        {
          organizationId: organization.id,
          userId: member.userId,
          actorUserId: null,
          kind: 'removed',
          detail: `${email} (deactivated by ${SCIM_ACTOR})`,
          now,
        },
        closed,
      ),
    );
  }
  const [withdrawnRows] = (await db.batch(statements as Batch)) as [unknown[], ...unknown[]];
  return member !== undefined || withdrawnRows.length > 0;
}

/**
 * Applies the change from `before` to `after` to the team (seat given or freed); true when the
 * team changed, which the feed then reports.
 */
async function applyToTeam(
  deps: Deps,
  organization: OrganizationRow,
  before: ScimUserFields | null,
  after: ScimUserFields,
): Promise<boolean> {
  const wasActive = before?.active === true;
  const moved = before !== null && normalizeEmail(before.email) !== normalizeEmail(after.email);
  let changed = false;
  if (wasActive && (!after.active || moved)) {
    changed = await releaseSeat(deps, organization, before.email);
  }
  if (after.active && (!wasActive || moved)) {
    changed = (await grantSeat(deps, organization, after.email)) || changed;
  }
  return changed;
}

/**
 * The feed's event of a SCIM change that moved no seat (a name changed, a user made inactive or
 * deleted while inactive), so that every SCIM change is in the feed; none when `teamChanged`.
 */
function userChangedEvent(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  organization: Pick<OrganizationRow, 'id'>,
  email: string,
  verb: 'provisioned' | 'updated' | 'deleted',
  teamChanged: boolean,
) {
  return teamEvent(
    db,
    {
      organizationId: organization.id,
      userId: null,
      actorUserId: null,
      kind: 'scim-user-changed',
      detail: `${email} (${verb} by ${SCIM_ACTOR})`,
      now,
    },
    teamChanged ? sql`0 = 1` : sql`1 = 1`,
  );
}

function rowValues(fields: ScimUserFields) {
  return {
    userName: fields.userName,
    userNameNormalized: normalizeUserName(fields.userName),
    externalId: fields.externalId,
    givenName: fields.givenName,
    familyName: fields.familyName,
    displayName: fields.displayName,
    email: fields.email,
    emailNormalized: normalizeEmail(fields.email),
    active: fields.active,
  };
}

/** POST /Users: 201 with the resource; 409 uniqueness, 403 without a free seat. */
export async function createScimUser(
  deps: Deps,
  organization: OrganizationRow,
  body: Record<string, unknown>,
): Promise<ScimUserResource> {
  const { db, now, origin } = deps;
  const fields = readUser(body);
  await assertUserNameFree(deps, organization, fields.userName, null);
  const teamChanged = await applyToTeam(deps, organization, null, fields);
  const row: ScimUserRow = {
    id: crypto.randomUUID(),
    organizationId: organization.id,
    ...rowValues(fields),
    createdAt: now,
    updatedAt: now,
  };
  try {
    await db.batch([
      db.insert(scimUsers).values(row),
      userChangedEvent(deps, organization, fields.email, 'provisioned', teamChanged),
    ]);
  } catch (error) {
    if (isUniqueViolation(error, 'scim_users')) {
      throw new ScimError(409, 'uniqueness', ScimMessages.userNameTaken(fields.userName));
    }
    throw error;
  }
  return userResource(row, origin);
}

/** Writes `after` over the row, once the team has followed. */
async function update(
  deps: Deps,
  organization: OrganizationRow,
  row: ScimUserRow,
  after: ScimUserFields,
): Promise<ScimUserResource> {
  const { db, now, origin } = deps;
  if (normalizeUserName(after.userName) !== row.userNameNormalized) {
    await assertUserNameFree(deps, organization, after.userName, row.id);
  }
  let teamChanged: boolean;
  try {
    teamChanged = await applyToTeam(deps, organization, fieldsOf(row), after);
  } catch (error) {
    // The old address's seat was freed but the new one got none: the user is kept inactive.
    if (row.active && after.active && normalizeEmail(row.email) !== normalizeEmail(after.email)) {
      await db
        .update(scimUsers)
        .set({ ...rowValues({ ...after, active: false }), updatedAt: now })
        .where(eq(scimUsers.id, row.id));
    }
    throw error;
  }
  const values = { ...rowValues(after), updatedAt: now };
  try {
    await db.batch([
      db.update(scimUsers).set(values).where(eq(scimUsers.id, row.id)),
      userChangedEvent(deps, organization, after.email, 'updated', teamChanged),
    ]);
  } catch (error) {
    if (isUniqueViolation(error, 'scim_users')) {
      throw new ScimError(409, 'uniqueness', ScimMessages.userNameTaken(after.userName));
    }
    throw error;
  }
  return userResource({ ...row, ...values }, origin);
}

/** PUT /Users/:id: the whole resource replaced. */
export async function replaceScimUser(
  deps: Deps,
  organization: OrganizationRow,
  id: string,
  body: Record<string, unknown>,
): Promise<ScimUserResource> {
  const row = await findScimUser(deps, organization, id);
  return update(deps, organization, row, readUser(body));
}

/** PATCH /Users/:id: a PatchOp applied. */
export async function patchScimUser(
  deps: Deps,
  organization: OrganizationRow,
  id: string,
  body: Record<string, unknown>,
): Promise<ScimUserResource> {
  const row = await findScimUser(deps, organization, id);
  return update(deps, organization, row, applyPatch(fieldsOf(row), body));
}

/** DELETE /Users/:id: the seat freed (as deactivating) and the user forgotten. */
export async function deleteScimUser(
  deps: Deps,
  organization: OrganizationRow,
  id: string,
): Promise<void> {
  const row = await findScimUser(deps, organization, id);
  const teamChanged = row.active && (await releaseSeat(deps, organization, row.email));
  await deps.db.batch([
    deps.db.delete(scimUsers).where(eq(scimUsers.id, row.id)),
    userChangedEvent(deps, organization, row.email, 'deleted', teamChanged),
  ]);
}

/** GET /Users/:id. */
export async function getScimUser(
  deps: Pick<Deps, 'db' | 'origin'>,
  organization: Pick<OrganizationRow, 'id'>,
  id: string,
): Promise<ScimUserResource> {
  return userResource(await findScimUser(deps, organization, id), deps.origin);
}

/** GET /Users: a ListResponse, filtered by `userName eq "…"` at most, a page at a time. */
export async function listScimUsers(
  { db, origin }: Pick<Deps, 'db' | 'origin'>,
  organization: Pick<OrganizationRow, 'id'>,
  query: {
    filter?: string | undefined;
    startIndex?: string | undefined;
    count?: string | undefined;
  },
) {
  const filter = readFilter(query.filter);
  const startIndex = Math.max(1, readPaging(query.startIndex, 'startIndex', 1));
  const count = Math.min(
    SCIM_MAX_RESULTS,
    Math.max(0, readPaging(query.count, 'count', SCIM_MAX_RESULTS)),
  );
  const where = and(
    eq(scimUsers.organizationId, organization.id),
    filter ? eq(scimUsers.userNameNormalized, normalizeUserName(filter.userName)) : undefined,
  );
  const [[total], rows] = await db.batch([
    db
      .select({ n: sql<number>`count(*)` })
      .from(scimUsers)
      .where(where),
    db
      .select()
      .from(scimUsers)
      .where(where)
      .orderBy(asc(scimUsers.createdAt), sql`rowid`)
      .limit(count)
      .offset(startIndex - 1),
  ]);
  return {
    schemas: [ScimSchemas.listResponse],
    totalResults: Number(total?.n ?? 0),
    startIndex,
    itemsPerPage: rows.length,
    Resources: rows.map((row) => userResource(row, origin)),
  };
}
