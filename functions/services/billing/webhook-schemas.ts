/**
 * The Stripe objects inside the webhook events we act on, as lenient zod schemas: only the
 * fields we read, ids whether or not expanded, seconds turned into milliseconds, and both the
 * pre- and post-2025-03-31 places of moved fields (a webhook endpoint keeps the API version it
 * was created with in the Stripe dashboard, whatever our SDK pins).
 */
import { z } from 'zod';
import { lazySchema } from '../../../src/contract/schemas/lazy';

const nullableString = lazySchema(() =>
  z
    .string()
    .nullish()
    .transform((value) => value ?? null),
);
/** An id, or the expanded object carrying it. */
const idRef = lazySchema(() =>
  z
    .union([z.string(), z.object({ id: z.string() })])
    .nullish()
    .transform((value) => (value == null ? null : typeof value === 'string' ? value : value.id)),
);
/**
 * Unix seconds a real event can carry: 2000-01-01 to 2100-01-01. Anything else is a broken or
 * forged event, refused with 400 before anything is written (1e308 would become Infinity, 1e20 an
 * absurd license expiry).
 */
export const unixSeconds = lazySchema(() => z.number().int().min(946_684_800).max(4_102_444_800));
/** Unix seconds to milliseconds. */
const timestamp = lazySchema(() =>
  unixSeconds.nullish().transform((value) => (value == null ? null : value * 1000)),
);
/** An amount in cents: whole, not negative, and below any real invoice (10 billion dollars). */
const cents = lazySchema(() => z.number().int().min(0).max(1_000_000_000_000));
const metadata = lazySchema(() => z.record(z.string(), z.string()).nullish());

/** A Stripe address; any field may be missing (Stripe collects what the country needs). */
const addressSchema = lazySchema(() =>
  z
    .object({
      line1: nullableString,
      line2: nullableString,
      postal_code: nullableString,
      city: nullableString,
      state: nullableString,
      country: nullableString,
    })
    .nullish(),
);
export type StripeAddress = z.output<typeof addressSchema>;

/** Tax IDs as Checkout and invoices carry them; Checkout collects at most one. */
const taxIdsSchema = lazySchema(() =>
  z
    .array(z.object({ type: z.string(), value: z.string() }))
    .nullish()
    .transform((value) => value ?? []),
);

/** A Checkout Session (checkout.session.* events). */
export const checkoutSessionSchema = lazySchema(() =>
  z.object({
    id: z.string().min(1),
    object: z.literal('checkout.session'),
    mode: nullableString,
    client_reference_id: nullableString,
    customer: idRef,
    subscription: idRef,
    customer_email: nullableString,
    customer_details: z
      .object({
        email: nullableString,
        name: nullableString,
        /** Since 2025: the business and the person, when the buyer gave both. */
        business_name: nullableString,
        individual_name: nullableString,
        address: addressSchema,
        tax_ids: taxIdsSchema,
      })
      .nullish(),
    payment_status: z.string(),
    amount_total: cents.nullish(),
    currency: nullableString,
    metadata,
  }),
);

const invoiceLineSchema = lazySchema(() =>
  z.object({
    period: z.object({ start: unixSeconds, end: unixSeconds }).nullish(),
    /** Seats on the line; a proration's credit line (negative amount) gives seats back. */
    quantity: z.number().int().nullish(),
    amount: z.number().int().nullish(),
    /** Before 2025-03-31. */
    subscription: idRef.optional(),
    parent: z
      .object({ subscription_item_details: z.object({ subscription: idRef }).nullish() })
      .nullish(),
  }),
);

/** An invoice (invoice.* events). */
export const invoiceSchema = lazySchema(() =>
  z.object({
    id: z.string().min(1),
    object: z.literal('invoice'),
    customer: idRef,
    /** Before 2025-03-31; since then under `parent.subscription_details`. */
    subscription: idRef.optional(),
    subscription_details: z.object({ metadata }).nullish(),
    parent: z
      .object({ subscription_details: z.object({ subscription: idRef, metadata }).nullish() })
      .nullish(),
    billing_reason: nullableString,
    /** `send_invoice` for an invoice paid by bank transfer; `charge_automatically` by card. */
    collection_method: nullableString,
    /** When a `send_invoice` invoice must be paid. */
    due_date: timestamp,
    /** Printed fields, e.g. the buyer's PO number. */
    custom_fields: z
      .array(z.object({ name: z.string(), value: z.string() }))
      .nullish()
      .transform((value) => value ?? []),
    number: nullableString,
    amount_paid: cents,
    amount_due: cents,
    currency: z.string(),
    attempt_count: z.number().int().min(0).max(1000).nullish(),
    next_payment_attempt: timestamp,
    hosted_invoice_url: nullableString,
    invoice_pdf: nullableString,
    /** Whom it is billed to, copied from the customer when Stripe finalized it. */
    customer_name: nullableString,
    customer_address: addressSchema,
    customer_tax_ids: taxIdsSchema,
    /** `reverse` for an EU business with a VAT ID under Stripe Tax. */
    customer_tax_exempt: nullableString,
    subtotal: cents.nullish(),
    /** Since 2025-03-31; before, `tax` (cents). */
    total_taxes: z
      .array(
        z.object({
          amount: cents,
          taxability_reason: nullableString,
          taxable_amount: cents.nullish(),
        }),
      )
      .nullish(),
    tax: cents.nullish(),
    lines: z.object({ data: z.array(invoiceLineSchema) }).nullish(),
  }),
);

/** A customer (customer.updated): only its id; the card is asked of the provider. */
export const customerSchema = lazySchema(() =>
  z.object({
    id: z.string().min(1),
    object: z.literal('customer'),
  }),
);

/** A subscription (customer.subscription.* events). */
export const subscriptionSchema = lazySchema(() =>
  z.object({
    id: z.string().min(1),
    object: z.literal('subscription'),
    customer: idRef,
    status: z.string(),
    cancel_at_period_end: z.boolean(),
    cancel_at: timestamp,
    ended_at: timestamp,
    /** Before 2025-03-31; since then on each item. */
    current_period_end: timestamp.optional(),
    items: z
      .object({ data: z.array(z.object({ current_period_end: timestamp.optional() })) })
      .nullish(),
    metadata,
  }),
);
