/**
 * The steps of scheduling an account for deletion, shared by the customer's own Delete Account
 * (deletion.ts) and the operator console (admin/actions.ts).
 */
import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { retentionDays } from '../../../../src/site.config';
import { devices, licenses, sessions, users, type UserRow } from '../../../db/schema';
import { ApiError } from '../../../lib/errors';
import { cancelAtPeriodEnd } from '../payments/subscriptions';
import { freeDevicesStatements } from '../licenses/devices';
import { deletionScheduledMail } from '../mail/lifecycle-templates';
import { revokeAllPluginTokens } from './plugin-tokens';
import { queueMailWhere, type QueuedMail } from '../mail/outbox';
import { DAY_MS } from '../../shared/db';
import type { Deps } from '../../shared/deps';

/**
 * The "scheduled for deletion" e-mail: when the data goes (the purge cron's date) and how to undo
 * it until then (support restores the account from the console). Put it in the deletion's batch
 * BEFORE `deletionStatements`: it is written only while the account is not deleted yet (and
 * `guard` holds), so each scheduling e-mails once, however often it is asked for.
 */
export async function deletionMail(
  deps: Pick<Deps, 'db' | 'now' | 'origin'>,
  user: Pick<UserRow, 'id' | 'email' | 'customerName'>,
  guard: SQL = sql`1 = 1`,
): Promise<QueuedMail> {
  const { db, now, origin } = deps;
  const purgeAt = now + retentionDays.deletedAccount * DAY_MS;
  return queueMailWhere(
    db,
    await deletionScheduledMail(user.email, user.customerName, { deletedAt: now, purgeAt }, origin),
    now,
    sql`exists (select 1 from users where id = ${user.id} and is_deleted = 0) and ${guard}`,
  );
}

/**
 * The statements that schedule an account for deletion, for one db.batch: mark it deleted, revoke
 * every session, signed-in plugin and license, deactivate its plugin devices with a `system` audit row each. Each
 * statement applies only while `guard` holds (the console puts its audit row first and guards on
 * it), so the batch happens whole or not at all.
 */
export function deletionStatements(deps: Deps, userId: string, guard: SQL = sql`1 = 1`) {
  const { db, now } = deps;
  return [
    // Every active device, freed first (its audit row written while it is still active): the
    // licenses are revoked in this batch, so none activated meanwhile may stay active unnoticed.
    ...freeDevicesStatements(db, { column: devices.userId, value: userId }, 'system', now, guard),
    db
      .update(users)
      .set({ isDeleted: true, deletedAt: now, updatedAt: now })
      .where(and(eq(users.id, userId), guard)),
    db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), guard)),
    revokeAllPluginTokens(deps, userId, guard),
    db
      .update(licenses)
      .set({ status: 'revoked' })
      .where(and(eq(licenses.userId, userId), ne(licenses.status, 'revoked'), guard)),
  ] as const;
}

/**
 * Asks the payment provider to stop renewing a running subscription after a deletion (no charge
 * after deletion). After the batch, so the deletion stands even when the provider fails: the
 * failure is logged for the operator to cancel by hand. No subscription, or one already ending,
 * is not an error.
 */
export async function stopRenewalAfterDeletion(deps: Deps, userId: string): Promise<void> {
  try {
    await cancelAtPeriodEnd(deps, userId);
  } catch (error) {
    if (ApiError.is(error, 'NO_SUBSCRIPTION')) return;
    console.error(`Account ${userId} deleted, but its subscription could not be cancelled`, error);
  }
}
