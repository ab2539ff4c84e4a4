/**
 * Enterprise organizations in the operator console (docs/organizations.md): created from an
 * agreement signed outside Stripe, changed later (seats, device limit, term, notes), each change
 * audited; the owner's own team actions are open to operators too, audited.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type {
  OrganizationDetail,
  OrganizationHit,
} from '../../../src/contract/admin-organizations';
import { ConsoleMessages, TeamMessages } from '../../../src/contract/messages';
import {
  auditLog,
  organizationScim,
  organizations,
  users,
  type OrganizationRow,
  type OrganizationSsoRow,
} from '../../db/schema';
import { teamEvent } from '../core/team-feed';
import { fail } from '../../lib/errors';
import { findUserByEmail } from '../core/users/users';
import { normalizeLicenseKey } from '../core/licenses/license-keys';
import { iso, isoOrNull, prefixEnd, utcDay, type Db, type Millis } from '../shared/db';
import type { Deps } from '../shared/deps';
import { normalizeEmail } from '../shared/emails';
import { seatsTakenSql } from '../core/organizations/seats';
import { findOrganization, memberLicensesToTerm } from '../organizations/organizations';
import {
  freeMemberDevice,
  invite,
  removeMember,
  resendInvitation,
  transferOwnership,
  withdrawInvitation,
  type TeamActor,
} from '../organizations/membership';
import { ssoConnectionView } from '../organizations/sso-settings';
import { teamActivity, teamRoster } from '../organizations/views';
import { ssoConnectionOf } from '../core/organizations/sso-connections';
import { site } from '../../../src/site.config';
import { applyAudited } from './actions';
import {
  AUDIT_PAGE_SIZE,
  auditStatement,
  auditWritten,
  toAuditEntry,
  type OperatorAct,
} from './audit';

export interface OrganizationInput {
  name: string;
  ownerEmail: string;
  seats: number;
  deviceLimit: number;
  termStart: Millis;
  termEnd: Millis;
  supportTier: 'standard' | 'priority';
  agreementRef: string | null;
  notes: string | null;
}

/** Creates an organization owned by an existing account; answers its id. */
export async function createOrganization(
  deps: Deps,
  act: OperatorAct,
  input: OrganizationInput,
): Promise<string> {
  const { db, now } = deps;
  const owner = await findUserByEmail(db, normalizeEmail(input.ownerEmail));
  if (!owner || owner.isDeleted) {
    throw fail('NOT_FOUND', { message: ConsoleMessages.ownerNotFound });
  }
  if (input.termEnd <= input.termStart) {
    throw fail('VALIDATION_FAILED', { message: ConsoleMessages.termOrder });
  }
  const id = crypto.randomUUID();
  const values = {
    id,
    name: input.name,
    ownerUserId: owner.id,
    seats: input.seats,
    deviceLimit: input.deviceLimit,
    termStart: input.termStart,
    termEnd: input.termEnd,
    supportTier: input.supportTier,
    agreementRef: input.agreementRef,
    notes: input.notes,
    createdAt: now,
    updatedAt: now,
  };
  await applyAudited(
    deps,
    act,
    {
      action: 'create-organization',
      userId: owner.id,
      subject: subjectOf(id),
      before: sql`json_object()`,
      after: {
        ...values,
        termStart: utcDay(values.termStart),
        termEnd: utcDay(values.termEnd),
        notes: undefined,
      },
      from: sql`from users as u`,
      where: sql`u.id = ${owner.id} and u.is_deleted = 0`,
    },
    // In the table's column order: …, seat_alert_at, kind (an operator's is Enterprise), and no
    // subscription (a team's).
    (written) => [
      db
        .insert(organizations)
        .select(
          sql`select ${id}, ${values.name}, ${values.ownerUserId}, ${values.seats}, ${values.deviceLimit}, ${values.termStart}, ${values.termEnd}, ${values.supportTier}, ${values.agreementRef}, ${values.notes}, ${now}, ${now}, null, 'enterprise', null where ${written}`,
        ),
    ],
  );
  return id;
}

export type OrganizationChanges = {
  [K in 'name' | 'seats' | 'deviceLimit' | 'termEnd' | 'supportTier' | 'agreementRef' | 'notes']?:
    OrganizationInput[K] | undefined;
};

/**
 * Changes an organization. Seats never go below the seats taken (checked in the same statement);
 * a new term end moves every member's license end with it (an expired one is active again while
 * the term runs).
 */
export async function updateOrganization(
  deps: Deps,
  act: OperatorAct,
  organizationId: string,
  changes: OrganizationChanges,
): Promise<void> {
  const { db, now } = deps;
  const organization = await findOrganization(db, organizationId);
  if (!organization) throw fail('NOT_FOUND', { message: ConsoleMessages.organizationNotFound });
  const next: OrganizationRow = { ...organization, ...definedOnly(changes), updatedAt: now };
  if (next.termEnd <= next.termStart) {
    throw fail('VALIDATION_FAILED', { message: ConsoleMessages.termOrder });
  }
  const orgId = sql`${organization.id}`;
  await applyAudited(
    deps,
    act,
    {
      action: 'update-organization',
      userId: organization.ownerUserId,
      subject: subjectOf(organization.id),
      before: sql`json_object('name', o.name, 'seats', o.seats, 'deviceLimit', o.device_limit, 'termEnd', strftime('%Y-%m-%d', o.term_end / 1000, 'unixepoch'), 'supportTier', o.support_tier, 'agreementRef', o.agreement_ref)`,
      after: {
        name: next.name,
        seats: next.seats,
        deviceLimit: next.deviceLimit,
        termEnd: utcDay(next.termEnd),
        supportTier: next.supportTier,
        agreementRef: next.agreementRef,
      },
      from: sql`from organizations as o`,
      where: sql`o.id = ${organization.id} and o.updated_at = ${organization.updatedAt}
        and ${seatsTakenSql(orgId)} <= ${next.seats}`,
    },
    (written) => [
      db
        .update(organizations)
        .set({
          name: next.name,
          seats: next.seats,
          deviceLimit: next.deviceLimit,
          termEnd: next.termEnd,
          supportTier: next.supportTier,
          agreementRef: next.agreementRef,
          notes: next.notes,
          updatedAt: now,
        })
        .where(and(eq(organizations.id, organization.id), written)),
      ...(next.termEnd !== organization.termEnd
        ? [
            memberLicensesToTerm(db, organization.id, next.termEnd, now, written),
            teamEvent(
              db,
              {
                organizationId: organization.id,
                userId: null,
                actorUserId: act.operatorId,
                kind: 'term-changed',
                detail: utcDay(next.termEnd),
                now,
              },
              written,
            ),
          ]
        : []),
      ...(next.seats !== organization.seats
        ? [
            teamEvent(
              db,
              {
                organizationId: organization.id,
                userId: null,
                actorUserId: act.operatorId,
                kind: 'seats-changed',
                detail: String(next.seats),
                now,
              },
              written,
            ),
          ]
        : []),
    ],
  ).catch((error: unknown) => {
    if (error instanceof Error && 'code' in error && error.code === 'STALE_STATE') {
      throw fail('STALE_STATE', { message: ConsoleMessages.seatsBelowTaken });
    }
    throw error;
  });
}

/** The changes that were given (an absent field keeps its value). */
function definedOnly(changes: OrganizationChanges): Partial<OrganizationRow> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
}

/** An organization by id, or NOT_FOUND in the console's words. */
export async function organizationOf(db: Db, id: string): Promise<OrganizationRow> {
  const organization = await findOrganization(db, id);
  if (!organization) throw fail('NOT_FOUND', { message: ConsoleMessages.organizationNotFound });
  return organization;
}

const SEARCH_LIMIT = 50;

/**
 * Organizations by name (any case, its start), by a member's or the owner's e-mail, or by a
 * member's license key; without a query the newest. Each lookup has its own index.
 */
export async function findOrganizations(db: Db, query: string): Promise<OrganizationHit[]> {
  const q = query.trim();
  const email = normalizeEmail(q);
  const key = normalizeLicenseKey(q);
  const matchedBy = q
    ? sql<string>`case
        when ${key} is not null and o.id in (select m.organization_id from organization_members as m
          join licenses as l on l.id = m.license_id where l.license_key = ${key}) then 'license key'
        when o.owner_user_id in (select id from users where email_normalized = ${email}) then 'owner e-mail'
        when o.id in (select m.organization_id from organization_members as m
          join users as u on u.id = m.user_id
          where u.email_normalized = ${email} and m.removed_at is null) then 'member e-mail'
        when o.name collate nocase >= ${q} and o.name collate nocase < ${prefixEnd(q)} then 'name'
      end`
    : sql<string>`'newest'`;
  const rows = await db.all<{
    id: string;
    name: string;
    ownerUserId: string;
    ownerName: string;
    ownerEmail: string;
    seats: number;
    seatsTaken: number;
    deviceLimit: number;
    termEnd: number;
    supportTier: OrganizationRow['supportTier'];
    matchedBy: string | null;
  }>(sql`select * from (
      select o.id, o.name, o.owner_user_id as ownerUserId, u.customer_name as ownerName,
        u.email as ownerEmail, o.seats, ${seatsTakenSql(sql`o.id`)} as seatsTaken,
        o.device_limit as deviceLimit, o.term_end as termEnd, o.support_tier as supportTier,
        o.created_at as createdAt, ${matchedBy} as matchedBy
      from organizations as o join users as u on u.id = o.owner_user_id
    ) where matchedBy is not null order by createdAt desc limit ${SEARCH_LIMIT}`);
  return rows.map((row) => ({
    ...row,
    termEnd: iso(row.termEnd),
    matchedBy: row.matchedBy ?? '',
  }));
}

/** The whole picture for the console: the record, members, invitations, feed and audit trail. */
export async function organizationDetail(
  db: Db,
  id: string,
  now: Millis,
): Promise<OrganizationDetail> {
  const organization = await organizationOf(db, id);
  const [team, activity, [owner], auditRows, [scim], sso] = await Promise.all([
    teamRoster(db, organization, now),
    teamActivity(db, organization, {}),
    db
      .select({ customerName: users.customerName, email: users.email })
      .from(users)
      .where(eq(users.id, organization.ownerUserId))
      .limit(1),
    db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, subjectOf(organization.id)))
      .orderBy(desc(auditLog.createdAt), desc(sql`rowid`))
      .limit(AUDIT_PAGE_SIZE),
    db
      .select()
      .from(organizationScim)
      .where(eq(organizationScim.organizationId, organization.id))
      .limit(1),
    ssoConnectionOf(db, organization.id),
  ]);
  return {
    organization: {
      ...team.organization,
      supportTier: organization.supportTier,
      ownerUserId: organization.ownerUserId,
      ownerName: owner?.customerName ?? '',
      ownerEmail: owner?.email ?? '',
      agreementRef: organization.agreementRef,
      notes: organization.notes,
      createdAt: iso(organization.createdAt),
      updatedAt: iso(organization.updatedAt),
    },
    members: team.members,
    invitations: team.invitations,
    activity,
    audit: auditRows.map(toAuditEntry),
    scim: {
      tokenCreatedAt: scim?.tokenHash ? isoOrNull(scim.tokenCreatedAt) : null,
      lastCallAt: isoOrNull(scim?.lastCallAt ?? null),
    },
    sso: sso ? consoleSsoView(sso) : null,
  };
}

/** The single sign-on connection as the console shows it: read only, never the secret. */
function consoleSsoView(row: OrganizationSsoRow): NonNullable<OrganizationDetail['sso']> {
  const { secretSaved: _secretSaved, ...view } = ssoConnectionView(row);
  return view;
}

/** The audit log's subject of an organization's rows. */
function subjectOf(organizationId: string): string {
  return `organization:${organizationId}`;
}

/** The team actions an operator takes for an organization, each with its audit row. */
export type OperatorTeamAction =
  | { action: 'team-invite'; email: string }
  | { action: 'team-resend-invitation'; invitationId: string }
  | { action: 'team-withdraw-invitation'; invitationId: string }
  | { action: 'team-remove-member'; userId: string }
  | { action: 'team-free-device'; deviceRowId: string }
  | { action: 'team-transfer-ownership'; userId: string };

/**
 * Runs one of the owner's team actions as an operator: the audit row (written only while the
 * organization exists) goes first in the action's own batch, and the action applies only with it.
 * Answers the action's message.
 */
export async function operatorTeamAction(
  deps: Deps,
  act: OperatorAct,
  organizationId: string,
  input: OperatorTeamAction,
): Promise<string> {
  const organization = await organizationOf(deps.db, organizationId);
  const { action, ...details } = input;
  const audit = auditStatement(deps.db, act, {
    action,
    userId: 'userId' in input ? input.userId : organization.ownerUserId,
    subject: subjectOf(organization.id),
    before: sql`json_object('ownerUserId', o.owner_user_id, 'seats', o.seats)`,
    after: details,
    from: sql`from organizations as o`,
    where: sql`o.id = ${organization.id}`,
  });
  const actor: TeamActor = {
    userId: act.operatorId,
    name: `${site.product} support`,
    audit: { insert: audit.insert, written: auditWritten(audit.id) },
  };
  switch (input.action) {
    case 'team-invite':
      await invite(deps, organization, actor, input.email);
      return TeamMessages.invited;
    case 'team-resend-invitation':
      await resendInvitation(deps, organization, actor, input.invitationId);
      return TeamMessages.invitationResent;
    case 'team-withdraw-invitation':
      await withdrawInvitation(deps, organization, actor, input.invitationId);
      return TeamMessages.invitationWithdrawn;
    case 'team-remove-member':
      await removeMember(deps, organization, actor, input.userId);
      return TeamMessages.memberRemoved;
    case 'team-free-device':
      await freeMemberDevice(deps, organization, actor, input.deviceRowId);
      return TeamMessages.deviceFreed;
    case 'team-transfer-ownership':
      await transferOwnership(deps, organization, actor, input.userId);
      return TeamMessages.ownershipTransferred;
  }
}
