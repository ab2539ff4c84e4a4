/**
 * Teams that pay by invoice (bank transfer), from `standardSeats.invoiceMinimum` seats: the
 * subscription is collected by invoice (`send_invoice`) and runs at once, so fulfillment happens
 * when its first invoice is sent, not when it is paid: by the purchase route
 * (invoice-purchase.ts) or the `invoice.finalized` webhook (invoice-finalized.ts), whichever
 * comes first. The same fulfillment as a paid checkout (fulfill-signup.ts, fulfill-upgrade.ts)
 * makes the account or upgrade, the subscription row and the team exactly once; with it, in the
 * same batch, the open invoice (due date, PO number) and the e-mail that sends it. A renewal's
 * invoice is recorded and sent the same way (lifecycle.ts). Paying it is `invoice.paid`
 * (lifecycle.ts); not paying it by the due date suspends the team (cron/invoices-due.ts).
 */
import { billing } from '../../../src/site.config';
import { invoicePdfPath } from '../../../src/contract/billing';
import { invoices } from '../../db/schema';
import { invoiceSentMail } from '../core/mail/invoice-templates';
import { queueMailOnce, type QueuedMail } from '../core/mail/outbox';
import type { Db, Millis } from '../shared/db';
import type { Deps } from '../shared/deps';
import { formatRate } from './tax';
import type { InvoiceEvent } from './webhook-events';

/** The first invoice of a subscription paid by invoice, as fulfillment records it. */
export type SentInvoice = Pick<
  InvoiceEvent,
  | 'invoiceId'
  | 'number'
  | 'amountDue'
  | 'subtotal'
  | 'taxAmount'
  | 'taxRateBp'
  | 'reverseCharge'
  | 'currency'
  | 'created'
  | 'periodStart'
  | 'periodEnd'
  | 'quantity'
  | 'poNumber'
  | 'hostedInvoiceUrl'
  | 'invoicePdf'
  | 'buyer'
  | 'billingReason'
> & { dueAt: Millis };

/** The dedupe key of the e-mail that sends an invoice. */
export const invoiceSentKey = (invoiceId: string) => `invoice-sent:${invoiceId}`;

/** Where the e-mails link the invoice: the provider's hosted page, else our PDF. */
export const invoiceLink = (
  origin: string,
  invoice: Pick<SentInvoice, 'invoiceId' | 'hostedInvoiceUrl' | 'invoicePdf'>,
) =>
  invoice.hostedInvoiceUrl ?? invoice.invoicePdf ?? `${origin}${invoicePdfPath(invoice.invoiceId)}`;

/**
 * The statements that record the open invoice and e-mail it (once per invoice), for the batch
 * that makes the subscription or applies its renewal.
 */
export async function sentInvoiceStatements(
  deps: Pick<Deps, 'db' | 'now' | 'origin'>,
  invoice: SentInvoice,
  to: { userId: string; email: string; name: string; subscriptionId: string },
): Promise<{ statements: Parameters<Db['batch']>[0][number][]; mail: QueuedMail }> {
  const { db, now, origin } = deps;
  const mail = queueMailOnce(
    db,
    await invoiceSentMail(
      to.email,
      to.name,
      {
        number: invoice.number ?? invoice.invoiceId,
        amountCents: invoice.amountDue,
        currency: invoice.currency,
        dueAt: invoice.dueAt,
        poNumber: invoice.poNumber,
        invoiceUrl: invoiceLink(origin, invoice),
        seats: invoice.quantity ?? 1,
        subtotalCents: invoice.subtotal ?? invoice.amountDue - invoice.taxAmount,
        taxCents: invoice.taxAmount,
        taxLabel:
          invoice.taxAmount > 0
            ? `VAT${invoice.taxRateBp === null ? '' : ` ${formatRate(invoice.taxRateBp)}`}`
            : null,
        reverseChargeNote: invoice.reverseCharge ? billing.reverseChargeNote : null,
        renewal: invoice.billingReason === 'subscription_cycle',
      },
      origin,
    ),
    now,
    invoiceSentKey(invoice.invoiceId),
  );
  const row: typeof invoices.$inferInsert = {
    id: invoice.invoiceId,
    userId: to.userId,
    number: invoice.number,
    // An open invoice's amount is what is due; invoice.paid sets what was paid.
    amountPaid: invoice.amountDue,
    currency: invoice.currency,
    status: 'open',
    hostedInvoiceUrl: invoice.hostedInvoiceUrl,
    invoicePdf: invoice.invoicePdf,
    created: invoice.created,
    subtotal: invoice.subtotal,
    taxAmount: invoice.taxAmount,
    taxRateBp: invoice.taxRateBp,
    reverseCharge: invoice.reverseCharge,
    buyer: invoice.buyer,
    quantity: invoice.quantity,
    unitAmount:
      invoice.quantity === null || invoice.subtotal === null
        ? null
        : Math.round(invoice.subtotal / invoice.quantity),
    billingReason: invoice.billingReason,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    dueAt: invoice.dueAt,
    poNumber: invoice.poNumber,
    stripeSubscriptionId: to.subscriptionId,
  };
  // An invoice.paid that came first (a fast payment) keeps its paid row.
  const insert = db.insert(invoices).values(row).onConflictDoNothing();
  return { statements: [insert, mail.insert], mail };
}
