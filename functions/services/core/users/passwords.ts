/**
 * Password hashing: PBKDF2-SHA256 through Web Crypto, keyed with a secret pepper, stored
 * as `pbkdf2-sha256$<iterations>$<salt>$<hash>` (base64url) so the parameters travel with the hash
 * and can be raised later (`needsRehash`, checked at login).
 */
import { fail } from '../../../lib/errors';
import {
  fromBase64Url,
  hmacBytes,
  randomBytes,
  timingSafeEqual,
  toBase64Url,
} from '../../shared/crypto';

/**
 * Deployed Workers refuse PBKDF2 above 100 000 iterations (local workerd does not), so this is
 * both the target and the ceiling; a test pins it so nobody "hardens" production into failure.
 */
export const PBKDF2_ITERATIONS = 100_000;
const SCHEME = 'pbkdf2-sha256';
const SALT_BYTES = 16;
const HASH_BITS = 256;

/**
 * The password is first HMAC'ed with the pepper (a Worker secret, never in the database), so a
 * leaked database alone cannot be cracked; the HMAC also turns any length into 32 bytes.
 */
async function derive(
  password: string,
  pepper: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<Uint8Array> {
  const peppered = await hmacBytes(pepper, password);
  const key = await crypto.subtle.importKey('raw', peppered, 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    key,
    HASH_BITS,
  );
  return new Uint8Array(bits);
}

/** Hashes a password for storage. */
export async function hashPassword(password: string, pepper: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, pepper, salt, PBKDF2_ITERATIONS);
  return [SCHEME, PBKDF2_ITERATIONS, toBase64Url(salt), toBase64Url(hash)].join('$');
}

interface ParsedHash {
  iterations: number;
  salt: Uint8Array<ArrayBuffer>;
  hash: Uint8Array;
}

function parse(stored: string): ParsedHash | undefined {
  const [scheme, iterationsText, saltText, hashText, ...rest] = stored.split('$');
  if (scheme !== SCHEME || rest.length > 0 || !iterationsText || !saltText || !hashText) return;
  const iterations = Number(iterationsText);
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS) return;
  try {
    return {
      iterations,
      salt: new Uint8Array(fromBase64Url(saltText)),
      hash: fromBase64Url(hashText),
    };
  } catch {
    return undefined;
  }
}

// A hash of a random password, made once per isolate: verifying against it costs the same as
// a real check, so an unknown e-mail takes as long as a wrong password (no account probing).
let decoyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash in constant time. With `stored` null (unknown e-mail,
 * or a Google-only account) it still runs one full hash against a decoy and answers false.
 */
export async function verifyPassword(
  password: string,
  stored: string | null,
  pepper: string,
): Promise<boolean> {
  decoyHash ??= hashPassword(toBase64Url(randomBytes(16)), pepper);
  const parsed = parse(stored ?? (await decoyHash));
  if (!parsed) {
    // A malformed stored value must not answer faster either.
    await derive(password, pepper, randomBytes(SALT_BYTES), PBKDF2_ITERATIONS);
    return false;
  }
  const candidate = await derive(password, pepper, parsed.salt, parsed.iterations);
  return timingSafeEqual(candidate, parsed.hash) && stored !== null;
}

/** True when a stored hash uses older parameters and should be replaced after a good login. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.iterations !== PBKDF2_ITERATIONS;
}

/** How many of the most common passwords are refused. */
export const COMMON_PASSWORD_COUNT = 10_000;
let commonPasswords: Promise<Set<string>> | undefined;

/**
 * True for one of the 10 000 most common passwords (case-insensitive). The list is zxcvbn-ts's
 * frequency-ranked common-password dictionary (MIT), cut to its first 10 000 entries
 * (common-passwords.ts, written by scripts/common-passwords.mjs; the package's whole dictionary
 * is ten times as large). It is imported on first use, so a Worker started for any request but a
 * new password does not load it (docs/performance.md, "Cold start").
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  commonPasswords ??= import('./common-passwords').then(
    ({ commonPasswordLines }) => new Set(commonPasswordLines.split('\n')),
  );
  return (await commonPasswords).has(password.toLowerCase());
}

/** 400 WEAK_PASSWORD for one of the 10 000 most common passwords. */
export async function assertPasswordAllowed(password: string): Promise<void> {
  if (await isCommonPassword(password)) throw fail('WEAK_PASSWORD');
}
