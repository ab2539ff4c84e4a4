/**
 * Paid licenses whose time ran out (terms: a cancelled subscription stays valid until the end of
 * the paid period). The webhook (services/billing/lifecycle.ts) already moves the expiry to the
 * period end on cancellation, extends it on every paid renewal and suspends the license of a
 * failed payment; what it cannot do is notice that the period end has passed. That is this job.
 */
import { and, eq, inArray, lte, not, notExists, sql } from 'drizzle-orm';
import { licenses, organizationMembers, subscriptions } from '../../db/schema';
import { paidByLiveTeamSql } from '../core/payments/teams';
import type { Deps } from '../shared/deps';
import type { JobCounts } from './job';

/**
 * Expires Standard licenses past their end unless the account has a subscription that is still
 * `active` (a renewal webhook will extend the license) or `past_due` (Stripe is retrying the
 * payment; the license stays suspended until it succeeds or the subscription is cancelled), or
 * the license is a team member's and the team's subscription is such.
 * A suspended license whose subscription was finally cancelled expires too.
 */
export async function lapsePaidLicenses({ db, now }: Deps): Promise<JobCounts> {
  const liveSubscription = db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, licenses.userId),
        inArray(subscriptions.status, ['active', 'past_due']),
      ),
    );
  const lapsed = await db
    .update(licenses)
    .set({ status: 'expired' })
    .where(
      and(
        eq(licenses.plan, 'Standard'),
        inArray(licenses.status, ['active', 'suspended']),
        lte(licenses.expiresAt, now),
        notExists(liveSubscription),
        // A team member's license is paid by the team's subscription, not by the member.
        not(paidByLiveTeamSql(sql`${licenses.id}`)),
      ),
    )
    .returning({ id: licenses.id });
  // Enterprise members' licenses end with their organization's term (an operator who extends
  // the term makes them active again: admin/organizations.ts).
  const ended = await db
    .update(licenses)
    .set({ status: 'expired' })
    .where(
      and(
        eq(licenses.plan, 'Enterprise'),
        eq(licenses.status, 'active'),
        lte(licenses.expiresAt, now),
        inArray(
          licenses.id,
          db.select({ id: organizationMembers.licenseId }).from(organizationMembers),
        ),
      ),
    )
    .returning({ id: licenses.id });
  return { expired: lapsed.length, enterpriseExpired: ended.length };
}
