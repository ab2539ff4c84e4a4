/**
 * Turns a webhook delivery into one typed billing event. The signature is
 * checked first (a bad or stale one is a 400 and nothing else happens); then the event types we
 * act on are parsed into small shapes in our units (ms, cents), and every other type is
 * `ignored`. Parsing is lenient about API versions: the webhook endpoint's version is set in the
 * Stripe dashboard, not by our SDK, so both pre- and post-2025-03-31 shapes are read.
 */
import type { z } from 'zod';
import type { BillingDetails } from '../../../src/contract/billing';
import { PO_FIELD_NAME, readBuyerNames, readReference } from '../../adapters/payments/reference';
import {
  PaymentProviderError,
  WebhookSignatureError,
  type CheckoutReference,
  type PaymentProvider,
  type ProviderEvent,
} from '../../adapters/payments/types';
import { fail } from '../../lib/errors';
import type { EventRecord } from './stripe-events';
import {
  checkoutSessionSchema,
  customerSchema,
  invoiceSchema,
  subscriptionSchema,
  unixSeconds,
  type StripeAddress,
} from './webhook-schemas';

interface EventBase {
  /** `evt_…`: the idempotency key, recorded in the same batch as the event's effect. */
  eventId: string;
  /** Milliseconds; orders events of one object, since delivery order is not guaranteed. */
  created: number;
  livemode: boolean;
}

/** A Checkout Session finished; fulfill when `paymentStatus` is not 'unpaid'. */
export interface CheckoutEvent extends EventBase {
  /** `completed` may still be 'unpaid' for a delayed payment method; `async_payment_succeeded` follows. */
  type: 'checkout.session.completed' | 'checkout.session.async_payment_succeeded';
  sessionId: string;
  mode: string | null;
  clientReferenceId: string | null;
  reference: CheckoutReference | null;
  customerId: string | null;
  subscriptionId: string | null;
  customerEmail: string | null;
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  amountTotal: number | null;
  currency: string | null;
  /** What the buyer entered at checkout; null without an address. */
  billingDetails: BillingDetails | null;
}

/**
 * An invoice was paid (first or renewal), a payment attempt failed, or an invoice was finalized
 * (sent for payment by bank transfer when `collectionMethod` is `send_invoice`).
 */
export interface InvoiceEvent extends EventBase {
  type: 'invoice.paid' | 'invoice.payment_failed' | 'invoice.finalized';
  /** `send_invoice` (paid by bank transfer) or `charge_automatically` (by card). */
  collectionMethod: 'send_invoice' | 'charge_automatically';
  /** ms: when a `send_invoice` invoice must be paid; null otherwise. */
  dueAt: number | null;
  /** The buyer's purchase-order reference printed on it (custom field `PO number`). */
  poNumber: string | null;
  invoiceId: string;
  customerId: string | null;
  subscriptionId: string | null;
  /** From the subscription's metadata, so an invoice arriving before its checkout is traceable. */
  reference: CheckoutReference | null;
  /** `subscription_create` (first), `subscription_cycle` (renewal), ... */
  billingReason: string | null;
  number: string | null;
  amountPaid: number;
  amountDue: number;
  currency: string;
  /** End of the service period the invoice pays for (its latest line), in ms. */
  periodEnd: number | null;
  /** Start of that period (its earliest line), in ms. */
  periodStart: number | null;
  /**
   * Seats invoiced: the lines' quantities, a credit line's (a proration's unused time) taken
   * away, so an invoice for added seats counts the seats added. Null without quantities.
   */
  quantity: number | null;
  attemptCount: number;
  /** When Stripe retries a failed payment, in ms; null when it will not. */
  nextPaymentAttempt: number | null;
  hostedInvoiceUrl: string | null;
  invoicePdf: string | null;
  /** Whom it is billed to (company or person in `name`); null without an address. */
  buyer: BillingDetails | null;
  /** Cents before tax; null when the provider did not say. */
  subtotal: number | null;
  /** Cents. */
  taxAmount: number;
  /** Basis points, from the tax and the amount it was taken on; null when no tax applied. */
  taxRateBp: number | null;
  reverseCharge: boolean;
}

/** A subscription changed (cancel at period end, past due, renewed) or ended. */
export interface SubscriptionEvent extends EventBase {
  type: 'customer.subscription.updated' | 'customer.subscription.deleted';
  subscriptionId: string;
  customerId: string | null;
  reference: CheckoutReference | null;
  /** Stripe's status: active, past_due, unpaid, canceled, incomplete, ... */
  status: string;
  cancelAtPeriodEnd: boolean;
  /** ms */
  cancelAt: number | null;
  /** ms; the latest item period end (or the pre-2025 subscription field). */
  currentPeriodEnd: number | null;
  /** ms; set once the subscription has ended. */
  endedAt: number | null;
}

/** A customer changed (e.g. its default card, from the portal): its card is read again. */
export interface CustomerEvent extends EventBase {
  type: 'customer.updated';
  customerId: string;
}

/** Any other event type: acknowledged (2xx) and not acted on. */
export interface IgnoredEvent extends EventBase {
  type: 'ignored';
  eventType: string;
}

export type BillingEvent =
  CheckoutEvent | InvoiceEvent | SubscriptionEvent | CustomerEvent | IgnoredEvent;

/**
 * Verifies and parses one delivery. Throws ApiError 400 `INVALID_SIGNATURE` for a missing,
 * wrong or stale signature, 400 `INVALID_EVENT` for a signed event we cannot read, and 503
 * `PAYMENTS_UNAVAILABLE` when payments are not configured (so Stripe retries later).
 */
export async function readWebhookEvent(
  payments: Pick<PaymentProvider, 'verifyWebhook'>,
  rawBody: string,
  signatureHeader: string | null,
): Promise<BillingEvent> {
  return toBillingEvent(await verifyDelivery(payments, rawBody, signatureHeader));
}

/**
 * The first half of readWebhookEvent: the signature is checked and the envelope returned, not
 * yet read. Throws `INVALID_SIGNATURE` or `PAYMENTS_UNAVAILABLE` as readWebhookEvent does.
 */
export async function verifyDelivery(
  payments: Pick<PaymentProvider, 'verifyWebhook'>,
  rawBody: string,
  signatureHeader: string | null,
): Promise<ProviderEvent> {
  try {
    return await payments.verifyWebhook(rawBody, signatureHeader);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      // The adapter's reason (missing, wrong or stale) helps whoever set the webhook up.
      throw fail('INVALID_SIGNATURE', { message: error.message });
    }
    if (error instanceof PaymentProviderError && error.code === 'unavailable') {
      throw fail('PAYMENTS_UNAVAILABLE');
    }
    throw error;
  }
}

/** Billing details from a Stripe address, names and tax IDs; null without a usable address. */
function detailsOf(
  address: StripeAddress,
  names: { company: string | null; name: string | null },
  taxIds: readonly { value: string }[],
): BillingDetails | null {
  if (!address?.country || names.name === null) return null;
  return {
    company: names.company,
    name: names.name,
    line1: address.line1 ?? '',
    line2: address.line2,
    postalCode: address.postal_code ?? '',
    city: address.city ?? '',
    state: address.state,
    country: address.country,
    taxId: taxIds[0]?.value ?? null,
  };
}

/** A tax rate from the tax and its base, to the nearest 0.1 % (rates have at most one decimal). */
export function taxRateOf(tax: number, base: number | null | undefined): number | null {
  if (!base || tax === 0) return null;
  return Math.round((tax * 10_000) / base / 10) * 10;
}

const paymentStatus = (value: string): CheckoutEvent['paymentStatus'] =>
  value === 'paid' || value === 'no_payment_required' ? value : 'unpaid';

const latest = (values: readonly (number | null | undefined)[]): number | null => {
  const present = values.filter((value): value is number => typeof value === 'number');
  return present.length > 0 ? Math.max(...present) : null;
};

function parseObject<T extends z.ZodType>(schema: T, event: ProviderEvent): z.output<T> {
  const result = schema.safeParse(event.data.object);
  if (!result.success) {
    // Logged without the body (it holds e-mails); the id finds it in the Stripe dashboard.
    console.error(
      `Unreadable ${event.type} webhook ${event.id}: ${result.error.issues[0]?.message ?? ''}`,
    );
    throw fail('INVALID_EVENT');
  }
  return result.data;
}

/** Normalizes a verified event; exported for tests and for replaying stored events. */
export function toBillingEvent(event: ProviderEvent): BillingEvent {
  if (!unixSeconds.safeParse(event.created).success) {
    console.error(`Webhook ${event.id} has an impossible created time`);
    throw fail('INVALID_EVENT');
  }
  const base: EventBase = {
    eventId: event.id,
    created: event.created * 1000,
    livemode: event.livemode,
  };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = parseObject(checkoutSessionSchema, event);
      return {
        ...base,
        type: event.type,
        sessionId: session.id,
        mode: session.mode,
        clientReferenceId: session.client_reference_id,
        reference: readReference(session.metadata),
        customerId: session.customer,
        subscriptionId: session.subscription,
        customerEmail: session.customer_details?.email ?? session.customer_email,
        paymentStatus: paymentStatus(session.payment_status),
        amountTotal: session.amount_total ?? null,
        currency: session.currency,
        billingDetails: detailsOf(
          session.customer_details?.address,
          {
            company: session.customer_details?.business_name ?? null,
            name:
              session.customer_details?.individual_name ?? session.customer_details?.name ?? null,
          },
          session.customer_details?.tax_ids ?? [],
        ),
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed':
    case 'invoice.finalized': {
      const invoice = parseObject(invoiceSchema, event);
      const subscriptionMetadata =
        invoice.parent?.subscription_details?.metadata ?? invoice.subscription_details?.metadata;
      // An invoiced subscription names its buyer's company and person in its metadata.
      const buyerNames = readBuyerNames(subscriptionMetadata);
      const lines = invoice.lines?.data ?? [];
      const subscriptionId =
        invoice.parent?.subscription_details?.subscription ??
        invoice.subscription ??
        lines
          .map((line) => line.parent?.subscription_item_details?.subscription ?? line.subscription)
          .find(Boolean) ??
        null;
      const periodEnd = latest(lines.map((line) => line.period?.end));
      const starts = lines.flatMap((line) => (line.period ? [line.period.start] : []));
      const periodStart = starts.length === 0 ? null : Math.min(...starts);
      const quantities = lines.flatMap((line) =>
        typeof line.quantity === 'number'
          ? [(line.amount ?? 0) < 0 ? -line.quantity : line.quantity]
          : [],
      );
      const quantity = quantities.length === 0 ? null : quantities.reduce((a, b) => a + b, 0);
      const taxes = invoice.total_taxes ?? [];
      const taxAmount = invoice.total_taxes
        ? taxes.reduce((sum, tax) => sum + tax.amount, 0)
        : (invoice.tax ?? 0);
      return {
        ...base,
        type: event.type,
        collectionMethod:
          invoice.collection_method === 'send_invoice' ? 'send_invoice' : 'charge_automatically',
        dueAt: invoice.due_date,
        poNumber:
          invoice.custom_fields.find((field) => field.name === PO_FIELD_NAME)?.value ?? null,
        invoiceId: invoice.id,
        customerId: invoice.customer,
        subscriptionId,
        reference: readReference(subscriptionMetadata),
        billingReason: invoice.billing_reason,
        number: invoice.number,
        amountPaid: invoice.amount_paid,
        amountDue: invoice.amount_due,
        currency: invoice.currency,
        periodEnd: periodEnd === null ? null : periodEnd * 1000,
        periodStart: periodStart === null ? null : periodStart * 1000,
        quantity: quantity !== null && quantity > 0 ? quantity : null,
        attemptCount: invoice.attempt_count ?? 0,
        nextPaymentAttempt: invoice.next_payment_attempt,
        hostedInvoiceUrl: invoice.hosted_invoice_url,
        invoicePdf: invoice.invoice_pdf,
        buyer: detailsOf(
          invoice.customer_address,
          buyerNames ?? { company: null, name: invoice.customer_name },
          invoice.customer_tax_ids,
        ),
        subtotal: invoice.subtotal ?? null,
        taxAmount,
        taxRateBp: taxRateOf(taxAmount, taxes[0]?.taxable_amount ?? invoice.subtotal),
        reverseCharge:
          invoice.customer_tax_exempt === 'reverse' ||
          taxes.some((tax) => tax.taxability_reason === 'reverse_charge'),
      };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = parseObject(subscriptionSchema, event);
      const itemEnds = (subscription.items?.data ?? []).map((item) => item.current_period_end);
      return {
        ...base,
        type: event.type,
        subscriptionId: subscription.id,
        customerId: subscription.customer,
        reference: readReference(subscription.metadata),
        status: subscription.status,
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
        cancelAt: subscription.cancel_at,
        currentPeriodEnd: latest([...itemEnds, subscription.current_period_end]),
        endedAt: subscription.ended_at,
      };
    }
    case 'customer.updated': {
      const customer = parseObject(customerSchema, event);
      return { ...base, type: event.type, customerId: customer.id };
    }
    default:
      return { ...base, type: 'ignored', eventType: event.type };
  }
}

/** How an event is recorded in `stripe_events` (its id, type and the id of its object). */
export function eventRecordOf(event: BillingEvent): EventRecord {
  const objectId =
    event.type === 'checkout.session.completed' ||
    event.type === 'checkout.session.async_payment_succeeded'
      ? event.sessionId
      : event.type === 'invoice.paid' ||
          event.type === 'invoice.payment_failed' ||
          event.type === 'invoice.finalized'
        ? event.invoiceId
        : event.type === 'ignored'
          ? null
          : event.type === 'customer.updated'
            ? event.customerId
            : event.subscriptionId;
  return {
    id: event.eventId,
    type: event.type === 'ignored' ? event.eventType : event.type,
    objectId,
    created: event.created,
  };
}
