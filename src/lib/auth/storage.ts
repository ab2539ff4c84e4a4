/**
 * What the browser keeps of a session. The JWT itself lives in an
 * HttpOnly cookie and is never readable by scripts; storage holds only what the UI needs.
 */
import { matches } from '../../contract/shape';
import { type User } from '../../contract/user';
import { REMEMBERED_EMAIL_KEY, TOKEN_EXPIRATION_KEY, USER_KEY } from './storage-keys';
import { isUser } from '../../generated/answers/User';

export const STORAGE_KEYS = {
  user: USER_KEY,
  tokenExpiration: TOKEN_EXPIRATION_KEY,
  rememberedEmail: REMEMBERED_EMAIL_KEY,
} as const;

type Reader = Pick<Storage, 'getItem'>;
type Writer = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Parses a stored expiry written as epoch milliseconds (or, leniently, an ISO date). */
export function parseExpiration(raw: string | null): number | null {
  if (!raw) return null;
  const value = /^\d+$/.test(raw) ? Number(raw) : Date.parse(raw);
  return Number.isFinite(value) ? value : null;
}

/** True when the text is JSON for an object: anything else counts as no stored user. */
function isJsonObject(raw: string | null): boolean {
  if (raw === null) return false;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/**
 * True when storage holds a parsable user and an expiry still in the future. The inline script
 * in Head.astro mirrors this test before first paint.
 */
export function hasStoredSession(storage: Reader, now = Date.now()): boolean {
  const expiry = parseExpiration(storage.getItem(STORAGE_KEYS.tokenExpiration));
  return isJsonObject(storage.getItem(STORAGE_KEYS.user)) && expiry !== null && expiry > now;
}

/** A restored session: the user as the API last described it and the session's expiry. */
export interface StoredSession {
  user: User;
  tokenExpiration: number;
}

/**
 * Restores the stored session. A user that cannot be parsed, or an expiry
 * that is missing or past, means signed out: the leftovers are removed so every page agrees.
 */
export function readStoredSession(storage: Writer, now = Date.now()): StoredSession | null {
  const rawUser = storage.getItem(STORAGE_KEYS.user);
  const expiry = parseExpiration(storage.getItem(STORAGE_KEYS.tokenExpiration));
  if (rawUser === null && expiry === null) return null;
  let user: User | null = null;
  try {
    const parsed: unknown = JSON.parse(rawUser ?? '');
    if (matches(isUser, parsed)) user = parsed;
  } catch {
    user = null;
  }
  if (!user || expiry === null || expiry <= now) {
    clearStoredSession(storage);
    return null;
  }
  return { user, tokenExpiration: expiry };
}

/** Stores what the UI needs after a sign-in or a refresh from GET /api/me. Never the token. */
export function writeStoredSession(storage: Writer, session: StoredSession): void {
  storage.setItem(STORAGE_KEYS.user, JSON.stringify(session.user));
  storage.setItem(STORAGE_KEYS.tokenExpiration, String(session.tokenExpiration));
}

/** Forgets the session (logout, deletion, a 401). The remembered e-mail stays. */
export function clearStoredSession(storage: Writer): void {
  storage.removeItem(STORAGE_KEYS.user);
  storage.removeItem(STORAGE_KEYS.tokenExpiration);
}

/** The e-mail saved by 'Remember my email', or '' when none. */
export function readRememberedEmail(storage: Reader): string {
  return storage.getItem(STORAGE_KEYS.rememberedEmail) ?? '';
}

/** Saves the e-mail when 'Remember my email' is ticked at a successful login, else forgets it. */
export function rememberEmail(storage: Writer, email: string, remember: boolean): void {
  if (remember && email) storage.setItem(STORAGE_KEYS.rememberedEmail, email);
  else storage.removeItem(STORAGE_KEYS.rememberedEmail);
}
