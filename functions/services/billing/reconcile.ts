/**
 * A paid checkout's invoice and receipt without its `invoice.paid` webhook. Whatever learns that
 * a checkout was paid (the payment page's poll, `checkout.session.completed`, the hourly
 * reconcile-payments job) asks the provider for the subscription's first paid invoice when none
 * is recorded yet, and records it through the very effect of `invoice.paid` (lifecycle.ts). The
 * invoice row is keyed by the invoice id and the receipt by `receipt:<invoice id>`, so the
 * webhook, the poll, the job and any redelivery record one invoice and send one receipt.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { CheckoutSessionInfo } from '../../adapters/payments';
import { invoices } from '../../db/schema';
import type { Deps } from '../shared/deps';
import { subscriptionByStripeId } from '../core/payments/subscriptions';
import { refreshCard } from './card-on-file';
import { fulfillPendingSignup } from './fulfill-signup';
import { fulfillUpgrade } from './fulfill-upgrade';
import { recordPaidInvoice } from './lifecycle';
import { toBillingEvent } from './webhook-events';

/**
 * `recorded`: this call recorded the invoice (and wrote its receipt); `recorded_before`: someone
 * had; `not_paid`: the provider has no paid invoice for it yet; `unknown`: we have no such
 * subscription (its checkout is not fulfilled, or it was refunded).
 */
export type InvoiceReconciled = 'recorded' | 'recorded_before' | 'not_paid' | 'unknown';

/** True when an invoice of the subscription is recorded (by any path). */
async function hasInvoice(deps: Pick<Deps, 'db'>, subscriptionId: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.stripeSubscriptionId, subscriptionId))
    .limit(1);
  return row !== undefined;
}

/**
 * Records the first paid invoice of the subscription `subscriptionId`, with its receipt, unless
 * an invoice of it is recorded already (see the file comment). Provider failures are thrown
 * (PaymentProviderError), for the caller to retry later.
 */
export async function recordCheckoutInvoice(
  deps: Deps,
  subscriptionId: string,
): Promise<InvoiceReconciled> {
  const { db } = deps;
  const sub = await subscriptionByStripeId(db, subscriptionId);
  if (!sub) return 'unknown';
  if (await hasInvoice(deps, subscriptionId)) return 'recorded_before';
  const paid = await deps.payments.firstPaidInvoice(subscriptionId);
  if (!paid) return 'not_paid';
  // Read exactly as the object of an `invoice.paid` event; the "event" is never recorded.
  const event = toBillingEvent({
    id: `reconcile_${subscriptionId}`,
    object: 'event',
    type: 'invoice.paid',
    created: Math.floor(paid.paidAt / 1000),
    livemode: paid.livemode,
    data: { object: paid.object },
  });
  if (event.type !== 'invoice.paid' || event.subscriptionId !== subscriptionId) {
    throw new Error(`The provider's paid invoice does not belong to ${subscriptionId}`);
  }
  const [known] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.id, event.invoiceId))
    .limit(1);
  if (known) {
    // Recorded before invoices named their subscription: named now, so it is not asked again.
    await db
      .update(invoices)
      .set({ stripeSubscriptionId: subscriptionId })
      .where(and(eq(invoices.id, event.invoiceId), isNull(invoices.stripeSubscriptionId)));
    return 'recorded_before';
  }
  await recordPaidInvoice(deps, event, sub);
  // The card it was paid with, as the webhook reads it (best effort).
  await refreshCard(deps, { customerId: sub.stripeCustomerId, subscriptionId });
  return 'recorded';
}

/**
 * recordCheckoutInvoice for a path whose own work is done (the payment page's poll, the checkout
 * webhook): a failure is logged and left to the hourly reconcile-payments job, never answered.
 */
export async function recordCheckoutInvoiceSoon(
  deps: Deps,
  subscriptionId: string | null,
): Promise<void> {
  if (subscriptionId === null) return;
  try {
    await recordCheckoutInvoice(deps, subscriptionId);
  } catch (error) {
    console.error(
      `Could not record the invoice of ${subscriptionId} yet; the hourly job will:`,
      error,
    );
  }
}

/**
 * What completePaidCheckout did: `applied` (this call created or upgraded the account), `before`
 * (the webhook or a poll had), `refunded` (it could not be applied: refunds.ts gave it back),
 * `not_paid` (open, expired, or paid by invoice), `unknown` (not ours, or nothing to apply yet);
 * with what became of its invoice when it was applied.
 */
export interface CheckoutReconciled {
  checkout: 'applied' | 'before' | 'refunded' | 'not_paid' | 'unknown';
  invoice: InvoiceReconciled | null;
}

/**
 * A checkout the provider reports paid, applied as the payment page's poll applies it (no one
 * polled, and its webhooks were lost): the account is created or upgraded once
 * (fulfill-signup.ts, fulfill-upgrade.ts, with their e-mails), then its invoice and receipt are
 * recorded once (recordCheckoutInvoice). Provider failures are thrown.
 */
export async function completePaidCheckout(
  deps: Deps,
  session: CheckoutSessionInfo,
): Promise<CheckoutReconciled> {
  const { reference, subscriptionId } = session;
  if (session.status !== 'complete' || session.paymentStatus === 'unpaid') {
    return { checkout: 'not_paid', invoice: null };
  }
  if (!reference) return { checkout: 'unknown', invoice: null };
  const paid = {
    checkoutSessionId: session.id,
    customerId: session.customerId,
    subscriptionId,
    event: null,
    quantity: session.quantity,
  };
  const result =
    'userId' in reference
      ? await fulfillUpgrade(deps, { userId: reference.userId, ...paid })
      : await fulfillPendingSignup(deps, { pendingSignupId: reference.pendingSignupId, ...paid });
  const checkout =
    result.outcome === 'created' || result.outcome === 'upgraded'
      ? 'applied'
      : result.outcome === 'already'
        ? 'before'
        : result.outcome === 'refunded' || result.outcome === 'voided'
          ? 'refunded'
          : 'unknown';
  if ((checkout !== 'applied' && checkout !== 'before') || subscriptionId === null) {
    return { checkout, invoice: null };
  }
  return { checkout, invoice: await recordCheckoutInvoice(deps, subscriptionId) };
}
