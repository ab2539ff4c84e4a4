/**
 * Seats removed at renewal: in the last hours before a subscription renews, the provider is told
 * to bill the fewer seats from the next period (no proration, nothing refunded). Never below what
 * the team holds at that moment (members and open invitations made since the owner chose).
 * Our own records follow when the renewal is paid (billing/lifecycle.ts reads the invoice's
 * seats), so the team keeps its seats until the period it paid for ends.
 */
import { and, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import { organizations, subscriptions } from '../../db/schema';
import { seatsHeldSql } from '../core/organizations/seats';
import { DAY_MS } from '../shared/db';
import type { Deps } from '../shared/deps';
import type { JobCounts } from './job';

/** How long before the renewal the provider is told; two hourly runs fall inside it. */
export const RENEWAL_SEATS_WINDOW_MS = DAY_MS / 12;

export async function applyRenewalSeats(deps: Deps): Promise<JobCounts> {
  const { db, now, payments } = deps;
  const due = await db
    .select({
      stripeSubscriptionId: subscriptions.stripeSubscriptionId,
      renewalQuantity: subscriptions.renewalQuantity,
      taken: sql<number>`coalesce((select ${seatsHeldSql(sql`o.id`, now)}
        from ${organizations} as o where o.stripe_subscription_id = ${subscriptions.stripeSubscriptionId}), 1)`,
    })
    .from(subscriptions)
    .where(
      and(
        isNotNull(subscriptions.renewalQuantity),
        eq(subscriptions.status, 'active'),
        eq(subscriptions.cancelAtPeriodEnd, false),
        gt(subscriptions.currentPeriodEnd, now),
        lte(subscriptions.currentPeriodEnd, now + RENEWAL_SEATS_WINDOW_MS),
      ),
    );
  let told = 0;
  for (const row of due) {
    const quantity = Math.max(row.renewalQuantity ?? 1, row.taken, 1);
    await payments.setRenewalSeats({ subscriptionId: row.stripeSubscriptionId, quantity });
    told += 1;
  }
  return { renewalSeatsTold: told };
}
