/**
 * Removes rows that no rule reads any more. Each cut-off is chosen so that nothing still in use
 * disappears: the comments say which rule keeps a row alive until then.
 */
import { and, eq, isNotNull, lte, or } from 'drizzle-orm';
import { limits, pluginSignIn } from '../../../src/site.config';
import {
  consumedTokens,
  devCheckoutSessions,
  outbox,
  passwordResetTokens,
  pendingSignIns,
  pendingSignups,
  rateLimits,
  sessions,
  pluginRefreshTokens,
  pluginTokens,
  deviceAuthorizations,
  verificationCodes,
  webauthnChallenges,
} from '../../db/schema';
import { DAY_MS } from '../shared/db';
import type { Deps } from '../shared/deps';
import type { JobCounts } from './job';

const SECOND_MS = 1000;

/**
 * Verification codes outlive their 600 s validity on purpose: a verified code is used to register
 * for `verifiedSignupWindowSeconds` after verification, and a series of codes keeps its wrong-try
 * count for the per-e-mail send window (services/verification.ts). Deleting a code earlier would
 * hand out fresh guesses.
 */
const CODE_KEEP_MS =
  Math.max(
    limits.rateLimits.sendCodePerEmail.windowSeconds,
    limits.codeValiditySeconds + limits.verifiedSignupWindowSeconds,
  ) * SECOND_MS;

/** A rate-limit row is dead once even the longest window it could belong to has passed. */
const RATE_LIMIT_KEEP_MS =
  Math.max(...Object.values(limits.rateLimits).map((rule) => rule.windowSeconds)) * SECOND_MS;

/** Ended sessions stay a day, so "signed out" rather than "unknown" is what a late request meets. */
const SESSION_KEEP_MS = DAY_MS;

/**
 * Pending signups stay a week past their expiry: Stripe retries a webhook for up to three days,
 * and a checkout paid just before it expired must still find its pending signup. Completed ones
 * go too (the account exists by then); they hold a copy of the password hash.
 */
const PENDING_SIGNUP_KEEP_MS = 7 * DAY_MS;

/** Development checkout sessions (/dev/checkout). */
const DEV_CHECKOUT_KEEP_MS = 7 * DAY_MS;
/**
 * Delivered e-mails (the record of what a customer was sent) and dead ones (kept longer, for the
 * operator to act on). Unfinished rows are never deleted: the cron still delivers them. A
 * reminder's row holds its dedupe key, so it must outlive the reminder's window (at most
 * `limits.renewalReminderDays`, remind-*.ts): deleted earlier, the key could be written again.
 */
export const OUTBOX_SENT_KEEP_MS = 30 * DAY_MS;
const OUTBOX_DEAD_KEEP_MS = 90 * DAY_MS;

/**
 * Deletes stale codes, sessions, tokens, counters, pending signups and sign-ins, passkey
 * challenges and development rows, and clears the plugin's refresh retry copies past their window.
 */
export async function cleanUp({ db, now }: Pick<Deps, 'db' | 'now'>): Promise<JobCounts> {
  const results = await db.batch([
    db
      .delete(verificationCodes)
      .where(
        and(
          lte(verificationCodes.expiresAt, now),
          lte(verificationCodes.createdAt, now - CODE_KEEP_MS),
        ),
      ),
    db
      .delete(sessions)
      .where(
        or(
          lte(sessions.expiresAt, now - SESSION_KEEP_MS),
          lte(sessions.revokedAt, now - SESSION_KEEP_MS),
        ),
      ),
    // An expired reset link is refused; used ones stay until then, as the cap on links sent to
    // one account counts every link whose minutes have not ended (accounts/password-reset.ts).
    db.delete(passwordResetTokens).where(lte(passwordResetTokens.expiresAt, now)),
    // Replay protection only matters while the token itself would still be accepted.
    db.delete(consumedTokens).where(lte(consumedTokens.expiresAt, now)),
    db.delete(rateLimits).where(lte(rateLimits.windowStart, now - RATE_LIMIT_KEEP_MS)),
    db.delete(pendingSignups).where(lte(pendingSignups.expiresAt, now - PENDING_SIGNUP_KEEP_MS)),
    db
      .delete(devCheckoutSessions)
      .where(lte(devCheckoutSessions.createdAt, now - DEV_CHECKOUT_KEEP_MS)),
    db
      .delete(outbox)
      .where(
        or(
          and(eq(outbox.status, 'sent'), lte(outbox.createdAt, now - OUTBOX_SENT_KEEP_MS)),
          and(eq(outbox.status, 'dead'), lte(outbox.createdAt, now - OUTBOX_DEAD_KEEP_MS)),
        ),
      ),
    // A sign-in waiting for its code, or a passkey ceremony, is refused once past its minutes.
    db.delete(pendingSignIns).where(lte(pendingSignIns.expiresAt, now)),
    db.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, now)),
    // The plugin's sign-in requests and ended sign-ins stay a day, like sessions.
    db
      .delete(deviceAuthorizations)
      .where(lte(deviceAuthorizations.expiresAt, now - SESSION_KEEP_MS)),
    db
      .delete(pluginTokens)
      .where(
        or(
          lte(pluginTokens.refreshExpiresAt, now - SESSION_KEEP_MS),
          lte(pluginTokens.revokedAt, now - SESSION_KEEP_MS),
        ),
      ),
    // A refresh retried after its window ends the sign-in instead: the sealed copy of its answer
    // has nothing left to answer (its row stays, for reuse detection, as long as its sign-in).
    db
      .update(pluginRefreshTokens)
      .set({ successorSealed: null })
      .where(
        and(
          isNotNull(pluginRefreshTokens.successorSealed),
          lte(pluginRefreshTokens.replacedAt, now - pluginSignIn.refreshRetrySeconds * SECOND_MS),
        ),
      ),
  ]);
  const [
    codes,
    oldSessions,
    resetTokens,
    tokens,
    counters,
    pending,
    checkouts,
    mail,
    codeSteps,
    ceremonies,
    signInRequests,
    pluginSignIns,
    retryCopies,
  ] = results;
  return {
    verificationCodes: codes.meta.changes,
    sessions: oldSessions.meta.changes,
    passwordResetTokens: resetTokens.meta.changes,
    consumedTokens: tokens.meta.changes,
    rateLimits: counters.meta.changes,
    pendingSignups: pending.meta.changes,
    devCheckoutSessions: checkouts.meta.changes,
    outbox: mail.meta.changes,
    pendingSignIns: codeSteps.meta.changes,
    webauthnChallenges: ceremonies.meta.changes,
    deviceAuthorizations: signInRequests.meta.changes,
    pluginTokens: pluginSignIns.meta.changes,
    pluginRefreshRetryCopies: retryCopies.meta.changes,
  };
}
