/**
 * Single-use tokens: a token is accepted once. The primary key on its hash makes the
 * second use an insert that does nothing, so replay protection is one statement, race-free.
 */
import { consumedTokens } from '../../db/schema';
import { sha256 } from './crypto';
import type { Db, Millis } from './db';

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
