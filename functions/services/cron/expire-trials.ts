/**
 * Trials end after `plans.trial.durationDays`: the license becomes `expired`, which is
 * what the plugin sees on its next check, and the customer gets one "Your trial has ended" e-mail.
 * Devices stay activated, so buying Standard needs no re-activation dance.
 */
import { and, eq, inArray, lte } from 'drizzle-orm';
import { licenses, users } from '../../db/schema';
import { sendMail } from '../mail/rules';
import { trialEndedMail } from '../mail/templates';
import type { Db } from '../shared/db';
import type { Deps } from '../shared/deps';
import { PartialJobFailure, type JobCounts } from './job';

/** D1 binds at most 100 parameters per statement; lists of ids are read in chunks of this size. */
const CHUNK = 50;

/** Expires every active Trial license past its end and mails each customer once. */
export async function expireTrials(deps: Deps): Promise<JobCounts> {
  const { db, now, origin } = deps;
  // One conditional UPDATE … RETURNING: only the run that flips a row sees it, so two overlapping
  // runs (or a rerun) can never mail the same customer twice.
  const expired = await db
    .update(licenses)
    .set({ status: 'expired' })
    .where(
      and(eq(licenses.plan, 'Trial'), eq(licenses.status, 'active'), lte(licenses.expiresAt, now)),
    )
    .returning({ userId: licenses.userId, expiresAt: licenses.expiresAt });

  const recipients = await trialCustomers(
    db,
    expired.map((row) => row.userId),
  );
  let mailed = 0;
  let mailFailed = 0;
  for (const row of expired) {
    const user = recipients.get(row.userId);
    if (!user) continue;
    // At most once, never twice: the license is already expired and stays so. A failed send is
    // logged (mail/rules.ts) and fails the run, so it shows in Cloudflare's cron history.
    if (
      await sendMail(deps, trialEndedMail(user.email, user.customerName, row.expiresAt, origin))
    ) {
      mailed += 1;
    } else {
      mailFailed += 1;
    }
  }

  const counts = { expired: expired.length, mailed, mailFailed };
  if (mailFailed > 0) {
    throw new PartialJobFailure(`${mailFailed} trial-ended e-mails could not be sent`, counts);
  }
  return counts;
}

/**
 * The users among `userIds` who should hear that their trial ended: still on the Trial plan (an
 * upgraded customer's old trial license expires silently) and not deleted.
 */
async function trialCustomers(db: Db, userIds: string[]) {
  const found = new Map<string, { email: string; customerName: string }>();
  for (let start = 0; start < userIds.length; start += CHUNK) {
    const rows = await db
      .select({ id: users.id, email: users.email, customerName: users.customerName })
      .from(users)
      .where(
        and(
          inArray(users.id, userIds.slice(start, start + CHUNK)),
          eq(users.plan, 'Trial'),
          eq(users.isDeleted, false),
        ),
      );
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}
