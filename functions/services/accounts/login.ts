/**
 * Signing in to an existing account, by password or by Google (POST /api/login, /api/login-google).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { LoginBody, LoginGoogleBody } from '../../../src/contract/schemas/auth';
import { users, type UserRow } from '../../db/schema';
import { fail } from '../../lib/errors';
import { isUniqueViolation, type Millis } from '../shared/db';
import type { Deps } from '../shared/deps';
import { normalizeEmail } from '../shared/emails';
import { enforceRateLimit } from '../shared/rate-limit';
import { useGoogleTokenOnce, verifyGoogleToken } from '../core/users/google-tokens';
import { assertSignInAllowed } from '../core/organizations/sso-required';
import { readKnownBrowser } from './known-browsers';
import { signInOrAskForCode, type SignInOutcome } from './second-step';
import { hashPassword, needsRehash, verifyPassword } from '../core/users/passwords';
import { findUserByEmail, findUserByGoogleSub } from '../core/users/users';

/**
 * E-mail and password sign-in. Unknown e-mail, Google-only account and wrong password all answer
 * the same 401 after the same amount of hashing. A deleted account is named as such only after
 * the right password, so the answer reveals nothing to someone who does not own the account.
 *
 * Throttling: attempts count per IP, and per e-mail, except from a browser that has signed in to
 * this account before (`knownBrowser`, the value of its cookie): those count on that browser's
 * own budget. Guessing from anywhere else exhausts only the e-mail's budget, so it cannot lock
 * the owner out of their usual browser, while each budget still stops guessing.
 */
export async function loginWithPassword(
  deps: Deps,
  { email, password }: LoginBody,
  knownBrowser?: string,
): Promise<SignInOutcome> {
  const { db, now, secrets } = deps;
  await enforceRateLimit(deps, 'loginPerIp', deps.client.ip);
  const emailNormalized = normalizeEmail(email);
  const [user, known] = await Promise.all([
    findUserByEmail(db, emailNormalized),
    readKnownBrowser(secrets, knownBrowser, now),
  ]);
  if (user && known?.userId === user.id) {
    await enforceRateLimit(deps, 'loginPerKnownBrowser', known.browserId);
  } else {
    await enforceRateLimit(deps, 'loginPerEmail', emailNormalized);
  }
  const ok = await verifyPassword(password, user?.passwordHash ?? null, secrets.pepper);
  if (!user || !ok) throw fail('INVALID_CREDENTIALS');
  // Named only after the right password: it tells nothing to someone who does not own the account.
  if (user.isDeleted) throw fail('ACCOUNT_DELETED');
  // Also only after the right password: the organization signs this address in through its
  // identity provider (its owner excepted).
  await assertSignInAllowed(db, user);
  if (user.passwordHash && needsRehash(user.passwordHash)) {
    // Parameters were raised since this hash was made: store the password under the new ones.
    const passwordHash = await hashPassword(password, secrets.pepper);
    await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
  }
  return signInOrAskForCode(deps, user, 'password');
}

/**
 * Google sign-in. The account is found by Google subject. An e-mail account with the same
 * address is linked to this Google account (and signed in) only when Google vouches for the
 * address (`email_verified`) and the account has no Google account linked yet: the address was
 * proved to us by a code at signup and to Google by its own checks, so both name the same person.
 */
export async function loginWithGoogle(
  deps: Deps,
  { googleAccessToken: idToken }: LoginGoogleBody,
): Promise<SignInOutcome> {
  const { db, now } = deps;
  await enforceRateLimit(deps, 'loginPerIp', deps.client.ip);
  const profile = await verifyGoogleToken(deps, idToken);
  let user = await findUserByGoogleSub(db, profile.sub);
  if (!user && profile.emailVerified) {
    const byEmail = await findUserByEmail(db, normalizeEmail(profile.email));
    if (byEmail && byEmail.googleSub === null) {
      // Refused before linking, so a refusal changes nothing.
      if (!byEmail.isDeleted) await assertSignInAllowed(db, byEmail);
      user = await linkGoogle(deps, byEmail, profile.sub, now);
    }
  }
  if (!user) throw fail('GOOGLE_USER_NOT_FOUND');
  if (user.isDeleted) throw fail('ACCOUNT_DELETED');
  await assertSignInAllowed(db, user);
  await useGoogleTokenOnce(deps, idToken);
  return signInOrAskForCode(deps, user, 'Google');
}

async function linkGoogle({ db }: Pick<Deps, 'db'>, user: UserRow, googleSub: string, now: Millis) {
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
