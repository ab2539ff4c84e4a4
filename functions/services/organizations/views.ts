/**
 * What a team looks like, read for the owner's page and the console's organization page: seats,
 * members with their devices, open invitations, and the team activity feed (activations,
 * deactivations and replacements from the members' license events; sign-ins, invitations and
 * membership from the organization's own events), filterable by member and date and exportable
 * as CSV.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  devices,
  licenses,
  organizationInvitations,
  organizationMembers,
  users,
  type OrganizationRow,
} from '../../db/schema';
import { effectiveLicenseStatus } from '../core/licenses/licenses';
import { iso, type Db, type Millis } from '../shared/db';

export interface TeamOverview {
  organization: {
    id: string;
    name: string;
    seats: number;
    seatsTaken: number;
    invitationsOpen: number;
    deviceLimit: number;
    termStart: string;
    termEnd: string;
    supportTier: string;
  };
  members: {
    userId: string;
    customerName: string;
    email: string;
    joinedAt: string;
    licenseStatus: string;
    lastSeenAt: string | null;
    devices: { id: string; deviceName: string; activatedAt: string; lastSeenAt: string }[];
  }[];
  invitations: {
    id: string;
    email: string;
    createdAt: string;
    expiresAt: string;
    sentCount: number;
  }[];
}

/** GET /api/team: everything the owner's page shows. */
export async function teamOverview(
  db: Db,
  organization: OrganizationRow,
  now: Millis,
): Promise<TeamOverview> {
  const [memberRows, deviceRows, invitationRows] = await db.batch([
    db
      .select({
        userId: users.id,
        customerName: users.customerName,
        email: users.email,
        joinedAt: organizationMembers.joinedAt,
        licenseId: organizationMembers.licenseId,
        status: licenses.status,
        expiresAt: licenses.expiresAt,
      })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .innerJoin(licenses, eq(licenses.id, organizationMembers.licenseId))
      .where(
        and(
          eq(organizationMembers.organizationId, organization.id),
          isNull(organizationMembers.removedAt),
        ),
      )
      .orderBy(organizationMembers.joinedAt),
    db
      .select()
      .from(devices)
      .where(
        and(
          isNull(devices.deactivatedAt),
          sql`${devices.licenseId} in (select license_id from organization_members
            where organization_id = ${organization.id} and removed_at is null)`,
        ),
      )
      .orderBy(desc(devices.lastSeenAt)),
    db
      .select()
      .from(organizationInvitations)
      .where(
        and(
          eq(organizationInvitations.organizationId, organization.id),
          isNull(organizationInvitations.acceptedAt),
          isNull(organizationInvitations.revokedAt),
          sql`${organizationInvitations.expiresAt} > ${now}`,
        ),
      )
      .orderBy(desc(organizationInvitations.createdAt)),
  ]);
  return {
    organization: {
      id: organization.id,
      name: organization.name,
      seats: organization.seats,
      seatsTaken: memberRows.length,
      invitationsOpen: invitationRows.length,
      deviceLimit: organization.deviceLimit,
      termStart: iso(organization.termStart),
      termEnd: iso(organization.termEnd),
      supportTier: organization.supportTier,
    },
    members: memberRows.map((member) => {
      const own = deviceRows.filter((device) => device.licenseId === member.licenseId);
      return {
        userId: member.userId,
        customerName: member.customerName,
        email: member.email,
        joinedAt: iso(member.joinedAt),
        licenseStatus: effectiveLicenseStatus(member, now),
        lastSeenAt: own[0] ? iso(own[0].lastSeenAt) : null,
        devices: own.map((device) => ({
          id: device.id,
          deviceName: device.deviceName,
          activatedAt: iso(device.activatedAt),
          lastSeenAt: iso(device.lastSeenAt),
        })),
      };
    }),
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
