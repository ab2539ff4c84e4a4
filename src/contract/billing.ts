/**
 * Billing & Invoices and the Trial → Standard upgrade.
 * All four calls need a signed-in session (cookie with our Origin, or Bearer):
 *
 * - POST /api/billing/checkout (no body) → StandardCheckoutResponse (contract/payments.ts): a
 *   Checkout Session for the signed-in Trial user (client reference = the user). 409
 *   ALREADY_STANDARD (Messages.alreadyStandard) or ENTERPRISE_PLAN (Messages.enterpriseAllSet).
 *   Success returns to /payment-processing?session_id=…, Cancel to /dashboard/billing.
 * - GET /api/billing → BillingOverview.
 * - POST /api/billing/portal (no body) → PortalResponse: the card-management page (Stripe
 *   customer portal; locally /dev/checkout/portal). 404 NO_SUBSCRIPTION without a customer.
 * - POST /api/billing/cancel (no body) → BillingOverview after cancelling at period end
 *   (idempotent when already cancelling). 404 NO_SUBSCRIPTION when nothing can be cancelled.
 */
import { z } from 'zod';
import { licenseStatuses, planLabels } from './user';

/** What the page shows as the subscription's state (functions/db/schema.ts subscriptions.status). */
export const subscriptionStatuses = ['active', 'cancelling', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export const invoiceViewSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  /** ISO 8601. */
  created: z.string(),
  /** Cents. */
  amountPaid: z.number().int(),
  /** Lower-case ISO code, e.g. `usd`. */
  currency: z.string(),
  /** paid, open, void, uncollectible, … */
  status: z.string(),
  /** The hosted invoice page, else the PDF; null when the provider gave neither. */
  url: z.string().nullable(),
});
export type InvoiceView = z.infer<typeof invoiceViewSchema>;

export const billingOverviewSchema = z.object({
  plan: z.enum(planLabels),
  licenseStatus: z.enum(licenseStatuses),
  /** ISO 8601: when the current license ends (renewal date while the subscription renews). */
  licenseExpiresAt: z.string(),
  /** The newest card subscription; null for Trial and Enterprise accounts without one. */
  subscription: z
    .object({
      status: z.enum(subscriptionStatuses),
      /** ISO 8601; renews (active) or ends (cancelling, canceled) then. */
      currentPeriodEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
    })
    .nullable(),
  /** Newest first. */
  invoices: z.array(invoiceViewSchema),
  /** Which buttons the page offers. */
  actions: z.object({
    /** Trial accounts: "Upgrade to Standard". */
    upgrade: z.boolean(),
    /** Accounts with a payment-provider customer: "Manage card". */
    manageCard: z.boolean(),
    /** An active or past-due subscription not yet set to end: "Cancel subscription". */
    cancel: z.boolean(),
  }),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

export const portalResponseSchema = z.object({ url: z.string().url() });
export type PortalResponse = z.infer<typeof portalResponseSchema>;
