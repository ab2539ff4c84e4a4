/**
 * The browser's auth state, one small store shared by every island on a page.
 * Signed out → signed in on any successful sign-in: the user and expiry are stored (never the
 * token, which stays in the HttpOnly cookie), <html data-auth="in"> switches the header, and the
 * browser goes to /dashboard. Logout clears user, expiry and error and goes to /overview.
 */
import { useSyncExternalStore } from 'react';
import { messageResponseSchema } from '../../contract/user';
import { meResponseSchema, type AuthResponse, type User } from '../../contract/user';
import { clearStoredSession, readStoredSession, writeStoredSession } from '../../lib/auth/storage';
import { apiCall, ApiFailure, errorState, type ErrorState } from './api';

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

function set(patch: Partial<AuthState>): void {
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

/** SPEC §4 "on load": restores the stored user; an unparsable one means signed out. */
export function restoreSession(): AuthState {
  if (state.restored) return state;
  const session = readStoredSession(localStorage);
  markHeader(session !== null);
  set({
    user: session?.user ?? null,
    tokenExpiration: session?.tokenExpiration ?? null,
    restored: true,
  });
  return state;
}

function remember(user: User, tokenExpiration: number): void {
  writeStoredSession(localStorage, { user, tokenExpiration });
  markHeader(true);
  set({ user, tokenExpiration, error: null, restored: true });
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
  markHeader(false);
  set({ user: null, tokenExpiration: null, error: null, restored: true });
}

/** SPEC §4: logout ends the server session, clears user, expiry and error, then /overview. */
export async function logout(destination = '/overview'): Promise<void> {
  set({ loading: true });
  try {
    await apiCall('POST', '/api/logout', messageResponseSchema);
  } catch {
    // The session may already be gone (expired, revoked by deletion); the browser forgets it anyway.
  }
  forgetSession();
  set({ loading: false });
  window.location.assign(destination);
}

/**
 * Refreshes the user from GET /api/me. A 401 means the cookie session is gone: the browser
 * forgets it and null is returned. Other failures keep the stored user (offline, server hiccup).
 */
export async function refreshUser(): Promise<User | null> {
  try {
    const me = await apiCall('GET', '/api/me', meResponseSchema);
    remember(me.user, me.tokenExpiration);
    return me.user;
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 401) {
      forgetSession();
      return null;
    }
    return state.user;
  }
}

export function clearAuthError(): void {
  if (state.error) set({ error: null });
}

export function setAuthError(error: ErrorState | null): void {
  set({ error });
}

/**
 * Runs one auth call with the loading flag on. Its failure is stored as `{ message, code }` with
 * the SPEC default message when the server gave none; `rethrow` is for signup callers, which
 * choose a screen by code (SPEC §8: "Signup calls re-throw to the caller; login calls do not").
 */
export async function runAuthCall<T>(
  call: () => Promise<T>,
  fallback: string,
  options: { rethrow?: boolean; networkFallback?: string } = {},
): Promise<T | undefined> {
  set({ loading: true, error: null });
  try {
    return await call();
  } catch (error) {
    set({ error: errorState(error, fallback, options.networkFallback) });
    if (options.rethrow) throw error;
    return undefined;
  } finally {
    set({ loading: false });
  }
}
