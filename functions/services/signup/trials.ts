/**
 * The trial rule: one free trial per normalized e-mail, per Google account
 * and per browser fingerprint, ever (ledger rows outlive account deletion). The UNIQUE(kind, value)
 * constraint on `trial_ledger` is the guard; `findClaimedTrial` is only a friendly early answer.
 */
import { and, eq, or } from 'drizzle-orm';
import { trialLedger } from '../../db/schema';
import { fail } from '../../lib/errors';
import { isUniqueViolation, type Db, type Millis } from '../shared/db';
import { isDisposableEmail } from '../shared/emails';

/** What a trial is counted against; `google` only for Google sign-ups. */
export interface TrialClaim {
  emailNormalized: string;
  fingerprintId: string;
  googleSub?: string;
}

/** The claim of a new account: its e-mail, its device and, from Google, its Google account. */
export function trialClaimOf(account: {
  emailNormalized: string;
  fingerprintId: string;
  googleSub: string | null;
}): TrialClaim {
  return {
    emailNormalized: account.emailNormalized,
    fingerprintId: account.fingerprintId,
    ...(account.googleSub ? { googleSub: account.googleSub } : {}),
  };
}

function entries(claim: TrialClaim) {
  return [
    { kind: 'email' as const, value: claim.emailNormalized },
    { kind: 'fingerprint' as const, value: claim.fingerprintId },
    ...(claim.googleSub ? [{ kind: 'google' as const, value: claim.googleSub }] : []),
  ];
}

/** True when any part of the claim already has a trial. */
export async function findClaimedTrial(db: Db, claim: TrialClaim): Promise<boolean> {
  const [row] = await db
    .select({ id: trialLedger.id })
    .from(trialLedger)
    .where(
      or(
        ...entries(claim).map((e) =>
          and(eq(trialLedger.kind, e.kind), eq(trialLedger.value, e.value)),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Throws DISPOSABLE_EMAIL or DUPLICATE_TRIAL when this claim may not start a trial. */
export async function assertTrialAllowed(db: Db, claim: TrialClaim, email: string): Promise<void> {
  if (await isDisposableEmail(email)) throw fail('DISPOSABLE_EMAIL');
  // The signup page shows its Trial Already Claimed screen for this code.
  if (await findClaimedTrial(db, claim)) throw fail('DUPLICATE_TRIAL');
}

/** The ledger insert for a new trial; run it in the same db.batch as the account. */
export function recordTrial(db: Db, userId: string, claim: TrialClaim, now: Millis) {
  return db
    .insert(trialLedger)
    .values(entries(claim).map((e) => ({ id: crypto.randomUUID(), ...e, userId, createdAt: now })));
}

/** True when a batch failed because the ledger already held one of the claim's values. */
export function isDuplicateTrialError(error: unknown): boolean {
  return isUniqueViolation(error, 'trial_ledger.');
}
