/**
 * The signed-in pages' refresh of the auth state (auth-store.ts) from /api/me. Log Out is in
 * logout.ts (only My Account has the button), sign-in calls in run-auth-call.ts.
 */
import { type User } from '../../contract/user';
import { apiCall, ApiFailure } from './api';
import { forgetSession, getAuthState, remember } from './auth-store';
import { isGetSignedInUserAnswer } from '../../generated/answers/GetSignedInUserAnswer';

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
