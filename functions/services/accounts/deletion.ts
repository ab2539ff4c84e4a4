/**
 * Deleting an account: everything that must happen
 * together is one db.batch (D1 has no interactive transactions); the cron purge anonymizes the
 * account after the retention window.
 */
import { deliverSoon, mailWritten } from '../core/mail/outbox';
import type { Deps } from '../shared/deps';
import {
  deletionMail,
  deletionStatements,
  stopRenewalAfterDeletion,
} from '../core/users/account-deletion';
import { findUserById } from '../core/users/users';

/**
 * Schedules an account for deletion (deletionStatements, one batch, with the e-mail saying so),
 * then stops its subscription from renewing. The cron purge anonymizes the account after the
 * retention window.
 */
export async function deleteAccount(deps: Deps, userId: string): Promise<void> {
  const { db } = deps;
  const user = await findUserById(db, userId);
  const statements = deletionStatements(deps, userId);
  if (user) {
    const mail = await deletionMail(deps, user);
    const results = await db.batch([mail.insert, ...statements]);
    if (mailWritten(results[0])) await deliverSoon(deps, mail);
  } else {
    await db.batch([...statements]);
  }
  await stopRenewalAfterDeletion(deps, userId);
}
