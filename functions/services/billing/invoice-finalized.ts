/**
 * invoice.finalized (webhook.ts): the first invoice of a subscription paid by invoice fulfills
 * the purchase at once (invoiced.ts), through the same fulfillment as a paid checkout and as the
 * purchase route (invoice-purchase.ts), whichever comes first; a renewal's invoice is recorded
 * open and sent (lifecycle.ts).
 */
import { fail } from '../../lib/errors';
import type { Deps } from '../shared/deps';
import { saveBillingProfile } from './details';
import { checkTaxId } from './vat-check';
import { fulfillPendingSignup } from './fulfill-signup';
import { fulfillUpgrade } from './fulfill-upgrade';
import { onRenewalInvoiceSent } from './lifecycle';
import type { SentInvoice } from './invoiced';
import { recordAlone, type EventRecord } from './stripe-events';
import type { InvoiceEvent } from './webhook-events';

/** The first invoice of a subscription paid by invoice, from its `invoice.finalized` event. */
function sentInvoiceOf(event: InvoiceEvent): SentInvoice | null {
  if (event.dueAt === null) return null;
  return { ...event, dueAt: event.dueAt };
}

/**
 * invoice.finalized: the first invoice of a subscription paid by invoice that we made (our
 * reference in its metadata) fulfills the purchase at once, exactly once; a renewal's invoice of
 * one is recorded open with its due date and e-mailed (409 NOT_READY while its subscription is
 * unknown, so Stripe delivers it again); any other finalized invoice (a card's) is recorded and
 * acknowledged.
 */
export async function onInvoiceFinalized(
  deps: Deps,
  event: InvoiceEvent,
  record: EventRecord,
): Promise<string> {
  const sent = sentInvoiceOf(event);
  const { reference } = event;
  if (
    event.collectionMethod === 'send_invoice' &&
    event.billingReason === 'subscription_cycle' &&
    sent !== null
  ) {
    const outcome = await onRenewalInvoiceSent(deps, { ...event, dueAt: sent.dueAt }, record);
    if (outcome === 'not_ready') throw fail('NOT_READY');
    return outcome;
  }
  if (
    event.collectionMethod !== 'send_invoice' ||
    event.billingReason !== 'subscription_create' ||
    sent === null ||
    reference === null ||
    event.subscriptionId === null ||
    event.customerId === null
  ) {
    return (await recordAlone(deps.db, record, deps.now)) ? 'ignored' : 'replayed';
  }
  const invoiced = {
    checkoutSessionId: event.invoiceId,
    customerId: event.customerId,
    subscriptionId: event.subscriptionId,
    event: record,
    quantity: event.quantity,
    company: event.buyer?.company ?? null,
    invoiced: sent,
  };
  const result =
    'pendingSignupId' in reference
      ? await fulfillPendingSignup(deps, {
          pendingSignupId: reference.pendingSignupId,
          ...invoiced,
        })
      : await fulfillUpgrade(deps, { userId: reference.userId, ...invoiced });
  // The account's billing details, from what the invoice is billed to.
  if (event.buyer && 'user' in result) {
    await saveBillingProfile(
      deps.db,
      result.user.id,
      event.buyer,
      await checkTaxId(deps, event.buyer),
      { sourceCreated: event.created, now: deps.now },
    );
  }
  return result.outcome;
}
