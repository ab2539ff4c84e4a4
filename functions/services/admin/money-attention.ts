/**
 * "Money needing attention" (the console's money page, docs/operating.md): automatic refunds of
 * payments we could not apply that are not done (and the recent done ones), operators' refunds,
 * webhook events whose handling failed, and e-mails the queue gave up on; with a retry for each
 * refund and e-mail, audited like every console action. Failed webhook events need no retry from
 * here: Stripe delivers them again, and the first delivery that succeeds resolves them.
 */
import { and, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { MoneyOverview } from '../../../src/contract/admin';
import { ConsoleMessages } from '../../../src/contract/messages';
import { invoices, outbox, paymentRefunds, users } from '../../db/schema';
import { ApiError, fail } from '../../lib/errors';
import { findUserByEmail } from '../core/users/users';
import { attemptRefund } from '../billing/refunds';
import { unresolvedWebhookFailures } from '../billing/webhook-failures';
import { deliverSoon, STUCK_AFTER_MS } from '../core/mail/outbox';
import { normalizeEmail } from '../shared/emails';
import { DAY_MS, type Db, type Millis } from '../shared/db';
import type { Deps } from '../shared/deps';
import { applyAudited } from './actions';
import type { OperatorAct } from './audit';
import { toAdminInvoice, toAdminMail, toAutomaticRefund } from './views';

/** Rows per list: the page is for what needs doing, not an archive (the customer page has that). */
const LIST_LIMIT = 100;

/** Done refunds stay on the page this long, so an operator sees what just happened. */
export const RECENT_REFUND_DAYS = 30;

/**
 * The money page's four reads, each through an index (refunds by status, the partial index of
 * invoices with a refund, unresolved webhook failures, outbox by status), however large the
 * tables grow; tests/worker/admin-money-attention.test.ts checks their query plans.
 */
export function moneyQueries(db: Db, now: Millis) {
  const recentSince = now - RECENT_REFUND_DAYS * DAY_MS;
  return [
    db
      .select()
      .from(paymentRefunds)
      .where(
        or(
          inArray(paymentRefunds.status, ['pending', 'failed']),
          and(eq(paymentRefunds.status, 'refunded'), gt(paymentRefunds.createdAt, recentSince)),
        ),
      )
      .orderBy(sql`${paymentRefunds.status} = 'refunded'`, desc(paymentRefunds.createdAt))
      .limit(LIST_LIMIT),
    // Both conditions imply `refund_status is not null`: the partial index serves them.
    db
      .select({ invoice: invoices, email: users.email })
      .from(invoices)
      .innerJoin(users, eq(users.id, invoices.userId))
      .where(
        or(
          inArray(invoices.refundStatus, ['pending', 'failed']),
          and(eq(invoices.refundStatus, 'refunded'), gt(invoices.refundedAt, recentSince)),
        ),
      )
      .orderBy(sql`${invoices.refundStatus} = 'refunded'`, desc(invoices.created))
      .limit(LIST_LIMIT),
    unresolvedWebhookFailures(db, LIST_LIMIT),
    db
      .select()
      .from(outbox)
      .where(eq(outbox.status, 'dead'))
      .orderBy(desc(outbox.createdAt))
      .limit(LIST_LIMIT),
  ] as const;
}

/** GET /api/admin/money: each list newest first, the ones needing action before the done ones. */
export async function moneyOverview(db: Db, now: Millis): Promise<MoneyOverview> {
  const [automatic, operator, failures, dead] = await db.batch(moneyQueries(db, now));
  const iso = (ms: Millis) => new Date(ms).toISOString();
  return {
    automaticRefunds: automatic.map(toAutomaticRefund),
    operatorRefunds: operator.map(({ invoice, email }) => ({
      invoice: toAdminInvoice(invoice),
      userId: invoice.userId,
      email,
    })),
    failedWebhooks: failures.map((row) => ({
      id: row.id,
      type: row.type,
      objectId: row.objectId,
      error: row.error,
      attempts: row.attempts,
      firstFailedAt: iso(row.firstFailedAt),
      lastFailedAt: iso(row.lastFailedAt),
    })),
    deadMails: dead.map(toAdminMail),
  };
}

/**
 * Tries an automatic refund again now (services/billing/refunds.ts), whether the cron is still
 * retrying it (`pending`) or gave up (`failed`). The provider call keeps the row's idempotency
 * key, so the payer is refunded once. Throws 503 with `refundFailed` when the provider refuses
 * again (the row then stands as before: pending, or failed once its attempts are used up).
 */
export async function retryAutomaticRefund(
  deps: Deps,
  act: OperatorAct,
  refundId: string,
): Promise<void> {
  const { db } = deps;
  const [row] = await db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.id, refundId))
    .limit(1);
  if (!row) throw fail('NOT_FOUND', { message: ConsoleMessages.refundNotFound });
  if (row.status === 'refunded') {
    throw fail('STALE_STATE', { message: ConsoleMessages.refundNotDue });
  }
  await applyAudited(
    deps,
    act,
    {
      action: 'retry-refund',
      userId: row.userId,
      subject: `refund:${row.id}`,
      before: sql`json_object('status', r.status, 'attempts', r.attempts, 'lastError', r.last_error)`,
      after: { status: 'pending' },
      from: sql`from payment_refunds as r`,
      // The attempts seen: of two operators (or an operator and the cron) one goes ahead.
      where: sql`r.id = ${row.id} and r.status = ${row.status} and r.attempts = ${row.attempts}`,
    },
    (written) => [
      db
        .update(paymentRefunds)
        .set({ status: 'pending' })
        .where(
          and(
            eq(paymentRefunds.id, row.id),
            inArray(paymentRefunds.status, ['pending', 'failed']),
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
  const after = await attemptRefund(deps, { ...row, status: 'pending' });
  if (after.status !== 'refunded') {
    throw fail('PAYMENTS_UNAVAILABLE', { message: ConsoleMessages.refundFailed });
  }
}

/**
 * Queues a dead-lettered e-mail again: `queued` with its attempts reset (the queue's retries
 * start over), and a delivery task now. Delivery claims the row with one conditional UPDATE, so
 * it is still sent once.
 */
export async function retryDeadMail(deps: Deps, act: OperatorAct, outboxId: string) {
  const { db, now } = deps;
  const [mail] = await db.select().from(outbox).where(eq(outbox.id, outboxId)).limit(1);
  if (!mail) throw fail('NOT_FOUND', { message: ConsoleMessages.mailNotFound });
  if (mail.status !== 'dead') throw fail('STALE_STATE', { message: ConsoleMessages.mailNotDead });
  const customer = await findUserByEmail(db, normalizeEmail(mail.toEmail));
  await applyAudited(
    deps,
    act,
    {
      action: 'retry-mail',
      userId: customer?.id ?? null,
      subject: `mail:${mail.id}`,
      before: sql`json_object('status', o.status, 'attempts', o.attempts, 'lastError', o.last_error)`,
      after: { status: 'queued', attempts: 0 },
      from: sql`from outbox as o`,
      where: sql`o.id = ${mail.id} and o.status = 'dead'`,
    },
    (written) => [
      db
        .update(outbox)
        .set({ status: 'queued', attempts: 0, dueAt: now + STUCK_AFTER_MS })
        .where(and(eq(outbox.id, mail.id), eq(outbox.status, 'dead'), written)),
    ],
  ).catch((error: unknown) => {
    if (ApiError.is(error, 'STALE_STATE')) {
      throw fail('STALE_STATE', { message: ConsoleMessages.mailNotDead });
    }
    throw error;
  });
  await deliverSoon(deps, { id: mail.id });
}
