/**
 * The Usage & Sessions data: GET /api/usage on mount and on Retry; every action answers a fresh
 * UsageOverview that replaces it. A 401 means the session is gone (revoked from another browser,
 * expired): the browser forgets it and leaves for /login (SPEC §2 guard).
 */
import { useCallback, useEffect, useState } from 'react';
import { usageOverviewSchema, type UsageOverview } from '../../contract/licensing';
import { redirectToLogin } from '../../lib/auth/guard';
import { apiCall, ApiFailure, messageFor } from '../shared/api';
import { forgetSession } from '../shared/auth-store';

export const usageLoadFailed = 'We could not load your usage and sessions. Please try again.';
export const usageNetwork = 'Network error. Please check your connection and try again.';

export type UsageState =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  /** `now`: when the overview arrived, so "2 hours ago" is computed once, not on every render. */
  | { kind: 'ready'; overview: UsageOverview; now: number };

/** Leaves for /login when a call says the session is gone; true when it did. */
export function leftForLogin(failure: unknown): boolean {
  if (!(failure instanceof ApiFailure) || failure.status !== 401) return false;
  forgetSession();
  redirectToLogin();
  return true;
}

/** Runs one of the dashboard's usage calls; every one answers the new overview. */
export function usageCall(method: 'POST' | 'DELETE', path: string): Promise<UsageOverview> {
  return apiCall(method, path, usageOverviewSchema);
}

/** GET /api/usage. */
export function loadUsage(): Promise<UsageOverview> {
  return apiCall('GET', '/api/usage', usageOverviewSchema);
}

export function useUsage() {
  const [state, setState] = useState<UsageState>({ kind: 'loading' });

  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    try {
      const overview = await loadUsage();
      setState({ kind: 'ready', overview, now: Date.now() });
    } catch (failure) {
      if (leftForLogin(failure)) return;
      setState({ kind: 'failed', message: messageFor(failure, usageLoadFailed, usageNetwork) });
    }
  }, []);

  useEffect(() => {
    // Started from a task, not the effect body, so the first state change is not a cascade.
    const timer = window.setTimeout(() => void load(), 0);
    return () => window.clearTimeout(timer);
  }, [load]);

  const replace = useCallback((overview: UsageOverview) => {
    setState({ kind: 'ready', overview, now: Date.now() });
  }, []);

  return { state, load, replace };
}
