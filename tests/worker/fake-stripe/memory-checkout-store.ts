/**
 * LocalCheckoutStore in memory, for tests only (the Worker uses D1, so sessions survive isolate
 * restarts). Same contract: markPaid changes an open session once and says whether it did.
 */
import {
  localInvoiceNumber,
  type LocalCheckoutSession,
  type LocalCheckoutStore,
  type LocalSeatInvoice,
} from '../../../functions/adapters/payments';

export function createMemoryCheckoutStore(): LocalCheckoutStore & {
  sessions: Map<string, LocalCheckoutSession>;
} {
  const sessions = new Map<string, LocalCheckoutSession>();
  const seatInvoices = new Map<string, LocalSeatInvoice>();
  const paidSessionOf = (subscriptionId: string) => {
    const session = [...sessions.values()].find((s) => s.subscriptionId === subscriptionId);
    return session && session.paidAt !== null ? session : null;
  };
  return {
    sessions,
    async save(session) {
      sessions.set(session.id, { ...session });
    },
    async get(id) {
      const session = sessions.get(id);
      return session ? { ...session } : null;
    },
    async markPaid(id, { subscriptionId, paidAt }) {
      const session = sessions.get(id);
      if (!session || session.status !== 'open') return null;
      const seq = [...sessions.values()].filter((s) => s.paidAt !== null).length + 1;
      Object.assign(session, {
        status: 'complete',
        subscriptionId,
        paidAt,
        invoiceNumber: localInvoiceNumber(seq, paidAt),
      });
      return { ...session };
    },
    async saveDetails(id, details, quote, quantity) {
      const session = sessions.get(id);
      if (!session || session.status !== 'open') return null;
      Object.assign(session, {
        ...(quantity === undefined ? {} : { quantity, subscriptionQuantity: quantity }),
        billingDetails: details,
        amountSubtotal: quote.subtotal,
        amountTax: quote.tax,
        amountTotal: quote.total,
        taxRateBp: quote.rateBp,
        reverseCharge: quote.reverseCharge,
      });
      return { ...session };
    },
    async addSeatInvoice(invoice, quantity) {
      const earlier = seatInvoices.get(invoice.idempotencyKey);
      if (earlier) return { ...earlier };
      const seq =
        [...sessions.values()].filter((s) => s.paidAt !== null).length + seatInvoices.size + 1;
      const recorded = { ...invoice, invoiceNumber: localInvoiceNumber(seq, invoice.createdAt) };
      seatInvoices.set(invoice.idempotencyKey, recorded);
      const session = paidSessionOf(invoice.subscriptionId);
      if (session) session.subscriptionQuantity = quantity;
      return { ...recorded };
    },
    async setRenewalQuantity(sessionId, quantity) {
      const session = sessions.get(sessionId);
      if (session) session.renewalQuantity = quantity;
    },
    async markExpired(id) {
      const session = sessions.get(id);
      if (!session || session.status !== 'open') return null;
      session.status = 'expired';
      return { ...session };
    },
    async markRefunded(subscriptionId, { refundedAt, kind }) {
      const session = paidSessionOf(subscriptionId);
      if (!session) return null;
      if (session.refundedAt === null) Object.assign(session, { refundedAt, refundKind: kind });
      return { ...session };
    },
    async markCanceled(subscriptionId, canceledAt) {
      const session = paidSessionOf(subscriptionId);
      if (!session) return null;
      session.canceledAt ??= canceledAt;
      return { ...session };
    },
    async listPaid(customerId) {
      return [...sessions.values()]
        .filter((session) => session.customerId === customerId && session.paidAt !== null)
        .sort((a, b) => (b.paidAt ?? 0) - (a.paidAt ?? 0))
        .map((session) => ({ ...session }));
    },
  };
}
