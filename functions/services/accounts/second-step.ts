/**
 * The second step of a sign-in. When the account has two-step sign-in on, a right password (or a
 * Google sign-in) does not start a session: it opens a waiting sign-in of a few minutes, whose
 * token the browser keeps in an HttpOnly cookie, and the session starts only with a right code
 * (an authenticator code or a recovery code) on /login/code. A waiting sign-in is single use and
 * dies after a few wrong codes; the codes also count on the account's code budget, so guessing
 * from many waiting sign-ins is no faster.
 */
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { limits } from '../../../src/site.config';
import type { AuthResponse } from '../../../src/contract/user';
import { pendingSignIns, type UserRow } from '../../db/schema';
import { ApiError, fail } from '../../lib/errors';
import { findUserById } from '../core/users/users';
import { randomToken, sha256 } from '../shared/crypto';
import type { Millis } from '../shared/db';
import type { Deps } from '../shared/deps';
import { acceptSecondFactorCode, confirmedTotp } from './second-factor-codes';
import { startSession } from './sign-in-session';

/** A sign-in with one factor right: signed in, or waiting for a code. */
export type SignInOutcome =
  | { kind: 'signed-in'; auth: AuthResponse }
  | { kind: 'code-needed'; token: string; expiresAt: Millis };

/**
 * Finishes a sign-in whose password or Google account was right: a session, or, when two-step
 * sign-in is on, a waiting sign-in that asks for a code.
 */
export async function signInOrAskForCode(
  deps: Deps,
  user: UserRow,
  how: 'password' | 'Google',
): Promise<SignInOutcome> {
  const { db, now } = deps;
  if (!(await confirmedTotp(db, user.id))) {
    return {
      kind: 'signed-in',
      auth: await startSession(deps, user, how, { secondFactor: false }),
    };
  }
  const token = randomToken();
  const expiresAt = now + limits.secondStepMinutes * 60_000;
  await db.insert(pendingSignIns).values({
    id: await sha256(token),
    userId: user.id,
    method: how,
    attempts: 0,
    createdAt: now,
    expiresAt,
    usedAt: null,
  });
  return { kind: 'code-needed', token, expiresAt };
}

/** A wrong code that counts against the waiting sign-in (not a busy database or a 429). */
function isWrongCode(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === 'WRONG_SECOND_FACTOR_CODE' || error.code === 'RECOVERY_CODE_USED')
  );
}

/**
 * The code of a waiting sign-in (`token` from its cookie): a session that counts as one with a
 * second factor. 401 SECOND_STEP_EXPIRED when the waiting sign-in is unknown, used, past its
 * minutes or out of tries; 400 for a wrong code, which counts.
 *
 * An attempt is claimed before the code is checked, by one conditional UPDATE that counts it only
 * while tries are left: of many codes sent at once, exactly as many are checked as the waiting
 * sign-in allows (a read, then a check, then a count would let every request read "tries left").
 * A claim whose code was never checked (the account's code budget said 429, the database was
 * busy) is given back.
 */
export async function finishSignInWithCode(
  deps: Deps,
  token: string | undefined,
  code: string,
): Promise<AuthResponse> {
  const { db, now } = deps;
  if (!token) throw fail('SECOND_STEP_EXPIRED');
  const id = await sha256(token);
  const open = and(
    eq(pendingSignIns.id, id),
    isNull(pendingSignIns.usedAt),
    gt(pendingSignIns.expiresAt, now),
  );
  const [pending] = await db
    .update(pendingSignIns)
    .set({ attempts: sql`${pendingSignIns.attempts} + 1` })
    .where(and(open, lt(pendingSignIns.attempts, limits.secondStepMaxWrongCodes)))
    .returning();
  if (!pending) throw fail('SECOND_STEP_EXPIRED');
  const giveBack = async () => {
    try {
      await db
        .update(pendingSignIns)
        .set({ attempts: sql`${pendingSignIns.attempts} - 1` })
        .where(eq(pendingSignIns.id, id));
    } catch {
      // Kept claimed: one try fewer, never one more.
    }
  };
  const user = await findUserById(db, pending.userId);
  if (!user) throw fail('SECOND_STEP_EXPIRED');
  if (user.isDeleted) throw fail('ACCOUNT_DELETED');

  try {
    await acceptSecondFactorCode(deps, user, code);
  } catch (error) {
    // A wrong code keeps its claim; anything else was no check of the code.
    if (!isWrongCode(error)) await giveBack();
    throw error;
  }
  // Single use: of two tabs sending right codes at once, one signs in.
  const used = await db
    .update(pendingSignIns)
    .set({ usedAt: now })
    .where(open)
    .returning({ id: pendingSignIns.id });
  if (used.length === 0) throw fail('SECOND_STEP_EXPIRED');
  return startSession(deps, user, pending.method, { secondFactor: true });
}
