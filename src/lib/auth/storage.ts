/**
 * What the browser keeps of a session (SPEC §3, DESIGN §3.1). The JWT itself lives in an
 * HttpOnly cookie and is never readable by scripts; storage holds only what the UI needs.
 */
export const STORAGE_KEYS = {
  user: 'user',
  /** Session expiry as milliseconds since the epoch. */
  tokenExpiration: 'tokenExpiration',
  rememberedEmail: 'rememberedEmail',
} as const;

/** Parses a stored expiry written as epoch milliseconds (or, leniently, an ISO date). */
export function parseExpiration(raw: string | null): number | null {
  if (!raw) return null;
  const value = /^\d+$/.test(raw) ? Number(raw) : Date.parse(raw);
  return Number.isFinite(value) ? value : null;
}

/** True when storage holds a user and an expiry still in the future. */
export function hasStoredSession(storage: Pick<Storage, 'getItem'>, now = Date.now()): boolean {
  const expiry = parseExpiration(storage.getItem(STORAGE_KEYS.tokenExpiration));
  return storage.getItem(STORAGE_KEYS.user) !== null && expiry !== null && expiry > now;
}
