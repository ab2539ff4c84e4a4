/**
 * LocalCheckoutStore on D1 (`dev_checkout_sessions`): development checkout sessions must survive
 * isolate restarts between creating a session and paying it. `markPaid` is one conditional
 * UPDATE … RETURNING, so only the first Pay changes the session (and sends its events).
 */
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DrizzleD1Database } from 'drizzle-orm/d1';
import type * as schema from '../../db/schema';
import { devCheckoutSessions } from '../../db/schema';
import { localInvoiceNumber } from './local-events';
import type { LocalCheckoutSession, LocalCheckoutStore } from './types';

type Row = typeof devCheckoutSessions.$inferSelect;

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
