/**
 * Card subscriptions (one row per Stripe subscription): lookups, whether one can still be set to
 * end, and setting it to end at period end (the refund policy: the paid period is not refunded,
 * the license runs until it ends). Used by the Billing page, account deletion and the operator
 * console alike; the console can also record a subscription ended at once (cancel now).
 */
import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { licenses, subscriptions, type SubscriptionRow } from '../../../db/schema';
import { fail } from '../../../lib/errors';
import { plans } from '../../../../src/site.config';
import { findUserById } from '../users/users';
import { deliverSoon, mailWritten } from '../mail/outbox';
import type { Db, Millis } from '../../shared/db';
import type { Deps } from '../../shared/deps';
import { cancellationMail } from './cancellations';
import { callProvider } from './provider';

/** Standard's yearly price per seat in cents, from the one source of prices. */
export const STANDARD_UNIT_AMOUNT = Math.round((plans.standard.priceUsd ?? 0) * 100);

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

/**
 * The row of a subscription just paid for: active until `currentPeriodEnd`, as of the event that
 * reported it (`eventCreated`, 0 when polling found it), so older events never overwrite it.
 */
export function newSubscription(paid: {
  userId: string;
  customerId: string;
  subscriptionId: string;
  currentPeriodEnd: Millis;
  eventCreated: Millis;
  now: Millis;
  /** Seats bought (1 unless the checkout said more). */
  quantity?: number;
  /** Cents per seat before tax. */
  unitAmount?: number | null;
  /** By card (the default), or by invoice paid by bank transfer. */
  collectionMethod?: SubscriptionRow['collectionMethod'];
}): SubscriptionRow {
  return {
    id: crypto.randomUUID(),
    userId: paid.userId,
    stripeCustomerId: paid.customerId,
    stripeSubscriptionId: paid.subscriptionId,
    status: 'active',
    currentPeriodEnd: paid.currentPeriodEnd,
    cancelAtPeriodEnd: false,
    cancelReason: null,
    paymentFailedAt: null,
    updatedFromEventCreated: paid.eventCreated,
    createdAt: paid.now,
    updatedAt: paid.now,
    quantity: paid.quantity ?? 1,
    renewalQuantity: null,
    unitAmount: paid.unitAmount ?? null,
    collectionMethod: paid.collectionMethod ?? 'charge_automatically',
    seatChangeStartedAt: null,
  };
}

/** True while the subscription still renews and can be set to end (cancel at period end). */
export function isCancellable(sub: SubscriptionRow | undefined): boolean {
  return (
    sub !== undefined &&
    (sub.status === 'active' || sub.status === 'past_due') &&
    !sub.cancelAtPeriodEnd
  );
}

/**
 * Cancels the user's newest subscription at period end: 404 NO_SUBSCRIPTION without one. Already
 * set to end: nothing to do (no provider call). Otherwise the provider is asked first, then ONE
 * batch records what it answered: the subscription stops renewing and the Standard license
 * expires at the end of the paid period.
 */
export async function cancelAtPeriodEnd(
  deps: Pick<Deps, 'db' | 'now' | 'payments' | 'origin' | 'tasks'>,
  userId: string,
  reason?: string,
): Promise<void> {
  const { db } = deps;
  const subscription = await newestSubscription(db, userId);
  if (!subscription || subscription.status === 'canceled') throw fail('NO_SUBSCRIPTION');
  if (!isCancellable(subscription)) return;
  const currentPeriodEnd = await askCancelAtPeriodEnd(deps, subscription);
  const [first, ...rest] = cancelAtPeriodEndStatements(deps, subscription, currentPeriodEnd);
  const statements = [
    first,
    ...rest,
    // The customer's words, for the console's overview of cancellations.
    ...(reason
      ? [
          db
            .update(subscriptions)
            .set({ cancelReason: reason })
            .where(eq(subscriptions.id, subscription.id)),
        ]
      : []),
  ] as const;
  // The e-mail first: it is written only while the subscription still renews (cancellations.ts).
  const user = await findUserById(db, userId);
  if (!user) {
    await db.batch(statements);
    return;
  }
  const mail = await cancellationMail(deps, user, subscription, currentPeriodEnd);
  const results = await db.batch([mail.insert, ...statements]);
  if (mailWritten(results[0])) await deliverSoon(deps, mail);
}

/** Asks the provider to end `subscription` at period end; answers when that is. */
export async function askCancelAtPeriodEnd(
  { payments }: Pick<Deps, 'payments'>,
  subscription: SubscriptionRow,
): Promise<Millis> {
  const { currentPeriodEnd } = await callProvider(
    () => payments.cancelAtPeriodEnd(subscription.stripeSubscriptionId),
    () => fail('NO_SUBSCRIPTION'),
  );
  return currentPeriodEnd;
}

/**
 * What records a cancellation at period end the provider confirmed: the subscription stops
 * renewing, the Standard license ends with the paid period. `guard` (e.g. an operator's audit
 * row being written) conditions every statement.
 */
export function cancelAtPeriodEndStatements(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  subscription: SubscriptionRow,
  currentPeriodEnd: Millis,
  guard: SQL = sql`1`,
) {
  return [
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
      .where(
        and(eq(subscriptions.id, subscription.id), ne(subscriptions.status, 'canceled'), guard),
      ),
    db
      .update(licenses)
      .set({ expiresAt: currentPeriodEnd })
      .where(and(standardLicensesOf(subscription.userId), guard)),
  ] as const;
}

/**
 * What records a subscription the provider ended at once (`canceledAt`): the subscription is
 * cancelled and its Standard license expired as of then. Stamped as of `now`, so no event older
 * than this cancellation can renew the license (lifecycle.ts). `guard` as above.
 */
export function cancelNowStatements(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  subscription: SubscriptionRow,
  canceledAt: Millis,
  guard: SQL = sql`1`,
) {
  const endedAt = Math.min(canceledAt, now);
  return [
    db
      .update(subscriptions)
      .set({
        status: 'canceled',
        cancelAtPeriodEnd: false,
        currentPeriodEnd: endedAt,
        updatedFromEventCreated: sql`max(${subscriptions.updatedFromEventCreated}, ${now})`,
        updatedAt: now,
      })
      .where(and(eq(subscriptions.id, subscription.id), guard)),
    db
      .update(licenses)
      .set({ status: 'expired', expiresAt: sql`min(${licenses.expiresAt}, ${endedAt})` })
      .where(and(standardLicensesOf(subscription.userId), guard)),
  ] as const;
}

/** The user's Standard licenses still in force (not revoked). */
function standardLicensesOf(userId: string) {
  return and(
    eq(licenses.userId, userId),
    eq(licenses.plan, 'Standard'),
    ne(licenses.status, 'revoked'),
  );
}
