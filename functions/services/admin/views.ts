/** Rows as the console shows them (the shapes of src/contract/admin.ts). */
import type {
  AdminInvoice,
  AdminMail,
  AutomaticRefund,
  ContactMessageView,
  ContactReplyView,
} from '../../../src/contract/admin';
import type {
  contactMessages,
  contactReplies,
  invoices,
  outbox,
  paymentRefunds,
} from '../../db/schema';
import { holdsSecret } from '../core/mail/rules';
import { iso, isoOrNull } from '../shared/db';

type InvoiceRow = typeof invoices.$inferSelect;
type RefundRow = typeof paymentRefunds.$inferSelect;
type ContactRow = typeof contactMessages.$inferSelect;

export function toAdminInvoice(row: InvoiceRow): AdminInvoice {
  return {
    id: row.id,
    number: row.number,
    amountPaid: row.amountPaid,
    currency: row.currency,
    status: row.status,
    created: iso(row.created),
    hostedInvoiceUrl: row.hostedInvoiceUrl,
    billedTo: row.buyer ? (row.buyer.company ?? row.buyer.name) : null,
    taxId: row.buyer?.taxId ?? null,
    refund:
      row.refundStatus === null
        ? null
        : {
            status: row.refundStatus,
            amount: row.refundAmount,
            refundedAt: isoOrNull(row.refundedAt),
            error: row.refundError,
          },
  };
}

export function toAutomaticRefund(row: RefundRow): AutomaticRefund {
  return {
    id: row.id,
    reason: row.reason,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    email: row.email,
    userId: row.userId,
    stripeSubscriptionId: row.subscriptionId,
    checkoutSessionId: row.checkoutSessionId,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: iso(row.createdAt),
    refundedAt: isoOrNull(row.refundedAt),
  };
}

type ReplyRow = typeof contactReplies.$inferSelect;

/** Replies grouped by their message, in the order given (oldest first). */
export function repliesByMessage(rows: readonly ReplyRow[]): Map<string, ContactReplyView[]> {
  const byMessage = new Map<string, ContactReplyView[]>();
  for (const row of rows) {
    const list = byMessage.get(row.messageId) ?? [];
    list.push({
      id: row.id,
      text: row.text,
      createdAt: iso(row.createdAt),
      operatorEmail: row.operatorEmail,
    });
    byMessage.set(row.messageId, list);
  }
  return byMessage;
}

export function toContactView(
  row: ContactRow,
  userId: string | null,
  replies: ContactReplyView[],
): ContactMessageView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    createdAt: iso(row.createdAt),
    status: row.status,
    handledAt: isoOrNull(row.handledAt),
    handledBy: row.handledBy,
    handledNote: row.handledNote,
    userId,
    replies,
  };
}

/**
 * An e-mail as operators see it: never its one-time code or link. The verification code is in
 * its subject (so it shows in a notification), so such subjects are shown without digits.
 */
export function toAdminMail(row: typeof outbox.$inferSelect): AdminMail {
  return {
    id: row.id,
    to: row.toEmail,
    subject: holdsSecret(row.tag) ? row.subject.replace(/\d/g, '•') : row.subject,
    tag: row.tag,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: iso(row.createdAt),
    sentAt: isoOrNull(row.sentAt),
  };
}
