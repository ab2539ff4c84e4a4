/**
 * The rate limits of the OAuth endpoints, answered in OAuth's shape: the same counters and texts
 * as the rest of the API (shared/rate-limit.ts), as a 429 whose body an OAuth client can read.
 */
import { limits } from '../../../src/site.config';
import { oauthFail } from '../../lib/oauth-errors';
import type { Deps } from '../shared/deps';
import { hitRateLimit, tooManyAttempts, type RateLimitRule } from '../shared/rate-limit';

/** Counts one request for `rule` from the caller's IP; 429 invalid_request beyond the limit. */
export async function enforceOAuthRateLimit(
  { db, now, client }: Pick<Deps, 'db' | 'now' | 'client'>,
  rule: RateLimitRule,
): Promise<void> {
  const hit = await hitRateLimit(db, rule, client.ip ?? 'unknown', now);
  if (hit.count <= limits.rateLimits[rule].max) return;
  const refusal = tooManyAttempts(rule, hit.retryAfterSeconds);
  throw oauthFail('invalid_request', refusal.message, { status: 429, headers: refusal.headers });
}
