/**
 * The owner's team calls: GET /api/team (the figures), a page of the members table, a member's
 * devices, and the owner actions, each of which answers a one-line message (the page then loads
 * the figures and the table's page again). The sections below the table call from
 * section-calls.ts.
 */
import {
  type OrganizationCard,
  type TeamDevice,
  type TeamOverview,
  type TeamPeoplePage,
} from '../../contract/team';
import { apiCall } from '../shared/api';
import { viewQuery, type TableView } from './people';
import { isGetOrganizationAnswer } from '../../generated/answers/GetOrganizationAnswer';
import { isGetTeamAnswer } from '../../generated/answers/GetTeamAnswer';
import { isListTeamMemberDevicesAnswer } from '../../generated/answers/ListTeamMemberDevicesAnswer';
import { isListTeamPeopleAnswer } from '../../generated/answers/ListTeamPeopleAnswer';
import { isMessageAnswer } from '../../generated/answers/MessageAnswer';

export const teamLoadFailed = 'We could not load your team. Please try again.';
export const peopleLoadFailed = 'We could not load the members. Please try again.';
export const teamNetwork = 'Network error. Please check your connection and try again.';

/** GET /api/team. */
export function loadTeam(): Promise<TeamOverview> {
  return apiCall('GET', '/api/team', isGetTeamAnswer);
}

/** GET /api/team/members: one page of the members table, as the view asks. */
export function loadPeople(view: TableView): Promise<TeamPeoplePage> {
  return apiCall('GET', `/api/team/members${viewQuery(view)}`, isListTeamPeopleAnswer);
}

/** GET /api/team/members/:userId/devices: a member's active devices, most recently seen first. */
export async function loadMemberDevices(userId: string): Promise<TeamDevice[]> {
  const path = `/api/team/members/${encodeURIComponent(userId)}/devices`;
  return (await apiCall('GET', path, isListTeamMemberDevicesAnswer)).devices;
}

/** What /dashboard/team shows: the owner's team, or the account's organization card (or none). */
export type TeamPageData =
  { owner: true; overview: TeamOverview } | { owner: false; card: OrganizationCard | null };

/**
 * The page's first load: GET /api/organization says whether the account owns the organization,
 * so a member or an account in none is told what the page is for without a refused call.
 */
export async function loadTeamPage(): Promise<TeamPageData> {
  const { organization } = await apiCall('GET', '/api/organization', isGetOrganizationAnswer);
  if (!organization?.isOwner) return { owner: false, card: organization };
  return { owner: true, overview: await loadTeam() };
}

/** One owner action; answers the server's message. */
export async function teamAction(
  method: 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<string> {
  const answer = await apiCall(method, path, isMessageAnswer, body);
  return answer.message;
}
