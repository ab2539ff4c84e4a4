/**
 * Pending Standard signups: a verified form waiting for payment, password already
 * hashed, no account yet. The checkout names it as its reference; fulfillment turns it into an
 * account exactly once.
 */
import { eq } from 'drizzle-orm';
import { pendingSignups, type PendingSignupRow } from '../../../db/schema';
import { DAY_MS, type Db } from '../../shared/db';

/** How long a pending signup (and its browser cookie) waits for payment. */
export const PENDING_SIGNUP_TTL_MS = DAY_MS;

export async function findPendingSignup(db: Db, id: string): Promise<PendingSignupRow | undefined> {
  const [row] = await db.select().from(pendingSignups).where(eq(pendingSignups.id, id)).limit(1);
  return row;
}
