/**
 * Google sign-in. A Google Identity Services credential is an RS256 ID token; it is
 * verified with jose against Google's JWKS (signature, iss, aud, exp). In development the same
 * verifier runs against the /dev/google key (identity-local.ts), so the code path under test
 * is the production one with a different key set and audience.
 */
import {
  createRemoteJWKSet,
  customFetch,
  errors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { GoogleIdentity, GoogleProfile } from './types';

/** Google's signing keys for ID tokens. */
export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
/** The issuer of Google ID tokens; Google also issues them under the form without https://. */
export const GOOGLE_ISSUER = 'https://accounts.google.com';
export const GOOGLE_ISSUERS = [GOOGLE_ISSUER, 'accounts.google.com'];

/** Why a Google ID token was refused; callers answer GOOGLE_AUTH_FAILED whatever the reason. */
export class GoogleTokenError extends Error {
  override readonly name = 'GoogleTokenError';
}

export interface GoogleVerifierOptions {
  /** The OAuth client id this site's tokens are issued to (the required `aud`). */
  clientId: string;
  /** Where the public keys come from: Google's JWKS, or the local development key set. */
  keys: JWTVerifyGetKey;
  now?: () => number;
}

/** Verifies Google ID tokens: RS256 only, Google's issuer, our audience, unexpired. */
export function createGoogleIdentity({
  clientId,
  keys,
  now = Date.now,
}: GoogleVerifierOptions): GoogleIdentity {
  return {
    async verify(idToken) {
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(idToken, keys, {
          // Pinning the algorithm refuses `alg: none` and HMAC-with-the-public-key forgeries.
          algorithms: ['RS256'],
          issuer: GOOGLE_ISSUERS,
          audience: clientId,
          requiredClaims: ['exp', 'iat', 'sub'],
          currentDate: new Date(now()),
          // Google's and our clocks may differ slightly; a minute keeps fresh tokens valid.
          clockTolerance: 60,
        }));
      } catch (error) {
        const reason =
          error instanceof errors.JOSEError
            ? error.code
            : error instanceof Error
              ? error.name
              : 'unknown';
        throw new GoogleTokenError(`Google ID token refused: ${reason}`);
      }
      return toProfile(payload);
    },
  };
}

function toProfile(payload: JWTPayload): GoogleProfile {
  const { sub } = payload;
  const email = payload['email'];
  if (typeof sub !== 'string' || sub === '' || typeof email !== 'string' || email === '') {
    throw new GoogleTokenError('Google ID token refused: no subject or e-mail');
  }
  // Older Google tokens carried email_verified as the string "true".
  const verified = payload['email_verified'];
  const name = payload['name'];
  return {
    sub,
    email,
    emailVerified: verified === true || verified === 'true',
    name:
      typeof name === 'string' && name.trim() !== '' ? name.trim() : (email.split('@')[0] ?? email),
  };
}

// One JWKS client per isolate: jose caches Google's keys in it (10 minutes, refetching on an
// unknown `kid`), so a sign-in does not cost a round trip to Google. It holds no binding or
// request state, which is why it may live at module level.
let googleKeys: JWTVerifyGetKey | undefined;

/** Google's JWKS, fetched and cached by jose; a custom fetch (tests) gets its own uncached set. */
export function googleJwks(
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): JWTVerifyGetKey {
  const url = new URL(GOOGLE_JWKS_URL);
  // An unreachable Google fails the sign-in after 5 s rather than holding the request open.
  const timeoutDuration = options.timeoutMs ?? 5_000;
  if (options.fetch) {
    return createRemoteJWKSet(url, { [customFetch]: options.fetch, timeoutDuration });
  }
  googleKeys ??= createRemoteJWKSet(url, { timeoutDuration });
  return googleKeys;
}

/** Google sign-in without its configuration: every token is refused, and the operator is told. */
export function createUnconfiguredGoogleIdentity(reason: string): GoogleIdentity {
  return {
    async verify() {
      console.error(`Google sign-in is not configured: ${reason}`);
      throw new GoogleTokenError('Google sign-in is not configured');
    },
  };
}
