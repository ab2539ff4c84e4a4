/**
 * Fixed-window rate limits, as a rule table. Each hit is ONE conditional upsert that
 * either starts a new window or counts into the current one, so concurrent requests cannot both
 * read "under the limit" and slip through.
 */
import { sql } from 'drizzle-orm';
import { ApiMessages } from '../../../src/contract/messages';
import { ScimMessages } from '../../../src/contract/scim';
import { ssoTooManySaves } from '../../../src/contract/sso-settings';
import { limits } from '../../../src/site.config';
import { rateLimits } from '../../db/schema';
import { fail, type ApiError } from '../../lib/errors';
import type { Db, Millis } from './db';
import type { Deps } from './deps';

/** Rule names, each with its limit from site.config (`limits.rateLimits`). */
export type RateLimitRule = keyof typeof limits.rateLimits;

/** The text shown on 429 for each rule (the signup island shows the server's text). */
const messages: Record<RateLimitRule, (minutes: number) => string> = {
  sendCodePerEmail: ApiMessages.tooManyVerificationRequests,
  sendCodePerIp: ApiMessages.tooManyVerificationRequests,
  loginPerIp: ApiMessages.tooManyLoginAttempts,
  loginPerEmail: ApiMessages.tooManyLoginAttempts,
  loginPerKnownBrowser: ApiMessages.tooManyLoginAttempts,
  secondFactorPerAccount: ApiMessages.tooManyCodeAttempts,
  passkeyPerIp: ApiMessages.tooManyLoginAttempts,
  passkeyOptionsPerIp: ApiMessages.tooManyLoginAttempts,
  forgotPasswordPerIp: ApiMessages.tooManyResetRequests,
  contactPerIp: ApiMessages.tooManyContactMessages,
  // Never refused: over it the acknowledgement is just not sent.
  contactAcknowledgementsPerEmail: ApiMessages.tooManyContactMessages,
  invoiceQuotePerIp: ApiMessages.tooManyQuotes,
  paymentCompletionPerIp: ApiMessages.tooManyPaymentChecks,
  licenseApiPerIp: ApiMessages.tooManyLicenseRequests,
  adminPerOperator: ApiMessages.tooManyConsoleRequests,
  deviceAuthorizationPerIp: ApiMessages.tooManySignInRequests,
  deviceApprovalPerIp: ApiMessages.tooManySignInCodes,
  deviceApprovalPerAccount: ApiMessages.tooManySignInCodes,
  scimPerOrganization: ScimMessages.tooManyRequests,
  ssoSavesPerOrganization: ssoTooManySaves,
};

/** Result of counting one event: how many so far in this window (this one included). */
export interface RateLimitHit {
  count: number;
  /** Seconds until the window ends. */
  retryAfterSeconds: number;
}

/** The key of the counter of `rule` for `subject` in `rate_limits`. */
export function counterKey(rule: RateLimitRule, subject: string): string {
  return `${rule}:${subject}`;
}

/** The upsert that counts one event for `rule` and `subject` at `now`; `toHit` reads its result. */
function rateLimitUpsert(db: Db, rule: RateLimitRule, subject: string, now: Millis) {
  const windowMs = limits.rateLimits[rule].windowSeconds * 1000;
  const expired = sql`${rateLimits.windowStart} <= ${now - windowMs}`;
  return db
    .insert(rateLimits)
    .values({ key: counterKey(rule, subject), count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${expired} THEN ${now} ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
}

/** The hit an executed `rateLimitUpsert` recorded. */
function toHit(
  rule: RateLimitRule,
  rows: { count: number; windowStart: number }[],
  now: Millis,
): RateLimitHit {
  const [row] = rows;
  if (!row) throw new Error('Rate limit upsert returned no row');
  const windowMs = limits.rateLimits[rule].windowSeconds * 1000;
  const retryAfterSeconds = Math.max(1, Math.ceil((row.windowStart + windowMs - now) / 1000));
  return { count: row.count, retryAfterSeconds };
}

/** Counts one event for `rule` and `subject` (an e-mail or an IP) at `now` (ms). */
export async function hitRateLimit(
  db: Db,
  rule: RateLimitRule,
  subject: string,
  now: Millis,
): Promise<RateLimitHit> {
  return toHit(rule, await rateLimitUpsert(db, rule, subject, now), now);
}

/** Throws 429 TOO_MANY_ATTEMPTS with Retry-After when `hit` is over the limit of `rule`. */
function assertUnderLimit(rule: RateLimitRule, hit: RateLimitHit): void {
  if (hit.count > limits.rateLimits[rule].max) throw tooManyAttempts(rule, hit.retryAfterSeconds);
}

/**
 * Counts one event for `rule` and throws 429 TOO_MANY_ATTEMPTS with Retry-After when over the
 * limit. `subject` is an e-mail or an IP; a missing IP (local tools) shares one counter.
 */
export async function enforceRateLimit(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  rule: RateLimitRule,
  subject: string | null,
): Promise<RateLimitHit> {
  const hit = await hitRateLimit(db, rule, subject ?? 'unknown', now);
  assertUnderLimit(rule, hit);
  return hit;
}

/**
 * `enforceRateLimit` as the first statement of a db.batch, so the statements after it share its
 * D1 round trip: `count` is the upsert to put first, `withinLimit` a SQL condition for later
 * writes of the batch (true when this event is within the limit, so a refused call changes
 * nothing), and `enforce` throws the 429 from the upsert's result once the batch has run.
 */
export function rateLimitStep(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  rule: RateLimitRule,
  subject: string | null,
) {
  const key = subject ?? 'unknown';
  return {
    count: rateLimitUpsert(db, rule, key, now),
    withinLimit: sql`(select ${rateLimits.count} from ${rateLimits} where ${rateLimits.key} = ${counterKey(rule, key)}) <= ${limits.rateLimits[rule].max}`,
    enforce(rows: { count: number; windowStart: number }[]): void {
      assertUnderLimit(rule, toHit(rule, rows, now));
    },
  };
}

/** The 429 answer for `rule`, with Retry-After in seconds and the wait in minutes in the text. */
export function tooManyAttempts(rule: RateLimitRule, retryAfterSeconds: number): ApiError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return fail('TOO_MANY_ATTEMPTS', {
    message: messages[rule](minutes),
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
}
