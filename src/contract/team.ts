/**
 * What the Enterprise team calls answer (routes/team.ts, routes/invitations.ts; the invitation
 * page's preview is invitation.ts): zod schemas in api/team-answers.ts, checked by
 * src/generated/answers/. The requests the Worker validates are zod schemas in
 * schemas/team-requests.ts.
 */
import type { GetOrganizationAnswer } from '../generated/answers/GetOrganizationAnswer';
import type { GetOrganizationDetailAnswer } from '../generated/answers/GetOrganizationDetailAnswer';
import type { GetTeamAnswer } from '../generated/answers/GetTeamAnswer';
import type { GetTeamUtilizationAnswer } from '../generated/answers/GetTeamUtilizationAnswer';
import type { InviteTeamMembersAnswer } from '../generated/answers/InviteTeamMembersAnswer';
import type { ListTeamActivityAnswer } from '../generated/answers/ListTeamActivityAnswer';
import type { ListTeamMemberDevicesAnswer } from '../generated/answers/ListTeamMemberDevicesAnswer';
import type { ListTeamMemberNamesAnswer } from '../generated/answers/ListTeamMemberNamesAnswer';
import type { ListTeamPeopleAnswer } from '../generated/answers/ListTeamPeopleAnswer';

/** A member's active device on the owner's team page. */
export type TeamDevice = ListTeamMemberDevicesAnswer['devices'][number];

export type TeamMember = GetOrganizationDetailAnswer['members'][number];

export type TeamInvitation = NonNullable<TeamPerson['invitation']>;

/** GET /api/team: the owner's page, its figures (the people come a page at a time). */
export type TeamOverview = GetTeamAnswer;

/** A row's status in the team table, in the order the Status column sorts them. */
export const personStatuses = ['active', 'idle', 'invited'] as const;
export type PersonStatus = (typeof personStatuses)[number];
/** The status filter: every row, or one status. */
export const statusFilters = ['all', ...personStatuses] as const;
export type StatusFilter = (typeof statusFilters)[number];
/** The columns the team table sorts by (`?sort=`); `joined` is when they joined or were invited. */
export const teamSortKeys = ['name', 'email', 'status', 'lastActive', 'devices', 'joined'] as const;
export type TeamSortKey = (typeof teamSortKeys)[number];
export const sortDirections = ['asc', 'desc'] as const;
export type SortDirection = (typeof sortDirections)[number];

/**
 * A member as a row of the team table shows them: their devices are counted, and listed on
 * demand (GET /api/team/members/:userId/devices), so a page costs the same whatever they use.
 */
/**
 * How a member came to the team: by an invitation link, by single sign-on, provisioned by the
 * firm's identity provider (SCIM), or as the owner taking a seat.
 */
export const memberSources = ['invited', 'sso', 'scim', 'owner'] as const;
export type MemberSource = (typeof memberSources)[number];

export type TeamTableMember = NonNullable<TeamPerson['member']>;

/** One row of the team table: a member, or an open invitation (exactly one of the two is set). */
export type TeamPerson = ListTeamPeopleAnswer['people'][number];

/**
 * GET /api/team/members?page=&sort=&dir=&q=&status=: one page of the team table (members and open
 * invitations in one list), searched, filtered and sorted by the server.
 */
export type TeamPeoplePage = ListTeamPeopleAnswer;

/** GET /api/team/members/:userId/devices: the member's active devices, most recently seen first. */
export type TeamMemberDevices = ListTeamMemberDevicesAnswer;

/** GET /api/team/member-names: every member by name, the team activity's member filter. */
export type TeamMemberNames = ListTeamMemberNamesAnswer;

/**
 * What became of one address of a bulk invitation: `invited`; `already_member` (a member has the
 * address); `already_invited` (it has an invitation not yet accepted or withdrawn); `invalid` (no
 * e-mail address); `no_seat` (every seat was taken or held before its turn came).
 */
export const bulkInviteResults = [
  'invited',
  'already_member',
  'already_invited',
  'invalid',
  'no_seat',
] as const;
export type BulkInviteResult = (typeof bulkInviteResults)[number];

/** POST /api/team/invitations/bulk: each entry in the order given, and what became of it. */
export type BulkInviteResponse = InviteTeamMembersAnswer;

/** One row of the team feed. */
export type TeamActivity = ListTeamActivityAnswer['activity'][number];

/** GET /api/team/activity: newest first, at most 500. */
export type TeamActivityResponse = ListTeamActivityAnswer;

/** The Organization card on My Account. */
export type OrganizationCard = NonNullable<GetOrganizationAnswer['organization']>;

/** GET /api/organization: null for accounts in no organization. */
export type OrganizationResponse = GetOrganizationAnswer;

/** One day of the utilization chart: seats and devices in use against what was bought. */
export type UtilizationDay = GetTeamUtilizationAnswer['history'][number];

/** A member's use of their seat. */
export type MemberUtilization = GetTeamUtilizationAnswer['members'][number];

/** GET /api/team/utilization?days=30|90|365: the owner's Utilization section. */
export type TeamUtilization = GetTeamUtilizationAnswer;
