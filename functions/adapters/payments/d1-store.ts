/**
 * LocalCheckoutStore on D1 (`dev_checkout_sessions`): development checkout sessions must survive
 * isolate restarts between creating a session and paying it. `markPaid` is one conditional
 * UPDATE … RETURNING, so only the first Pay changes the session (and sends its events).
 */
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DrizzleD1Database } from 'drizzle-orm/d1';
import type * as schema from '../../db/schema';
import { devCheckoutSessions, devInvoices } from '../../db/schema';
import { localInvoiceNumber, periodEndAfter } from './local-events';
import type { LocalCheckoutSession, LocalCheckoutStore, LocalInvoice } from './types';

type Row = typeof devCheckoutSessions.$inferSelect;

/** The next number of the sequence shared by checkout sessions and development invoices. */
const nextInvoiceSeq = sql`(select max(coalesce((select max(invoice_seq) from dev_checkout_sessions), 0), coalesce((select max(invoice_seq) from dev_invoices), 0)) + 1)`;

function toInvoice(row: typeof devInvoices.$inferSelect): LocalInvoice {
  return {
    id: row.id,
    customerId: row.customerId,
    subscriptionId: row.subscriptionId,
    billingReason: row.billingReason,
    quantity: row.quantity,
    unitAmount: row.unitAmount,
    amountSubtotal: row.amountSubtotal,
    amountTax: row.amountTax,
    amountTotal: row.amountTotal,
    taxRateBp: row.taxRateBp,
    reverseCharge: row.reverseCharge,
    currency: row.currency,
    billingDetails: row.billingDetails ?? null,
    collectionMethod: row.collectionMethod,
    status: row.status,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    dueAt: row.dueAt,
    poNumber: row.poNumber,
    invoiceNumber: localInvoiceNumber(row.invoiceSeq, row.createdAt),
    createdAt: row.createdAt,
    paidAt: row.paidAt,
  };
}

function toSession(row: Row): LocalCheckoutSession {
  return {
    id: row.id,
    clientReferenceId: row.clientReferenceId,
    reference:
      row.referenceKind === 'user'
        ? { userId: row.clientReferenceId }
        : { pendingSignupId: row.clientReferenceId },
    plan: row.plan,
    customerEmail: row.customerEmail,
    customerId: row.customerId,
    subscriptionId: row.subscriptionId,
    successUrl: row.successUrl,
    cancelUrl: row.cancelUrl,
    amountTotal: row.amountTotal,
    currency: row.currency,
    status: row.status,
    createdAt: row.createdAt,
    paidAt: row.paidAt,
    refundedAt: row.refundedAt,
    refundKind: row.refundKind,
    canceledAt: row.canceledAt,
    billingDetails: row.billingDetails ?? null,
    amountSubtotal: row.amountSubtotal ?? row.amountTotal,
    amountTax: row.amountTax ?? 0,
    taxRateBp: row.taxRateBp ?? 0,
    reverseCharge: row.reverseCharge,
    invoiceNumber:
      row.invoiceSeq === null || row.paidAt === null
        ? null
        : localInvoiceNumber(row.invoiceSeq, row.paidAt),
    quantity: row.quantity,
    subscriptionQuantity: row.subscriptionQuantity,
    renewalQuantity: row.renewalQuantity,
    collectionMethod: row.collectionMethod,
    poNumber: row.poNumber,
  };
}

export function createD1CheckoutStore(db: DrizzleD1Database<typeof schema>): LocalCheckoutStore {
  /** The paid session of a subscription, as it stands after a conditional write. */
  async function paidSessionOf(subscriptionId: string) {
    const [row] = await db
      .select()
      .from(devCheckoutSessions)
      .where(eq(devCheckoutSessions.subscriptionId, subscriptionId))
      .limit(1);
    return row && row.paidAt !== null ? toSession(row) : null;
  }

  async function invoiceById(id: string) {
    const [row] = await db.select().from(devInvoices).where(eq(devInvoices.id, id)).limit(1);
    return row ? toInvoice(row) : null;
  }

  return {
    async save(session) {
      await db.insert(devCheckoutSessions).values({
        id: session.id,
        clientReferenceId: session.clientReferenceId,
        referenceKind: 'userId' in session.reference ? 'user' : 'pendingSignup',
        plan: session.plan,
        customerEmail: session.customerEmail,
        customerId: session.customerId,
        subscriptionId: session.subscriptionId,
        successUrl: session.successUrl,
        cancelUrl: session.cancelUrl,
        amountTotal: session.amountTotal,
        currency: session.currency,
        status: session.status,
        createdAt: session.createdAt,
        paidAt: session.paidAt,
        refundedAt: session.refundedAt,
        refundKind: session.refundKind,
        canceledAt: session.canceledAt,
        billingDetails: session.billingDetails,
        amountSubtotal: session.amountSubtotal,
        amountTax: session.amountTax,
        taxRateBp: session.taxRateBp,
        reverseCharge: session.reverseCharge,
        quantity: session.quantity,
        subscriptionQuantity: session.subscriptionQuantity,
        renewalQuantity: session.renewalQuantity,
        collectionMethod: session.collectionMethod,
        poNumber: session.poNumber,
      });
    },
    async get(id) {
      const [row] = await db
        .select()
        .from(devCheckoutSessions)
        .where(eq(devCheckoutSessions.id, id))
        .limit(1);
      return row ? toSession(row) : null;
    },
    async markPaid(id, { subscriptionId, paidAt }) {
      const [row] = await db
        .update(devCheckoutSessions)
        // The next number of the sequence, in the same statement: D1 runs one write at a time and
        // the UNIQUE index refuses a repeat, so numbers are unique and without gaps.
        .set({
          status: 'complete',
          subscriptionId,
          paidAt,
          subscriptionQuantity: sql`${devCheckoutSessions.quantity}`,
          invoiceSeq: sql`(select coalesce(max(${devCheckoutSessions.invoiceSeq}), 0) + 1 from ${devCheckoutSessions})`,
        })
        .where(and(eq(devCheckoutSessions.id, id), eq(devCheckoutSessions.status, 'open')))
        .returning();
      return row ? toSession(row) : null;
    },
    async saveDetails(id, details, quote, quantity) {
      const [row] = await db
        .update(devCheckoutSessions)
        .set({
          ...(quantity === undefined ? {} : { quantity }),
          billingDetails: details,
          amountSubtotal: quote.subtotal,
          amountTax: quote.tax,
          amountTotal: quote.total,
          taxRateBp: quote.rateBp,
          reverseCharge: quote.reverseCharge,
        })
        .where(and(eq(devCheckoutSessions.id, id), eq(devCheckoutSessions.status, 'open')))
        .returning();
      return row ? toSession(row) : null;
    },
    async markExpired(id) {
      const [row] = await db
        .update(devCheckoutSessions)
        .set({ status: 'expired' })
        .where(and(eq(devCheckoutSessions.id, id), eq(devCheckoutSessions.status, 'open')))
        .returning();
      return row ? toSession(row) : null;
    },
    async markRefunded(subscriptionId, { refundedAt, kind }) {
      await db
        .update(devCheckoutSessions)
        .set({ refundedAt, refundKind: kind })
        .where(
          and(
            eq(devCheckoutSessions.subscriptionId, subscriptionId),
            isNotNull(devCheckoutSessions.paidAt),
            isNull(devCheckoutSessions.refundedAt),
          ),
        );
      return paidSessionOf(subscriptionId);
    },
    async markCanceled(subscriptionId, canceledAt) {
      await db
        .update(devCheckoutSessions)
        .set({ canceledAt })
        .where(
          and(
            eq(devCheckoutSessions.subscriptionId, subscriptionId),
            isNotNull(devCheckoutSessions.paidAt),
            isNull(devCheckoutSessions.canceledAt),
          ),
        );
      return paidSessionOf(subscriptionId);
    },
    async addSeatInvoice(invoice, quantity) {
      // One statement each, in one batch: the invoice (once per key, numbered in the sequence
      // shared with paid checkouts) and the subscription's seats, raised only with a new invoice.
      const seq = nextInvoiceSeq;
      await db.batch([
        db
          .insert(devInvoices)
          .values({
            id: invoice.id,
            customerId: invoice.customerId,
            subscriptionId: invoice.subscriptionId,
            billingReason: 'subscription_update',
            quantity: invoice.quantity,
            unitAmount: invoice.unitAmount,
            amountSubtotal: invoice.amountSubtotal,
            amountTax: invoice.amountTax,
            amountTotal: invoice.amountTotal,
            taxRateBp: invoice.taxRateBp,
            reverseCharge: invoice.reverseCharge,
            currency: invoice.currency,
            billingDetails: invoice.billingDetails,
            collectionMethod: 'charge_automatically',
            status: 'paid',
            periodStart: invoice.periodStart,
            periodEnd: invoice.periodEnd,
            invoiceSeq: seq,
            createdAt: invoice.createdAt,
            paidAt: invoice.createdAt,
            idempotencyKey: invoice.idempotencyKey,
          })
          .onConflictDoNothing({ target: devInvoices.idempotencyKey }),
        db
          .update(devCheckoutSessions)
          .set({ subscriptionQuantity: quantity })
          .where(
            and(
              eq(devCheckoutSessions.subscriptionId, invoice.subscriptionId),
              sql`exists (select 1 from dev_invoices where id = ${invoice.id})`,
            ),
          ),
      ]);
      const [row] = await db
        .select()
        .from(devInvoices)
        .where(eq(devInvoices.idempotencyKey, invoice.idempotencyKey))
        .limit(1);
      if (!row) throw new Error('seat invoice was not recorded');
      return {
        ...invoice,
        id: row.id,
        quantity: row.quantity,
        unitAmount: row.unitAmount,
        amountSubtotal: row.amountSubtotal,
        amountTax: row.amountTax,
        amountTotal: row.amountTotal,
        createdAt: row.createdAt,
        invoiceNumber: localInvoiceNumber(row.invoiceSeq, row.createdAt),
      };
    },
    async setRenewalQuantity(sessionId, quantity) {
      await db
        .update(devCheckoutSessions)
        .set({ renewalQuantity: quantity })
        .where(eq(devCheckoutSessions.id, sessionId));
    },
    async markInvoiced(id, { subscriptionId, invoicedAt, dueAt, poNumber }) {
      const invoiceId = id.replace(/^cs_local_/, 'in_local_');
      // One batch: the session completes (only while open), then its invoice is written only if
      // that update made the session this invoiced subscription's.
      const [updated] = await db.batch([
        db
          .update(devCheckoutSessions)
          .set({
            status: 'complete',
            subscriptionId,
            paidAt: invoicedAt,
            subscriptionQuantity: sql`${devCheckoutSessions.quantity}`,
            collectionMethod: 'send_invoice',
            poNumber,
          })
          .where(and(eq(devCheckoutSessions.id, id), eq(devCheckoutSessions.status, 'open')))
          .returning(),
        db.insert(devInvoices).select(
          sql`select ${invoiceId}, s.customer_id, ${subscriptionId}, 'subscription_create', s.quantity,
              coalesce(s.amount_subtotal, s.amount_total) / s.quantity, coalesce(s.amount_subtotal, s.amount_total),
              coalesce(s.amount_tax, 0), s.amount_total, coalesce(s.tax_rate_bp, 0), s.reverse_charge, s.currency,
              s.billing_details, 'send_invoice', 'open', ${invoicedAt}, ${periodEndAfter(invoicedAt)}, ${dueAt},
              ${poNumber}, ${nextInvoiceSeq}, ${invoicedAt}, null, ${`create:${id}`}
            from dev_checkout_sessions as s
            where s.id = ${id} and s.subscription_id = ${subscriptionId} and s.paid_at = ${invoicedAt}
              and s.collection_method = 'send_invoice'
              and not exists (select 1 from dev_invoices where id = ${invoiceId})`,
        ),
      ]);
      const row = updated[0];
      if (!row) return null;
      const invoice = await invoiceById(invoiceId);
      return invoice ? { session: toSession(row), invoice } : null;
    },
    getInvoice: invoiceById,
    async listInvoices(customerId) {
      const rows = await db
        .select()
        .from(devInvoices)
        .where(eq(devInvoices.customerId, customerId))
        .orderBy(desc(devInvoices.createdAt));
      return rows.map(toInvoice);
    },
    async markInvoicePaid(id, paidAt) {
      const [row] = await db
        .update(devInvoices)
        .set({ status: 'paid', paidAt })
        .where(and(eq(devInvoices.id, id), eq(devInvoices.status, 'open')))
        .returning();
      return row ? toInvoice(row) : null;
    },
    async markInvoiceVoid(id) {
      const [row] = await db
        .update(devInvoices)
        .set({ status: 'void' })
        .where(and(eq(devInvoices.id, id), eq(devInvoices.status, 'open')))
        .returning();
      return row ? toInvoice(row) : null;
    },
    async listPaid(customerId) {
      const rows = await db
        .select()
        .from(devCheckoutSessions)
        .where(
          and(
            eq(devCheckoutSessions.customerId, customerId),
            isNotNull(devCheckoutSessions.paidAt),
          ),
        )
        .orderBy(desc(devCheckoutSessions.paidAt));
      return rows.map(toSession);
    },
  };
}
