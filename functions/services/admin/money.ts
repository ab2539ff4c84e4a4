/**
 * The console's money actions on a customer: cancel the subscription (at period end, or now) and
 * refund one paid payment. Money is never doubled or lost, even when the Worker dies mid-way:
 *
 * - A refund is CLAIMED in D1 first: one batch writes the audit row and moves the invoice to
 *   `refund_status = 'pending'`, only while it is paid and has no refund, so of two operators one
 *   claims it and the other gets 409. Then the provider is asked with an idempotency key derived
 *   from the invoice id, and the outcome recorded (`refunded` with amount, refund id and time, or
 *   `failed` with a plain reason). A pending refund (the Worker died) or a failed one is retried
 *   with the same key (`retryInvoiceRefund`), so the provider refunds once however often it runs.
 * - A cancellation asks the provider FIRST (cancelling is idempotent there, and the provider is
 *   what charges), then one audited batch records what it answered. Should the Worker die in
 *   between, Stripe's own subscription event records it (services/billing/lifecycle.ts).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { RefundResult } from '../../adapters/payments';
import { ConsoleMessages } from '../../../src/contract/messages';
import { invoices, type SubscriptionRow } from '../../db/schema';
import { ApiError, fail } from '../../lib/errors';
import { findUserById } from '../core/users/users';
import { cancellationMail } from '../core/payments/cancellations';
import { invoiceRefundedMail } from '../core/mail/lifecycle-templates';
import { deliverSoon, mailWritten, queueMailOnce, type QueuedMail } from '../core/mail/outbox';
import { callProvider, failureReason } from '../core/payments/provider';
import {
  askCancelAtPeriodEnd,
  cancelAtPeriodEndStatements,
  cancelNowStatements,
  isCancellable,
  newestSubscription,
  subscriptionByStripeId,
} from '../core/payments/subscriptions';
import { renewalCharge } from '../core/payments/charges';
import { askResume, hasEnded, resumedMail, resumeStatements } from '../core/payments/resume';
import type { Db } from '../shared/db';
import type { Deps } from '../shared/deps';
import { applyAudited } from './actions';
import type { OperatorAct } from './audit';

/**
 * What the provider's dashboard shows as the refund's reason. The same on every attempt: the
 * provider refuses a repeated idempotency key with other parameters, and the operator's own
 * reason (which may differ on a retry) is in the audit log.
 */
export const OPERATOR_REFUND_REASON = 'Refunded by support';

/** The idempotency key of an invoice's refund: one refund per invoice, however often tried. */
const refundKey = (invoiceId: string) => `invoice-refund:${invoiceId}`;

/** The values an audit row keeps of a subscription before a cancellation. */
const subscriptionBefore = sql`json_object('status', s.status, 'cancelAtPeriodEnd', s.cancel_at_period_end, 'currentPeriodEnd', s.current_period_end,
  'licenseExpiresAt', (select max(l.expires_at) from licenses as l where l.user_id = s.user_id and l.plan = 'Standard' and l.status != 'revoked'))`;

/**
 * Cancels the customer's newest subscription: at the end of the paid period (exactly as the
 * customer's own Cancel does), or now: no further renewals or invoices, no refund, and the
 * Standard license expired at once.
 */
export async function cancelSubscription(
  deps: Deps,
  act: OperatorAct,
  userId: string,
  input: { when: 'period-end' | 'now' },
): Promise<void> {
  const subscription = await newestSubscription(deps.db, userId);
  if (!subscription) throw fail('NO_SUBSCRIPTION');
  const user = await findUserById(deps.db, userId);
  if (!user) throw fail('NOT_FOUND', { message: ConsoleMessages.customerNotFound });
  if (subscription.status === 'canceled') {
    throw fail('STALE_STATE', { message: ConsoleMessages.subscriptionAlreadyEnded });
  }
  const subject = `subscription:${subscription.stripeSubscriptionId}`;
  const from = sql`from subscriptions as s`;

  if (input.when === 'period-end') {
    if (!isCancellable(subscription)) {
      throw fail('STALE_STATE', { message: ConsoleMessages.subscriptionAlreadyEnding });
    }
    const currentPeriodEnd = await askCancelAtPeriodEnd(deps, subscription);
    await applyAudited(
      deps,
      act,
      {
        action: 'cancel-subscription',
        userId,
        subject,
        before: subscriptionBefore,
        after: {
          when: 'period-end',
          status: subscription.status === 'active' ? 'cancelling' : subscription.status,
          cancelAtPeriodEnd: true,
          currentPeriodEnd,
          licenseExpiresAt: currentPeriodEnd,
        },
        from,
        where: sql`s.id = ${subscription.id} and s.status in ('active', 'past_due') and s.cancel_at_period_end = 0`,
      },
      (written) => [...cancelAtPeriodEndStatements(deps, subscription, currentPeriodEnd, written)],
      async (written) => [
        await cancellationMail(deps, user, subscription, currentPeriodEnd, written),
      ],
    );
    return;
  }

  const { canceledAt } = await callProvider(
    () =>
      deps.payments.cancelNow(subscription.stripeSubscriptionId, `cancel-now:${subscription.id}`),
    () => fail('NO_SUBSCRIPTION'),
  );
  const endedAt = Math.min(canceledAt, deps.now);
  await applyAudited(
    deps,
    act,
    {
      action: 'cancel-subscription',
      userId,
      subject,
      before: subscriptionBefore,
      after: { when: 'now', status: 'canceled', canceledAt: endedAt, licenseStatus: 'expired' },
      from,
      // Not ended yet, or ended (Stripe's own event of this cancellation may be quicker than
      // this batch) with the license still in force: this batch then finishes it. Once both are
      // done, a second operator's cancel changes nothing and is told so.
      where: sql`s.id = ${subscription.id} and (s.status != 'canceled' or exists (select 1 from licenses as l
        where l.user_id = s.user_id and l.plan = 'Standard' and l.status in ('active', 'suspended')))`,
    },
    (written) => [...cancelNowStatements(deps, subscription, endedAt, written)],
    async (written) => [await cancellationMail(deps, user, subscription, endedAt, written)],
  );
}

/**
 * Resumes the customer's subscription set to end at period end, while that period runs: it renews
 * again, as the customer's own Resume does. Once the period is over it cannot be: 409 saying so
 * (the customer buys Standard again).
 */
export async function resumeCustomerSubscription(
  deps: Deps,
  act: OperatorAct,
  userId: string,
): Promise<void> {
  const subscription = await newestSubscription(deps.db, userId);
  if (!subscription) throw fail('NO_SUBSCRIPTION');
  const user = await findUserById(deps.db, userId);
  if (!user) throw fail('NOT_FOUND', { message: ConsoleMessages.customerNotFound });
  if (hasEnded(subscription, deps.now)) {
    throw fail('SUBSCRIPTION_ENDED', { message: ConsoleMessages.subscriptionResumeEnded });
  }
  if (!subscription.cancelAtPeriodEnd) {
    throw fail('STALE_STATE', { message: ConsoleMessages.subscriptionNotEnding });
  }
  const charge = await renewalCharge(deps.db, subscription);
  const currentPeriodEnd = await askResume(deps, subscription).catch((error: unknown) => {
    if (ApiError.is(error, 'SUBSCRIPTION_ENDED')) {
      throw fail('SUBSCRIPTION_ENDED', { message: ConsoleMessages.subscriptionResumeEnded });
    }
    throw error;
  });
  await applyAudited(
    deps,
    act,
    {
      action: 'resume-subscription',
      userId,
      subject: `subscription:${subscription.stripeSubscriptionId}`,
      before: subscriptionBefore,
      after: {
        status: subscription.status === 'cancelling' ? 'active' : subscription.status,
        cancelAtPeriodEnd: false,
        currentPeriodEnd,
      },
      from: sql`from subscriptions as s`,
      where: sql`s.id = ${subscription.id} and s.status != 'canceled' and s.cancel_at_period_end = 1`,
    },
    (written) => [resumeStatements(deps, subscription, currentPeriodEnd, written)],
    async (written) => [
      await resumedMail(deps, user, subscription, currentPeriodEnd, written, charge),
    ],
  ).catch((error: unknown) => {
    // Resumed meanwhile (the customer, another operator, Stripe's event): it renews as asked.
    if (ApiError.is(error, 'STALE_STATE')) {
      throw fail('STALE_STATE', { message: ConsoleMessages.subscriptionNotEnding });
    }
    throw error;
  });
}

/** One of the customer's invoices; 404 for any other id. */
async function invoiceOf(db: Db, userId: string, invoiceId: string) {
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)))
    .limit(1);
  if (!invoice) throw fail('NOT_FOUND', { message: ConsoleMessages.invoiceNotFound });
  return invoice;
}

/**
 * Refunds one paid payment of the customer in full (see the file comment): claimed with its audit
 * row, then made. The subscription is left as it is, unless `cancelSubscription`: then the
 * customer's running subscription is chosen with the claim (kept on the invoice and in the audit
 * row) and ended at once with the refund, its Standard license with it; every later attempt of
 * the refund finishes both. Throws 503 with `refundFailed` when the provider refuses; the refund
 * is then `failed` and can be retried.
 */
export async function refundPayment(
  deps: Deps,
  act: OperatorAct,
  userId: string,
  input: { invoiceId: string; cancelSubscription?: boolean | undefined },
): Promise<void> {
  const { db } = deps;
  const invoice = await invoiceOf(db, userId, input.invoiceId);
  if (invoice.refundStatus !== null) {
    throw fail('STALE_STATE', { message: ConsoleMessages.alreadyRefunded });
  }
  if (invoice.status !== 'paid') throw fail('STALE_STATE', { message: ConsoleMessages.notPaid });
  const subscription = input.cancelSubscription ? await newestSubscription(db, userId) : undefined;
  if (input.cancelSubscription && (!subscription || subscription.status === 'canceled')) {
    throw fail('STALE_STATE', { message: ConsoleMessages.refundCancelNotPossible });
  }
  const cancels = subscription?.stripeSubscriptionId ?? null;
  await applyAudited(
    deps,
    act,
    {
      action: 'refund-payment',
      userId,
      subject: `invoice:${invoice.id}`,
      before: sql`json_object('status', i.status, 'amountPaid', i.amount_paid, 'currency', i.currency, 'refundStatus', i.refund_status)`,
      after: {
        refundStatus: 'pending',
        amount: invoice.amountPaid,
        currency: invoice.currency,
        // The subscription ended now with the refund, and its license with it.
        ...(cancels === null
          ? {}
          : {
              cancelSubscription: { subscription: cancels, when: 'now', licenseStatus: 'expired' },
            }),
      },
      from: sql`from invoices as i`,
      where: sql`i.id = ${invoice.id} and i.user_id = ${userId} and i.status = 'paid' and i.refund_status is null`,
    },
    (written) => [
      db
        .update(invoices)
        .set({ refundStatus: 'pending', refundError: null, refundCancelsSubscription: cancels })
        .where(and(eq(invoices.id, invoice.id), isNull(invoices.refundStatus), written)),
    ],
  ).catch((error: unknown) => {
    // Claimed by someone else meanwhile (a second operator, a double click).
    if (ApiError.is(error, 'STALE_STATE')) {
      throw fail('STALE_STATE', { message: ConsoleMessages.alreadyRefunded });
    }
    throw error;
  });
  await makeInvoiceRefund(deps, { ...invoice, refundCancelsSubscription: cancels });
}

/**
 * Tries a refund left `pending` (the Worker died after claiming it) or `failed` (the provider
 * refused) again, with the same idempotency key; audited as `retry-refund`.
 */
export async function retryInvoiceRefund(
  deps: Deps,
  act: OperatorAct,
  invoiceId: string,
): Promise<void> {
  const { db } = deps;
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId)).limit(1);
  if (!invoice) throw fail('NOT_FOUND', { message: ConsoleMessages.paymentNotFound });
  if (invoice.refundStatus !== 'pending' && invoice.refundStatus !== 'failed') {
    throw fail('STALE_STATE', { message: ConsoleMessages.refundNotDue });
  }
  await applyAudited(
    deps,
    act,
    {
      action: 'retry-refund',
      userId: invoice.userId,
      subject: `invoice:${invoice.id}`,
      before: sql`json_object('refundStatus', i.refund_status, 'error', i.refund_error)`,
      after: { refundStatus: 'pending' },
      from: sql`from invoices as i`,
      // A failed one is taken back by one operator only; a pending one may be retried by two at
      // once, which the idempotency key makes harmless.
      where: sql`i.id = ${invoice.id} and i.refund_status = ${invoice.refundStatus}`,
    },
    (written) => [
      db
        .update(invoices)
        .set({ refundStatus: 'pending' })
        .where(
          and(
            eq(invoices.id, invoice.id),
            inArray(invoices.refundStatus, ['pending', 'failed']),
            written,
          ),
        ),
    ],
  ).catch((error: unknown) => {
    if (ApiError.is(error, 'STALE_STATE')) {
      throw fail('STALE_STATE', { message: ConsoleMessages.refundNotDue });
    }
    throw error;
  });
  await makeInvoiceRefund(deps, invoice);
}

/**
 * A refund still `pending` with no operator action on its invoice for this long was claimed by a
 * Worker that died before the provider answered; the cron then finishes it.
 */
export const STUCK_REFUND_AFTER_MS = 10 * 60 * 1000;

/**
 * The cron's part (cron/finish-operator-refunds.ts): makes the refunds operators claimed that no
 * Worker finished, with the same idempotency key, so the provider refunds each once even if an
 * operator retries it at the same moment. Not audited as an operator action (no operator acted);
 * the invoice records the outcome. One the provider refuses becomes `failed`, for an operator.
 */
export async function finishStuckRefunds(
  deps: Deps,
  limit: number,
): Promise<{ refunded: number; refused: number }> {
  const quietSince = deps.now - STUCK_REFUND_AFTER_MS;
  const stuck = await deps.db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.refundStatus, 'pending'),
        sql`not exists (select 1 from audit_log as a where a.subject = 'invoice:' || ${invoices.id} and a.created_at > ${quietSince})`,
      ),
    )
    .limit(limit);
  let refunded = 0;
  let refused = 0;
  for (const invoice of stuck) {
    try {
      await makeInvoiceRefund(deps, invoice);
      refunded += 1;
    } catch (error) {
      if (!ApiError.is(error, 'PAYMENTS_UNAVAILABLE')) throw error;
      refused += 1;
    }
  }
  return { refunded, refused };
}

/** The customer's e-mail of a refund that went through: once per invoice, however often tried. */
async function refundMail(
  deps: Deps,
  invoice: typeof invoices.$inferSelect,
  amountCents: number,
  subscriptionEnded: boolean,
): Promise<QueuedMail | undefined> {
  const user = await findUserById(deps.db, invoice.userId);
  // A purged account has no address left to write to; one only scheduled for deletion still hears.
  if (!user || user.purgedAt !== null) return undefined;
  const mail = invoiceRefundedMail(
    user.email,
    user.customerName,
    { amountCents, currency: invoice.currency, invoiceNumber: invoice.number, subscriptionEnded },
    deps.origin,
  );
  return queueMailOnce(
    deps.db,
    await mail,
    deps.now,
    `invoice-refunded:${invoice.id}`,
    sql`exists (select 1 from invoices where id = ${invoice.id} and refund_status = 'refunded')`,
  );
}

/**
 * Asks the provider for a claimed refund and records the outcome on the invoice; a refund that
 * went through is e-mailed to the customer in the same batch (once per invoice). A refund that
 * also cancels the subscription ends it at the provider first (under one key per subscription, so
 * a retry cancels once), then records both in that batch; its e-mail says the license has ended.
 */
async function makeInvoiceRefund(deps: Deps, invoice: typeof invoices.$inferSelect): Promise<void> {
  const { db, now, payments } = deps;
  const invoiceId = invoice.id;
  let result: RefundResult;
  let ended: { subscription: SubscriptionRow; canceledAt: number } | null = null;
  try {
    result = await payments.refundPayment({
      invoiceId,
      idempotencyKey: refundKey(invoiceId),
      reason: OPERATOR_REFUND_REASON,
    });
    const cancels = invoice.refundCancelsSubscription;
    const subscription = cancels === null ? undefined : await subscriptionByStripeId(db, cancels);
    if (subscription) {
      const { canceledAt } = await payments.cancelNow(
        subscription.stripeSubscriptionId,
        `cancel-now:${subscription.id}`,
      );
      ended = { subscription, canceledAt };
    }
  } catch (error) {
    console.error(`Refund of invoice ${invoiceId} failed:`, error);
    await db
      .update(invoices)
      .set({ refundStatus: 'failed', refundError: failureReason(error).slice(0, 300) })
      .where(and(eq(invoices.id, invoiceId), eq(invoices.refundStatus, 'pending')));
    throw fail('PAYMENTS_UNAVAILABLE', { message: ConsoleMessages.refundFailed });
  }
  // From pending, or from failed when a concurrent retry's failure was recorded first: the
  // provider has refunded, so that is what stands.
  const record = db
    .update(invoices)
    .set({
      refundStatus: 'refunded',
      refundAmount: result.amount,
      refundId: result.refundId,
      refundedAt: now,
      refundError: null,
    })
    .where(and(eq(invoices.id, invoiceId), inArray(invoices.refundStatus, ['pending', 'failed'])));
  // Applies whoever records it first; a second run finds it ended with its license and skips.
  const cancel = ended
    ? cancelNowStatements(
        deps,
        ended.subscription,
        Math.min(ended.canceledAt, now),
        sql`exists (select 1 from subscriptions as s where s.id = ${ended.subscription.id} and (s.status != 'canceled'
          or exists (select 1 from licenses as l where l.user_id = s.user_id and l.plan = 'Standard' and l.status in ('active', 'suspended'))))`,
      )
    : [];
  const mail = await refundMail(deps, invoice, result.amount, ended !== null);
  const results = await db.batch([record, ...(mail ? [mail.insert] : []), ...cancel]);
  if (mail && mailWritten(results[1])) await deliverSoon(deps, mail);
}
