/**
 * The guard of the protected routes: without a stored session, or when the server
 * says the session is gone (GET /api/me → 401), the browser goes to /login, replacing the history
 * entry so Back does not return to the protected page. Framework-free: the Usage and Billing
 * pages run it as a small script, the React islands through the auth store.
 */
import { clearStoredSession, hasStoredSession } from './storage';

/** Leaves for /login without leaving this page in the history. */
export function redirectToLogin(): void {
  window.location.replace('/login');
}

/** Signs this browser out locally (storage and header state). */
export function forgetLocalSession(): void {
  clearStoredSession(localStorage);
  delete document.documentElement.dataset['auth'];
}

/** The synchronous half: true when a session is stored, else redirects and returns false. */
export function guardStoredSession(): boolean {
  if (hasStoredSession(localStorage)) return true;
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
