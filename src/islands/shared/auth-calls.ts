/**
 * The calls of a signed-in page that change the auth state (auth-store.ts): the user is refreshed
 * from /api/me, and logout ends the server session. Sign-in calls run through run-auth-call.ts.
 */
import { type User } from '../../contract/user';
import { apiCall, ApiFailure } from './api';
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
