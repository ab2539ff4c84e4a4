/**
 * The development stand-in for Google: /dev/google issues RS256 ID tokens shaped like
 * Google's, signed with DEV_GOOGLE_PRIVATE_JWK (generated into .dev.vars by `npm start`, so tokens
 * stay valid across isolate restarts), and identity.ts verifies them against the matching public
 * key set, served at /dev/google/jwks.
 */
import { calculateJwkThumbprint, createLocalJWKSet, importJWK, SignJWT, type JWK } from 'jose';
import { z } from 'zod';
import {
  createGoogleIdentity,
  createUnconfiguredGoogleIdentity,
  GOOGLE_ISSUER,
  GoogleTokenError,
} from './identity';
import type { GoogleIdentity } from './types';

/** The `aud` of local ID tokens, standing in for a Google OAuth client id. */
export const LOCAL_GOOGLE_CLIENT_ID = 'sheetwright-local-google-client';
/** Local ID tokens live 10 minutes. */
export const LOCAL_GOOGLE_TOKEN_TTL_S = 10 * 60;

const privateRsaJwk = z.looseObject({
  kty: z.literal('RSA'),
  n: z.string().min(1),
  e: z.string().min(1),
  d: z.string().min(1),
  p: z.string().min(1),
  q: z.string().min(1),
  dp: z.string().min(1),
  dq: z.string().min(1),
  qi: z.string().min(1),
});

/** The local signing key with its public half, as the JWKS publishes it. */
export interface LocalGoogleKey {
  privateKey: CryptoKey;
  publicJwk: JWK;
}

/** Reads DEV_GOOGLE_PRIVATE_JWK (a private RSA JWK as JSON); throws naming the variable. */
export async function loadLocalGoogleKey(privateJwkJson: string): Promise<LocalGoogleKey> {
  let jwk: z.infer<typeof privateRsaJwk>;
  try {
    jwk = privateRsaJwk.parse(JSON.parse(privateJwkJson));
  } catch {
    throw new Error(
      'DEV_GOOGLE_PRIVATE_JWK is not a private RSA JWK; delete it from .dev.vars and run npm start',
    );
  }
  const base = { kty: 'RSA', n: jwk.n, e: jwk.e };
  const kid = await calculateJwkThumbprint(base);
  const privateKey = await importJWK({ ...jwk, alg: 'RS256' }, 'RS256');
  if (!(privateKey instanceof CryptoKey))
    throw new Error('DEV_GOOGLE_PRIVATE_JWK did not import as a key');
  return { privateKey, publicJwk: { ...base, kid, alg: 'RS256', use: 'sig' } };
}

/** The public key set of the local issuer (what Google serves at its certs URL). */
export function localGoogleJwks(key: LocalGoogleKey): { keys: JWK[] } {
  return { keys: [key.publicJwk] };
}

/** Verifies local ID tokens with the production verifier, against the local key set. */
export function createLocalGoogleIdentity(key: LocalGoogleKey, now?: () => number): GoogleIdentity {
  return createGoogleIdentity({
    clientId: LOCAL_GOOGLE_CLIENT_ID,
    keys: createLocalJWKSet(localGoogleJwks(key)),
    ...(now ? { now } : {}),
  });
}

/** A stable, Google-like numeric subject for an e-mail, so the same test identity links again. */
export async function localGoogleSubject(email: string): Promise<string> {
  const data = new TextEncoder().encode(`sheetwright-dev-google:${email.trim().toLowerCase()}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
  let value = 0n;
  for (const byte of digest.slice(0, 9)) value = (value << 8n) | BigInt(byte);
  return `1${value.toString().padStart(21, '0')}`;
}

export interface LocalGoogleIdentityClaims {
  email: string;
  name: string;
  emailVerified: boolean;
}

/** Issues an ID token shaped like Google's: iss, aud, azp, sub, email, email_verified, name, jti. */
export async function issueLocalGoogleToken(
  key: LocalGoogleKey,
  claims: LocalGoogleIdentityClaims,
  now: number = Date.now(),
): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  const email = claims.email.trim().toLowerCase();
  return new SignJWT({
    azp: LOCAL_GOOGLE_CLIENT_ID,
    email,
    email_verified: claims.emailVerified,
    name: claims.name.trim(),
  })
    .setProtectedHeader({ alg: 'RS256', kid: key.publicJwk.kid ?? '', typ: 'JWT' })
    .setIssuer(GOOGLE_ISSUER)
    .setAudience(LOCAL_GOOGLE_CLIENT_ID)
    .setSubject(await localGoogleSubject(email))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + LOCAL_GOOGLE_TOKEN_TTL_S)
    .setJti(crypto.randomUUID())
    .sign(key.privateKey);
}

// The imported key is cached per isolate, keyed by the JWK text, so an edited .dev.vars applies.
let cachedKey: { json: string; key: Promise<LocalGoogleKey> } | undefined;

/** The signing key from DEV_GOOGLE_PRIVATE_JWK, imported once per isolate. */
export function localGoogleKey(json: string): Promise<LocalGoogleKey> {
  if (cachedKey?.json !== json) {
    const key = loadLocalGoogleKey(json);
    // A bad key must not stay cached as a rejected promise after .dev.vars is fixed.
    key.catch(() => {
      if (cachedKey?.key === key) cachedKey = undefined;
    });
    cachedKey = { json, key };
  }
  return cachedKey.key;
}

/** The development verifier; without a usable key it refuses, saying how to create one. */
export function createDevGoogleIdentity(privateJwk: string | undefined): GoogleIdentity {
  if (privateJwk === undefined) {
    return createUnconfiguredGoogleIdentity(
      'DEV_GOOGLE_PRIVATE_JWK is missing; run npm start to write it to .dev.vars',
    );
  }
  return {
    async verify(idToken) {
      const key = await localGoogleKey(privateJwk).catch((error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        throw new GoogleTokenError('Google sign-in is not configured');
      });
      return createLocalGoogleIdentity(key).verify(idToken);
    },
  };
}
