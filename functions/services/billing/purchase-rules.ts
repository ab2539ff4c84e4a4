/** Who may buy the Standard plan now: the rule the checkout and the Billing page share. */
import type { UserRow, LicenseRow, SubscriptionRow } from '../../db/schema';
import type { ErrorCode } from '../../../src/contract/catalogue';
import { effectiveLicenseStatus } from '../core/licenses/licenses';
import type { Millis } from '../shared/db';

/**
 * Why this account cannot buy Standard now, or null when it can: a Trial account (the upgrade),
 * or a Standard account whose subscription has ended and whose license has lapsed (buying again
 * after a cancellation). Enterprise is handled through contact, never downgraded. A running
 * subscription, even one set to end, is refused: a second one would charge twice for one year.
 */
export function upgradeRefusal(
  user: Pick<UserRow, 'plan'>,
  license: Pick<LicenseRow, 'status' | 'expiresAt'> | undefined,
  subscription: Pick<SubscriptionRow, 'status'> | undefined,
  now: Millis,
): Extract<ErrorCode, 'ENTERPRISE_PLAN' | 'ALREADY_STANDARD'> | null {
  if (user.plan === 'Enterprise') return 'ENTERPRISE_PLAN';
  if (user.plan === 'Trial') return null;
  const subscriptionEnded = subscription === undefined || subscription.status === 'canceled';
  const licenseLapsed = license === undefined || effectiveLicenseStatus(license, now) === 'expired';
  if (subscriptionEnded && licenseLapsed) return null;
  return 'ALREADY_STANDARD';
}
