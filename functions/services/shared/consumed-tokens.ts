/**
 * Single-use tokens: a token is accepted once. The primary key on its hash makes the
 * second use an insert that does nothing (or, inside a batch, fails the batch), so replay
 * protection is one statement, race-free.
 */
import { consumedTokens } from '../../db/schema';
import { sha256 } from './crypto';
import { isUniqueViolation, type Db, type Millis } from './db';

/**
 * Records `token` as used for `purpose`; true the first time, false on every later call. Keep the
 * row until `expiresAt` (when the token itself would be refused anyway); the cron purges it after.
 */
export async function consumeToken(
  db: Db,
  purpose: string,
  token: string,
  expiresAt: Millis,
): Promise<boolean> {
  const rows = await db
    .insert(consumedTokens)
    .values({ tokenHash: await sha256(`${purpose}:${token}`), purpose, expiresAt })
    .onConflictDoNothing()
    .returning({ tokenHash: consumedTokens.tokenHash });
  return rows.length === 1;
}

/**
 * The insert that records `token` as used for `purpose`, to run in a `db.batch` whose other writes
 * may happen only once: a second use violates the primary key and the whole batch fails, which
 * `isTokenReuse` recognizes. No check-then-insert, so concurrent uses cannot both pass. (Wrapped
 * in an object: an async function returning the query itself would run it.)
 */
export async function tokenConsumption(db: Db, purpose: string, token: string, expiresAt: Millis) {
  const tokenHash = await sha256(`${purpose}:${token}`);
  return { insert: db.insert(consumedTokens).values({ tokenHash, purpose, expiresAt }) };
}

/** True when `error` is the failure of a `tokenConsumption` insert whose token was already used. */
export function isTokenReuse(error: unknown): boolean {
  return isUniqueViolation(error, 'consumed_tokens.token_hash');
}
