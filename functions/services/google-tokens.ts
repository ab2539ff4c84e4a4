/** Google ID tokens (the GIS credential, or a /dev/google token locally) as sign-in proofs. */
import { ErrorCode, Messages } from '../../src/contract/errors';
import type { GoogleIdentity, GoogleProfile } from '../adapters/types';
import { ApiError } from '../lib/errors';
import { consumeToken } from './consumed-tokens';
import type { Db, Millis } from './db';

/** Google ID tokens live at most an hour; a used one is remembered that long. */
const GOOGLE_TOKEN_MEMORY_MS = 60 * 60 * 1000;

/** 401 GOOGLE_AUTH_FAILED (SPEC §8 'Google authentication failed. Please try again.'). */
export function googleAuthFailed(): ApiError {
  return new ApiError(401, ErrorCode.GOOGLE_AUTH_FAILED, Messages.googleAuthFailed);
}

/** Verifies a Google ID token; any failure, or an address Google has not verified, is a 401. */
export async function verifyGoogleToken(
  google: GoogleIdentity,
  idToken: string,
): Promise<GoogleProfile> {
  let profile: GoogleProfile;
  try {
    profile = await google.verify(idToken);
  } catch {
    throw googleAuthFailed();
  }
  if (!profile.emailVerified) throw googleAuthFailed();
  return profile;
}

/**
 * An ID token is accepted once: a token seen before (a replay of a captured credential) is a
 * 401. Called only once the token is about to be used, so a refused attempt (e.g. "no account")
 * does not burn it.
 */
export async function useGoogleTokenOnce(db: Db, idToken: string, now: Millis): Promise<void> {
  if (!(await consumeToken(db, 'google-id-token', idToken, now + GOOGLE_TOKEN_MEMORY_MS))) {
    throw googleAuthFailed();
  }
}
