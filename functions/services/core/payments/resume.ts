/**
 * Resuming a subscription set to end at period end, while that period runs: it renews again.
 * Reached from Billing & Invoices, the console (services/admin/money.ts) and Stripe's own
 * `customer.subscription.updated` (a resume made in its portal or dashboard). As with a
 * cancellation (cancellations.ts), whichever of those is applied first writes the e-mail: its row
 * is conditional on the subscription still being set to end, in the same batch as the change.
 */
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { subscriptions, type SubscriptionRow, type UserRow } from '../../../db/schema';
import { fail } from '../../../lib/errors';
import { findUserById } from '../users/users';
import { subscriptionResumedMail } from '../mail/lifecycle-templates';
import { deliverSoon, mailWritten, queueMailWhere, type QueuedMail } from '../mail/outbox';
import type { YearlyCharge } from '../../../../src/contract/billing';
import type { Millis } from '../../shared/db';
import type { Deps } from '../../shared/deps';
import { renewalCharge, renewalQuantityOf, unitAmountOf, yearlyCharge } from './charges';
import { callProvider } from './provider';
import { newestSubscription } from './subscriptions';

/** True once the subscription can no longer be resumed: it ended, or its paid period is over. */
export function hasEnded(subscription: SubscriptionRow, now: Millis): boolean {
  return (
    subscription.status === 'canceled' ||
    (subscription.currentPeriodEnd !== null && subscription.currentPeriodEnd <= now)
  );
}

/** True while the subscription is set to end at period end and that period still runs. */
export function isResumable(subscription: SubscriptionRow | undefined, now: Millis): boolean {
  return (
    subscription !== undefined && subscription.cancelAtPeriodEnd && !hasEnded(subscription, now)
  );
}

/**
 * True (in SQL) while `subscription` is set to end and has not ended: a change that makes it
 * renew is a new resume. A deleted account is not told (it cannot be resumed from there anyway).
 */
function resumingSql(subscription: SubscriptionRow): SQL {
  return sql`exists (select 1 from subscriptions as s where s.id = ${subscription.id}
    and s.status != 'canceled' and s.cancel_at_period_end = 1
    and not exists (select 1 from users as u where u.id = s.user_id and u.is_deleted = 1))`;
}

/**
 * The "your subscription will renew" e-mail of a resume renewing at `renewsAt`, written only when
 * `resumingSql` and `guard` hold. Put it in the change's batch BEFORE the statement recording it.
 * `charge` is the renewal's amount with tax (`renewalCharge`, read before the batch); without it
 * the e-mail names the seats' price and says taxes may be added.
 */
export async function resumedMail(
  { db, now, origin }: Pick<Deps, 'db' | 'now' | 'origin'>,
  user: Pick<UserRow, 'email' | 'customerName'>,
  subscription: SubscriptionRow,
  renewsAt: Millis,
  guard: SQL = sql`1 = 1`,
  charge?: YearlyCharge,
): Promise<QueuedMail> {
  const renewal = charge
    ? { renewsAt, charge }
    : {
        renewsAt,
        charge: yearlyCharge(renewalQuantityOf(subscription), unitAmountOf(subscription), null),
        untaxed: true,
      };
  return queueMailWhere(
    db,
    await subscriptionResumedMail(user.email, user.customerName, renewal, origin),
    now,
    sql`${resumingSql(subscription)} and ${guard}`,
  );
}

/** Asks the provider to resume; 409 SUBSCRIPTION_ENDED when it has ended there. */
export async function askResume(
  { payments }: Pick<Deps, 'payments'>,
  subscription: SubscriptionRow,
): Promise<Millis> {
  const result = await callProvider(
    () => payments.resumeSubscription(subscription.stripeSubscriptionId),
    () => fail('NO_SUBSCRIPTION'),
  );
  if (!result.resumed) throw fail('SUBSCRIPTION_ENDED');
  return result.currentPeriodEnd;
}

/**
 * What records a resume the provider confirmed: the subscription renews again at
 * `currentPeriodEnd` (a cancelling one is active again; past due stays past due, as Stripe reports
 * it) and the customer's cancel reason no longer counts as a cancellation. Stamped as of `now`, so
 * the late event of the earlier cancellation cannot undo it. The license already runs to the
 * period's end; the renewal's invoice extends it as usual. `guard` conditions it (an audit row).
 */
export function resumeStatements(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  subscription: SubscriptionRow,
  currentPeriodEnd: Millis,
  guard: SQL = sql`1 = 1`,
) {
  return db
    .update(subscriptions)
    .set({
      status: sql`case when ${subscriptions.status} = 'cancelling' then 'active' else ${subscriptions.status} end`,
      cancelAtPeriodEnd: false,
      cancelReason: null,
      currentPeriodEnd,
      updatedFromEventCreated: sql`max(${subscriptions.updatedFromEventCreated}, ${now})`,
      updatedAt: now,
    })
    .where(
      and(
        eq(subscriptions.id, subscription.id),
        ne(subscriptions.status, 'canceled'),
        eq(subscriptions.cancelAtPeriodEnd, true),
        guard,
      ),
    );
}

/**
 * The customer's Resume subscription: 404 NO_SUBSCRIPTION without one, 409 SUBSCRIPTION_ENDED
 * once it ended (buy again instead). One that already renews is left as it is (a double click).
 * Otherwise the provider is asked first, then one batch records it with the e-mail.
 */
export async function resumeSubscription(
  deps: Pick<Deps, 'db' | 'now' | 'payments' | 'origin' | 'tasks'>,
  userId: string,
): Promise<void> {
  const { db, now } = deps;
  const subscription = await newestSubscription(db, userId);
  if (!subscription) throw fail('NO_SUBSCRIPTION');
  if (hasEnded(subscription, now)) throw fail('SUBSCRIPTION_ENDED');
  if (!subscription.cancelAtPeriodEnd) return;
  const currentPeriodEnd = await askResume(deps, subscription);
  const record = resumeStatements(deps, subscription, currentPeriodEnd);
  const [user, charge] = await Promise.all([
    findUserById(db, userId),
    renewalCharge(db, subscription),
  ]);
  if (!user) {
    await record;
    return;
  }
  const mail = await resumedMail(deps, user, subscription, currentPeriodEnd, undefined, charge);
  const results = await db.batch([mail.insert, record]);
  if (mailWritten(results[0])) await deliverSoon(deps, mail);
}
