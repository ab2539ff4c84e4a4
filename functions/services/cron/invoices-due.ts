/**
 * Invoices sent for bank transfer (teams paying by invoice, billing/invoiced.ts): the reminder
 * `invoiceReminderDays` before the due date and on the due date, each once per invoice (outbox
 * dedupe keys `invoice-due-soon:<id>`, `invoice-due-today:<id>`); and at the due time of an
 * invoice still open, the suspension of every license its subscription pays for (`licensesPaidBy`)
 * with the subscription `past_due` and the `invoice-overdue` e-mail, in one batch per invoice.
 * The suspension happens once: every statement of its batch holds only while the subscription is
 * still `active`, which the batch's last statement ends. Paying the invoice (`invoice.paid`,
 * billing/lifecycle.ts) makes the subscription active and the licenses active again.
 */
import { and, eq, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { limits } from '../../../src/site.config';
import { invoices, licenses, subscriptions, users } from '../../db/schema';
import { invoiceOverdueMail, invoiceReminderMail } from '../core/mail/invoice-templates';
import { deliverSoon, mailWritten, queueMailOnce, writeMails } from '../core/mail/outbox';
import { licensesPaidBy } from '../core/payments/teams';
import { invoicePdfPath } from '../../../src/contract/billing';
import { DAY_MS } from '../shared/db';
import type { Deps } from '../shared/deps';
import type { JobCounts } from './job';

/** Midnight UTC of the day `at` falls on: from then the invoice is "due today". */
const startOfUtcDay = (at: number) => at - (((at % DAY_MS) + DAY_MS) % DAY_MS);

export async function remindAndSuspendInvoices(deps: Deps): Promise<JobCounts> {
  const { db, now, origin } = deps;
  const due = await db
    .select({
      invoiceId: invoices.id,
      number: invoices.number,
      amount: invoices.amountPaid,
      currency: invoices.currency,
      dueAt: invoices.dueAt,
      poNumber: invoices.poNumber,
      hostedInvoiceUrl: invoices.hostedInvoiceUrl,
      invoicePdf: invoices.invoicePdf,
      subscriptionRowId: subscriptions.id,
      userId: subscriptions.userId,
      stripeSubscriptionId: subscriptions.stripeSubscriptionId,
      email: users.email,
      customerName: users.customerName,
    })
    .from(invoices)
    .innerJoin(subscriptions, eq(subscriptions.stripeSubscriptionId, invoices.stripeSubscriptionId))
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(
      and(
        eq(invoices.status, 'open'),
        isNotNull(invoices.dueAt),
        lte(invoices.dueAt, now + limits.invoiceReminderDays * DAY_MS),
        ne(subscriptions.status, 'canceled'),
        eq(users.isDeleted, false),
      ),
    );

  const reminders = [];
  let suspended = 0;
  for (const row of due) {
    const dueAt = row.dueAt ?? 0;
    const facts = {
      number: row.number ?? row.invoiceId,
      amountCents: row.amount,
      currency: row.currency,
      dueAt,
      poNumber: row.poNumber,
      invoiceUrl:
        row.hostedInvoiceUrl ?? row.invoicePdf ?? `${origin}${invoicePdfPath(row.invoiceId)}`,
    };
    const stillOpen = sql`exists (select 1 from invoices where id = ${row.invoiceId} and status = 'open')`;
    if (now < dueAt) {
      const dueToday = now >= startOfUtcDay(dueAt);
      reminders.push(
        queueMailOnce(
          db,
          await invoiceReminderMail(row.email, row.customerName, { ...facts, dueToday }, origin),
          now,
          `${dueToday ? 'invoice-due-today' : 'invoice-due-soon'}:${row.invoiceId}`,
          stillOpen,
        ),
      );
      continue;
    }
    // Due and unpaid: suspend once, while the subscription is still active.
    const stillActive = sql`exists (select 1 from subscriptions where id = ${row.subscriptionRowId} and status = 'active')`;
    const gate = sql`${stillOpen} and ${stillActive}`;
    const mail = queueMailOnce(
      db,
      await invoiceOverdueMail(row.email, row.customerName, facts, origin),
      now,
      `invoice-overdue:${row.invoiceId}`,
      gate,
    );
    const results = await db.batch([
      mail.insert,
      db
        .update(licenses)
        .set({ status: 'suspended' })
        .where(and(licensesPaidBy(row), eq(licenses.status, 'active'), gate)),
      db
        .update(subscriptions)
        .set({ status: 'past_due', updatedAt: now })
        .where(and(eq(subscriptions.id, row.subscriptionRowId), gate)),
    ]);
    const changed = (results[2] as { meta?: { changes?: number } } | undefined)?.meta?.changes ?? 0;
    if (changed > 0) suspended += 1;
    if (mailWritten(results[0])) await deliverSoon(deps, mail);
  }
  const written = await writeMails(db, reminders);
  await deliverSoon(deps, ...written);
  return { reminded: written.length, suspended };
}
