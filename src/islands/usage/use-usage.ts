/**
 * The Usage & Sessions data: GET /api/usage; every action answers a fresh UsageOverview that
 * replaces it (shared/use-load.ts does the loading and Retry; a 401 leaves for /login).
 */
import { type UsageOverview } from '../../contract/usage';
import { apiCall } from '../shared/api';
import { dashboardProblem } from '../shared/session-ended';
import { useLoad } from '../shared/use-load';
import { isGetUsageOverviewAnswer } from '../../generated/answers/GetUsageOverviewAnswer';

export const usageLoadFailed = 'We could not load your usage and sessions. Please try again.';
export const usageNetwork = 'Network error. Please check your connection and try again.';

/** Runs one of the dashboard's usage calls; every one answers the new overview. */
export function usageCall(method: 'POST' | 'DELETE', path: string): Promise<UsageOverview> {
  return apiCall(method, path, isGetUsageOverviewAnswer);
}

/** PATCH /api/devices/:id: renames one of the account's devices; answers the new overview. */
export function renameDevice(rowId: string, deviceName: string): Promise<UsageOverview> {
  return apiCall('PATCH', `/api/devices/${encodeURIComponent(rowId)}`, isGetUsageOverviewAnswer, {
    deviceName,
  });
}

/** GET /api/usage. */
export function loadUsage(): Promise<UsageOverview> {
  return apiCall('GET', '/api/usage', isGetUsageOverviewAnswer);
}

const problem = dashboardProblem(usageLoadFailed, usageNetwork);

export function useUsage() {
  return useLoad(loadUsage, problem);
}
