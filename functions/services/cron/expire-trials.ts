/**
 * Trials end after `plans.trial.durationDays`: the license becomes `expired`, which is
 * what the plugin sees on its next check, and the customer gets one "Your trial has ended" e-mail.
 * Devices stay activated, so buying Standard needs no re-activation dance.
 */
import { and, eq, lte, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { licenses, users } from '../../db/schema';
import { deliverSoon, queueMailWhere, type QueuedMail } from '../core/mail/outbox';
import { trialEndedMail } from '../core/mail/templates';
import type { Deps } from '../shared/deps';
import type { JobCounts } from './job';

/** Licenses expired per batch (two statements each). */
const CHUNK = 25;

/**
 * Expires every active Trial license past its end and mails each customer once: the e-mail row
 * is written only while the license is still active, in the same batch as the statement that
 * expires it, so of two overlapping runs (or a rerun) only the one that flips the row writes it.
 * An upgraded customer's old trial license, or a deleted account's, expires silently.
 */
export async function expireTrials(deps: Deps): Promise<JobCounts> {
  const { db, now, origin } = deps;
  const due = await db
    .select({
      id: licenses.id,
      expiresAt: licenses.expiresAt,
      email: users.email,
      customerName: users.customerName,
      plan: users.plan,
      isDeleted: users.isDeleted,
    })
    .from(licenses)
    .innerJoin(users, eq(users.id, licenses.userId))
    .where(
      and(eq(licenses.plan, 'Trial'), eq(licenses.status, 'active'), lte(licenses.expiresAt, now)),
    );

  let expired = 0;
  const mailed: QueuedMail[] = [];
  for (let start = 0; start < due.length; start += CHUNK) {
    const mails: (QueuedMail | null)[] = [];
    const statements: BatchItem<'sqlite'>[] = [];
    for (const row of due.slice(start, start + CHUNK)) {
      const stillActive = sql`exists (select 1 from licenses where id = ${row.id} and status = 'active')`;
      const mail =
        row.plan === 'Trial' && !row.isDeleted
          ? queueMailWhere(
              db,
              await trialEndedMail(row.email, row.customerName, row.expiresAt, origin),
              now,
              stillActive,
            )
          : null;
      mails.push(mail);
      if (mail) statements.push(mail.insert);
      statements.push(
        db
          .update(licenses)
          .set({ status: 'expired' })
          .where(and(eq(licenses.id, row.id), eq(licenses.status, 'active'))),
      );
    }
    const [first, ...rest] = statements;
    if (!first) continue;
    const results = await db.batch([first, ...rest]);
    // Results come in statement order: [mail?, update] per license.
    let index = 0;
    for (const mail of mails) {
      if (mail) {
        if (changes(results[index])) mailed.push(mail);
        index += 1;
      }
      if (changes(results[index])) expired += 1;
      index += 1;
    }
  }
  await deliverSoon(deps, ...mailed);
  return { expired, mailed: mailed.length };
}

/** Rows a batch statement changed (D1 results carry `meta.changes`). */
function changes(result: unknown): number {
  const meta = (result as { meta?: { changes?: number } } | undefined)?.meta;
  return meta?.changes ?? 0;
}
