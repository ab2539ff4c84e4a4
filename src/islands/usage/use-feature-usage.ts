/**
 * Feature usage for Usage & Sessions: GET /api/usage/features?days=N, loaded again when the
 * period changes (shared/use-load.ts does the loading and Retry; a 401 leaves for /login).
 */
import { useCallback } from 'react';
import { type FeatureUsageView } from '../../contract/usage';
import type { UsageRange } from '../../config/feature-usage';
import { apiCall } from '../shared/api';
import { dashboardProblem } from '../shared/session-ended';
import { useLoad } from '../shared/use-load';
import { isGetFeatureUsageAnswer } from '../../generated/answers/GetFeatureUsageAnswer';

export const featureUsageLoadFailed = 'We could not load your feature usage. Please try again.';
const network = 'Network error. Please check your connection and try again.';
const problem = dashboardProblem(featureUsageLoadFailed, network);

export function useFeatureUsage(days: UsageRange) {
  const load = useCallback(
    (): Promise<FeatureUsageView> =>
      apiCall('GET', `/api/usage/features?days=${days}`, isGetFeatureUsageAnswer),
    [days],
  );
  return useLoad(load, problem);
}
