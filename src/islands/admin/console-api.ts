/**
 * The console islands' calls to /api/admin/* (shared/api.ts does the fetch and the shape check)
 * and what each failure means to an operator: sign in again (401: no session, or one older than
 * the console's 12 hours), set up a second factor (403: the session proved none), confirm it is
 * you (403: every change wants a proof of the last 10 minutes; the write calls here ask for it
 * in a dialog and send again, so this is left only when the operator cancelled), the customer
 * changed meanwhile (409), a refused input (400), gone (404), or no answer at all. Islands show a
 * `Problem` with ConsoleAlert.
 */
import { ConsoleMessages } from '../../contract/messages';
import type { Shape } from '../../contract/shape';
import { forgetLocalSession } from '../../lib/auth/guard';
import { loginReturningTo } from '../../lib/auth/return-path';
import { apiCall, ApiFailure } from '../shared/api';
import { withFreshProof } from '../shared/fresh-proof';

export type ProblemKind =
  'signin' | 'second-factor' | 'confirm' | 'stale' | 'input' | 'missing' | 'network' | 'other';

/** A failure as the console shows it. */
export interface Problem {
  kind: ProblemKind;
  message: string;
}

export const networkLoad =
  'Network error: the console could not reach the server. Check your connection and try again.';
/** An action without an answer may or may not have been done: check before repeating it. */
export const networkAction =
  'Network error: no answer from the server, so this may or may not have been done. The page is reloaded: check it before trying again.';
export const unexpected = 'Something went wrong on our side. Please try again.';

/** What a failed call means to the operator; `fallback` when the server gave no message. */
export function problemOf(error: unknown, fallback = unexpected, network = networkLoad): Problem {
  if (!(error instanceof ApiFailure)) return { kind: 'other', message: fallback };
  if (error.isNetwork) return { kind: 'network', message: network };
  const message = error.message || fallback;
  // The console needs a session with a second factor; every change a fresh proof as well.
  if (error.code === 'SECOND_FACTOR_REQUIRED') return { kind: 'second-factor', message };
  if (error.code === 'FRESH_VERIFICATION_REQUIRED') return { kind: 'confirm', message };
  switch (error.status) {
    case 401:
      return { kind: 'signin', message: error.message || ConsoleMessages.signInAgain };
    case 409:
      return { kind: 'stale', message: error.message || ConsoleMessages.staleState };
    case 400:
      return { kind: 'input', message };
    case 404:
      return { kind: 'missing', message };
    default:
      return { kind: 'other', message };
  }
}

export function adminGet<T>(path: string, shape: Shape<T>): Promise<T> {
  return apiCall('GET', path, shape);
}

/** A change: asks for a fresh proof when the server wants one, then sends it again. */
export function adminPost<T>(path: string, shape: Shape<T>, body: unknown): Promise<T> {
  return withFreshProof(() => apiCall('POST', path, shape, body));
}

export function adminPatch<T>(path: string, shape: Shape<T>, body: unknown): Promise<T> {
  return withFreshProof(() => apiCall('PATCH', path, shape, body));
}

export function adminDelete<T>(path: string, shape: Shape<T>): Promise<T> {
  return withFreshProof(() => apiCall('DELETE', path, shape));
}

/** `/api/admin/x?a=1&b=2`, leaving out empty values. */
export function withQuery(path: string, query: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** /login, coming back to this console page once signed in. */
export function signInAgainHref(): string {
  return loginReturningTo(`${window.location.pathname}${window.location.search}`);
}

/**
 * Ends this browser's session, then opens /login (which sends a visitor it still thinks signed in
 * on without asking for a password), set to come back to this console page.
 */
export async function signInAgain(): Promise<void> {
  await fetch('/api/logout', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  }).catch(() => undefined);
  forgetLocalSession();
  window.location.assign(signInAgainHref());
}

/** Tells the console's nav how many inbox messages are new (console-nav.ts listens). */
export function announceNewCount(count: number): void {
  window.dispatchEvent(new CustomEvent('console:new-count', { detail: count }));
}
