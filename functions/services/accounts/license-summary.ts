/**
 * My Account's license summary (GET /api/account/license): devices in use against the license's
 * limit (an Enterprise seat's number included) and the renewal of a paid plan.
 */
import type { AccountLicense } from '../../../src/contract/account';
import type { LicenseRow, SubscriptionRow } from '../../db/schema';
import { activeDeviceCount, deviceLimitOfLicense } from '../core/licenses/license-check';
import { currentLicense } from '../core/licenses/licenses';
import { newestSubscription } from '../core/payments/subscriptions';
import { iso, type Millis } from '../shared/db';
import type { Deps } from '../shared/deps';

/**
 * Whether the subscription renews or ends, for the license it pays for. Only an active one not
 * yet past its period is promised either; past due and ended ones are told by the license's own
 * dates (and Billing), as Enterprise and Trial licenses are.
 */
function renewalOf(
  license: LicenseRow,
  subscription: SubscriptionRow | undefined,
  now: Millis,
): AccountLicense['renewal'] {
  if (license.plan !== 'Standard' || !subscription) return null;
  const end = subscription.currentPeriodEnd;
  if (end === null || end <= now) return null;
  if (subscription.status === 'cancelling') return { kind: 'ends', on: iso(end) };
  if (subscription.status !== 'active') return null;
  return { kind: subscription.cancelAtPeriodEnd ? 'ends' : 'renews', on: iso(end) };
}

/** GET /api/account/license. */
export async function licenseSummary(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  userId: string,
): Promise<AccountLicense> {
  const license = await currentLicense(db, userId);
  // Every account gets a license with its first sign-in; a missing one is a data fault.
  if (!license) throw new Error(`User ${userId} has no license`);
  const [active, limit, subscription] = await Promise.all([
    activeDeviceCount(db, license.id),
    deviceLimitOfLicense(db, license),
    newestSubscription(db, userId),
  ]);
  return { devices: { active, limit }, renewal: renewalOf(license, subscription, now) };
}
