/**
 * The "your paid year renews in 7 days" e-mail (`limits.renewalReminderDays`), with the amount the
 * card will be charged, or the renewal's invoice will ask for (tax included, `renewalCharge`),
 * and how to cancel. No change causes it, so "once" is the outbox's dedupe key,
 * `renewal-reminder:<subscription id>:<period end>`: reruns and concurrent runs write one row, and
 * each renewed year (a new period end) gets its own.
 */
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { limits } from '../../../src/site.config';
import { subscriptions, users } from '../../db/schema';
import { renewalReminderMail } from '../core/mail/lifecycle-templates';
import { renewalCharge } from '../core/payments/charges';
import { deliverSoon, queueMailOnce, writeMails } from '../core/mail/outbox';
import { DAY_MS } from '../shared/db';
import type { Deps } from '../shared/deps';
import type { JobCounts } from './job';

/** The dedupe key of a renewal's reminder, in SQL (it must equal `renewalKey`). */
const renewalKeySql = sql`'renewal-reminder:' || ${subscriptions.id} || ':' || ${subscriptions.currentPeriodEnd}`;
const renewalKey = (subscriptionId: string, periodEnd: number) =>
  `renewal-reminder:${subscriptionId}:${periodEnd}`;

/**
 * Mails every customer whose subscription will renew within the window: `active` and not set to
 * end (a cancelled one does not renew; a past-due one is the failed-payment e-mail's business).
 */
export async function remindRenewals(deps: Deps): Promise<JobCounts> {
  const { db, now, origin } = deps;
  const due = await db
    .select({
      id: subscriptions.id,
      periodEnd: subscriptions.currentPeriodEnd,
      email: users.email,
      customerName: users.customerName,
      userId: subscriptions.userId,
      quantity: subscriptions.quantity,
      renewalQuantity: subscriptions.renewalQuantity,
      unitAmount: subscriptions.unitAmount,
      collectionMethod: subscriptions.collectionMethod,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(
      and(
        eq(subscriptions.status, 'active'),
        gt(subscriptions.currentPeriodEnd, now),
        lte(subscriptions.currentPeriodEnd, now + limits.renewalReminderDays * DAY_MS),
        eq(subscriptions.cancelAtPeriodEnd, false),
        eq(users.isDeleted, false),
        // Already reminded: skipped here through the UNIQUE index; the index is what guarantees it.
        sql`not exists (select 1 from outbox where outbox.dedupe_key = ${renewalKeySql})`,
      ),
    );

  // The amount with tax each renewal will charge (charges.ts), as Billing & Invoices shows it.
  const charges = await Promise.all(due.map((row) => renewalCharge(db, row)));
  const mails = (
    await Promise.all(
      due.map(async ({ id, periodEnd, email, customerName, collectionMethod }, i) =>
        periodEnd === null || !charges[i]
          ? []
          : [
              queueMailOnce(
                db,
                await renewalReminderMail(
                  email,
                  customerName,
                  {
                    renewsAt: periodEnd,
                    now,
                    charge: charges[i],
                    byInvoice: collectionMethod === 'send_invoice',
                  },
                  origin,
                ),
                now,
                renewalKey(id, periodEnd),
                sql`exists (select 1 from subscriptions where id = ${id} and status = 'active'
              and cancel_at_period_end = 0 and current_period_end = ${periodEnd})`,
              ),
            ],
      ),
    )
  ).flat();
  const written = await writeMails(db, mails);
  await deliverSoon(deps, ...written);
  return { mailed: written.length };
}
