/**
 * Deleting an account: everything that must happen
 * together is one db.batch (D1 has no interactive transactions); the cron purge anonymizes the
 * account after the retention window.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { devices, licenseEvents, users } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { cancelAtPeriodEnd } from '../billing/subscriptions';
import { revokeLicenses } from '../licensing/licenses';
import type { Deps } from '../shared/deps';
import { revokeAllSessions } from './sessions';

/** Rows per INSERT of audit events: D1 binds at most 100 parameters per statement. */
const EVENTS_PER_INSERT = 10;

/**
 * Schedules an account for deletion: marks it deleted, revokes every session and
 * license, and deactivates its plugin devices with a `system` audit row each, in one batch. Then
 * it asks the payment provider to stop renewing a running subscription (no charge after deletion).
 * The cron purge anonymizes the account after the retention window.
 */
export async function deleteAccount(deps: Deps, userId: string): Promise<void> {
  const { db, now } = deps;
  const active = await db
    .select({ licenseId: devices.licenseId, deviceId: devices.deviceId, name: devices.deviceName })
    .from(devices)
    .where(and(eq(devices.userId, userId), isNull(devices.deactivatedAt)));
  const events = active.map((device) => ({
    id: crypto.randomUUID(),
    licenseId: device.licenseId,
    userId,
    deviceId: device.deviceId,
    deviceName: device.name,
    action: 'deactivated' as const,
    source: 'system' as const,
    ip: null,
    createdAt: now,
  }));
  const eventInserts = [];
  for (let start = 0; start < events.length; start += EVENTS_PER_INSERT) {
    eventInserts.push(
      db.insert(licenseEvents).values(events.slice(start, start + EVENTS_PER_INSERT)),
    );
  }

  await db.batch([
    db
      .update(users)
      .set({ isDeleted: true, deletedAt: now, updatedAt: now })
      .where(eq(users.id, userId)),
    revokeAllSessions(deps, userId),
    revokeLicenses(db, userId),
    // Every active device, not just those read above: the licenses are revoked in this batch, so
    // a device activated in between must not stay active (it only lacks its audit row).
    db
      .update(devices)
      .set({ deactivatedAt: now })
      .where(and(eq(devices.userId, userId), isNull(devices.deactivatedAt))),
    ...eventInserts,
  ]);

  // After the batch, so the deletion stands even when the provider fails: the failure is logged
  // for the operator to cancel by hand. No subscription, or one already ending, is not an error.
  try {
    await cancelAtPeriodEnd(deps, userId);
  } catch (error) {
    if (ApiError.is(error, 'NO_SUBSCRIPTION')) return;
    console.error(`Account ${userId} deleted, but its subscription could not be cancelled`, error);
  }
}
