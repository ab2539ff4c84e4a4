/**
 * The webhook events Stripe sends when a subscription checkout is paid, rebuilt for a local
 * session: `checkout.session.completed`, then `invoice.paid` for the first invoice.
 * Shapes follow the pinned API version (STRIPE_API_VERSION), trimmed to the fields we read plus
 * the ones that make them recognizable; the webhook route cannot tell them from Stripe's.
 */
import { formatMoney } from '../../../src/lib/format';
import type { BillingDetails } from '../../../src/contract/billing';
import { billing, site } from '../../../src/site.config';
import { buyerMetadata, METADATA_KEYS, PO_FIELD_NAME } from './reference';
import { STRIPE_API_VERSION } from './stripe';
import type { LocalCheckoutSession, LocalInvoice, ProviderEvent } from './types';

/** What follows `cs_local_` in a session id; the customer, subscription and invoice reuse it. */
export const localSuffix = (sessionId: string): string => sessionId.replace(/^cs_local_/, '');

export const localIds = (session: Pick<LocalCheckoutSession, 'id' | 'invoiceNumber'>) => {
  const suffix = localSuffix(session.id);
  return {
    subscriptionId: `sub_local_${suffix}`,
    subscriptionItemId: `si_local_${suffix}`,
    invoiceId: `in_local_${suffix}`,
    invoiceNumber: session.invoiceNumber,
  };
};

/**
 * `SW-2026-000123`: the prefix, the year paid and the place in one sequence, like Stripe's
 * account-wide sequential numbering with a custom prefix.
 */
export function localInvoiceNumber(seq: number, paidAt: number): string {
  const year = new Date(paidAt).getUTCFullYear();
  return `${billing.invoicePrefix}-${String(year)}-${String(seq).padStart(6, '0')}`;
}

/** A Stripe address object. */
const stripeAddress = (details: BillingDetails) => ({
  line1: details.line1,
  line2: details.line2,
  postal_code: details.postalCode,
  city: details.city,
  state: details.state,
  country: details.country,
});

/** Stripe's tax ID objects: one, typed `eu_vat` in the EU (what Checkout collects there). */
const stripeTaxIds = (details: BillingDetails) =>
  details.taxId === null
    ? []
    : [
        {
          type: details.country in billing.euVatRates ? 'eu_vat' : 'unknown',
          value: details.taxId,
        },
      ];

/** A subscription period: one calendar year, as Stripe counts a yearly price. */
export function periodEndAfter(startMs: number): number {
  const end = new Date(startMs);
  end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end.getTime();
}

/** Where the local "hosted invoice" page lives, on the site that created the session. */
export function localInvoiceUrl(session: LocalCheckoutSession, checkoutPath: string): string {
  const url = new URL(`${checkoutPath}/invoice`, session.successUrl);
  url.searchParams.set('id', localIds(session).invoiceId);
  return url.toString();
}

const seconds = (ms: number) => Math.floor(ms / 1000);

function metadataOf(session: LocalCheckoutSession): Record<string, string> {
  const reference =
    'pendingSignupId' in session.reference
      ? { [METADATA_KEYS.pendingSignupId]: session.reference.pendingSignupId }
      : { [METADATA_KEYS.userId]: session.reference.userId };
  // An invoiced subscription carries its buyer's names, as the Stripe adapter writes them.
  const buyer =
    session.collectionMethod === 'send_invoice' && session.billingDetails
      ? buyerMetadata(session.billingDetails)
      : {};
  return { ...reference, [METADATA_KEYS.plan]: session.plan, ...buyer };
}

/** Where the local "hosted invoice" page of a development invoice lives. */
export function localDevInvoiceUrl(
  session: LocalCheckoutSession,
  invoiceId: string,
  checkoutPath: string,
): string {
  const url = new URL(`${checkoutPath}/invoice`, session.successUrl);
  url.searchParams.set('id', invoiceId);
  return url.toString();
}

/**
 * A development invoice of an invoiced subscription as Stripe's invoice object: open (finalized,
 * `invoice.finalized`) or paid out of band (`invoice.paid`), with its due date and the PO number
 * as a custom field.
 */
function sentInvoiceObject(
  session: LocalCheckoutSession,
  invoice: LocalInvoice,
  checkoutPath: string,
) {
  const paid = invoice.status === 'paid';
  const details = invoice.billingDetails;
  const amount = formatMoney(invoice.unitAmount, invoice.currency);
  return {
    id: invoice.id,
    object: 'invoice',
    billing_reason: invoice.billingReason,
    collection_method: invoice.collectionMethod,
    customer: invoice.customerId,
    customer_email: session.customerEmail,
    customer_name: details === null ? null : (details.company ?? details.name),
    customer_address: details === null ? null : stripeAddress(details),
    customer_tax_ids: details === null ? [] : stripeTaxIds(details),
    customer_tax_exempt: invoice.reverseCharge ? 'reverse' : 'none',
    status: invoice.status,
    number: invoice.invoiceNumber,
    currency: invoice.currency,
    amount_due: invoice.amountTotal,
    amount_paid: paid ? invoice.amountTotal : 0,
    amount_remaining: paid ? 0 : invoice.amountTotal,
    subtotal: invoice.amountSubtotal,
    total_excluding_tax: invoice.amountSubtotal,
    total: invoice.amountTotal,
    total_taxes:
      invoice.amountTax === 0 && !invoice.reverseCharge
        ? []
        : [
            {
              amount: invoice.amountTax,
              tax_behavior: 'exclusive',
              taxability_reason: invoice.reverseCharge ? 'reverse_charge' : 'standard_rated',
              taxable_amount: invoice.amountSubtotal,
              type: 'tax_rate_details',
            },
          ],
    custom_fields:
      invoice.poNumber === null ? null : [{ name: PO_FIELD_NAME, value: invoice.poNumber }],
    due_date: invoice.dueAt === null ? null : seconds(invoice.dueAt),
    attempt_count: 0,
    attempted: paid,
    created: seconds(invoice.createdAt),
    period_start: seconds(invoice.createdAt),
    period_end: seconds(invoice.createdAt),
    hosted_invoice_url: localDevInvoiceUrl(session, invoice.id, checkoutPath),
    invoice_pdf: null,
    status_transitions: {
      finalized_at: seconds(invoice.createdAt),
      paid_at: invoice.paidAt === null ? null : seconds(invoice.paidAt),
    },
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: {
        subscription: invoice.subscriptionId,
        metadata: metadataOf(session),
      },
    },
    lines: {
      object: 'list',
      has_more: false,
      url: `/v1/invoices/${invoice.id}/lines`,
      data: [
        {
          id: invoice.id.replace(/^in_/, 'il_'),
          object: 'line_item',
          amount: invoice.amountSubtotal,
          currency: invoice.currency,
          description: `${String(invoice.quantity)} × ${site.product} Standard (at ${amount} / year)`,
          quantity: invoice.quantity,
          period: { start: seconds(invoice.periodStart), end: seconds(invoice.periodEnd) },
          parent: {
            type: 'subscription_item_details',
            subscription_item_details: {
              subscription: invoice.subscriptionId,
              subscription_item: localIds(session).subscriptionItemId,
            },
          },
        },
      ],
    },
    livemode: false,
  };
}

/** `invoice.finalized` for the first invoice of an invoiced subscription (open, due later). */
export function invoiceFinalizedEvent(
  session: LocalCheckoutSession,
  invoice: LocalInvoice,
  checkoutPath: string,
): ProviderEvent {
  return envelope(
    'invoice.finalized',
    sentInvoiceObject(session, invoice, checkoutPath),
    invoice.createdAt,
  );
}

/** `invoice.paid` for a development invoice paid by bank transfer (marked paid out of band). */
export function sentInvoicePaidEvent(
  session: LocalCheckoutSession,
  invoice: LocalInvoice,
  checkoutPath: string,
): ProviderEvent {
  return envelope(
    'invoice.paid',
    sentInvoiceObject(session, invoice, checkoutPath),
    invoice.paidAt ?? invoice.createdAt,
  );
}

/** The envelope, with the extra fields Stripe sends that keep the JSON Stripe-shaped. */
type LocalEvent = ProviderEvent & {
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
};

function envelope(type: string, object: unknown, createdMs: number): LocalEvent {
  return {
    id: `evt_local_${crypto.randomUUID().replaceAll('-', '')}`,
    object: 'event',
    api_version: STRIPE_API_VERSION,
    created: seconds(createdMs),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** `checkout.session.completed` for a paid local session. */
export function checkoutCompletedEvent(
  session: LocalCheckoutSession,
  paidAt: number,
): ProviderEvent {
  const { subscriptionId, invoiceId } = localIds(session);
  return envelope(
    'checkout.session.completed',
    {
      id: session.id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: session.clientReferenceId,
      customer: session.customerId,
      customer_email: session.customerEmail,
      customer_details: {
        email: session.customerEmail,
        ...(session.billingDetails === null
          ? {}
          : {
              name: session.billingDetails.company ?? session.billingDetails.name,
              business_name: session.billingDetails.company,
              individual_name: session.billingDetails.name,
              address: stripeAddress(session.billingDetails),
              tax_ids: stripeTaxIds(session.billingDetails),
              tax_exempt: session.reverseCharge ? 'reverse' : 'none',
            }),
      },
      subscription: subscriptionId,
      invoice: invoiceId,
      amount_subtotal: session.amountSubtotal,
      amount_total: session.amountTotal,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: session.amountTax },
      currency: session.currency,
      metadata: metadataOf(session),
      success_url: session.successUrl,
      cancel_url: session.cancelUrl,
      created: seconds(session.createdAt),
      expires_at: seconds(session.createdAt) + 24 * 60 * 60,
      livemode: false,
    },
    paidAt,
  );
}

/** `invoice.paid` for the subscription's first invoice. */
export function firstInvoicePaidEvent(
  session: LocalCheckoutSession,
  paidAt: number,
  checkoutPath: string,
): ProviderEvent {
  const { subscriptionId, subscriptionItemId, invoiceId, invoiceNumber } = localIds(session);
  const period = { start: seconds(paidAt), end: seconds(periodEndAfter(paidAt)) };
  const amount = formatMoney(
    Math.round(session.amountSubtotal / session.quantity),
    session.currency,
  );
  const details = session.billingDetails;
  return envelope(
    'invoice.paid',
    {
      id: invoiceId,
      object: 'invoice',
      billing_reason: 'subscription_create',
      collection_method: 'charge_automatically',
      customer: session.customerId,
      customer_email: session.customerEmail,
      // As Stripe copies them from the customer when it finalizes the invoice.
      customer_name: details === null ? null : (details.company ?? details.name),
      customer_address: details === null ? null : stripeAddress(details),
      customer_tax_ids: details === null ? [] : stripeTaxIds(details),
      customer_tax_exempt: session.reverseCharge ? 'reverse' : 'none',
      status: 'paid',
      number: invoiceNumber,
      currency: session.currency,
      amount_due: session.amountTotal,
      amount_paid: session.amountTotal,
      amount_remaining: 0,
      subtotal: session.amountSubtotal,
      total_excluding_tax: session.amountSubtotal,
      total: session.amountTotal,
      total_taxes:
        session.amountTax === 0 && !session.reverseCharge
          ? []
          : [
              {
                amount: session.amountTax,
                tax_behavior: 'exclusive',
                taxability_reason: session.reverseCharge ? 'reverse_charge' : 'standard_rated',
                taxable_amount: session.amountSubtotal,
                type: 'tax_rate_details',
              },
            ],
      attempt_count: 1,
      attempted: true,
      created: seconds(paidAt),
      // For a subscription's invoice, Stripe's own period fields are the *previous* period; the
      // service period is on the lines.
      period_start: seconds(paidAt),
      period_end: seconds(paidAt),
      hosted_invoice_url: localInvoiceUrl(session, checkoutPath),
      invoice_pdf: null,
      status_transitions: { finalized_at: seconds(paidAt), paid_at: seconds(paidAt) },
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscriptionId, metadata: metadataOf(session) },
      },
      lines: {
        object: 'list',
        has_more: false,
        url: `/v1/invoices/${invoiceId}/lines`,
        data: [
          {
            id: `il_local_${localSuffix(session.id)}`,
            object: 'line_item',
            amount: session.amountSubtotal,
            currency: session.currency,
            description: `${String(session.quantity)} × ${site.product} Standard (at ${amount} / year)`,
            quantity: session.quantity,
            period,
            parent: {
              type: 'subscription_item_details',
              subscription_item_details: {
                subscription: subscriptionId,
                subscription_item: subscriptionItemId,
              },
            },
          },
        ],
      },
      livemode: false,
    },
    paidAt,
  );
}
