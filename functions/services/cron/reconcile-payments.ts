/**
 * The safety net of card payments whose webhooks were lost: a checkout paid that no one applied
 * (no webhook, and the buyer closed the payment page) and a paid subscription whose invoice was
 * never recorded (no `invoice.paid`). Both are completed through the same idempotent code as the
 * poll and the webhook (services/billing/reconcile.ts): one account or upgrade, one invoice row
 * and one receipt, however often this runs or races the webhook. Only rows older than
 * `SETTLE_MS` are looked at, so a webhook on its way is not raced, and a bounded number per run.
 */
import { and, eq, gte, isNotNull, lte, notExists, or, sql } from 'drizzle-orm';
import { PaymentProviderError } from '../../adapters/payments';
import { checkoutSessions, invoices, subscriptions, type CheckoutRow } from '../../db/schema';
import { completePaidCheckout, recordCheckoutInvoice } from '../billing/reconcile';
import type { Deps } from '../shared/deps';
import { PartialJobFailure, type JobCounts } from './job';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** How long the webhook and the payment page get before this job steps in. */
export const SETTLE_MS = 10 * MINUTE_MS;
/**
 * Open checkouts are asked about each run while this young (most are paid within minutes), and
 * once more after they expired; so an abandoned one costs a few provider calls, not one an hour.
 */
const RECENT_CHECKOUT_MS = 2 * 60 * MINUTE_MS;
/** How far back to look: well past Stripe's three days of webhook retries. */
const LOOK_BACK_MS = 7 * DAY_MS;
/** Checkouts, and subscriptions, looked at per run. */
const BATCH = 25;

/** Our open checkouts worth asking the provider about now (see RECENT_CHECKOUT_MS). */
function checkoutsToAsk({ db, now }: Pick<Deps, 'db' | 'now'>) {
  return db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.status, 'open'),
        isNotNull(checkoutSessions.providerSessionId),
        lte(checkoutSessions.createdAt, now - SETTLE_MS),
        or(
          gte(checkoutSessions.createdAt, now - RECENT_CHECKOUT_MS),
          and(
            lte(checkoutSessions.expiresAt, now),
            gte(checkoutSessions.expiresAt, now - LOOK_BACK_MS),
          ),
        ),
      ),
    )
    .orderBy(checkoutSessions.createdAt)
    .limit(BATCH);
}

/** Card subscriptions we applied that have no invoice recorded yet. */
function subscriptionsWithoutInvoice({ db, now }: Pick<Deps, 'db' | 'now'>) {
  return db
    .select({ stripeSubscriptionId: subscriptions.stripeSubscriptionId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.collectionMethod, 'charge_automatically'),
        lte(subscriptions.createdAt, now - SETTLE_MS),
        gte(subscriptions.createdAt, now - LOOK_BACK_MS),
        notExists(
          db
            .select({ one: sql`1` })
            .from(invoices)
            .where(eq(invoices.stripeSubscriptionId, subscriptions.stripeSubscriptionId)),
        ),
      ),
    )
    .orderBy(subscriptions.createdAt)
    .limit(BATCH);
}

/** A checkout that can no longer be paid (or was paid and is now applied) is no longer open. */
async function closeCheckout({ db, now }: Pick<Deps, 'db' | 'now'>, row: CheckoutRow) {
  await db
    .update(checkoutSessions)
    .set({ status: 'closed', closedAt: now })
    .where(and(eq(checkoutSessions.id, row.id), eq(checkoutSessions.status, 'open')));
}

const isProviderError = (error: unknown, code: PaymentProviderError['code']) =>
  error instanceof PaymentProviderError && error.code === code;

export async function reconcilePayments(deps: Deps): Promise<JobCounts> {
  const counts = { checkoutsApplied: 0, invoicesRecorded: 0, failed: 0 };
  /** Runs one look-up; false once the provider is down (the next run tries again). */
  const attempt = async (what: string, work: () => Promise<void>): Promise<boolean> => {
    try {
      await work();
      return true;
    } catch (error) {
      counts.failed += 1;
      console.error(`reconcile-payments: ${what} failed:`, error);
      return !isProviderError(error, 'unavailable');
    }
  };

  for (const row of await checkoutsToAsk(deps)) {
    const sessionId = row.providerSessionId ?? '';
    const goOn = await attempt(`checkout ${sessionId}`, async () => {
      let session;
      try {
        session = await deps.payments.retrieveCheckoutSession(sessionId);
      } catch (error) {
        // A session the provider does not know can never be paid.
        if (isProviderError(error, 'not_found')) return closeCheckout(deps, row);
        throw error;
      }
      const done = await completePaidCheckout(deps, session);
      if (done.checkout === 'applied') counts.checkoutsApplied += 1;
      if (done.invoice === 'recorded') counts.invoicesRecorded += 1;
      // Expired, or paid and applied (or refunded): nothing more to ask about it. One paid with
      // nothing to apply yet is asked again, until LOOK_BACK_MS after it expired.
      const settled =
        session.status === 'expired' ||
        (session.status === 'complete' && done.checkout !== 'unknown');
      if (settled) await closeCheckout(deps, row);
    });
    if (!goOn) break;
  }

  for (const { stripeSubscriptionId } of await subscriptionsWithoutInvoice(deps)) {
    const goOn = await attempt(`subscription ${stripeSubscriptionId}`, async () => {
      try {
        if ((await recordCheckoutInvoice(deps, stripeSubscriptionId)) === 'recorded') {
          counts.invoicesRecorded += 1;
        }
      } catch (error) {
        // Not the provider's (any more): nothing to record; asked again until LOOK_BACK_MS.
        if (isProviderError(error, 'not_found')) return;
        throw error;
      }
    });
    if (!goOn) break;
  }

  if (counts.failed > 0) {
    throw new PartialJobFailure(`${counts.failed} payments could not be reconciled yet`, counts);
  }
  return counts;
}
