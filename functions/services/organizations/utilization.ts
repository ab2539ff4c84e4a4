/**
 * How an organization uses what it bought, for its owner: seats and devices in use over time
 * (the daily snapshot `organization_seat_days`, with today read live), each member's last
 * activity, devices and commands used (the feature usage of the member's Enterprise license's
 * devices, core/usage/usage-store.ts),
 * idle members, the CSV export, the monthly usage e-mail and the e-mail when the members reach
 * `limits.seatAlertPercent` of the seats. Every list is read by organization, never by a list of
 * bound ids (D1 binds at most 100 parameters a statement).
 */
import { and, asc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { UsageRange } from '../../../src/config/feature-usage';
import type { TeamUtilization, UtilizationDay } from '../../../src/contract/team';
import { featureUsage, limits } from '../../../src/site.config';
import {
  devices,
  organizationSeatDays,
  organizations,
  users,
  type OrganizationRow,
} from '../../db/schema';
import { seatsAlmostFullMail, teamUsageReportMail } from '../core/mail/team-templates';
import {
  addUsage,
  dayNumber,
  deviceRefs,
  daysOfMonth,
  mergeUsage,
  monthOfDay,
  usageInPeriods,
  type DeviceUsage,
  usageQueries,
} from '../core/usage/usage-store';
import {
  deliverSoon,
  mailWritten,
  queueMailOnce,
  queueMailWhere,
  writeMails,
  type QueuedMail,
} from '../core/mail/outbox';
import { DAY_MS, iso, utcDay, type Db, type Millis } from '../shared/db';
import type { Deps } from '../shared/deps';
import { isIdle } from './idle';
import { csvField } from './views';
import { seatsTakenSql } from '../core/organizations/seats';

const { features } = featureUsage;

/** SQL: the active members' licenses of organization `orgId`. */
const memberLicensesSql = (orgId: string) =>
  sql`(select license_id from organization_members
    where organization_id = ${orgId} and removed_at is null)`;

/** SQL: the active devices of the active members of the organization whose id is `orgId`. */
const devicesInUseSql = (orgId: SQL) => sql<number>`(select count(*) from devices as d
  join organization_members as m on m.license_id = d.license_id
  where m.organization_id = ${orgId} and m.removed_at is null and d.deactivated_at is null)`;

/** The devices (usage_ref → license) of the licenses `licensesOf` selects. */
function refLicenses(db: Db, licensesOf: SQL) {
  return db.all<{ ref: number; licenseId: string }>(
    sql`select usage_ref as ref, license_id as licenseId from devices
      where license_id in ${licensesOf} and usage_ref is not null`,
  );
}

/** Usage per device ref added up per license. */
function byLicense(
  usage: Map<number, DeviceUsage>,
  refs: readonly { ref: number; licenseId: string }[],
): Map<string, DeviceUsage> {
  const result = new Map<string, DeviceUsage>();
  for (const { ref, licenseId } of refs) {
    const found = usage.get(ref);
    if (!found) continue;
    const seen = result.get(licenseId);
    result.set(licenseId, seen ? addUsage(seen, found) : found);
  }
  return result;
}

/** One member's use of their seat (the page's rows and the CSV's). */
export interface MemberUse {
  userId: string;
  customerName: string;
  email: string;
  joinedAt: Millis;
  lastActivityAt: Millis | null;
  devicesInUse: number;
  /** In `featureUsage.features` order, over the last `limits.teamIdleDays` days. */
  features: number[];
  idle: boolean;
}

/**
 * Every active member's last activity (kept on the member row: the latest of a device's last
 * seen and a day with a command used, idle.ts), active devices and uses per command over the last
 * `teamIdleDays` days. A member is idle with no activity for `teamIdleDays` days, counted from
 * joining when there was none.
 */
export async function memberUses(
  db: Db,
  organization: Pick<OrganizationRow, 'id'>,
  now: Millis,
): Promise<MemberUse[]> {
  const licensesOf = memberLicensesSql(organization.id);
  const [inDays, inMonths] = usageQueries(
    db,
    sql`${devices.licenseId} in ${licensesOf}`,
    now,
    limits.teamIdleDays,
  );
  const [memberRows, dayRows, monthRows, refs] = await Promise.all([
    db.all<{
      userId: string;
      customerName: string;
      email: string;
      joinedAt: number;
      licenseId: string;
      lastActiveAt: number | null;
      devicesInUse: number;
    }>(sql`select m.user_id as userId, m.customer_name as customerName, m.email as email,
        m.joined_at as joinedAt, m.license_id as licenseId, m.last_active_at as lastActiveAt,
        m.devices_in_use as devicesInUse
      from organization_members as m
      where m.organization_id = ${organization.id} and m.removed_at is null
      order by m.joined_at, m.email`),
    inDays,
    inMonths,
    refLicenses(db, licensesOf),
  ]);
  const usageOf = byLicense(mergeUsage(dayRows, monthRows), refs);
  return memberRows.map((member) => {
    const usage = usageOf.get(member.licenseId);
    return {
      userId: member.userId,
      customerName: member.customerName,
      email: member.email,
      joinedAt: member.joinedAt,
      lastActivityAt: member.lastActiveAt,
      devicesInUse: member.devicesInUse,
      features: features.map((_, index) => usage?.counts[index] ?? 0),
      idle: isIdle(member.lastActiveAt, member.joinedAt, now),
    };
  });
}

/** GET /api/team/utilization: seats and devices over the last `days` days, and each member. */
export async function teamUtilization(
  db: Db,
  organization: OrganizationRow,
  now: Millis,
  days: UsageRange,
): Promise<TeamUtilization> {
  const to = utcDay(now);
  const from = utcDay(now - (days - 1) * DAY_MS);
  const [snapshots, members] = await Promise.all([
    db
      .select()
      .from(organizationSeatDays)
      .where(
        and(
          eq(organizationSeatDays.organizationId, organization.id),
          gte(organizationSeatDays.day, from),
        ),
      )
      .orderBy(asc(organizationSeatDays.day)),
    memberUses(db, organization, now),
  ]);
  const today: UtilizationDay = {
    day: to,
    seatsUsed: members.length,
    seats: organization.seats,
    devicesInUse: members.reduce((sum, member) => sum + member.devicesInUse, 0),
    devicesAllowed: members.length * organization.deviceLimit,
  };
  const history: UtilizationDay[] = snapshots
    .filter((row) => row.day < to)
    .map(({ day, seatsUsed, seats, devicesInUse, devicesAllowed }) => ({
      day,
      seatsUsed,
      seats,
      devicesInUse,
      devicesAllowed,
    }));
  history.push(today);
  return {
    days,
    from,
    to,
    idleDays: limits.teamIdleDays,
    featureDays: limits.teamIdleDays,
    history,
    members: members.map((member) => ({
      ...member,
      joinedAt: iso(member.joinedAt),
      lastActivityAt: member.lastActivityAt === null ? null : iso(member.lastActivityAt),
    })),
  };
}

/** The member utilization as CSV (RFC 4180, CRLF), one row per member, for the owner's export. */
export function utilizationCsv(members: readonly MemberUse[]): string {
  const days = limits.teamIdleDays;
  const header = [
    'Name',
    'E-mail',
    'Joined (UTC)',
    'Last activity (UTC)',
    'Devices in use',
    ...features.map(({ label }) => `${label} (last ${days} days)`),
    `Idle ${days}+ days`,
  ];
  const lines = [header.map(csvField).join(',')];
  for (const member of members) {
    const cells = [
      member.customerName,
      member.email,
      iso(member.joinedAt),
      member.lastActivityAt === null ? '' : iso(member.lastActivityAt),
      String(member.devicesInUse),
      ...member.features.map(String),
      member.idle ? 'Yes' : 'No',
    ];
    lines.push(cells.map(csvField).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The hourly snapshot: ONE INSERT … SELECT writes today's row of every organization whose term
 * has not ended (members, seats, active devices, members × devices per seat); a later run the
 * same day overwrites numbers that changed, so a rerun with nothing new writes nothing.
 */
export async function snapshotSeats(db: Db, now: Millis): Promise<number> {
  const day = utcDay(now);
  const taken = seatsTakenSql(sql`o.id`);
  const result = await db.run(sql`insert into organization_seat_days
      (organization_id, day, seats_used, seats, devices_in_use, devices_allowed, updated_at)
    select o.id, ${day}, ${taken}, o.seats, ${devicesInUseSql(sql`o.id`)},
      ${taken} * o.device_limit, ${now}
    from organizations as o where o.term_start <= ${now} and o.term_end > ${now - DAY_MS}
    on conflict (organization_id, day) do update set seats_used = excluded.seats_used,
      seats = excluded.seats, devices_in_use = excluded.devices_in_use,
      devices_allowed = excluded.devices_allowed, updated_at = excluded.updated_at
    where (seats_used, seats, devices_in_use, devices_allowed) is not
      (excluded.seats_used, excluded.seats, excluded.devices_in_use, excluded.devices_allowed)`);
  return result.meta.changes ?? 0;
}

/** SQL: organization `orgId` has `seatAlertPercent` of its seats taken by members. */
const seatsAlmostFull = (orgId: SQL, seats: SQL) =>
  sql`${seatsTakenSql(orgId)} * 100 >= ${seats} * ${limits.seatAlertPercent}`;

/**
 * The "seats almost full" e-mail, once per crossing: the organization's `seat_alert_at` is set in
 * the same batch as the e-mail, and both only while it is unset and the members reach
 * `seatAlertPercent` of the seats; it is cleared once they fall below, so a later crossing mails
 * again. Run after a member joins (for that organization) and hourly by the cron (for all, which
 * also covers seats an operator lowered). Answers the e-mails written.
 */
export async function alertSeats(
  deps: Pick<Deps, 'db' | 'now' | 'origin' | 'tasks'>,
  organizationId?: string,
): Promise<number> {
  const { db, now, origin } = deps;
  const only = organizationId ? sql`${organizations.id} = ${organizationId}` : sql`1 = 1`;
  await db
    .update(organizations)
    .set({ seatAlertAt: null })
    .where(
      sql`${only} and ${organizations.seatAlertAt} is not null
        and not (${seatsAlmostFull(sql`${organizations.id}`, sql`${organizations.seats}`)})`,
    );
  const due = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      seats: organizations.seats,
      seatsUsed: seatsTakenSql(sql`${organizations.id}`),
      email: users.email,
      ownerName: users.customerName,
    })
    .from(organizations)
    .innerJoin(users, eq(users.id, organizations.ownerUserId))
    .where(
      sql`${only} and ${organizations.seatAlertAt} is null and ${users.isDeleted} = 0
        and ${organizations.termEnd} > ${now}
        and ${seatsAlmostFull(sql`${organizations.id}`, sql`${organizations.seats}`)}`,
    );
  let written = 0;
  for (const org of due) {
    const mail = queueMailWhere(
      db,
      await seatsAlmostFullMail(
        org.email,
        org.ownerName,
        { organizationName: org.name, seatsUsed: org.seatsUsed, seats: org.seats },
        origin,
      ),
      now,
      sql`exists (select 1 from organizations as a where a.id = ${org.id}
        and a.seat_alert_at is null and ${seatsAlmostFull(sql`a.id`, sql`a.seats`)})`,
    );
    const results: unknown[] = await db.batch([
      mail.insert,
      db
        .update(organizations)
        .set({ seatAlertAt: now })
        .where(and(eq(organizations.id, org.id), sql`${organizations.seatAlertAt} is null`)),
    ]);
    if (mailWritten(results[0])) {
      written += 1;
      await deliverSoon(deps, mail);
    }
  }
  return written;
}

/** The month before `now`'s (UTC): its first instant, the next month's, and `YYYY-MM`. */
export function previousMonth(now: Millis) {
  const date = new Date(now);
  const end = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  const start = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1);
  const name = new Date(start).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return { start, end, key: new Date(start).toISOString().slice(0, 7), name };
}

/** The dedupe key of an organization's monthly e-mail. */
export const usageReportKey = (organizationId: string, month: string) =>
  `team-usage-report:${organizationId}:${month}`;

/**
 * The monthly usage e-mail, on the first `teamReportDays` days of a month, about the month
 * before, to the owner of every organization whose term overlapped it: once per organization
 * and month by the outbox's dedupe key, however many hourly runs find it due. A member counts as
 * active in the month with a command used that month or a device whose use (activation to last
 * seen) overlaps it.
 */
export async function mailUsageReports(
  deps: Pick<Deps, 'db' | 'now' | 'origin' | 'tasks'>,
): Promise<number> {
  const { db, now, origin } = deps;
  if (new Date(now).getUTCDate() > limits.teamReportDays) return 0;
  const month = previousMonth(now);
  const due = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      seats: organizations.seats,
      email: users.email,
      ownerName: users.customerName,
    })
    .from(organizations)
    .innerJoin(users, eq(users.id, organizations.ownerUserId))
    .where(
      sql`${organizations.termStart} < ${month.end} and ${organizations.termEnd} > ${month.start}
        and ${users.isDeleted} = 0 and not exists (select 1 from outbox
          where dedupe_key = 'team-usage-report:' || ${organizations.id} || ':' || ${month.key})`,
    );
  const mails: QueuedMail[] = [];
  for (const org of due) {
    const report = await monthFigures(db, org, month);
    mails.push(
      queueMailOnce(
        db,
        await teamUsageReportMail(
          org.email,
          org.ownerName,
          { organizationName: org.name, month: month.name, ...report },
          origin,
        ),
        now,
        usageReportKey(org.id, month.key),
      ),
    );
  }
  const written = await writeMails(db, mails);
  await deliverSoon(deps, ...written);
  return written.length;
}

/** An organization's figures for one month (the monthly e-mail). */
async function monthFigures(
  db: Db,
  org: { id: string; seats: number },
  month: { start: Millis; end: Millis },
) {
  const firstDay = utcDay(month.start);
  const lastDay = utcDay(month.end - 1);
  // The members at some time in the month, and their licenses.
  const inMonth = sql`(select license_id from organization_members where organization_id = ${org.id}
    and joined_at < ${month.end} and (removed_at is null or removed_at >= ${month.start}))`;
  const yyyymm = monthOfDay(dayNumber(month.start));
  const [dayUse, monthUse] = usageInPeriods(
    db,
    deviceRefs(db, sql`${devices.licenseId} in ${inMonth}`),
    daysOfMonth(yyyymm),
    [yyyymm],
  );
  const [[seatRow], memberRows, dayRows, monthRows, refs] = await Promise.all([
    db.all<{ seatsUsed: number | null; seats: number | null }>(
      sql`select max(seats_used) as seatsUsed,
          (select seats from organization_seat_days where organization_id = ${org.id}
            and day between ${firstDay} and ${lastDay} order by day desc limit 1) as seats
        from organization_seat_days where organization_id = ${org.id}
          and day between ${firstDay} and ${lastDay}`,
    ),
    db.all<{ licenseId: string; seen: number }>(
      sql`select l.license_id as licenseId, exists (select 1 from devices as d
            where d.license_id = l.license_id
            and d.activated_at < ${month.end} and d.last_seen_at >= ${month.start}) as seen
        from ${inMonth} as l`,
    ),
    dayUse,
    monthUse,
    refLicenses(db, inMonth),
  ]);
  const usageOf = byLicense(mergeUsage(dayRows, monthRows), refs);
  const usedAny = (licenseId: string) =>
    (usageOf.get(licenseId)?.counts ?? []).some((count) => count > 0);
  const members = memberRows.length;
  const active = memberRows.filter((row) => Number(row.seen) > 0 || usedAny(row.licenseId)).length;
  const totals = features.map((_, index) =>
    [...usageOf.values()].reduce((sum, usage) => sum + (usage.counts[index] ?? 0), 0),
  );
  const topFeatures = features
    .map(({ label }, index) => ({ label, uses: totals[index] ?? 0 }))
    .filter((feature) => feature.uses > 0)
    .sort((a, b) => b.uses - a.uses)
    .slice(0, 3);
  return {
    // Without snapshots (the month before this was kept), the members of the month stand in.
    seatsUsed: seatRow?.seatsUsed ?? members,
    seats: seatRow?.seats ?? org.seats,
    members,
    active,
    idle: members - active,
    topFeatures,
  };
}
