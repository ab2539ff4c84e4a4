/**
 * Account Settings' "Share feature usage": whether the plugin's usage reports are stored for this
 * account (on unless turned off). Validate and activate tell the plugin (`usageReporting`), and a
 * report sent while it is off is acknowledged and discarded (licensing/feature-usage.ts).
 */
import { eq } from 'drizzle-orm';
import { SuccessMessages } from '../../../src/contract/messages';
import type { UsageSharing } from '../../../src/contract/usage';
import { users } from '../../db/schema';
import type { Deps } from '../shared/deps';

/** GET /api/account/usage-sharing. */
export async function usageSharing(
  { db }: Pick<Deps, 'db'>,
  userId: string,
): Promise<UsageSharing> {
  const [row] = await db
    .select({ shareUsage: users.shareUsage })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return { shareUsage: row?.shareUsage ?? true };
}

/** PATCH /api/account/usage-sharing: turns sharing on or off; answers the new state. */
export async function setUsageSharing(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  userId: string,
  shareUsage: boolean,
): Promise<UsageSharing> {
  await db.update(users).set({ shareUsage, updatedAt: now }).where(eq(users.id, userId));
  return {
    shareUsage,
    message: shareUsage ? SuccessMessages.usageSharingOn : SuccessMessages.usageSharingOff,
  };
}
