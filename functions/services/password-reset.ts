/**
 * Password reset by e-mailed single-use link (issue 3): the link carries a random 256-bit token;
 * only its SHA-256 is stored, it is valid `limits.passwordResetMinutes`, and using it revokes every
 * session of the account (whoever knew the old password is signed out).
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { ErrorCode, Messages } from '../../src/contract/errors';
import { limits } from '../../src/site.config';
import { passwordResetTokens, users } from '../db/schema';
import { ApiError } from '../lib/errors';
import { randomToken, sha256 } from './crypto';
import type { Db, Millis } from './db';
import { normalizeEmail } from './emails';
import { hashPassword } from './passwords';
import { revokeAllSessions } from './sessions';
import { findUserByEmail } from './users';

/** A reset link to e-mail: the plain token and who it goes to. */
export interface ResetRequest {
  token: string;
  to: string;
  customerName: string;
}

/**
 * Creates a reset token when the e-mail has a live account that signs in with a password;
 * otherwise null (the caller answers the same either way). Older unused tokens stop working.
 */
export async function requestPasswordReset(
  db: Db,
  email: string,
  now: Millis,
): Promise<ResetRequest | null> {
  const user = await findUserByEmail(db, normalizeEmail(email));
  if (!user || user.isDeleted || user.passwordHash === null) return null;
  const token = randomToken();
  await db.batch([
    db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt))),
    db.insert(passwordResetTokens).values({
      id: crypto.randomUUID(),
      userId: user.id,
      tokenHash: await sha256(token),
      expiresAt: now + limits.passwordResetMinutes * 60 * 1000,
      usedAt: null,
      createdAt: now,
    }),
  ]);
  return { token, to: user.email, customerName: user.customerName };
}

const invalidToken = () =>
  new ApiError(400, ErrorCode.INVALID_RESET_TOKEN, Messages.invalidResetToken);

/**
 * Sets a new password with a reset token. The token is used up by one conditional update (so two
 * concurrent resets cannot both pass), then the password and session revocation go in one batch.
 */
export async function resetPassword(
  db: Db,
  pepper: string,
  token: string,
  password: string,
  now: Millis,
): Promise<void> {
  const [used] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, await sha256(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  if (!used) throw invalidToken();

  const passwordHash = await hashPassword(password, pepper);
  const [updated] = await db.batch([
    db
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(users.id, used.userId), eq(users.isDeleted, false)))
      .returning({ id: users.id }),
    revokeAllSessions(db, used.userId, now),
  ]);
  if (updated.length === 0) throw invalidToken();
}
