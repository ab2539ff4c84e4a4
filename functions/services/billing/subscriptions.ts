/** Lookups of a user's card subscriptions (one row per Stripe subscription). */
import { desc, eq } from 'drizzle-orm';
import { subscriptions } from '../../db/schema';
import type { Db } from '../db';

/** A row of `subscriptions`. */
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * The user's newest subscription: the one the billing page shows, cancels and manages. Older
 * ones (a cancelled year, then a new checkout) stay for the record.
 */
export async function newestSubscription(
  db: Db,
  userId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1);
  return row;
}

/** The row of one Stripe subscription, if we have recorded it. */
export async function subscriptionByStripeId(
  db: Db,
  stripeSubscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId))
    .limit(1);
  return row;
}
