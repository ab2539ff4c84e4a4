/**
 * The Stripe webhook, from a verified delivery to its effect. The route
 * (routes/stripe-webhook.ts) only hands over the raw body and signature; here the event is
 * verified and read (webhook-events.ts), then `switch`ed, exhaustively, into one named handler per
 * event type. Every handler records the event id in the same batch as its effect, so a replayed
 * delivery changes nothing and is answered `replayed`.
 */
import { ApiError, fail } from '../../lib/errors';
import { callProvider } from '../core/payments/provider';
import type { Deps } from '../shared/deps';
import type { BillingDetails } from '../../../src/contract/billing';
import { saveBillingProfile } from './details';
import { checkTaxId, taxedDetails } from './vat-check';
import { fulfillPendingSignup } from './fulfill-signup';
import { fulfillUpgrade } from './fulfill-upgrade';
import { onInvoiceFinalized } from './invoice-finalized';
import { onInvoicePaid, onInvoicePaymentFailed, onSubscriptionChanged } from './lifecycle';
import { recordAlone, type EventRecord } from './stripe-events';
import type { ProviderEvent } from '../../adapters/payments/types';
import {
  eventRecordOf,
  toBillingEvent,
  verifyDelivery,
  type BillingEvent,
  type CheckoutEvent,
  type CustomerEvent,
} from './webhook-events';
import { refreshCard } from './card-on-file';
import { subscriptions } from '../../db/schema';
import { desc, eq } from 'drizzle-orm';
import { recordWebhookFailure, resolveWebhookFailure } from './webhook-failures';
import { recordCheckoutInvoiceSoon } from './reconcile';

/** What the webhook did with a delivery (answered to Stripe, seen in its dashboard). */
export type WebhookOutcome = string;

/**
 * Verifies, reads and applies one delivery. Throws 400 INVALID_SIGNATURE / INVALID_EVENT for a
 * delivery we cannot trust or read, 503 when payments are not configured, and 409 NOT_READY for
 * an invoice or subscription event whose checkout is not fulfilled yet (events arrive in any
 * order): each non-2xx answer makes Stripe deliver the event again later. A signed event whose
 * handling fails is kept in `webhook_failures` for operators until a delivery of it succeeds.
 */
export async function handleStripeWebhook(
  deps: Deps,
  delivery: { rawBody: string; signature: string | null },
): Promise<WebhookOutcome> {
  // Unsigned or forged deliveries are not recorded: their event id cannot be trusted.
  const envelope = await verifyDelivery(deps.payments, delivery.rawBody, delivery.signature);
  let outcome: WebhookOutcome;
  try {
    outcome = await applyEvent(deps, toBillingEvent(envelope));
  } catch (error) {
    await recordWebhookFailure(deps, failedEventOf(envelope), error);
    throw error;
  }
  await resolveWebhookFailure(deps, envelope.id);
  return outcome;
}

/** Switches one readable event into its handler. */
async function applyEvent(deps: Deps, event: BillingEvent): Promise<WebhookOutcome> {
  const record = eventRecordOf(event);
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return onCheckoutCompleted(deps, event, record);
    case 'invoice.paid': {
      const outcome = ready(await onInvoicePaid(deps, event, record));
      // A renewal may have been charged to a card changed since.
      if (outcome === 'applied') await refreshCard(deps, event);
      return outcome;
    }
    case 'invoice.payment_failed':
      return ready(await onInvoicePaymentFailed(deps, event, record));
    case 'invoice.finalized':
      return onInvoiceFinalized(deps, event, record);
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return ready(await onSubscriptionChanged(deps, event, record));
    case 'customer.updated':
      return onCustomerUpdated(deps, event, record);
    case 'ignored':
      return onIgnored(deps, record);
    default:
      return unhandled(event);
  }
}

/** What the console shows of a failed event: read from the envelope, which is always readable. */
function failedEventOf(envelope: ProviderEvent) {
  const object: unknown = envelope.data.object;
  const objectId =
    typeof object === 'object' && object !== null && 'id' in object && typeof object.id === 'string'
      ? object.id
      : null;
  return { id: envelope.id, type: envelope.type, objectId };
}

/**
 * A finished checkout. Paid: create the account of its pending signup, or upgrade the account
 * that opened it (whichever call does the work sends the e-mail). Not paid yet (a delayed method;
 * async_payment_succeeded follows) or not ours: recorded and acknowledged.
 */
async function onCheckoutCompleted(
  deps: Deps,
  event: CheckoutEvent,
  record: EventRecord,
): Promise<WebhookOutcome> {
  const { reference } = event;
  if (event.paymentStatus === 'unpaid' || reference === null) return onIgnored(deps, record);
  const paid = {
    checkoutSessionId: event.sessionId,
    customerId: event.customerId,
    subscriptionId: event.subscriptionId,
    event: record,
    // The event does not carry the line items: the seats bought are read from the session.
    quantity: await seatsBought(deps, event.sessionId),
    company: event.billingDetails?.company ?? null,
  };
  const result =
    'pendingSignupId' in reference
      ? await fulfillPendingSignup(deps, { pendingSignupId: reference.pendingSignupId, ...paid })
      : await fulfillUpgrade(deps, { userId: reference.userId, ...paid });
  // The card the customer just paid with (also when a poll fulfilled the checkout first).
  if (
    result.outcome === 'created' ||
    result.outcome === 'upgraded' ||
    result.outcome === 'already'
  ) {
    await refreshCard(deps, event);
  }
  // The account's billing details, from what the buyer gave at this checkout (a replay or a
  // late older event changes nothing: the newer checkout's details stay).
  if (event.billingDetails && 'user' in result) {
    await saveCheckoutDetails(deps, result.user.id, event, event.billingDetails);
  }
  // Its invoice and receipt, unless invoice.paid recorded them first (reconcile.ts).
  if (
    result.outcome === 'created' ||
    result.outcome === 'upgraded' ||
    result.outcome === 'already'
  ) {
    await recordCheckoutInvoiceSoon(deps, event.subscriptionId);
  }
  return result.outcome;
}

/**
 * Saves what the buyer gave at the checkout, with what the EU's VAT register says of a VAT number.
 * The provider's checkout page takes any well-formed number and has no way to ask the register
 * first; one it does not confirm is taken off the provider's customer at once, so every later
 * invoice (renewal, added seats) carries VAT, and Billing & Invoices says why.
 */
async function saveCheckoutDetails(
  deps: Deps,
  userId: string,
  event: CheckoutEvent,
  details: BillingDetails,
) {
  const taxIdStatus = await checkTaxId(deps, details);
  const forProvider = taxedDetails(details, taxIdStatus);
  const { customerId } = event;
  if (forProvider !== details && customerId !== null) {
    await callProvider(() => deps.payments.updateCustomerDetails(customerId, forProvider));
  }
  await saveBillingProfile(deps.db, userId, details, taxIdStatus, {
    sourceCreated: event.created,
    now: deps.now,
  });
}

/**
 * How many seats a paid checkout bought (the buyer may have changed them on the page); null when
 * the provider does not know the session (fulfillment then takes the seats chosen at signup).
 */
async function seatsBought(deps: Deps, sessionId: string): Promise<number | null> {
  try {
    const session = await callProvider(
      () => deps.payments.retrieveCheckoutSession(sessionId),
      () => fail('NOT_FOUND'),
    );
    return session.quantity;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

/**
 * A customer changed, e.g. a new default card from the portal: one of ours has its card read
 * again; any other is acknowledged like an ignored type.
 */
async function onCustomerUpdated(
  deps: Deps,
  event: CustomerEvent,
  record: EventRecord,
): Promise<WebhookOutcome> {
  if (!(await recordAlone(deps.db, record, deps.now))) return 'replayed';
  const [known] = await deps.db
    .select({ subscriptionId: subscriptions.stripeSubscriptionId })
    .from(subscriptions)
    .where(eq(subscriptions.stripeCustomerId, event.customerId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  if (!known) return 'ignored';
  await refreshCard(deps, { customerId: event.customerId, subscriptionId: known.subscriptionId });
  return 'applied';
}

/** A type we do not act on: recorded, so a replay is told apart, and acknowledged. */
async function onIgnored({ db, now }: Deps, record: EventRecord): Promise<WebhookOutcome> {
  return (await recordAlone(db, record, now)) ? 'ignored' : 'replayed';
}

/** The subscription is not recorded yet: 409 so Stripe retries once its checkout is fulfilled. */
function ready(outcome: Awaited<ReturnType<typeof onInvoicePaid>>): WebhookOutcome {
  if (outcome === 'not_ready') throw fail('NOT_READY');
  return outcome;
}

/** Compile-time proof that the switch above handles every event type. */
function unhandled(event: never): never {
  throw new Error(`Unhandled billing event ${JSON.stringify(event)}`);
}
