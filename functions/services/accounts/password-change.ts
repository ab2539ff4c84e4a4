/**
 * Changing the password in Account Settings. The current password must be typed again (someone at
 * an unlocked computer cannot take the account over), attempts count on the same per-e-mail budget
 * as sign-in (so the page is no side door for guessing), and the new password follows the signup
 * rules. Both are step-up actions (core/users/step-up.ts): for a person with an authenticator app
 * or a passkey, the typed password is not enough and the session must have proved one of those in
 * the last minutes. The new hash, the end of every other session and signed-in plugin, and the
 * "password changed" e-mail are one db.batch: all happen or none do.
 */
import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { ChangePasswordBody, SetPasswordBody } from '../../../src/contract/schemas/auth';
import { sessions, users, type UserRow } from '../../db/schema';
import { fail } from '../../lib/errors';
import { deliverSoon, queueMailWhere } from '../core/mail/outbox';
import { passwordChangedMail } from '../core/mail/security-templates';
import { assertPasswordAllowed, hashPassword, verifyPassword } from '../core/users/passwords';
import type { SessionInfo } from '../core/users/sessions';
import { assertStepUp } from '../core/users/step-up';
import { revokeAllPluginTokens } from '../core/users/plugin-tokens';
import { liveAccount } from '../core/users/users';
import type { Deps } from '../shared/deps';
import { enforceRateLimit } from '../shared/rate-limit';
import { describeUserAgent } from '../shared/user-agent';

/** Sets a new password for the signed-in account and signs out its other sessions. */
export async function changePassword(
  deps: Deps,
  session: SessionInfo,
  { currentPassword, newPassword }: ChangePasswordBody,
): Promise<void> {
  const { db, secrets } = deps;
  const user = await liveAccount(db, session.userId);
  if (user.passwordHash === null) throw fail('NO_PASSWORD_TO_CHANGE');
  // The typed password (checked next) is the proof only when it is the strongest factor.
  await assertStepUp(deps, session, 'change-password', { carries: 'password' });
  await enforceRateLimit(deps, 'loginPerEmail', user.email);
  if (!(await verifyPassword(currentPassword, user.passwordHash, secrets.pepper))) {
    throw fail('CURRENT_PASSWORD_WRONG');
  }
  await assertPasswordAllowed(newPassword);

  // Only if the password is still the one just checked: of two changes at once, one wins.
  const unchanged = and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash));
  const stored = await storePassword(deps, user, session.sessionId, newPassword, unchanged, false);
  if (!stored) throw fail('CURRENT_PASSWORD_WRONG');
}

/**
 * The first password of an account that signs in with Google only (Account Settings). It has no
 * current password to type, so the session must have proved the strongest factor in the last
 * minutes (the Google sign-in itself, or a code or a passkey when the account has one; 403
 * FRESH_VERIFICATION_REQUIRED otherwise). Other sessions end and the owner gets the same e-mail
 * as for a change.
 */
export async function setFirstPassword(
  deps: Deps,
  session: SessionInfo,
  { newPassword }: SetPasswordBody,
): Promise<void> {
  const { db } = deps;
  const user = await liveAccount(db, session.userId);
  if (user.passwordHash !== null) throw fail('PASSWORD_ALREADY_SET');
  await assertStepUp(deps, session, 'set-password');
  await assertPasswordAllowed(newPassword);
  const stillNone = and(eq(users.id, user.id), isNull(users.passwordHash));
  const stored = await storePassword(deps, user, session.sessionId, newPassword, stillNone, true);
  if (!stored) throw fail('PASSWORD_ALREADY_SET');
}

/**
 * Stores the hash of `newPassword` while `expected` (the account's password as it was checked)
 * still holds, signs out every other session, and writes the e-mail that tells the owner — one
 * db.batch, so all happen or none do. False when `expected` no longer held (a change won first).
 */
async function storePassword(
  deps: Deps,
  user: UserRow,
  keepSessionId: string,
  newPassword: string,
  expected: SQL | undefined,
  first: boolean,
): Promise<boolean> {
  const { db, now, secrets } = deps;
  const passwordHash = await hashPassword(newPassword, secrets.pepper);
  const mail = queueMailWhere(
    db,
    await passwordChangedMail(
      user.email,
      user.customerName,
      { at: now, device: describeUserAgent(deps.client.userAgent), first },
      deps.origin,
    ),
    now,
    sql`exists (select 1 from users where ${expected})`,
  );
  // Only in the batch whose update applied (the hash is the new one by now).
  const applied = sql`exists (select 1 from users where ${eq(users.id, user.id)} and ${eq(users.passwordHash, passwordHash)})`;
  const [, updated] = await db.batch([
    mail.insert,
    db
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(expected)
      .returning({ id: users.id }),
    db
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(sessions.userId, user.id),
          isNull(sessions.revokedAt),
          ne(sessions.id, keepSessionId),
          applied,
        ),
      ),
    // A signed-in plugin holds no password: it is signed out too, as the other sessions are.
    revokeAllPluginTokens(deps, user.id, applied),
  ]);
  if (updated.length === 0) return false;
  await deliverSoon(deps, mail);
  return true;
}
