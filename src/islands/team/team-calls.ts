/**
 * The owner's team calls: GET /api/team (the figures), a page of the members table, the members'
 * names, the activity feed and the utilization, and the owner actions, each of which answers a
 * one-line message (the page then loads the figures and the table's page again).
 */
import {
  organizationResponseSchema,
  teamActivityResponseSchema,
  teamMemberNamesSchema,
  teamOverviewSchema,
  teamPeoplePageSchema,
  teamUtilizationSchema,
  type OrganizationCard,
  type TeamActivity,
  type TeamMemberNames,
  type TeamOverview,
  type TeamPeoplePage,
  type TeamUtilization,
} from '../../contract/team';
import type { UsageRange } from '../../config/feature-usage';
import { messageResponseSchema } from '../../contract/user';
import { apiCall } from '../shared/api';
import { viewQuery, type TableView } from './people';

export const teamLoadFailed = 'We could not load your team. Please try again.';
export const peopleLoadFailed = 'We could not load the members. Please try again.';
export const teamNetwork = 'Network error. Please check your connection and try again.';
export const utilizationLoadFailed = 'We could not load the utilization. Please try again.';
export const activityLoadFailed = 'We could not load the team activity. Please try again.';

/** The feed's filter: a member's user id and whole days (YYYY-MM-DD), each optional (''). */
export interface ActivityFilter {
  member: string;
  from: string;
  to: string;
}

export const noFilter: ActivityFilter = { member: '', from: '', to: '' };

/** "?member=…&from=…" with only the filters that are set ('' without any). */
export function activityQuery(filter: ActivityFilter): string {
  const query = new URLSearchParams();
  for (const key of ['member', 'from', 'to'] as const) {
    if (filter[key]) query.set(key, filter[key]);
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** GET /api/team. */
export function loadTeam(): Promise<TeamOverview> {
  return apiCall('GET', '/api/team', teamOverviewSchema);
}

/** GET /api/team/members: one page of the members table, as the view asks. */
export function loadPeople(view: TableView): Promise<TeamPeoplePage> {
  return apiCall('GET', `/api/team/members${viewQuery(view)}`, teamPeoplePageSchema);
}

/** GET /api/team/member-names: every member by name (the activity feed's member filter). */
export async function loadMemberNames(): Promise<TeamMemberNames['members']> {
  return (await apiCall('GET', '/api/team/member-names', teamMemberNamesSchema)).members;
}

/** What /dashboard/team shows: the owner's team, or the account's organization card (or none). */
export type TeamPageData =
  { owner: true; overview: TeamOverview } | { owner: false; card: OrganizationCard | null };

/**
 * The page's first load: GET /api/organization says whether the account owns the organization,
 * so a member or an account in none is told what the page is for without a refused call.
 */
export async function loadTeamPage(): Promise<TeamPageData> {
  const { organization } = await apiCall('GET', '/api/organization', organizationResponseSchema);
  if (!organization?.isOwner) return { owner: false, card: organization };
  return { owner: true, overview: await loadTeam() };
}

/** GET /api/team/utilization for the last `days` days. */
export function loadUtilization(days: UsageRange): Promise<TeamUtilization> {
  return apiCall('GET', `/api/team/utilization?days=${days}`, teamUtilizationSchema);
}

/** GET /api/team/activity with the filter. */
export async function loadActivity(filter: ActivityFilter): Promise<TeamActivity[]> {
  const answer = await apiCall(
    'GET',
    `/api/team/activity${activityQuery(filter)}`,
    teamActivityResponseSchema,
  );
  return answer.activity;
}

/** One owner action; answers the server's message. */
export async function teamAction(
  method: 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<string> {
  const answer = await apiCall(method, path, messageResponseSchema, body);
  return answer.message;
}
