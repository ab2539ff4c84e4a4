/**
 * A dashboard call answered 401: the session is gone (revoked from another browser, expired), so
 * the browser forgets it and leaves for /login rather than showing an error.
 */
import { redirectToLogin } from '../../lib/auth/guard';
import { ApiFailure, messageFor } from './api';
import { forgetSession } from './auth-store';

/** Leaves for /login when a call says the session is gone; true when it did. */
export function leftForLogin(failure: unknown): boolean {
  if (!(failure instanceof ApiFailure) || failure.status !== 401) return false;
  forgetSession();
  redirectToLogin();
  return true;
}

/**
 * What a dashboard page shows when its data did not load (for useLoad): the server's message,
 * else `failed` (or `network` without an answer); null after leaving for /login.
 */
export function dashboardProblem(failed: string, network: string) {
  return (failure: unknown): string | null =>
    leftForLogin(failure) ? null : messageFor(failure, failed, network);
}
