/**
 * Signing in to an existing account, by password or by Google (SPEC §7 login, login-google).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { ErrorCode, Messages } from '../../src/contract/errors';
import type { AuthResponse } from '../../src/contract/user';
import type { GoogleProfile } from '../adapters/types';
import { users } from '../db/schema';
import { ApiError } from '../lib/errors';
import { isUniqueViolation, type Db, type Millis } from './db';
import { normalizeEmail } from './emails';
import { useGoogleTokenOnce } from './google-tokens';
import { currentLicense } from './licenses';
import { hashPassword, needsRehash, verifyPassword } from './passwords';
import { newSession, type SessionClient } from './sessions';
import { findUserByEmail, findUserByGoogleSub, type UserRow } from './users';
import { toUserView } from './user-view';

/** Secrets the sign-in services need. */
export interface AuthSecrets {
  jwtSecret: string;
  pepper: string;
}

const invalidCredentials = () =>
  new ApiError(401, ErrorCode.INVALID_CREDENTIALS, Messages.invalidCredentials);

/** 403 ACCOUNT_DELETED: only told to someone who proved they own the account. */
export const accountDeleted = () =>
  new ApiError(403, ErrorCode.ACCOUNT_DELETED, Messages.accountDeleted);

/** Starts a new session for `user` and builds the AuthResponse. */
export async function startSession(
  db: Db,
  jwtSecret: string,
  user: UserRow,
  client: SessionClient,
  now: Millis,
): Promise<AuthResponse> {
  const license = await currentLicense(db, user.id);
  if (!license) throw new Error(`User ${user.id} has no license`);
  const session = await newSession(db, jwtSecret, user.id, client, now);
  await session.insert;
  return {
    token: session.token,
    user: toUserView(user, license, session.info, now),
    tokenExpiration: session.info.expiresAt,
  };
}

/**
 * E-mail and password sign-in. Unknown e-mail, Google-only account and wrong password all answer
 * the same 401 after the same amount of hashing. A deleted account is named as such only after
 * the right password, so the answer reveals nothing to someone who does not own the account.
 */
export async function loginWithPassword(
  db: Db,
  secrets: AuthSecrets,
  email: string,
  password: string,
  client: SessionClient,
  now: Millis,
): Promise<AuthResponse> {
  const user = await findUserByEmail(db, normalizeEmail(email));
  const ok = await verifyPassword(password, user?.passwordHash ?? null, secrets.pepper);
  if (!user || !ok) throw invalidCredentials();
  if (user.isDeleted) throw accountDeleted();
  if (user.passwordHash && needsRehash(user.passwordHash)) {
    // Parameters were raised since this hash was made: store the password under the new ones.
    const passwordHash = await hashPassword(password, secrets.pepper);
    await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
  }
  return startSession(db, secrets.jwtSecret, user, client, now);
}

/**
 * Google sign-in. The account is found by Google subject. An e-mail account with the same
 * address is linked to this Google account (and signed in) only when Google vouches for the
 * address (`email_verified`) and the account has no Google account linked yet: the address was
 * proved to us by a code at signup and to Google by its own checks, so both name the same person.
 */
export async function loginWithGoogle(
  db: Db,
  jwtSecret: string,
  profile: GoogleProfile,
  idToken: string,
  client: SessionClient,
  now: Millis,
): Promise<AuthResponse> {
  let user = await findUserByGoogleSub(db, profile.sub);
  if (!user && profile.emailVerified) {
    const byEmail = await findUserByEmail(db, normalizeEmail(profile.email));
    if (byEmail && byEmail.googleSub === null)
      user = await linkGoogle(db, byEmail, profile.sub, now);
  }
  if (!user) {
    throw new ApiError(404, ErrorCode.GOOGLE_USER_NOT_FOUND, Messages.googleUserNotFound);
  }
  if (user.isDeleted) throw accountDeleted();
  await useGoogleTokenOnce(db, idToken, now);
  return startSession(db, jwtSecret, user, client, now);
}

async function linkGoogle(db: Db, user: UserRow, googleSub: string, now: Millis) {
  try {
    const [linked] = await db
      .update(users)
      .set({ googleSub, updatedAt: now })
      .where(and(eq(users.id, user.id), isNull(users.googleSub)))
      .returning();
    return linked;
  } catch (error) {
    // Another request linked this Google account elsewhere in the meantime.
    if (isUniqueViolation(error, 'users.google_sub')) return undefined;
    throw error;
  }
}
