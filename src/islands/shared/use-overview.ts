/**
 * A dashboard page's data (Billing & Invoices, Usage & Sessions): loaded on mount and on Retry,
 * replaced by the fresh overview each action answers. A 401 means the session is gone (revoked
 * from another browser, expired): the browser forgets it and leaves for /login (SPEC §2 guard).
 */
import { useCallback, useEffect, useState } from 'react';
import { redirectToLogin } from '../../lib/auth/guard';
import { ApiFailure, messageFor } from './api';
import { forgetSession } from './auth-store';

export type OverviewState<T> =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  /** `now`: when the overview arrived, so "2 hours ago" is computed once, not on every render. */
  | { kind: 'ready'; overview: T; now: number };

/** Leaves for /login when a call says the session is gone; true when it did. */
export function leftForLogin(failure: unknown): boolean {
  if (!(failure instanceof ApiFailure) || failure.status !== 401) return false;
  forgetSession();
  redirectToLogin();
  return true;
}

export function useOverview<T>(
  fetchOverview: () => Promise<T>,
  messages: { failed: string; network: string },
) {
  const [state, setState] = useState<OverviewState<T>>({ kind: 'loading' });
  const { failed, network } = messages;

  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    try {
      const overview = await fetchOverview();
      setState({ kind: 'ready', overview, now: Date.now() });
    } catch (failure) {
      if (leftForLogin(failure)) return;
      setState({ kind: 'failed', message: messageFor(failure, failed, network) });
    }
  }, [fetchOverview, failed, network]);

  useEffect(() => {
    // Started from a task, not the effect body, so the first state change is not a cascade.
    const timer = window.setTimeout(() => void load(), 0);
    return () => window.clearTimeout(timer);
  }, [load]);

  const replace = useCallback((overview: T) => {
    setState({ kind: 'ready', overview, now: Date.now() });
  }, []);

  return { state, load, replace };
}
