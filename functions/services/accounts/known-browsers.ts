/**
 * Known browsers: a browser that has signed in to an account holds a long-lived cookie naming that
 * account and a random id of its own, keyed with a secret (no table, nothing stored). Password
 * sign-in counts a known browser's attempts on its own budget instead of the e-mail's
 * (login.ts), so wrong passwords sent from elsewhere cannot lock the owner out of the browser
 * they usually use.
 */
import { limits } from '../../../src/site.config';
import { keyedHash, randomToken, timingSafeEqualText } from '../shared/crypto';
import { DAY_MS, type Millis } from '../shared/db';
import type { Secrets } from '../shared/deps';

/** What a valid known-browser cookie says: this browser signed in to `userId` at `issuedAt`. */
export interface KnownBrowser {
  userId: string;
  /** Random, per browser: the subject of its own sign-in attempt counter. */
  browserId: string;
  issuedAt: Millis;
}

/** How long a known-browser cookie is honored (and lives in the browser). */
export const KNOWN_BROWSER_MS = limits.knownBrowserDays * DAY_MS;

const PURPOSE = 'known-browser';
/** Longer values are not ours: they are refused before any hashing. */
const MAX_LENGTH = 256;

const signed = (secrets: Pick<Secrets, 'jwtSecret'>, payload: string) =>
  keyedHash(secrets.jwtSecret, PURPOSE, payload);

/** A new cookie value marking this browser as one that signed in to `userId` at `now`. */
export async function newKnownBrowser(
  secrets: Pick<Secrets, 'jwtSecret'>,
  userId: string,
  now: Millis,
): Promise<string> {
  const payload = `${userId}.${randomToken(16)}.${now}`;
  return `${payload}.${await signed(secrets, payload)}`;
}

/**
 * The browser a cookie value names, or null when it is missing, malformed, not made with our
 * secret, or older than KNOWN_BROWSER_MS.
 */
export async function readKnownBrowser(
  secrets: Pick<Secrets, 'jwtSecret'>,
  value: string | undefined,
  now: Millis,
): Promise<KnownBrowser | null> {
  if (!value || value.length > MAX_LENGTH) return null;
  const parts = value.split('.');
  if (parts.length !== 4) return null;
  const [userId = '', browserId = '', issued = '', mac = ''] = parts;
  const issuedAt = Number(issued);
  if (!userId || !browserId || !/^\d{1,15}$/.test(issued)) return null;
  const expected = await signed(secrets, `${userId}.${browserId}.${issued}`);
  if (!timingSafeEqualText(mac, expected)) return null;
  if (issuedAt > now || now - issuedAt >= KNOWN_BROWSER_MS) return null;
  return { userId, browserId, issuedAt };
}
