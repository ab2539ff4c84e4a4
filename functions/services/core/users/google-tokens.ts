/** Google ID tokens (the GIS credential, or a /dev/google token locally) as sign-in proofs. */
import type { GoogleProfile } from '../../../adapters/types';
import { fail } from '../../../lib/errors';
import { consumeToken } from '../../shared/consumed-tokens';
import type { Deps } from '../../shared/deps';

/** Google ID tokens live at most an hour; a used one is remembered that long. */
const GOOGLE_TOKEN_MEMORY_MS = 60 * 60 * 1000;

/**
 * Verifies a Google ID token; any failure, or an address Google has not verified, is 401
 * GOOGLE_AUTH_FAILED ('Google authentication failed. Please try again.').
 */
export async function verifyGoogleToken(
  { google }: Pick<Deps, 'google'>,
  idToken: string,
): Promise<GoogleProfile> {
  let profile: GoogleProfile;
  try {
    profile = await google.verify(idToken);
  } catch {
    throw fail('GOOGLE_AUTH_FAILED');
  }
  if (!profile.emailVerified) throw fail('GOOGLE_AUTH_FAILED');
  return profile;
}

/**
 * An ID token is accepted once: a token seen before (a replay of a captured credential) is a
 * 401. Called only once the token is about to be used, so a refused attempt (e.g. "no account")
 * does not burn it.
 */
export async function useGoogleTokenOnce(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  idToken: string,
): Promise<void> {
  if (!(await consumeToken(db, 'google-id-token', idToken, now + GOOGLE_TOKEN_MEMORY_MS))) {
    throw fail('GOOGLE_AUTH_FAILED');
  }
}
