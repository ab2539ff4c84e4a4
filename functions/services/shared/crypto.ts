/**
 * Small Web Crypto helpers shared by the account services: random tokens, hashes for storing
 * secrets (tokens are stored as SHA-256, codes as keyed HMACs), and a constant-time comparison.
 */

const encoder = new TextEncoder();

/** Encodes bytes as base64url without padding (URL- and cookie-safe). */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Decodes base64url (with or without padding); throws on anything else. */
export function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('Not base64url');
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** `length` bytes from the platform CSPRNG. */
export function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(length));
}

/** A random opaque token (32 bytes = 256 bits), base64url. */
export function randomToken(bytes = 32): string {
  return toBase64Url(randomBytes(bytes));
}

/** SHA-256 of a string, base64url: how single-use tokens are stored and looked up. */
export async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(text));
  return toBase64Url(new Uint8Array(digest));
}

async function hmacKey(secret: string | Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  const raw = typeof secret === 'string' ? encoder.encode(secret) : secret;
  return crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

/** HMAC-SHA256 of `data` under `secret`, as raw bytes. */
export async function hmacBytes(
  secret: string | Uint8Array<ArrayBuffer>,
  data: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(data));
  return new Uint8Array(signature);
}

/**
 * HMAC-SHA256 of `data` under a key derived from `secret` for one `purpose`, base64url. The
 * derivation keeps uses of one secret (session JWTs, verification codes) cryptographically apart.
 */
export async function keyedHash(secret: string, purpose: string, data: string): Promise<string> {
  const subkey = await hmacBytes(secret, `sheetwright/${purpose}`);
  return toBase64Url(await hmacBytes(subkey, data));
}

/** Compares two byte strings in time independent of where they differ. */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

/** Constant-time comparison of two base64url or ASCII strings of equal length. */
export function timingSafeEqualText(a: string, b: string): boolean {
  return timingSafeEqual(encoder.encode(a), encoder.encode(b));
}

/** An AES-GCM key derived from `secret` for one `purpose` (so it never equals another use's key). */
async function aesKey(secret: string, purpose: string): Promise<CryptoKey> {
  const raw = await hmacBytes(secret, `sheetwright/${purpose}`);
  return crypto.subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
}

/**
 * Encrypts `text` under a key derived from `secret` for `purpose`: `iv.ciphertext`, base64url.
 * For a secret we must read back (an authenticator app's shared key), never for a password.
 */
export async function encryptText(secret: string, purpose: string, text: string): Promise<string> {
  const iv = randomBytes(12);
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    await aesKey(secret, purpose),
    encoder.encode(text),
  );
  return `${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

/** Opens what `encryptText` sealed with the same secret and purpose; throws if it was altered. */
export async function decryptText(
  secret: string,
  purpose: string,
  sealed: string,
): Promise<string> {
  const [iv, data] = sealed.split('.');
  if (!iv || !data) throw new Error('Not a sealed text');
  const opened = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64Url(iv) as Uint8Array<ArrayBuffer> },
    await aesKey(secret, purpose),
    fromBase64Url(data) as Uint8Array<ArrayBuffer>,
  );
  return new TextDecoder().decode(opened);
}
