/**
 * What a team looks like, read for the owner's page and the console's organization page: seats,
 * members with their devices and last activity, open invitations (the owner's table reads them a
 * page at a time, people.ts), and the team activity feed (activations, deactivations and
 * replacements from the members' license events; sign-ins, invitations and membership from the
 * organization's own events), filterable by member and date and exportable as CSV.
 */
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type {
  TeamDevice,
  TeamInvitation,
  TeamMember,
  TeamOverview,
} from '../../../src/contract/team';
import {
  devices,
  licenses,
  organizationInvitations,
  organizationMembers,
  type OrganizationRow,
} from '../../db/schema';
import { iso, type Db, type Millis } from '../shared/db';
import { teamMember } from './people';

/** SQL: the open invitations of the organization not yet expired. */
function openInvitations(organizationId: string, now: Millis) {
  return and(
    eq(organizationInvitations.organizationId, organizationId),
    isNull(organizationInvitations.acceptedAt),
    isNull(organizationInvitations.revokedAt),
    sql`${organizationInvitations.expiresAt} > ${now}`,
  );
}

/**
 * GET /api/team: the organization's figures, the same size for any team: two counts read from
 * the members' and the open invitations' indexes (the people come a page at a time, people.ts).
 */
export async function teamSummary(
  db: Db,
  organization: OrganizationRow,
  now: Millis,
): Promise<TeamOverview> {
  const [counted] = await db.all<{
    seatsTaken: number;
    invitationsOpen: number;
    ownerHoldsSeat: number;
  }>(
    sql`select (select count(*) from organization_members as m
          where m.organization_id = ${organization.id} and m.removed_at is null) as seatsTaken,
        exists (select 1 from organization_members as o
          where o.organization_id = ${organization.id} and o.user_id = ${organization.ownerUserId}
            and o.removed_at is null) as ownerHoldsSeat,
        (select count(*) from organization_invitations as i
          where i.organization_id = ${organization.id} and i.accepted_at is null
            and i.revoked_at is null and i.expires_at > ${now}) as invitationsOpen`,
  );
  return {
    organization: {
      id: organization.id,
      name: organization.name,
      seats: organization.seats,
      seatsTaken: counted?.seatsTaken ?? 0,
      invitationsOpen: counted?.invitationsOpen ?? 0,
      ownerUserId: organization.ownerUserId,
      ownerHoldsSeat: counted?.ownerHoldsSeat === 1,
      deviceLimit: organization.deviceLimit,
      termStart: iso(organization.termStart),
      termEnd: iso(organization.termEnd),
      supportTier: organization.supportTier,
    },
  };
}

/**
 * The console's organization page: the figures, every member (by joining) with their active
 * devices and last activity, and every open invitation (newest first), in one D1 batch.
 */
export async function teamRoster(
  db: Db,
  organization: OrganizationRow,
  now: Millis,
): Promise<TeamOverview & { members: TeamMember[]; invitations: TeamInvitation[] }> {
  const active = and(
    eq(organizationMembers.organizationId, organization.id),
    isNull(organizationMembers.removedAt),
  );
  const [memberRows, deviceRows, invitationRows] = await db.batch([
    db
      .select({
        userId: organizationMembers.userId,
        customerName: organizationMembers.customerName,
        email: organizationMembers.email,
        joinedAt: organizationMembers.joinedAt,
        lastActiveAt: organizationMembers.lastActiveAt,
        licenseId: organizationMembers.licenseId,
        licenseStatus: licenses.status,
        licenseExpiresAt: licenses.expiresAt,
      })
      .from(organizationMembers)
      .innerJoin(licenses, eq(licenses.id, organizationMembers.licenseId))
      .where(active)
      .orderBy(asc(organizationMembers.joinedAt)),
    db
      .select({
        id: devices.id,
        licenseId: devices.licenseId,
        deviceName: devices.deviceName,
        activatedAt: devices.activatedAt,
        lastSeenAt: devices.lastSeenAt,
      })
      .from(devices)
      .where(
        sql`${devices.licenseId} in (select license_id from organization_members
          where organization_id = ${organization.id} and removed_at is null)
          and ${devices.deactivatedAt} is null`,
      )
      .orderBy(desc(devices.lastSeenAt)),
    db
      .select({
        id: organizationInvitations.id,
        email: organizationInvitations.email,
        createdAt: organizationInvitations.createdAt,
        expiresAt: organizationInvitations.expiresAt,
        sentCount: organizationInvitations.sentCount,
      })
      .from(organizationInvitations)
      .where(openInvitations(organization.id, now))
      .orderBy(desc(organizationInvitations.createdAt)),
  ]);
  const devicesOf = new Map<string, TeamDevice[]>();
  for (const row of deviceRows) {
    const device = {
      id: row.id,
      deviceName: row.deviceName,
      activatedAt: iso(row.activatedAt),
      lastSeenAt: iso(row.lastSeenAt),
    };
    const own = devicesOf.get(row.licenseId);
    if (own) own.push(device);
    else devicesOf.set(row.licenseId, [device]);
  }
  return {
    organization: {
      id: organization.id,
      name: organization.name,
      seats: organization.seats,
      seatsTaken: memberRows.length,
      invitationsOpen: invitationRows.length,
      ownerUserId: organization.ownerUserId,
      ownerHoldsSeat: memberRows.some((row) => row.userId === organization.ownerUserId),
      deviceLimit: organization.deviceLimit,
      termStart: iso(organization.termStart),
      termEnd: iso(organization.termEnd),
      supportTier: organization.supportTier,
    },
    members: memberRows.map((row) =>
      teamMember({ ...row, devices: devicesOf.get(row.licenseId) ?? [] }, now),
    ),
    invitations: invitationRows.map((row) => ({
      id: row.id,
      email: row.email,
      createdAt: iso(row.createdAt),
      expiresAt: iso(row.expiresAt),
      sentCount: row.sentCount,
    })),
  };
}

export interface TeamActivity {
  at: string;
  userId: string | null;
  member: string;
  kind: string;
  detail: string;
}

export const ACTIVITY_LIMIT = 500;

/**
 * The team feed, newest first: the members' license events (activated, deactivated, replaced)
 * and the organization's own events, optionally of one member and between two times.
 */
export async function teamActivity(
  db: Db,
  organization: OrganizationRow,
  filter: { userId?: string | undefined; from?: Millis | undefined; to?: Millis | undefined },
): Promise<TeamActivity[]> {
  const from = filter.from ?? 0;
  const to = filter.to ?? Number.MAX_SAFE_INTEGER;
  const member = filter.userId ?? null;
  const rows = await db.all<{
    at: number;
    userId: string | null;
    member: string | null;
    kind: string;
    detail: string;
  }>(sql`select * from (
      select e.created_at as at, e.user_id as userId, u.email as member, e.action as kind, e.device_name as detail
        from license_events as e join users as u on u.id = e.user_id
        where e.license_id in (select license_id from organization_members where organization_id = ${organization.id})
          and e.created_at between ${from} and ${to} and (${member} is null or e.user_id = ${member})
          -- A device the owner or an operator freed shows once, as the team's own event (it
          -- says who), not also as the license's deactivation written in the same batch.
          and not (e.action = 'deactivated' and exists (select 1 from organization_events as f
            where f.organization_id = ${organization.id} and f.kind = 'device-freed'
              and f.user_id = e.user_id and f.created_at = e.created_at and f.detail = e.device_name))
      union all
      select o.created_at, o.user_id, coalesce(u.email, ''), o.kind, o.detail
        from organization_events as o left join users as u on u.id = o.user_id
        where o.organization_id = ${organization.id} and o.created_at between ${from} and ${to}
          and (${member} is null or o.user_id = ${member})
    ) order by at desc limit ${ACTIVITY_LIMIT}`);
  return rows.map((row) => ({
    at: iso(row.at),
    userId: row.userId,
    member: row.member ?? '',
    kind: row.kind,
    detail: row.detail,
  }));
}

/** One CSV field, quoted; a leading = + - @ is defused so spreadsheets show it as text. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** The feed as CSV (RFC 4180, CRLF), for the owner's export. */
export function activityCsv(rows: TeamActivity[]): string {
  const lines = [['Time (UTC)', 'Member', 'Event', 'Detail'].map(csvField).join(',')];
  for (const row of rows) {
    lines.push([row.at, row.member, row.kind, row.detail].map(csvField).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
