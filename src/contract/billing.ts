/**
 * Billing & Invoices and the Trial → Standard upgrade.
 * Every call needs a signed-in session (cookie with our Origin, or Bearer):
 *
 * - POST /api/billing/checkout (no body) → StandardCheckoutResponse (contract/payments.ts): a
 *   Checkout Session for the signed-in Trial user (client reference = the user). 409
 *   ALREADY_STANDARD (Messages.alreadyStandard) or ENTERPRISE_PLAN (Messages.enterpriseAllSet).
 *   Success returns to /payment-processing?session_id=…, Cancel to /dashboard/billing.
 * - GET /api/billing → BillingOverview.
 * - POST /api/billing/portal (no body) → PortalResponse: the card-management page (Stripe
 *   customer portal; locally /dev/checkout/portal). 404 NO_SUBSCRIPTION without a customer.
 * - GET /api/billing/invoices/:id/pdf → application/pdf: the invoice of the signed-in account (404
 *   for anyone else's), generated from our record (seller, buyer, line, tax, total).
 * - PATCH /api/billing/details (body: billingDetailsBodySchema, schemas/billing-details.ts) →
 *   BillingOverview with the new details, which future invoices carry (past invoices keep their
 *   own copy). The provider's customer is updated first. 400 INVALID_BILLING_DETAILS with the
 *   checkout's own sentence and the `field` it is about; 404 NO_BILLING_DETAILS for an account
 *   that never bought (no details, no customer).
 * - POST /api/billing/cancel (no body) → BillingOverview after cancelling at period end
 *   (idempotent when already cancelling). 404 NO_SUBSCRIPTION when nothing can be cancelled.
 * - POST /api/billing/resume (no body) → BillingOverview after resuming a subscription set to end
 *   (idempotent when it already renews). 404 NO_SUBSCRIPTION without one; 409
 *   SUBSCRIPTION_ENDED once the paid period is over (buy Standard again instead).
 */
import {
  array,
  boolean,
  httpUrl,
  integer,
  nullable,
  object,
  oneOf,
  optional,
  string,
  type Infer,
} from './shape.ts';
import { licenseStatuses, planLabels } from './user.ts';

/**
 * What the page shows as the subscription's state (subscriptions.status in
 * functions/db/schema/billing.ts).
 */
export const subscriptionStatuses = ['active', 'cancelling', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/**
 * A year of a subscription in figures, as the card (or invoice) is charged: seats × price per seat,
 * the tax on top and the total, in cents (functions/services/core/payments/charges.ts).
 */
export const yearlyChargeSchema = object({
  quantity: integer,
  /** Cents per seat per year, before tax. */
  unitAmount: integer,
  /** quantity × unitAmount. */
  subtotal: integer,
  tax: integer,
  /** Basis points (1900 = 19 %); 0 for none or a reverse charge. */
  taxRateBp: integer,
  /** An EU business: no VAT added, the invoice says "Reverse charge". */
  reverseCharge: boolean,
  total: integer,
  currency: string,
});
export type YearlyCharge = Infer<typeof yearlyChargeSchema>;

export const invoiceViewSchema = object({
  id: string,
  number: nullable(string),
  /** ISO 8601. */
  created: string,
  /** Cents. */
  amountPaid: integer,
  /** Lower-case ISO code, e.g. `usd`. */
  currency: string,
  /** paid, open, void, uncollectible, … */
  status: string,
  /** The hosted invoice page, else the PDF; null when the provider gave neither. */
  url: nullable(string),
  /** The invoice as a PDF: the provider's, else GET /api/billing/invoices/:id/pdf (ours). */
  pdfUrl: string,
  /** Cents of tax included in `amountPaid`; 0 when none or reverse charge. */
  taxAmount: integer,
  /** The buyer's business VAT ID made it a reverse-charge invoice (no VAT added). */
  reverseCharge: boolean,
  /** Seats invoiced: 1 on invoices from before seats were sold. */
  quantity: integer,
  /** Cents per seat before tax (added seats: the part of the year left); the list price on old rows. */
  unitAmount: integer,
  /** Seats added during the term (the provider's `subscription_update`), not a year's purchase. */
  seatsAdded: boolean,
  /**
   * ISO 8601: when an invoice sent for bank transfer must be paid ("Open — due {date}" while
   * open); null or absent for card payments. `amountPaid` of an open invoice is the amount due.
   */
  dueAt: optional(nullable(string)),
  /**
   * Support's refund of this payment: `in-progress` from the moment support decided it until the
   * provider has made it (then `refunded`, with the amount and when, ISO 8601); null for none.
   */
  refund: nullable(
    object({
      state: oneOf(['in-progress', 'refunded']),
      amount: integer,
      refundedAt: nullable(string),
    }),
  ),
});
export type InvoiceView = Infer<typeof invoiceViewSchema>;

/**
 * The account's billing details as the page shows them (BillingDetails): `country` is an ISO
 * code, `taxId` normalized (upper case, no spaces).
 */
export const billingDetailsViewSchema = object({
  company: nullable(string),
  name: string,
  line1: string,
  line2: nullable(string),
  postalCode: string,
  city: string,
  state: nullable(string),
  country: string,
  taxId: nullable(string),
});

export const billingOverviewSchema = object({
  plan: oneOf(planLabels),
  licenseStatus: oneOf(licenseStatuses),
  /** ISO 8601: when the current license ends (renewal date while the subscription renews). */
  licenseExpiresAt: string,
  /** Devices active on the license and how many it allows (an Enterprise seat's number). */
  devices: object({ active: integer, limit: integer }),
  /** The newest subscription; null for Trial and Enterprise accounts without one. */
  subscription: nullable(
    object({
      status: oneOf(subscriptionStatuses),
      /** ISO 8601; renews (active) or ends (cancelling, canceled) then. */
      currentPeriodEnd: nullable(string),
      cancelAtPeriodEnd: boolean,
      /** ISO 8601: when the latest renewal payment failed; null once one is paid. */
      paymentFailedAt: nullable(string),
      /**
       * How it is paid: by the card on file, or by invoice paid by bank transfer (a team of 5 or
       * more seats; its open invoice is in `invoices` with its `dueAt`).
       */
      paidBy: oneOf(['card', 'invoice']),
      /** This year: today's seats, their price, the tax and the total. */
      charge: yearlyChargeSchema,
      /** What the next renewal charges (fewer seats when some were removed for it). */
      renewal: yearlyChargeSchema,
    }),
  ),
  /** The card renewals are charged to, as the provider last reported it; null when unknown. */
  card: nullable(
    object({
      /** The provider's lower-case brand: visa, mastercard, amex, … */
      brand: string,
      last4: string,
      expMonth: integer,
      expYear: integer,
    }),
  ),
  /** What future invoices are billed to (from the latest checkout or change); null when none. */
  details: nullable(billingDetailsViewSchema),
  /**
   * Why future invoices carry VAT although the details hold a VAT number (the EU's VAT register
   * did not confirm it), in one sentence; null otherwise.
   */
  taxIdNote: nullable(string),
  /** Newest first. */
  invoices: array(invoiceViewSchema),
  /** Which buttons the page offers. */
  actions: object({
    /** Trial accounts: "Upgrade to Standard". */
    upgrade: boolean,
    /** Accounts with a payment-provider customer paying by card: "Manage card". */
    manageCard: boolean,
    /** An active or past-due subscription not yet set to end: "Cancel subscription". */
    cancel: boolean,
    /** A subscription set to end whose paid period still runs: "Resume subscription". */
    resume: boolean,
    /** Saved details, or a customer to attach them to: "Change billing details". */
    editDetails: boolean,
  }),
});
export type BillingOverview = Infer<typeof billingOverviewSchema>;

/** Where our PDF of an invoice is served (the signed-in owner only). */
export const invoicePdfPath = (invoiceId: string): string =>
  `/api/billing/invoices/${encodeURIComponent(invoiceId)}/pdf`;

export const portalResponseSchema = object({ url: httpUrl });
export type PortalResponse = Infer<typeof portalResponseSchema>;

/**
 * What a buyer gives at checkout, as stored on the account (`billing_profiles`) and copied onto
 * each invoice. `country` is an ISO 3166-1 alpha-2 code; `taxId` is normalized (upper case, no
 * spaces), e.g. `DE136695976`.
 */
export interface BillingDetails {
  company: string | null;
  name: string;
  line1: string;
  line2: string | null;
  postalCode: string;
  city: string;
  state: string | null;
  country: string;
  taxId: string | null;
}
