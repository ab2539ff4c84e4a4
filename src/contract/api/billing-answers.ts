/**
 * The answers whose domain types src/contract/billing.ts names, described once: these zod schemas are
 * what the Worker's answers are typed by, what the published API states, and what
 * `npm run openapi` turns into the islands' checks (src/generated/answers/). Worker and
 * contract only: no island imports this (no zod in the browser).
 */
import { z } from 'zod';
import { lazySchema } from '../schemas/lazy';
import { subscriptionStatuses } from '../billing';
import { licenseStatuses, planLabels } from '../user';

/**
 * A year of a subscription in figures, as the card (or invoice) is charged: seats × price per seat,
 * the tax on top and the total, in cents (functions/services/core/payments/charges.ts).
 */
export const yearlyChargeSchema = lazySchema(() =>
  z.object({
    quantity: z.int(),
    /** Cents per seat per year, before tax. */
    unitAmount: z.int(),
    /** quantity × unitAmount. */
    subtotal: z.int(),
    tax: z.int(),
    /** Basis points (1900 = 19 %); 0 for none or a reverse charge. */
    taxRateBp: z.int(),
    /** An EU business: no VAT added, the invoice says "Reverse charge". */
    reverseCharge: z.boolean(),
    total: z.int(),
    currency: z.string(),
  }),
);

export const invoiceViewSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    number: z.nullable(z.string()),
    /** ISO 8601. */
    created: z.string(),
    /** Cents. */
    amountPaid: z.int(),
    /** Lower-case ISO code, e.g. `usd`. */
    currency: z.string(),
    /** paid, open, void, uncollectible, … */
    status: z.string(),
    /** The hosted invoice page, else the PDF; null when the provider gave neither. */
    url: z.nullable(z.string()),
    /** The invoice as a PDF: the provider's, else GET /api/billing/invoices/:id/pdf (ours). */
    pdfUrl: z.string(),
    /** Cents of tax included in `amountPaid`; 0 when none or reverse charge. */
    taxAmount: z.int(),
    /** The buyer's business VAT ID made it a reverse-charge invoice (no VAT added). */
    reverseCharge: z.boolean(),
    /** Seats invoiced: 1 on invoices from before seats were sold. */
    quantity: z.int(),
    /** Cents per seat before tax (added seats: the part of the year left); the list price on old rows. */
    unitAmount: z.int(),
    /** Seats added during the term (the provider's `subscription_update`), not a year's purchase. */
    seatsAdded: z.boolean(),
    /**
     * ISO 8601: when an invoice sent for bank transfer must be paid ("Open — due {date}" while
     * open); null or absent for card payments. `amountPaid` of an open invoice is the amount due.
     */
    dueAt: z.optional(z.nullable(z.string())),
    /**
     * Support's refund of this payment: `in-progress` from the moment support decided it until the
     * provider has made it (then `refunded`, with the amount and when, ISO 8601); null for none.
     */
    refund: z.nullable(
      z.object({
        state: z.enum(['in-progress', 'refunded']),
        amount: z.int(),
        refundedAt: z.nullable(z.string()),
      }),
    ),
  }),
);

/**
 * The account's billing details as the page shows them (BillingDetails): `country` is an ISO
 * code, `taxId` normalized (upper case, no spaces).
 */
export const billingDetailsViewSchema = lazySchema(() =>
  z.object({
    company: z.nullable(z.string()),
    name: z.string(),
    line1: z.string(),
    line2: z.nullable(z.string()),
    postalCode: z.string(),
    city: z.string(),
    state: z.nullable(z.string()),
    country: z.string(),
    taxId: z.nullable(z.string()),
  }),
);

export const billingOverviewSchema = lazySchema(() =>
  z.object({
    plan: z.enum(planLabels),
    licenseStatus: z.enum(licenseStatuses),
    /** ISO 8601: when the current license ends (renewal date while the subscription renews). */
    licenseExpiresAt: z.string(),
    /** Devices active on the license and how many it allows (an Enterprise seat's number). */
    devices: z.object({ active: z.int(), limit: z.int() }),
    /** The newest subscription; null for Trial and Enterprise accounts without one. */
    subscription: z.nullable(
      z.object({
        status: z.enum(subscriptionStatuses),
        /** ISO 8601; renews (active) or ends (cancelling, canceled) then. */
        currentPeriodEnd: z.nullable(z.string()),
        cancelAtPeriodEnd: z.boolean(),
        /** ISO 8601: when the latest renewal payment failed; null once one is paid. */
        paymentFailedAt: z.nullable(z.string()),
        /**
         * How it is paid: by the card on file, or by invoice paid by bank transfer (a team of 5 or
         * more seats; its open invoice is in `invoices` with its `dueAt`).
         */
        paidBy: z.enum(['card', 'invoice']),
        /** This year: today's seats, their price, the tax and the total. */
        charge: yearlyChargeSchema,
        /** What the next renewal charges (fewer seats when some were removed for it). */
        renewal: yearlyChargeSchema,
      }),
    ),
    /** The card renewals are charged to, as the provider last reported it; null when unknown. */
    card: z.nullable(
      z.object({
        /** The provider's lower-case brand: visa, mastercard, amex, … */
        brand: z.string(),
        last4: z.string(),
        expMonth: z.int(),
        expYear: z.int(),
      }),
    ),
    /** What future invoices are billed to (from the latest checkout or change); null when none. */
    details: z.nullable(billingDetailsViewSchema),
    /**
     * Why future invoices carry VAT although the details hold a VAT number (the EU's VAT register
     * did not confirm it), in one sentence; null otherwise.
     */
    taxIdNote: z.nullable(z.string()),
    /** Newest first. */
    invoices: z.array(invoiceViewSchema),
    /** Which buttons the page offers. */
    actions: z.object({
      /** Trial accounts: "Upgrade to Standard". */
      upgrade: z.boolean(),
      /** Accounts with a payment-provider customer paying by card: "Manage card". */
      manageCard: z.boolean(),
      /** An active or past-due subscription not yet set to end: "Cancel subscription". */
      cancel: z.boolean(),
      /** A subscription set to end whose paid period still runs: "Resume subscription". */
      resume: z.boolean(),
      /** Saved details, or a customer to attach them to: "Change billing details". */
      editDetails: z.boolean(),
    }),
  }),
);

export const portalResponseSchema = lazySchema(() =>
  z.object({ url: z.url({ protocol: /^https?$/ }) }),
);
