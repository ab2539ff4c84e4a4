/**
 * Which second factors an account has: passkeys, and an authenticator app that was confirmed.
 * The console asks it of every operator request, beside the session's own proof, so removing the
 * last factor closes the console even to a session that proved one before; the step-up rule
 * (step-up.ts) asks it to know the strongest factor a person must prove.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { passkeys, totpFactors } from '../../../db/schema';
import type { Db } from '../../shared/db';

/** The account's second factors, in one query. */
export interface SecondFactors {
  passkey: boolean;
  authenticator: boolean;
}

export async function secondFactorsOf(db: Db, userId: string): Promise<SecondFactors> {
  const [row] = await db
    .select({
      passkey: sql<number>`exists (select 1 from ${passkeys} where ${eq(passkeys.userId, userId)})`,
      authenticator: sql<number>`exists (select 1 from ${totpFactors} where ${and(
        eq(totpFactors.userId, userId),
        isNotNull(totpFactors.confirmedAt),
      )})`,
    })
    .from(sql`(select 1)`);
  return { passkey: Boolean(row?.passkey), authenticator: Boolean(row?.authenticator) };
}

/** True when the account has a passkey or a confirmed authenticator app. */
export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  const { passkey, authenticator } = await secondFactorsOf(db, userId);
  return passkey || authenticator;
}
