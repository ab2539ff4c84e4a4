/**
 * The Usage & Sessions data: GET /api/usage; every action answers a fresh UsageOverview that
 * replaces it (shared/use-overview.ts does the loading, Retry and the 401 → /login).
 */
import { usageOverviewSchema, type UsageOverview } from '../../contract/usage';
import { apiCall } from '../shared/api';
import { useOverview, type OverviewState } from '../shared/use-overview';

export { leftForLogin } from '../shared/use-overview';

export const usageLoadFailed = 'We could not load your usage and sessions. Please try again.';
export const usageNetwork = 'Network error. Please check your connection and try again.';

export type UsageState = OverviewState<UsageOverview>;

/** Runs one of the dashboard's usage calls; every one answers the new overview. */
export function usageCall(method: 'POST' | 'DELETE', path: string): Promise<UsageOverview> {
  return apiCall(method, path, usageOverviewSchema);
}

/** GET /api/usage. */
export function loadUsage(): Promise<UsageOverview> {
  return apiCall('GET', '/api/usage', usageOverviewSchema);
}

const messages = { failed: usageLoadFailed, network: usageNetwork };

export function useUsage() {
  return useOverview(loadUsage, messages);
}
