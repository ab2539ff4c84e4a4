/**
 * License keys: random, human-typable and checksummed, e.g.
 * `SW-7KQ3M-X9HDA-2PZRT-VWC4N`. 19 random characters carry 95 bits; the last character is a
 * Luhn mod 32 check, which catches every single mistyped character and most swapped neighbors,
 * so the plugin can reject a typo before asking the server.
 */
import { randomBytes } from '../../shared/crypto';

/** 32 characters without look-alikes (no 0/O, 1/I): one random byte & 31 picks one uniformly. */
export const LICENSE_KEY_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const PREFIX = 'SW';
const GROUPS = 4;
const GROUP_LENGTH = 5;
const BODY_LENGTH = GROUPS * GROUP_LENGTH - 1;
const N = LICENSE_KEY_ALPHABET.length;

function codePoint(char: string): number {
  return LICENSE_KEY_ALPHABET.indexOf(char);
}

/** Luhn mod N check character for `body` (https://en.wikipedia.org/wiki/Luhn_mod_N_algorithm). */
function checkCharacter(body: string): string {
  let factor = 2;
  let sum = 0;
  for (let i = body.length - 1; i >= 0; i -= 1) {
    let addend = factor * codePoint(body[i] ?? '');
    factor = factor === 2 ? 1 : 2;
    addend = Math.floor(addend / N) + (addend % N);
    sum += addend;
  }
  return LICENSE_KEY_ALPHABET[(N - (sum % N)) % N] ?? '';
}

function format(chars: string): string {
  const groups: string[] = [];
  for (let i = 0; i < chars.length; i += GROUP_LENGTH)
    groups.push(chars.slice(i, i + GROUP_LENGTH));
  return [PREFIX, ...groups].join('-');
}

/** A new random license key in canonical form. */
export function generateLicenseKey(): string {
  const body = Array.from(randomBytes(BODY_LENGTH), (byte) => LICENSE_KEY_ALPHABET[byte & 31]).join(
    '',
  );
  return format(body + checkCharacter(body));
}

/**
 * The canonical form of a typed key (upper-case, groups re-dashed), or null when it is not a
 * well-formed key with a correct check character. Spaces and missing dashes are forgiven.
 */
export function normalizeLicenseKey(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]/g, '');
  if (!compact.startsWith(PREFIX)) return null;
  const chars = compact.slice(PREFIX.length);
  if (chars.length !== BODY_LENGTH + 1) return null;
  if ([...chars].some((char) => codePoint(char) < 0)) return null;
  const body = chars.slice(0, BODY_LENGTH);
  if (checkCharacter(body) !== chars.slice(BODY_LENGTH)) return null;
  return format(chars);
}

/** True when `input` is a well-formed license key with a correct check character. */
export function isValidLicenseKey(input: string): boolean {
  return normalizeLicenseKey(input) !== null;
}
