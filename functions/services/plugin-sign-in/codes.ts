/**
 * The two codes of a sign-in request: the device code the plugin keeps and polls with (256
 * random bits, stored as its SHA-256), and the user code the customer types on /activate (8
 * letters, stored as a keyed HMAC, since its 20^8 values would fall to a plain hash at once).
 */
import { pluginSignIn } from '../../../src/site.config';
import { keyedHash, randomBytes, randomToken, sha256 } from '../shared/crypto';

const { userCodeAlphabet, userCodeLength } = pluginSignIn;

/** A new device code (what the plugin polls with). */
export function newDeviceCode(): string {
  return randomToken();
}

/** How a device code is stored and looked up. */
export function deviceCodeHash(deviceCode: string): Promise<string> {
  return sha256(deviceCode);
}

/**
 * A new user code: `userCodeLength` letters of `userCodeAlphabet`, each uniform (bytes past the
 * largest multiple of the alphabet's size are drawn again, so no letter is likelier).
 */
export function newUserCode(): string {
  const size = userCodeAlphabet.length;
  const ceiling = 256 - (256 % size);
  let code = '';
  while (code.length < userCodeLength) {
    for (const byte of randomBytes(userCodeLength)) {
      if (byte < ceiling && code.length < userCodeLength) code += userCodeAlphabet[byte % size];
    }
  }
  return code;
}

/** The user code as the plugin and /activate show it: XXXX-XXXX. */
export function formatUserCode(code: string): string {
  const half = Math.ceil(code.length / 2);
  return `${code.slice(0, half)}-${code.slice(half)}`;
}

/** How a (normalized) user code is stored and looked up: keyed, so the table alone reveals none. */
export function userCodeHash(jwtSecret: string, code: string): Promise<string> {
  return keyedHash(jwtSecret, 'device-user-code', code);
}
