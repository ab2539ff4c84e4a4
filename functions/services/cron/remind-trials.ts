/**
 * The "your trial ends in 3 days" e-mail (`limits.trialEndingReminderDays`). No change causes it,
 * so "once" is the outbox's dedupe key, `trial-ending:<license id>:<expiry>`: the hourly runs that
 * find the same trial in its window, or two Workers running this job at once, write one row. A
 * trial whose end an operator moves gets a reminder for its new end.
 */
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { limits } from '../../../src/site.config';
import { licenses, users } from '../../db/schema';
import { trialEndingMail } from '../core/mail/lifecycle-templates';
import { deliverSoon, queueMailOnce, writeMails } from '../core/mail/outbox';
import { DAY_MS } from '../shared/db';
import type { Deps } from '../shared/deps';
import type { JobCounts } from './job';

/** The dedupe key of a trial's reminder, in SQL (it must equal `trialEndingKey`). */
const trialEndingKeySql = sql`'trial-ending:' || ${licenses.id} || ':' || ${licenses.expiresAt}`;
const trialEndingKey = (licenseId: string, expiresAt: number) =>
  `trial-ending:${licenseId}:${expiresAt}`;

/**
 * Mails every Trial customer whose active trial ends within the window, once per license and
 * end. Only the account's current license of a live Trial account counts: an upgraded customer's
 * old trial, or a deleted account's, ends silently.
 */
export async function remindTrialsEnding(deps: Deps): Promise<JobCounts> {
  const { db, now, origin } = deps;
  const due = await db
    .select({
      id: licenses.id,
      expiresAt: licenses.expiresAt,
      email: users.email,
      customerName: users.customerName,
    })
    .from(licenses)
    .innerJoin(users, eq(users.id, licenses.userId))
    .where(
      and(
        eq(licenses.status, 'active'),
        gt(licenses.expiresAt, now),
        lte(licenses.expiresAt, now + limits.trialEndingReminderDays * DAY_MS),
        eq(licenses.plan, 'Trial'),
        eq(users.plan, 'Trial'),
        eq(users.isDeleted, false),
        sql`not exists (select 1 from licenses as newer where newer.user_id = ${licenses.userId} and newer.created_at > ${licenses.createdAt})`,
        // Already reminded: skipped here through the UNIQUE index; the index is what guarantees it.
        sql`not exists (select 1 from outbox where outbox.dedupe_key = ${trialEndingKeySql})`,
      ),
    );

  const mails = await Promise.all(
    due.map(async (row) =>
      queueMailOnce(
        db,
        await trialEndingMail(row.email, row.customerName, { endsAt: row.expiresAt, now }, origin),
        now,
        trialEndingKey(row.id, row.expiresAt),
        sql`exists (select 1 from licenses where id = ${row.id} and status = 'active' and expires_at = ${row.expiresAt})`,
      ),
    ),
  );
  const written = await writeMails(db, mails);
  await deliverSoon(deps, ...written);
  return { mailed: written.length };
}
