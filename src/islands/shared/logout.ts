/** Log Out: ends the server session, then this browser forgets it (auth-store.ts). */
import { apiCall } from './api';
import { forgetSession, updateAuth } from './auth-store';
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
