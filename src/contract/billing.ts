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
import type { GetBillingOverviewAnswer } from '../generated/answers/GetBillingOverviewAnswer';
import type { OpenBillingPortalAnswer } from '../generated/answers/OpenBillingPortalAnswer';

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
export type YearlyCharge = NonNullable<GetBillingOverviewAnswer['subscription']>['charge'];

export type InvoiceView = GetBillingOverviewAnswer['invoices'][number];

export type BillingOverview = GetBillingOverviewAnswer;

/** Where our PDF of an invoice is served (the signed-in owner only). */
export const invoicePdfPath = (invoiceId: string): string =>
  `/api/billing/invoices/${encodeURIComponent(invoiceId)}/pdf`;

export type PortalResponse = OpenBillingPortalAnswer;

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
