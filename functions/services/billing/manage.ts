/**
 * Managing a card subscription from the Billing & Invoices page (issue 4 item 6, DESIGN §3.5):
 * the payment provider's customer portal, and cancelling at period end (the refund policy: the
 * paid period is not refunded, the license runs until it ends).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { ErrorCode, Messages } from '../../../src/contract/errors';
import { PaymentProviderError, type PaymentProvider } from '../../adapters/payments';
import { licenses, subscriptions } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import type { Db, Millis } from '../db';
import { isCancellable } from './overview';
import { paymentsUnavailable } from './standard-signup';
import { newestSubscription } from './subscriptions';

/** 404 NO_SUBSCRIPTION: nothing to manage or cancel on this account. */
export function noSubscription(): ApiError {
  return new ApiError(404, ErrorCode.NO_SUBSCRIPTION, Messages.noSubscription);
}

/** Runs a provider call: `not_found` → 404 NO_SUBSCRIPTION, `unavailable` → 503. */
async function provider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentProviderError && error.code === 'not_found') throw noSubscription();
    if (error instanceof PaymentProviderError && error.code === 'unavailable') {
      throw paymentsUnavailable();
    }
    throw error;
  }
}

/** A customer-portal session for the account's customer, returning to `returnUrl`. */
export async function openPortal(
  db: Db,
  payments: PaymentProvider,
  userId: string,
  returnUrl: string,
): Promise<{ url: string }> {
  const subscription = await newestSubscription(db, userId);
  if (!subscription) throw noSubscription();
  return provider(() =>
    payments.createPortalSession({ customerId: subscription.stripeCustomerId, returnUrl }),
  );
}

/**
 * Cancels the newest subscription at period end. Already set to end: nothing to do (no provider
 * call). Otherwise the provider is asked first, then ONE batch records what it answered: the
 * subscription stops renewing and the Standard license expires at the end of the paid period.
 */
export async function cancelAtPeriodEnd(
  db: Db,
  payments: PaymentProvider,
  userId: string,
  now: Millis,
): Promise<void> {
  const subscription = await newestSubscription(db, userId);
  if (!subscription || subscription.status === 'canceled') throw noSubscription();
  if (!isCancellable(subscription)) return;

  const { currentPeriodEnd } = await provider(() =>
    payments.cancelAtPeriodEnd(subscription.stripeSubscriptionId),
  );
  await db.batch([
    db
      .update(subscriptions)
      .set({
        // Past due stays past due (as Stripe reports it, so its webhook agrees with us).
        status: sql`case when ${subscriptions.status} = 'active' then 'cancelling' else ${subscriptions.status} end`,
        cancelAtPeriodEnd: true,
        currentPeriodEnd,
        // Our state is now as of `now`: an older event delivered late must not undo the
        // cancellation (lifecycle.ts applies only events newer than this).
        updatedFromEventCreated: sql`max(${subscriptions.updatedFromEventCreated}, ${now})`,
        updatedAt: now,
      })
      .where(and(eq(subscriptions.id, subscription.id), ne(subscriptions.status, 'canceled'))),
    db
      .update(licenses)
      .set({ expiresAt: currentPeriodEnd })
      .where(
        and(
          eq(licenses.userId, userId),
          eq(licenses.plan, 'Standard'),
          ne(licenses.status, 'revoked'),
        ),
      ),
  ]);
}
