/**
 * Trial → Standard upgrade, its start: a signed-in user who may buy
 * Standard (purchase-rules.ts) opens a Checkout Session whose reference is the user itself.
 * Payment is fulfilled by fulfill-upgrade.ts, from the webhook or from polling.
 */
import {
  billingPageUrl,
  checkoutReturnUrls,
  type CheckoutSessionLink,
} from '../../adapters/payments';
import { fail } from '../../lib/errors';
import { findUserById } from '../core/users/users';
import { currentLicense } from '../core/licenses/licenses';
import type { Deps } from '../shared/deps';
import { openOneCheckout } from '../core/payments/open-checkouts';
import { callProvider } from '../core/payments/provider';
import { upgradeRefusal } from './purchase-rules';
import { newestSubscription } from '../core/payments/subscriptions';

/**
 * Opens the upgrade checkout for a signed-in user (or answers the one already open): 409 unless
 * allowed to buy Standard; 503 when
 * payments are unavailable. A customer id from an earlier subscription is reused so Stripe keeps
 * one customer (card, invoices) per account.
 */
export async function startUpgradeCheckout(
  deps: Deps,
  userId: string,
  seats = 1,
): Promise<CheckoutSessionLink> {
  const { db, now, payments, origin } = deps;
  const user = await findUserById(db, userId);
  // The session was valid a moment ago; a vanished user reads as signed out.
  if (!user || user.isDeleted) throw fail('UNAUTHORIZED');
  const [license, earlier] = await Promise.all([
    currentLicense(db, user.id),
    newestSubscription(db, user.id),
  ]);
  const refusal = upgradeRefusal(user, license, earlier, now);
  if (refusal) throw fail(refusal);
  // One open checkout per account: a double click or a second tab gets the same one.
  return openOneCheckout(deps, { kind: 'upgrade', userId: user.id }, () =>
    callProvider(() =>
      payments.createCheckoutSession({
        userId: user.id,
        customerEmail: user.email,
        ...(earlier ? { customerId: earlier.stripeCustomerId } : {}),
        plan: 'standard',
        quantity: seats,
        successUrl: checkoutReturnUrls(origin).successUrl,
        cancelUrl: billingPageUrl(origin),
      }),
    ),
  );
}
