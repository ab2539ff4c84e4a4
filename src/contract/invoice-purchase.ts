/**
 * Buying Standard for a team by invoice (bank transfer), from `standardSeats.invoiceMinimum`
 * seats, on our own pages (Stripe's hosted checkout takes cards only). Requests: the zod schemas
 * of schemas/invoice-purchase.ts.
 *
 * - POST /api/invoice-quote → InvoiceQuoteResponse: what the invoice will say (seats, price, tax
 *   or reverse charge, total) for the billing details given. No session needed (the signup asks
 *   before the account exists). 400 INVALID_BILLING_DETAILS (with `field`), 400
 *   INVOICE_NEEDS_SEATS under the minimum.
 * - POST /api/register-email-standard-invoice, /api/register-google-standard-invoice →
 *   InvoiceSignupResponse: the verified signup (as register-email-standard / -google-standard)
 *   plus the seats, billing details, PO number and a `purchaseId` the browser makes once per
 *   purchase. The account, its team and the open invoice are made at once and the browser is
 *   signed in. A repeat with the same `purchaseId` (a double click, a retry) makes nothing twice.
 * - POST /api/billing/invoice (signed in) → InvoiceUpgradeResponse: the same for an account that
 *   may buy Standard (a Trial, or a Standard account whose subscription ended). 409 as
 *   POST /api/billing/checkout.
 *
 * The purchase answers 400 INVALID_BILLING_DETAILS / INVALID_PO_NUMBER (with `field`) and
 * INVOICE_NEEDS_SEATS before anything is stored or sent to the payment provider.
 */
import type { QuoteInvoiceAnswer } from '../generated/answers/QuoteInvoiceAnswer';
import type { SignUpEmailByInvoiceAnswer } from '../generated/answers/SignUpEmailByInvoiceAnswer';
import type { UpgradeByInvoiceAnswer } from '../generated/answers/UpgradeByInvoiceAnswer';

/**
 * What the invoice will charge, with tax, and when it is due (days after it is sent).
 * `taxIdNote` says why VAT is added although a VAT number was given (the EU's VAT register did
 * not confirm it); null otherwise.
 */
export type InvoiceQuoteResponse = QuoteInvoiceAnswer;

/** The invoice a purchase sent: what the landing page and its link show. */
export type SentInvoiceView = UpgradeByInvoiceAnswer['invoice'];

/** Answer of POST /api/billing/invoice. */
export type InvoiceUpgradeResponse = UpgradeByInvoiceAnswer;

/** Answer of the invoice signups: the new account signed in (as AuthResponse) and its invoice. */
export type InvoiceSignupResponse = SignUpEmailByInvoiceAnswer;

/** Where the buyer lands: Billing & Invoices, which says the team is ready and links the invoice. */
export const invoiceSentPath = (invoiceId: string): string =>
  `/dashboard/billing?invoice=${encodeURIComponent(invoiceId)}`;
