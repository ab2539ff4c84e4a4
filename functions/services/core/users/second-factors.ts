/**
 * Whether an account has a second factor at all: a passkey, or an authenticator app that was
 * confirmed. The console asks it of every operator request, beside the session's own proof, so
 * removing the last factor closes the console even to a session that proved one before.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { passkeys, totpFactors } from '../../../db/schema';
import type { Db } from '../../shared/db';

export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({
      any: sql<number>`exists (select 1 from ${passkeys} where ${eq(passkeys.userId, userId)})
        or exists (select 1 from ${totpFactors} where ${and(
          eq(totpFactors.userId, userId),
          isNotNull(totpFactors.confirmedAt),
        )})`,
    })
    .from(sql`(select 1)`);
  return Boolean(row?.any);
}
