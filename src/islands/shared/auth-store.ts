/**
 * The browser's auth state, one small store shared by every island on a page.
 * Signed out → signed in on any successful sign-in: the user and expiry are stored (never the
 * token, which stays in the HttpOnly cookie), <html data-auth="in"> switches the header, and the
 * browser goes to /dashboard. The calls that change it (sign-in calls, /api/me, logout) are in
 * auth-calls.ts, so a page that only reads the state carries no API client (budgets:
 * docs/performance.md).
 */
import { useSyncExternalStore } from 'react';
import type { AuthResponse, User } from '../../contract/user';
import { dropSignedInHint } from '../../lib/auth/guard';
import { clearStoredSession, readStoredSession, writeStoredSession } from '../../lib/auth/storage';
import type { ErrorState } from './api';

export interface AuthState {
  user: User | null;
  tokenExpiration: number | null;
  /** On during each auth call. */
  loading: boolean;
  /** The last auth call's failure, clearable. */
  error: ErrorState | null;
  /** False until storage has been read in the browser (the server render knows no session). */
  restored: boolean;
}

const initial: AuthState = {
  user: null,
  tokenExpiration: null,
  loading: false,
  error: null,
  restored: false,
};
let state: AuthState = initial;
const listeners = new Set<() => void>();

/** Changes the state and tells every island (auth-calls.ts changes it through this too). */
export function updateAuth(patch: Partial<AuthState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The auth state, re-rendering on change. Before hydration it is the signed-out initial state. */
export function useAuth(): AuthState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => initial,
  );
}

export function getAuthState(): AuthState {
  return state;
}

function markHeader(signedIn: boolean): void {
  if (signedIn) document.documentElement.dataset['auth'] = 'in';
  else delete document.documentElement.dataset['auth'];
}

/** Shows or hides the dashboard's Team link (the dashboard layout's script sets it first). */
function markTeamOwner(owner: boolean): void {
  if (owner) document.documentElement.dataset['teamOwner'] = '';
  else delete document.documentElement.dataset['teamOwner'];
}

/** On page load: restores the stored user; an unparsable one means signed out. */
export function restoreSession(): AuthState {
  if (state.restored) return state;
  const session = readStoredSession(localStorage);
  markHeader(session !== null);
  updateAuth({
    user: session?.user ?? null,
    tokenExpiration: session?.tokenExpiration ?? null,
    restored: true,
  });
  return state;
}

export function remember(user: User, tokenExpiration: number): void {
  writeStoredSession(localStorage, { user, tokenExpiration });
  markHeader(true);
  markTeamOwner(user.ownsOrganization === true);
  updateAuth({ user, tokenExpiration, error: null, restored: true });
}

/**
 * Completes any sign-in: store the session, update the header, go to the dashboard (after
 * `delayMs`, for pages that first show a success state; the session is stored at once).
 */
export function completeSignIn(
  response: AuthResponse,
  destination = '/dashboard',
  delayMs = 0,
): void {
  remember(response.user, response.tokenExpiration);
  if (delayMs > 0) window.setTimeout(() => window.location.assign(destination), delayMs);
  else window.location.assign(destination);
}

/** Forgets the session in this browser without navigating (a 401, a deleted account). */
export function forgetSession(): void {
  clearStoredSession(localStorage);
  dropSignedInHint();
  markHeader(false);
  markTeamOwner(false);
  updateAuth({ user: null, tokenExpiration: null, error: null, restored: true });
}

export function clearAuthError(): void {
  if (state.error) updateAuth({ error: null });
}

export function setAuthError(error: ErrorState | null): void {
  updateAuth({ error });
}
