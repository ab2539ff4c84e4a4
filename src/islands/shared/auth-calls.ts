/**
 * The calls that change the auth state (auth-store.ts): sign-in calls run through `runAuthCall`,
 * the user is refreshed from /api/me, and logout ends the server session.
 */
import { type User } from '../../contract/user';
import { apiCall, ApiFailure, errorState } from './api';
import { forgetSession, getAuthState, remember, updateAuth } from './auth-store';
import { isGetSignedInUserAnswer } from '../../generated/answers/GetSignedInUserAnswer';
import { isMessageAnswer } from '../../generated/answers/MessageAnswer';

/** Logout ends the server session, clears user, expiry and error, then /overview. */
export async function logout(destination = '/overview'): Promise<void> {
  updateAuth({ loading: true });
  try {
    await apiCall('POST', '/api/logout', isMessageAnswer);
  } catch {
    // The session may already be gone (expired, revoked by deletion); the browser forgets it anyway.
  }
  forgetSession();
  updateAuth({ loading: false });
  window.location.assign(destination);
}

/**
 * Refreshes the user from GET /api/me. A 401 means the cookie session is gone: the browser
 * forgets it and null is returned. Other failures keep the stored user (offline, server hiccup).
 */
export async function refreshUser(): Promise<User | null> {
  try {
    const me = await apiCall('GET', '/api/me', isGetSignedInUserAnswer);
    remember(me.user, me.tokenExpiration);
    return me.user;
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 401) {
      forgetSession();
      return null;
    }
    return getAuthState().user;
  }
}

/**
 * Runs one auth call with the loading flag on. Its failure is stored as `{ message, code }` with
 * the caller's default text when the server gave none; `rethrow` is for signup callers, which
 * choose a screen by code (login callers do not: they show the stored error).
 */
export async function runAuthCall<T>(
  call: () => Promise<T>,
  fallback: string,
  options: { rethrow?: boolean; networkFallback?: string } = {},
): Promise<T | undefined> {
  updateAuth({ loading: true, error: null });
  try {
    return await call();
  } catch (error) {
    updateAuth({ error: errorState(error, fallback, options.networkFallback) });
    if (options.rethrow) throw error;
    return undefined;
  } finally {
    updateAuth({ loading: false });
  }
}
