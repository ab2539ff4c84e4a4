/**
 * License files: JWTs signed with the Ed25519 key in LICENSE_SIGNING_KEY. The plugin
 * verifies them offline with the public half served at /api/licenses/public-key, so the private
 * key (`d`) never leaves this module.
 */
import type { LicenseRow } from '../../../db/schema';
import { calculateJwkThumbprint, importJWK, SignJWT } from 'jose';
import { z } from 'zod';
import {
  LICENSE_FILE_AUDIENCE,
  LICENSE_FILE_ISSUER,
  type LicenseFileClaims,
} from '../../../../src/contract/schemas/licensing';
import { licensing } from '../../../../src/site.config';
import type { Millis } from '../../shared/db';
import { lazySchema } from '../../../../src/contract/schemas/lazy';

/** The one algorithm license files use; verifiers must pin it too. */
export const LICENSE_FILE_ALGORITHM = 'EdDSA';

const DAY_S = 24 * 60 * 60;

const privateJwkSchema = lazySchema(() =>
  z.object({
    kty: z.literal('OKP'),
    crv: z.literal('Ed25519'),
    x: z.string().min(1),
    d: z.string().min(1),
  }),
);

/** The public key as served in the JWKS: never `d`. */
export interface LicensePublicJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  /** RFC 7638 thumbprint, so a key rotation can be told apart by the plugin. */
  kid: string;
  alg: typeof LICENSE_FILE_ALGORITHM;
  use: 'sig';
}

interface SigningKey {
  privateKey: Awaited<ReturnType<typeof importJWK>>;
  publicJwk: LicensePublicJwk;
}

// Per isolate, keyed by the secret itself: importing the key costs a WebCrypto call we need not
// repeat on every request, and tests that pass another env get their own entry.
const keys = new Map<string, Promise<SigningKey>>();

async function loadSigningKey(secret: string): Promise<SigningKey> {
  let jwk: z.infer<typeof privateJwkSchema>;
  try {
    jwk = privateJwkSchema.parse(JSON.parse(secret));
  } catch {
    // The message names the variable, never its value.
    throw new Error(
      'LICENSE_SIGNING_KEY is not a private Ed25519 JWK (kty OKP, crv Ed25519, x, d)',
    );
  }
  const { kty, crv, x, d } = jwk;
  const privateKey = await importJWK({ kty, crv, x, d }, LICENSE_FILE_ALGORITHM);
  const kid = await calculateJwkThumbprint({ kty, crv, x }, 'sha256');
  return { privateKey, publicJwk: { kty, crv, x, kid, alg: LICENSE_FILE_ALGORITHM, use: 'sig' } };
}

function signingKey(secret: string): Promise<SigningKey> {
  let key = keys.get(secret);
  if (!key) {
    key = loadSigningKey(secret);
    keys.set(secret, key);
    // A failed import is not cached: the next request tries again (and logs again).
    key.catch(() => keys.delete(secret));
  }
  return key;
}

/** The JWKS of /api/licenses/public-key: the public key only. */
export async function licensePublicKeys(secret: string): Promise<{ keys: LicensePublicJwk[] }> {
  const { publicJwk } = await signingKey(secret);
  return { keys: [publicJwk] };
}

/**
 * The claims of a license file for `deviceId`, issued at `now`. The offline grace end (`exp`)
 * never passes the license's own expiry, so an offline plugin stops when the license does.
 */
export function licenseFileClaims(
  license: Pick<LicenseRow, 'id' | 'userId' | 'plan' | 'expiresAt'>,
  deviceId: string,
  now: Millis,
): LicenseFileClaims {
  const iat = Math.floor(now / 1000);
  const lexp = Math.floor(license.expiresAt / 1000);
  return {
    iss: LICENSE_FILE_ISSUER,
    aud: LICENSE_FILE_AUDIENCE,
    sub: license.userId,
    lid: license.id,
    plan: license.plan,
    did: deviceId,
    lexp,
    iat,
    exp: Math.min(iat + licensing.offlineGraceDays * DAY_S, lexp),
  };
}

/** Signs a license file (compact JWT, header `alg: EdDSA` and `kid`). */
export async function signLicenseFile(secret: string, claims: LicenseFileClaims): Promise<string> {
  const { privateKey, publicJwk } = await signingKey(secret);
  const { iss, aud, sub, iat, exp, ...custom } = claims;
  return new SignJWT(custom)
    .setProtectedHeader({ alg: LICENSE_FILE_ALGORITHM, kid: publicJwk.kid, typ: 'JWT' })
    .setIssuer(iss)
    .setAudience(aud)
    .setSubject(sub)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(privateKey);
}

/**
 * Signs another statement the plugin checks with the same public key: the manifest of an update
 * offer (services/releases/manifest.ts). `claims` carries its own `iss`, `aud` (never the license
 * file's audience), `iat` and `exp`.
 */
export async function signWithLicenseKey(
  secret: string,
  claims: { iss: string; aud: string; iat: number; exp: number } & Record<string, unknown>,
): Promise<string> {
  const { privateKey, publicJwk } = await signingKey(secret);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: LICENSE_FILE_ALGORITHM, kid: publicJwk.kid, typ: 'JWT' })
    .sign(privateKey);
}
