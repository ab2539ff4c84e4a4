/**
 * The owner's team table, one page at a time (GET /api/team/members): members and open invitations
 * in one list, searched by name or e-mail, filtered by status (active, idle, invited), sorted by a
 * column either way, with the whole team's count per status. Everything is computed in SQL, in
 * ONE D1 batch whatever the team's size:
 *
 * - the counts read the organization's entries of two covering indexes (members:
 *   `organization_members_roster_idx`, whose rows carry name, e-mail, devices in use and last
 *   activity, kept by triggers; open invitations: `organization_invitations_open_idx`), never a
 *   member's devices or feature usage;
 * - the page is a UNION ALL of the same two index ranges, ordered and cut to one page by SQLite
 *   (by name it streams in index order; another column sorts the team's index entries), and only
 *   the page's rows join their license and devices.
 */
import { sql, type SQL } from 'drizzle-orm';
import { teamPageSize } from '../../../src/config/limits';
import type { PeopleQuery } from '../../../src/contract/schemas/team-requests';
import type {
  MemberSource,
  TeamDevice,
  TeamMember,
  TeamPeoplePage,
  TeamPerson,
  TeamSortKey,
} from '../../../src/contract/team';
import { TeamMessages } from '../../../src/contract/messages';
import type { OrganizationRow } from '../../db/schema';
import { fail } from '../../lib/errors';
import { effectiveLicenseStatus } from '../core/licenses/licenses';
import { iso, isoOrNull, readBatch, type Db, type Millis } from '../shared/db';
import { idleSql, isIdle } from './idle';

/** SQL: the organization's active members, aliased `m` (organization_members_roster_idx). */
const membersOf = (organizationId: string) =>
  sql`organization_members as m where m.organization_id = ${organizationId} and m.removed_at is null`;

/** SQL: its open invitations not yet expired, aliased `i` (organization_invitations_open_idx). */
const invitationsOf = (organizationId: string, now: Millis) =>
  sql`organization_invitations as i where i.organization_id = ${organizationId}
    and i.accepted_at is null and i.revoked_at is null and i.expires_at > ${now}`;

/**
 * SQL: the search of the members (name or e-mail) and of the invitations (e-mail), in any case
 * (ASCII letters, as LIKE would). `instr`, not LIKE: D1 refuses a LIKE pattern longer than 50
 * bytes ("pattern too complex"), and the search may be 200 characters long; nor has `instr`
 * wildcards to escape.
 */
function searchOf(q: string): { member: SQL; invitation: SQL } {
  // Only A-Z, as SQLite's lower() folds no other letter: a name typed with an accented capital
  // still finds itself.
  const words = q.trim().replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  if (!words) return { member: sql`1`, invitation: sql`1` };
  const within = (column: SQL) => sql`instr(lower(${column}), ${words}) > 0`;
  return {
    member: sql`(${within(sql`m.customer_name`)} or ${within(sql`m.email`)})`,
    invitation: within(sql`i.email`),
  };
}

/**
 * The sort column of each half of the list; null sorts last either way (invitations have no
 * name, activity or devices). Names and e-mails compare without regard to case.
 */
function sortColumns(key: TeamSortKey, now: Millis): { member: SQL; invitation: SQL } {
  switch (key) {
    case 'name':
      return { member: sql`m.customer_name`, invitation: sql`null` };
    case 'email':
      return { member: sql`m.email`, invitation: sql`i.email` };
    case 'status':
      // In the order of `personStatuses`: active 0, idle 1, invited 2.
      return { member: idleSql('m', now), invitation: sql`2` };
    case 'lastActive':
      return { member: sql`m.last_active_at`, invitation: sql`null` };
    case 'devices':
      return { member: sql`m.devices_in_use`, invitation: sql`null` };
    case 'joined':
      return { member: sql`m.joined_at`, invitation: sql`i.created_at` };
  }
}

/** ORDER BY of the page: the column, nulls last, then the e-mail (unique in a team) A to Z. */
function orderBy(key: TeamSortKey, dir: PeopleQuery['dir']): SQL {
  const text = key === 'name' || key === 'email' ? sql` collate nocase` : sql``;
  const direction = dir === 'asc' ? sql`asc` : sql`desc`;
  return sql`sortKey${text} ${direction} nulls last, email collate nocase asc`;
}

/** The page's statement: its rows, each member with their license and active devices. */
function pageStatement(organizationId: string, query: PeopleQuery, now: Millis, page: number) {
  const search = searchOf(query.q);
  const sort = sortColumns(query.sort, now);
  const idle = idleSql('m', now);
  const status =
    query.status === 'active'
      ? sql` and not ${idle}`
      : query.status === 'idle'
        ? sql` and ${idle}`
        : sql``;
  // Both halves list the same columns, named in each (either may be alone).
  const members = sql`select 'member' as kind, m.user_id as id, m.customer_name as name,
      m.email as email, m.joined_at as since, m.last_active_at as lastActive,
      m.devices_in_use as devices, m.license_id as licenseId, null as expiresAt,
      null as sentCount, ${sort.member} as sortKey
    from ${membersOf(organizationId)} and ${search.member}${status}`;
  const invitations = sql`select 'invitation' as kind, i.id as id, null as name, i.email as email,
      i.created_at as since, null as lastActive, null as devices, null as licenseId,
      i.expires_at as expiresAt, i.sent_count as sentCount, ${sort.invitation} as sortKey
    from ${invitationsOf(organizationId, now)} and ${search.invitation}`;
  const rows =
    query.status === 'invited'
      ? invitations
      : query.status === 'all'
        ? sql`${members} union all ${invitations}`
        : members;
  const order = orderBy(query.sort, query.dir);
  // The page comes back as ONE value, a JSON array of its rows: the D1 binding then moves one
  // cell whatever the page holds, not a dozen per row. The array is in the page's order: SQLite
  // runs `page` as a co-routine, the outer loop of the LEFT JOIN, and the aggregate takes its
  // rows as the co-routine yields them, sorted and cut (tests/worker/team-members-page.test.ts
  // checks every column's order both ways across pages).
  return sql<{ page: string }>`with page as (
      ${rows} order by ${order} limit ${teamPageSize} offset ${(page - 1) * teamPageSize}
    )
    select json_group_array(json_array(page.kind, page.id, page.name, page.email, page.since,
        page.lastActive, page.devices, page.expiresAt, page.sentCount, l.status, l.expires_at,
        -- How the member came, read for the page's rows alone (the roster index has no source).
        (select s.source from organization_members as s
          where page.kind = 'member' and s.user_id = page.id and s.removed_at is null)))
      as page
    from page left join licenses as l on l.id = page.licenseId`;
}

/** A row of the page, as the JSON array the statement writes for it. */
type PageRow = [
  kind: 'member' | 'invitation',
  id: string,
  /** Null for an invitation. */
  name: string | null,
  email: string,
  since: number,
  lastActive: number | null,
  devices: number | null,
  expiresAt: number | null,
  sentCount: number | null,
  licenseStatus: 'active' | 'expired' | 'suspended' | 'revoked' | null,
  licenseExpiresAt: number | null,
  /** Null for an invitation. */
  source: MemberSource | null,
];

/** The rows of the page statement's one value. */
function pageRows(answer: readonly { page: string | null }[]): PageRow[] {
  return JSON.parse(answer[0]?.page ?? '[]') as PageRow[];
}

/** The member of a row as every team view shows them (the console's page too, views.ts). */
export function teamMember(
  row: {
    userId: string;
    customerName: string;
    email: string;
    joinedAt: Millis;
    lastActiveAt: Millis | null;
    licenseStatus: 'active' | 'expired' | 'suspended' | 'revoked';
    licenseExpiresAt: Millis;
    devices: TeamDevice[];
  },
  now: Millis,
): TeamMember {
  return {
    userId: row.userId,
    customerName: row.customerName,
    email: row.email,
    joinedAt: iso(row.joinedAt),
    licenseStatus: effectiveLicenseStatus(
      { status: row.licenseStatus, expiresAt: row.licenseExpiresAt },
      now,
    ),
    lastSeenAt: row.devices[0]?.lastSeenAt ?? null,
    lastActivityAt: isoOrNull(row.lastActiveAt),
    idle: isIdle(row.lastActiveAt, row.joinedAt, now),
    devices: row.devices,
  };
}

function toPerson(row: PageRow, now: Millis): TeamPerson {
  const [
    kind,
    id,
    name,
    email,
    since,
    lastActive,
    devices,
    expiresAt,
    sentCount,
    status,
    ends,
    source,
  ] = row;
  if (kind === 'invitation' || name === null) {
    return {
      status: 'invited',
      member: null,
      invitation: {
        id,
        email,
        createdAt: iso(since),
        expiresAt: iso(expiresAt ?? since),
        sentCount: sentCount ?? 1,
      },
    };
  }
  const idle = isIdle(lastActive, since, now);
  return {
    status: idle ? 'idle' : 'active',
    member: {
      userId: id,
      customerName: name,
      email,
      joinedAt: iso(since),
      licenseStatus: effectiveLicenseStatus(
        { status: status ?? 'revoked', expiresAt: ends ?? 0 },
        now,
      ),
      lastActivityAt: isoOrNull(lastActive),
      idle,
      devicesInUse: devices ?? 0,
      source: source ?? 'invited',
    },
    invitation: null,
  };
}

/**
 * GET /api/team/members: page `query.page` of the team table; past the last page, the last page.
 * One D1 batch: the members' counts, the invitations' counts and the page.
 */
export async function teamPeoplePage(
  db: Db,
  organization: Pick<OrganizationRow, 'id'>,
  query: PeopleQuery,
  now: Millis,
): Promise<TeamPeoplePage> {
  const search = searchOf(query.q);
  const idle = idleSql('m', now);
  // Without a search every row is found: the counts are the totals.
  const searched = query.q.trim() !== '';
  const [[members], [invitations], rows] = await readBatch(db, [
    sql<{ all: number; idle: number; found: number; foundIdle: number }>`select
        count(*) as "all", coalesce(sum(${idle}), 0) as idle,
        ${searched ? sql`coalesce(sum(${search.member}), 0)` : sql`count(*)`} as found,
        ${searched ? sql`coalesce(sum(${search.member} and ${idle}), 0)` : sql`coalesce(sum(${idle}), 0)`} as foundIdle
      from ${membersOf(organization.id)}`,
    sql<{ all: number; found: number }>`select count(*) as "all",
        ${searched ? sql`coalesce(sum(${search.invitation}), 0)` : sql`count(*)`} as found
      from ${invitationsOf(organization.id, now)}`,
    pageStatement(organization.id, query, now, query.page),
  ]);
  const memberCount = members?.all ?? 0;
  const idleCount = members?.idle ?? 0;
  const invited = invitations?.all ?? 0;
  const found = {
    all: (members?.found ?? 0) + (invitations?.found ?? 0),
    active: (members?.found ?? 0) - (members?.foundIdle ?? 0),
    idle: members?.foundIdle ?? 0,
    invited: invitations?.found ?? 0,
  };
  const total = found[query.status];
  const pages = Math.max(1, Math.ceil(total / teamPageSize));
  const page = Math.min(query.page, pages);
  // Asked past the last page (a row removed, a narrower search): the last page instead.
  const shown =
    page === query.page
      ? rows
      : await db.all<{ page: string | null }>(pageStatement(organization.id, query, now, page));
  return {
    people: pageRows(shown).map((row) => toPerson(row, now)),
    page,
    pages,
    pageSize: teamPageSize,
    total,
    counts: {
      all: memberCount + invited,
      active: memberCount - idleCount,
      idle: idleCount,
      invited,
    },
  };
}

/**
 * GET /api/team/members/:userId/devices: the active devices of a member of the organization,
 * most recently seen first; 404 for anyone who is not one of its members.
 */
export async function teamMemberDevices(
  db: Db,
  organization: Pick<OrganizationRow, 'id'>,
  userId: string,
): Promise<TeamDevice[]> {
  const [[member], rows] = await readBatch(db, [
    sql<{ licenseId: string }>`select m.license_id as licenseId from organization_members as m
      where m.user_id = ${userId} and m.removed_at is null and m.organization_id = ${organization.id}`,
    sql<{ id: string; deviceName: string; activatedAt: number; lastSeenAt: number }>`select
        d.id as id, d.device_name as deviceName, d.activated_at as activatedAt,
        d.last_seen_at as lastSeenAt
      from organization_members as m
      join devices as d on d.license_id = m.license_id and d.deactivated_at is null
      where m.user_id = ${userId} and m.removed_at is null and m.organization_id = ${organization.id}
      order by d.last_seen_at desc`,
  ]);
  if (!member) throw fail('NOT_FOUND', { message: TeamMessages.memberNotFound });
  return rows.map((row) => ({
    id: row.id,
    deviceName: row.deviceName,
    activatedAt: iso(row.activatedAt),
    lastSeenAt: iso(row.lastSeenAt),
  }));
}

/** GET /api/team/member-names: every active member by name (the activity feed's member filter). */
export async function teamMemberNames(db: Db, organization: Pick<OrganizationRow, 'id'>) {
  return db.all<{ userId: string; customerName: string; email: string }>(
    sql`select m.user_id as userId, m.customer_name as customerName, m.email as email
      from ${membersOf(organization.id)}
      order by m.customer_name collate nocase, m.email collate nocase`,
  );
}
