/**
 * Managing a card subscription from the Billing & Invoices page: the payment
 * provider's customer portal. Cancelling at period end is subscriptions.ts (account deletion
 * uses it too).
 */
import { billingPageUrl } from '../../adapters/payments';
import { fail } from '../../lib/errors';
import type { Deps } from '../shared/deps';
import { callProvider } from '../core/payments/provider';
import { newestSubscription } from '../core/payments/subscriptions';

/** A customer-portal session for the account's customer, returning to the Billing page. */
export async function openPortal(deps: Deps, userId: string): Promise<{ url: string }> {
  const subscription = await newestSubscription(deps.db, userId);
  if (!subscription) throw fail('NO_SUBSCRIPTION');
  return callProvider(
    () =>
      deps.payments.createPortalSession({
        customerId: subscription.stripeCustomerId,
        returnUrl: billingPageUrl(deps.origin),
      }),
    () => fail('NO_SUBSCRIPTION'),
  );
}
