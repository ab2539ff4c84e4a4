/**
 * The guard of the protected routes: without a stored session, or when the server
 * says the session is gone (GET /api/me → 401), the browser goes to /login, replacing the history
 * entry so Back does not return to the protected page. Framework-free: the Usage and Billing
 * pages run it as a small script, the React islands through the auth store.
 */
import { clearStoredSession, hasStoredSession } from './storage';
import { SIGNED_IN_HINT_COOKIE } from './storage-keys';

/**
 * True when the login form signed this browser in without JavaScript: a session cookie exists
 * that storage does not know yet (storage-keys.ts).
 */
export function hasSignedInHint(): boolean {
  return document.cookie.split('; ').includes(`${SIGNED_IN_HINT_COOKIE}=1`);
}

/** Forgets the signed-in hint (the session it stood for is gone). */
export function dropSignedInHint(): void {
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/; Secure; SameSite=Lax`;
}

/**
 * Leaves for /login without leaving this page in the history. The page keeps running until the
 * next one arrives, so it is marked as leaving: its islands then start no call that could only
 * answer 401 (`leavingForLogin`).
 */
export function redirectToLogin(): void {
  document.documentElement.dataset['leaving'] = '';
  window.location.replace('/login');
}

/** True once the page is on its way to /login (`redirectToLogin`): a call now would only fail. */
export function leavingForLogin(): boolean {
  return document.documentElement.dataset['leaving'] !== undefined;
}

/** Signs this browser out locally (storage and header state). */
export function forgetLocalSession(): void {
  clearStoredSession(localStorage);
  dropSignedInHint();
  delete document.documentElement.dataset['auth'];
}

/**
 * The synchronous half: true when a session is stored (or the login form left a session that
 * storage does not know yet, which GET /api/me then confirms), else redirects and returns false.
 */
export function guardStoredSession(): boolean {
  if (hasStoredSession(localStorage) || hasSignedInHint()) return true;
  forgetLocalSession();
  redirectToLogin();
  return false;
}

/** The full guard for pages without an island: storage first, then the server's word. */
export async function guardProtectedPage(): Promise<void> {
  if (!guardStoredSession()) return;
  try {
    const response = await fetch('/api/me', {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    if (response.status === 401) {
      forgetLocalSession();
      redirectToLogin();
    }
  } catch {
    // Offline: keep the page; the next call that needs the session will tell.
  }
}
