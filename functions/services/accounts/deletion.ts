/**
 * Deleting an account: everything that must happen
 * together is one db.batch (D1 has no interactive transactions); the cron purge anonymizes the
 * account after the retention window.
 */
import type { Deps } from '../shared/deps';
import { deletionStatements, stopRenewalAfterDeletion } from './deletion-steps';

/**
 * Schedules an account for deletion (deletionStatements, one batch), then stops its subscription
 * from renewing. The cron purge anonymizes the account after the retention window.
 */
export async function deleteAccount(deps: Deps, userId: string): Promise<void> {
  await deps.db.batch([...deletionStatements(deps, userId)]);
  await stopRenewalAfterDeletion(deps, userId);
}
