/**
 * LocalCheckoutStore in memory, for tests only (the Worker uses D1, so sessions survive isolate
 * restarts). Same contract: markPaid changes an open session once and says whether it did.
 */
import type {
  LocalCheckoutSession,
  LocalCheckoutStore,
  LocalSeatInvoice,
} from '../../../functions/adapters/payments';
import {
  localInvoiceNumber,
  periodEndAfter,
} from '../../../functions/adapters/payments/local-events';
import type { LocalInvoice } from '../../../functions/adapters/payments/types';

export function createMemoryCheckoutStore(): LocalCheckoutStore & {
  sessions: Map<string, LocalCheckoutSession>;
} {
  const sessions = new Map<string, LocalCheckoutSession>();
  const seatInvoices = new Map<string, LocalSeatInvoice>();
  const invoices = new Map<string, LocalInvoice>();
  const nextSeq = () =>
    [...sessions.values()].filter((s) => s.invoiceNumber !== null).length +
    seatInvoices.size +
    invoices.size +
    1;
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
      const seq = nextSeq();
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
      const seq = nextSeq();
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
    async markInvoiced(id, { subscriptionId, invoicedAt, dueAt, poNumber }) {
      const session = sessions.get(id);
      if (!session || session.status !== 'open') return null;
      const invoice: LocalInvoice = {
        id: id.replace(/^cs_local_/, 'in_local_'),
        customerId: session.customerId,
        subscriptionId,
        billingReason: 'subscription_create',
        quantity: session.quantity,
        unitAmount: Math.floor(session.amountSubtotal / session.quantity),
        amountSubtotal: session.amountSubtotal,
        amountTax: session.amountTax,
        amountTotal: session.amountTotal,
        taxRateBp: session.taxRateBp,
        reverseCharge: session.reverseCharge,
        currency: session.currency,
        billingDetails: session.billingDetails,
        collectionMethod: 'send_invoice',
        status: 'open',
        periodStart: invoicedAt,
        periodEnd: periodEndAfter(invoicedAt),
        dueAt,
        poNumber,
        invoiceNumber: localInvoiceNumber(nextSeq(), invoicedAt),
        createdAt: invoicedAt,
        paidAt: null,
      };
      Object.assign(session, {
        status: 'complete',
        subscriptionId,
        paidAt: invoicedAt,
        subscriptionQuantity: session.quantity,
        collectionMethod: 'send_invoice',
        poNumber,
      });
      invoices.set(invoice.id, invoice);
      return { session: { ...session }, invoice: { ...invoice } };
    },
    async getInvoice(id) {
      const invoice = invoices.get(id);
      return invoice ? { ...invoice } : null;
    },
    async listInvoices(customerId) {
      return [...invoices.values()]
        .filter((invoice) => invoice.customerId === customerId)
        .sort((a, b) => b.createdAt - a.createdAt)
        .map((invoice) => ({ ...invoice }));
    },
    async markInvoicePaid(id, paidAt) {
      const invoice = invoices.get(id);
      if (!invoice || invoice.status !== 'open') return null;
      Object.assign(invoice, { status: 'paid', paidAt });
      return { ...invoice };
    },
    async markInvoiceVoid(id) {
      const invoice = invoices.get(id);
      if (!invoice || invoice.status !== 'open') return null;
      invoice.status = 'void';
      return { ...invoice };
    },
    async listPaid(customerId) {
      return [...sessions.values()]
        .filter((session) => session.customerId === customerId && session.paidAt !== null)
        .sort((a, b) => (b.paidAt ?? 0) - (a.paidAt ?? 0))
        .map((session) => ({ ...session }));
    },
  };
}
