/**
 * Enterprise organizations in the operator console (issue 13): created from an agreement signed
 * outside Stripe, changed later (seats, device limit, term, notes), each change audited; the
 * owner's own team actions are open to operators too, audited.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ConsoleMessages } from '../../../src/contract/messages';
import { organizationMembers, organizations, users } from '../../db/schema';
import { fail } from '../../lib/errors';
import { findUserByEmail } from '../accounts/users';
import { prefixEnd, type Db, type Millis } from '../shared/db';
import type { Deps } from '../shared/deps';
import { normalizeEmail } from '../shared/emails';
import {
  findOrganization,
  memberLicensesToTerm,
  seatsTakenSql,
  teamEvent,
  type OrganizationRow,
} from '../organizations/organizations';
import {
  freeMemberDevice,
  invite,
  removeMember,
  resendInvitation,
  transferOwnership,
  withdrawInvitation,
  type TeamActor,
} from '../organizations/membership';
import { site } from '../../../src/site.config';
import { applyAudited } from './actions';
import { auditStatement, auditWritten, type OperatorAct } from './audit';

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
      subject: `organization:${id}`,
      before: sql`json_object()`,
      after: { ...values, notes: undefined },
      from: sql`from users as u`,
      where: sql`u.id = ${owner.id} and u.is_deleted = 0`,
    },
    (written) => [
      db
        .insert(organizations)
        .select(
          sql`select ${id}, ${values.name}, ${values.ownerUserId}, ${values.seats}, ${values.deviceLimit}, ${values.termStart}, ${values.termEnd}, ${values.supportTier}, ${values.agreementRef}, ${values.notes}, ${now}, ${now} where ${written}`,
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
      subject: `organization:${organization.id}`,
      before: sql`json_object('name', o.name, 'seats', o.seats, 'deviceLimit', o.device_limit, 'termEnd', o.term_end, 'supportTier', o.support_tier, 'agreementRef', o.agreement_ref)`,
      after: {
        name: next.name,
        seats: next.seats,
        deviceLimit: next.deviceLimit,
        termEnd: next.termEnd,
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
                detail: new Date(next.termEnd).toISOString().slice(0, 10),
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

/** An organization and its members' ids, for the console's organization page. */
export async function organizationOf(db: Db, id: string): Promise<OrganizationRow> {
  const organization = await findOrganization(db, id);
  if (!organization) throw fail('NOT_FOUND', { message: ConsoleMessages.organizationNotFound });
  return organization;
}

/** Organizations by name (any case, prefix), by a member's or owner's e-mail, newest first. */
export async function findOrganizations(db: Db, query: string) {
  const q = query.trim();
  const email = normalizeEmail(q);
  return db
    .selectDistinct({ organization: organizations })
    .from(organizations)
    .leftJoin(
      organizationMembers,
      and(
        eq(organizationMembers.organizationId, organizations.id),
        isNull(organizationMembers.removedAt),
      ),
    )
    .leftJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      sql`(${organizations.name} collate nocase >= ${q} and ${organizations.name} collate nocase < ${prefixEnd(q)})
        or ${users.emailNormalized} = ${email}
        or ${organizations.ownerUserId} in (select id from users where email_normalized = ${email})`,
    )
    .limit(50)
    .then((rows) => rows.map((row) => row.organization));
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
 */
export async function operatorTeamAction(
  deps: Deps,
  act: OperatorAct,
  organizationId: string,
  input: OperatorTeamAction,
): Promise<void> {
  const organization = await organizationOf(deps.db, organizationId);
  const { action, ...details } = input;
  const audit = auditStatement(deps.db, act, {
    action,
    userId: 'userId' in input ? input.userId : organization.ownerUserId,
    subject: `organization:${organization.id}`,
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
      return invite(deps, organization, actor, input.email);
    case 'team-resend-invitation':
      return resendInvitation(deps, organization, actor, input.invitationId);
    case 'team-withdraw-invitation':
      return withdrawInvitation(deps, organization, actor, input.invitationId);
    case 'team-remove-member':
      return removeMember(deps, organization, actor, input.userId);
    case 'team-free-device':
      return freeMemberDevice(deps, organization, actor, input.deviceRowId);
    case 'team-transfer-ownership':
      return transferOwnership(deps, organization, actor, input.userId);
  }
}
