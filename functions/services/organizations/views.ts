/**
 * What a team looks like, read for the owner's page and the console's organization page: seats,
 * members with their devices and last activity, open invitations, and the team activity feed (activations,
 * deactivations and replacements from the members' license events; sign-ins, invitations and
 * membership from the organization's own events), filterable by member and date and exportable
 * as CSV.
 */
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { featureUsage } from '../../../src/site.config';
import {
  devices,
  licenses,
  organizationInvitations,
  organizationMembers,
  usageDayColumns,
  usageMonthColumns,
  users,
  type OrganizationRow,
} from '../../db/schema';
import { effectiveLicenseStatus } from '../core/licenses/licenses';
import { dayNumber, integerList, monthlyWindow } from '../core/usage/usage-store';
import { DAY_MS, iso, isoOrNull, type Db, type Millis } from '../shared/db';
import { isIdle, lastActivity } from './idle';

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
    lastActivityAt: string | null;
    idle: boolean;
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

/** SQL: `alias` (usage_days or usage_months) has a command used (a report may count 0). */
function anyUse(alias: string, columns: typeof usageDayColumns): SQL {
  const used = featureUsage.features.map(({ slug }) => `${alias}.${columns[slug].name} > 0`);
  return sql.raw(`(${used.join(' or ')})`);
}

/**
 * Every device of the active members (freed ones too: their last license check still counts as
 * activity), with the last day a command was used on it, or, for a device with no day kept, the
 * last month: one backward seek per device (the day table's key starts with the device), the
 * same activity the Utilization section reads (utilization.ts) without adding up the counts. One
 * statement for the whole team: never one per member.
 */
function teamDevices(db: Db, organizationId: string, now: Millis) {
  const months = integerList(monthlyWindow(dayNumber(now)));
  const lastDay = sql`(select u.day from usage_days as u
    where u.device_ref = devices.usage_ref and ${anyUse('u', usageDayColumns)}
    order by u.day desc limit 1)`;
  return db
    .select({
      id: devices.id,
      licenseId: devices.licenseId,
      deviceName: devices.deviceName,
      activatedAt: devices.activatedAt,
      lastSeenAt: devices.lastSeenAt,
      deactivatedAt: devices.deactivatedAt,
      lastDay: sql<number | null>`${lastDay}`,
      // Days are always newer than folded months: a month is read only without any day.
      lastMonth: sql<number | null>`case when ${lastDay} is null then
        (select o.month from usage_months as o where o.month in ${months}
          and o.device_ref = devices.usage_ref and ${anyUse('o', usageMonthColumns)}
          order by o.month desc limit 1) end`,
    })
    .from(devices)
    .where(
      sql`${devices.licenseId} in (select license_id from organization_members
        where organization_id = ${organizationId} and removed_at is null)`,
    )
    .orderBy(desc(devices.lastSeenAt));
}

/** The start of a day number's day, or of a yyyymm month. */
const dayStart = (day: number): Millis => day * DAY_MS;
const monthStart = (month: number): Millis =>
  Date.UTC(Math.trunc(month / 100), (month % 100) - 1, 1);

type TeamDeviceRow = Awaited<ReturnType<typeof teamDevices>>[number];

/** A member's activity from their devices: last seen, and the last day (or month) of use. */
function activityOf(own: readonly TeamDeviceRow[]): Millis | null {
  let seen: Millis | null = null;
  let day: number | null = null;
  let month: number | null = null;
  for (const device of own) {
    seen = Math.max(seen ?? 0, device.lastSeenAt);
    if (device.lastDay !== null) day = Math.max(day ?? 0, device.lastDay);
    if (device.lastMonth !== null) month = Math.max(month ?? 0, device.lastMonth);
  }
  const used = day !== null ? dayStart(day) : month !== null ? monthStart(month) : null;
  return lastActivity(seen, used);
}

/**
 * GET /api/team: everything the owner's page shows, in ONE D1 batch of three grouped reads
 * (members, their devices, open invitations) whatever the team's size.
 */
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
    teamDevices(db, organization.id, now),
    db
      .select({
        id: organizationInvitations.id,
        email: organizationInvitations.email,
        createdAt: organizationInvitations.createdAt,
        expiresAt: organizationInvitations.expiresAt,
        sentCount: organizationInvitations.sentCount,
      })
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
  const devicesOf = new Map<string, TeamDeviceRow[]>();
  for (const device of deviceRows) {
    const own = devicesOf.get(device.licenseId);
    if (own) own.push(device);
    else devicesOf.set(device.licenseId, [device]);
  }
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
      const own = devicesOf.get(member.licenseId) ?? [];
      const active = own.filter((device) => device.deactivatedAt === null);
      const lastActivityAt = activityOf(own);
      return {
        userId: member.userId,
        customerName: member.customerName,
        email: member.email,
        joinedAt: iso(member.joinedAt),
        licenseStatus: effectiveLicenseStatus(member, now),
        lastSeenAt: active[0] ? iso(active[0].lastSeenAt) : null,
        lastActivityAt: isoOrNull(lastActivityAt),
        idle: isIdle(lastActivityAt, member.joinedAt, now),
        devices: active.map((device) => ({
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
