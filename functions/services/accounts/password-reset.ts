/**
 * Password reset by e-mailed single-use link: the link carries a random 256-bit token;
 * only its SHA-256 is stored, it is valid `limits.passwordResetMinutes`, and using it revokes every
 * session of the account (whoever knew the old password is signed out).
 */
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { ForgotPasswordBody, ResetPasswordBody } from '../../../src/contract/schemas/auth';
import { ApiMessages } from '../../../src/contract/messages';
import { limits } from '../../../src/site.config';
import { passwordResetTokens, users } from '../../db/schema';
import { fail } from '../../lib/errors';
import { deliverSoon, mailWritten, queueMailWhere } from '../core/mail/outbox';
import { passwordResetMail } from '../core/mail/templates';
import { randomToken, sha256 } from '../shared/crypto';
import type { Deps } from '../shared/deps';
import { normalizeEmail } from '../shared/emails';
import { enforceRateLimit } from '../shared/rate-limit';
import { assertPasswordAllowed, hashPassword } from '../core/users/passwords';
import { revokeAllPluginTokens } from '../core/users/plugin-tokens';
import { revokeAllSessions } from '../core/users/sessions';
import { findUserByEmail } from '../core/users/users';
import { requiredSsoFor } from '../core/organizations/sso-required';

/**
 * Forgot password, the request: bot-checked and limited per requesting IP, then handed to the task
 * queue. The answer does the same work whatever the address, so neither its content nor its
 * timing tells who has an account; the lookup, the token and the e-mail happen in
 * `sendPasswordReset`. Nothing about the address is counted here: requests by others for
 * someone's address must never change the answer that person gets (the e-mails sent per address
 * are limited in `sendPasswordReset`, silently).
 */
export async function requestPasswordReset(
  deps: Deps,
  { email, recaptchaToken }: ForgotPasswordBody,
): Promise<void> {
  if (!(await deps.botCheck.verify(recaptchaToken, 'forgot_password', deps.client.ip))) {
    throw fail('BOT_CHECK_FAILED');
  }
  await enforceRateLimit(deps, 'forgotPasswordPerIp', deps.client.ip);
  try {
    await deps.tasks.enqueue([{ kind: 'password-reset', email }]);
  } catch (error) {
    // The same for every address: nothing tells whether it has an account.
    console.error('Could not queue a forgot-password request:', error);
    throw fail('EMAIL_DELIVERY_FAILED', { message: ApiMessages.resetRequestFailed });
  }
}

/**
 * Forgot password, the work (a queued task): when the e-mail has a live account that signs in
 * with a password, creates a reset token (older unused ones stop working) and, in the same
 * batch, the e-mail with its link. At most `limits.passwordResetLinksMax` links whose minutes
 * have not ended go to one account: the token's INSERT counts them in its own condition and
 * every write after it is conditional on that row, so a request over the cap changes nothing (no
 * e-mail, the newest link sent keeps working) and its requester is told nothing different. The
 * cap counts no expired link, so strangers asking about the address cannot keep its owner
 * without a working link for longer than a link's own minutes.
 */
export async function sendPasswordReset(deps: Deps, email: string): Promise<void> {
  const { db, now } = deps;
  const user = await findUserByEmail(db, normalizeEmail(email));
  if (!user || user.isDeleted || user.passwordHash === null) return;
  // Its organization signs it in through its identity provider (the owner excepted): a password
  // is no way in, so no link is sent.
  if (
    await requiredSsoFor(db, user.emailNormalized).then(
      (route) => route !== null && route.organization.ownerUserId !== user.id,
    )
  )
    return;
  const token = randomToken();
  const link = new URL('/reset-password', deps.origin);
  link.searchParams.set('token', token);
  const id = crypto.randomUUID();
  // Links of this account whose minutes have not ended, used or replaced ones included.
  const roomForLink = sql`(select count(*) from ${passwordResetTokens}
    where ${passwordResetTokens.userId} = ${user.id} and ${passwordResetTokens.expiresAt} > ${now})
    < ${limits.passwordResetLinksMax}`;
  const inserted = sql`exists (select 1 from ${passwordResetTokens}
    where ${passwordResetTokens.id} = ${id})`;
  const mail = queueMailWhere(
    db,
    await passwordResetMail(user.email, user.customerName, link.toString(), deps.origin),
    now,
    inserted,
  );
  // Values in the table's column order (schema.ts), the column list drizzle writes for a select.
  const insertToken = db
    .insert(passwordResetTokens)
    .select(
      sql`select ${id}, ${user.id}, ${await sha256(token)}, ${now + limits.passwordResetMinutes * 60 * 1000}, null, ${now} where ${roomForLink}`,
    );
  const results = await db.batch([
    insertToken,
    db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.userId, user.id),
          isNull(passwordResetTokens.usedAt),
          ne(passwordResetTokens.id, id),
          inserted,
        ),
      ),
    mail.insert,
  ]);
  if (!mailWritten(results[2])) return;
  await deliverSoon(deps, mail);
}

/**
 * Sets a new password with a reset token. The token is used up by one conditional update (so two
 * concurrent resets cannot both pass), then the password and session revocation go in one batch.
 */
export async function resetPassword(
  deps: Deps,
  { token, password }: ResetPasswordBody,
): Promise<void> {
  const { db, now } = deps;
  await assertPasswordAllowed(password);
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
  if (!used) throw fail('INVALID_RESET_TOKEN');

  const passwordHash = await hashPassword(password, deps.secrets.pepper);
  const [updated] = await db.batch([
    db
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(users.id, used.userId), eq(users.isDeleted, false)))
      .returning({ id: users.id }),
    revokeAllSessions(deps, used.userId),
    revokeAllPluginTokens(deps, used.userId),
  ]);
  if (updated.length === 0) throw fail('INVALID_RESET_TOKEN');
}
