/**
 * Automatic refunds of payments we cannot apply: a second payment for an e-mail
 * that already has an account, an upgrade of an account that already pays, was deleted or is
 * Enterprise, or a payment naming nothing of ours. The subscription is cancelled at once, the
 * payment refunded in full through the payments adapter, the case recorded in `payment_refunds`
 * (where operators see it) and the payer e-mailed.
 *
 * Exactly once under races and replays: the row's UNIQUE subscription id lets one caller insert
 * it, and only that caller refunds; the provider call carries the row id as idempotency key, so a
 * retry (the cron, for a row left `pending` by a failure or a killed Worker) refunds once; and the
 * e-mail is written in the same batch that marks the row refunded, only while it was pending.
 *
 * An order paid by invoice (bank transfer) has no payment to give back: the same row, naming its
 * first invoice instead of a checkout, has that invoice voided and the subscription cancelled
 * (`voidInvoicedSubscription`), with the `invoice-voided` e-mail; the row then reads `refunded`
 * with an amount of 0, and its later events are acknowledged like a refunded payment's.
 */
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { refundReasonText, type RefundReason } from '../../../src/contract/messages';
import { paymentRefunds, type RefundRow } from '../../db/schema';
import { deliverSoon, queueMailWhere } from '../core/mail/outbox';
import { paymentRefundedMail } from '../core/mail/templates';
import { invoiceVoidedMail } from '../core/mail/invoice-templates';
import type { Db } from '../shared/db';
import type { Deps } from '../shared/deps';

/** Provider attempts before a refund is left `failed` for an operator. */
export const MAX_REFUND_ATTEMPTS = 8;

/** A pending refund untouched this long is retried by the cron. */
export const REFUND_RETRY_AFTER_MS = 5 * 60 * 1000;

/** A paid checkout we will not apply, and why. */
export interface UnappliedPayment {
  subscriptionId: string;
  customerId: string | null;
  /** The checkout (`cs_…`) it came from; for an order paid by invoice, its first invoice (`in_…`). */
  checkoutSessionId: string | null;
  pendingSignupId?: string | null;
  userId?: string | null;
  /** Where the refund e-mail goes: the account's or the payer's address. */
  email: string;
  reason: RefundReason;
}

/** The refund of a subscription, if one was recorded. */
export async function refundOfSubscription(
  db: Db,
  subscriptionId: string,
): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.subscriptionId, subscriptionId))
    .limit(1);
  return row;
}

/**
 * Records and refunds an unapplied payment, once (see the file comment). Answers the refund's
 * row as it stands: `refunded`, or `pending` while the provider has not done it yet.
 */
export async function refundUnappliedPayment(
  deps: Deps,
  payment: UnappliedPayment,
): Promise<RefundRow> {
  const { db, now } = deps;
  const [inserted] = await db
    .insert(paymentRefunds)
    .values({
      id: crypto.randomUUID(),
      subscriptionId: payment.subscriptionId,
      customerId: payment.customerId,
      checkoutSessionId: payment.checkoutSessionId,
      pendingSignupId: payment.pendingSignupId ?? null,
      userId: payment.userId ?? null,
      email: payment.email,
      reason: payment.reason,
      status: 'pending',
      attempts: 0,
      createdAt: now,
    })
    .onConflictDoNothing({ target: paymentRefunds.subscriptionId })
    .returning();
  if (!inserted) {
    // Another call (webhook, poll, replay) recorded it first and refunds it.
    const existing = await refundOfSubscription(db, payment.subscriptionId);
    if (!existing) throw new Error(`Refund of ${payment.subscriptionId} vanished`);
    return existing;
  }
  console.error(
    `Payment ${payment.subscriptionId} not applied (${payment.reason}): refunding it automatically`,
  );
  return attemptRefund(deps, inserted);
}

/**
 * The first invoice of an order paid by invoice, when the row is one (its `checkoutSessionId`
 * names an invoice, not a checkout): nothing was paid, so it is voided instead of refunded.
 */
export function invoicedOrderOf(row: Pick<RefundRow, 'checkoutSessionId'>): string | null {
  return row.checkoutSessionId?.startsWith('in_') ? row.checkoutSessionId : null;
}

/** Undoes an order paid by invoice at the provider: `amount` 0, as nothing was paid. */
async function voidOrder(deps: Deps, row: RefundRow, invoiceId: string) {
  await deps.payments.voidInvoicedSubscription({
    subscriptionId: row.subscriptionId,
    invoiceId,
    idempotencyKey: row.id,
    reason: row.reason,
  });
  return { refundId: null, amount: 0, currency: null };
}

/** One provider attempt for a pending refund; a failure leaves it pending for the cron. */
export async function attemptRefund(deps: Deps, row: RefundRow): Promise<RefundRow> {
  const { db, now, payments } = deps;
  const invoiceId = invoicedOrderOf(row);
  let result: { refundId: string | null; amount: number; currency: string | null };
  try {
    result = invoiceId
      ? await voidOrder(deps, row, invoiceId)
      : await payments.refundSubscription({
          subscriptionId: row.subscriptionId,
          idempotencyKey: row.id,
          reason: row.reason,
        });
  } catch (error) {
    const attempts = row.attempts + 1;
    const status = attempts >= MAX_REFUND_ATTEMPTS ? 'failed' : 'pending';
    const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 300);
    console.error(`Refund of ${row.subscriptionId} failed (attempt ${attempts}):`, error);
    const [updated] = await db
      .update(paymentRefunds)
      .set({ attempts, status, lastError })
      .where(and(eq(paymentRefunds.id, row.id), eq(paymentRefunds.status, 'pending')))
      .returning();
    return updated ?? row;
  }

  const reason = refundReasonText[row.reason];
  const why = reason.charAt(0).toLowerCase() + reason.slice(1);
  const mail = queueMailWhere(
    db,
    invoiceId || result.currency === null
      ? await invoiceVoidedMail(row.email, why, deps.origin)
      : await paymentRefundedMail(
          row.email,
          why,
          { cents: result.amount, currency: result.currency },
          deps.origin,
        ),
    now,
    sql`exists (select 1 from payment_refunds where id = ${row.id} and status = 'pending')`,
  );
  const [, marked] = await db.batch([
    mail.insert,
    db
      .update(paymentRefunds)
      .set({
        status: 'refunded',
        amount: result.amount,
        currency: result.currency,
        providerRefundId: result.refundId,
        attempts: row.attempts + 1,
        lastError: null,
        refundedAt: now,
      })
      .where(and(eq(paymentRefunds.id, row.id), eq(paymentRefunds.status, 'pending')))
      .returning(),
  ]);
  const [updated] = marked;
  if (updated) await deliverSoon(deps, mail);
  return updated ?? (await refundOfSubscription(db, row.subscriptionId)) ?? row;
}

/** Pending refunds due for another attempt (the cron's safety net), oldest first. */
export async function dueRefunds({ db, now }: Pick<Deps, 'db' | 'now'>, limit: number) {
  return db
    .select()
    .from(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.status, 'pending'),
        lte(paymentRefunds.createdAt, now - REFUND_RETRY_AFTER_MS),
      ),
    )
    .orderBy(asc(paymentRefunds.createdAt))
    .limit(limit);
}
