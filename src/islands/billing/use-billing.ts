/**
 * The Billing & Invoices data: GET /api/billing on mount and on Retry. A 401 means the session
 * is gone: the browser forgets it and leaves for /login (SPEC §2 guard).
 */
import { useCallback, useEffect, useState } from 'react';
import { billingOverviewSchema, type BillingOverview } from '../../contract/billing';
import { redirectToLogin } from '../../lib/auth/guard';
import { apiCall, ApiFailure, messageFor } from '../shared/api';
import { forgetSession } from '../shared/auth-store';

export const billingLoadFailed = 'We could not load your billing details. Please try again.';
export const billingNetwork = 'Network error. Please check your connection and try again.';

export type BillingState =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; overview: BillingOverview };

/** Leaves for /login when a billing call says the session is gone; true when it did. */
export function leftForLogin(failure: unknown): boolean {
  if (!(failure instanceof ApiFailure) || failure.status !== 401) return false;
  forgetSession();
  redirectToLogin();
  return true;
}

export function useBilling() {
  const [state, setState] = useState<BillingState>({ kind: 'loading' });

  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    try {
      const overview = await apiCall('GET', '/api/billing', billingOverviewSchema);
      setState({ kind: 'ready', overview });
    } catch (failure) {
      if (leftForLogin(failure)) return;
      setState({ kind: 'failed', message: messageFor(failure, billingLoadFailed, billingNetwork) });
    }
  }, []);

  useEffect(() => {
    // Started from a task, not the effect body, so the first state change is not a cascade.
    const timer = window.setTimeout(() => void load(), 0);
    return () => window.clearTimeout(timer);
  }, [load]);

  const replace = useCallback((overview: BillingOverview) => {
    setState({ kind: 'ready', overview });
  }, []);

  return { state, load, replace };
}
