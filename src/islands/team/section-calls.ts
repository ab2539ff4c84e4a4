/**
 * The calls of the team page's sections below the table (Utilization, Team activity): a module of
 * their own, so their answers' shapes load with those sections (WhenNear), not with the page.
 */
import { type TeamActivity, type TeamMemberNames, type TeamUtilization } from '../../contract/team';
import type { UsageRange } from '../../config/feature-usage';
import { apiCall } from '../shared/api';
import { isGetTeamUtilizationAnswer } from '../../generated/answers/GetTeamUtilizationAnswer';
import { isListTeamActivityAnswer } from '../../generated/answers/ListTeamActivityAnswer';
import { isListTeamMemberNamesAnswer } from '../../generated/answers/ListTeamMemberNamesAnswer';

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

/** GET /api/team/utilization for the last `days` days. */
export function loadUtilization(days: UsageRange): Promise<TeamUtilization> {
  return apiCall('GET', `/api/team/utilization?days=${days}`, isGetTeamUtilizationAnswer);
}

/** GET /api/team/activity with the filter. */
export async function loadActivity(filter: ActivityFilter): Promise<TeamActivity[]> {
  const answer = await apiCall(
    'GET',
    `/api/team/activity${activityQuery(filter)}`,
    isListTeamActivityAnswer,
  );
  return answer.activity;
}

/** GET /api/team/member-names: every member by name (the activity feed's member filter). */
export async function loadMemberNames(): Promise<TeamMemberNames['members']> {
  return (await apiCall('GET', '/api/team/member-names', isListTeamMemberNamesAnswer)).members;
}
