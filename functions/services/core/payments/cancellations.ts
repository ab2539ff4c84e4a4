/**
 * The "your subscription is cancelled" e-mail, once per cancellation however many ways it is
 * reported. A cancellation reaches us up to three times: the customer's or an operator's cancel
 * (recorded after the provider confirmed it), Stripe's `customer.subscription.updated` saying it
 * will end, and `customer.subscription.deleted` when it ends. Whichever change is applied first
 * turns the subscription from renewing into ending, and only that change writes the e-mail: its
 * row is conditional on the subscription's state just before that change, in the same batch.
 */
import type { UserRow, SubscriptionRow } from '../../../db/schema';
import { sql, type SQL } from 'drizzle-orm';
import { subscriptionCancelledMail } from '../mail/lifecycle-templates';
import { queueMailWhere, type QueuedMail } from '../mail/outbox';
import { DAY_MS, type Millis } from '../../shared/db';
import type { Deps } from '../../shared/deps';

/**
 * True (in SQL) while a change ending `subscription` at `endsAt` is a new cancellation: the
 * subscription still renews (active or past due, not set to end), or it was set to end and this
 * change ends it more than a day earlier than announced (support ending it now). Stripe ending a
 * cancelled subscription at its period end is the same cancellation, told already. A deleted
 * account is not told: its deletion e-mail says the subscription will not renew.
 */
export function newCancellationSql(subscription: SubscriptionRow, endsAt: Millis): SQL {
  return sql`exists (select 1 from subscriptions as s where s.id = ${subscription.id}
    and s.status != 'canceled'
    and ((s.status in ('active', 'past_due') and s.cancel_at_period_end = 0)
      or ${endsAt} < coalesce(s.current_period_end, 0) - ${DAY_MS})
    and not exists (select 1 from users as u where u.id = s.user_id and u.is_deleted = 1))`;
}

/**
 * The cancellation e-mail to `user` of a change that ends `subscription` at `endsAt`, written only
 * when `newCancellationSql` and `guard` hold. Put it in the change's batch BEFORE the statement
 * that records the change (which makes the condition false for every later report of it).
 */
export async function cancellationMail(
  { db, now, origin }: Pick<Deps, 'db' | 'now' | 'origin'>,
  user: Pick<UserRow, 'email' | 'customerName'>,
  subscription: SubscriptionRow,
  endsAt: Millis,
  guard: SQL = sql`1 = 1`,
): Promise<QueuedMail> {
  return queueMailWhere(
    db,
    await subscriptionCancelledMail(user.email, user.customerName, { endsAt, now }, origin),
    now,
    sql`${newCancellationSql(subscription, endsAt)} and ${guard}`,
  );
}
