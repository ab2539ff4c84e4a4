/**
 * The zod twins of the answers src/contract/invoice-purchase.ts describes with shapes, so the published API
 * states their fields. The pages keep checking those answers with the shapes (no zod in the
 * browser); each `Agree` below fails the build if a twin and its shape ever differ. Worker and
 * contract only: no island imports this.
 */
import { z } from 'zod';
import type { Agree } from '../schemas/agree';
import { lazySchema } from '../schemas/lazy';
import {
  type InvoiceQuoteResponse,
  type InvoiceSignupResponse,
  type InvoiceUpgradeResponse,
  type SentInvoiceView,
} from '../invoice-purchase';
import { yearlyChargeSchema } from './billing-answers';
import { userViewSchema as userSchema } from './account-schemas';

/**
 * What the invoice will charge, with tax, and when it is due (days after it is sent).
 * `taxIdNote` says why VAT is added although a VAT number was given (the EU's VAT register did
 * not confirm it); null otherwise.
 */
export const invoiceQuoteResponseSchema = lazySchema(() =>
  z.object({
    charge: yearlyChargeSchema,
    dueDays: z.int(),
    taxIdNote: z.nullable(z.string()),
  }),
);

const invoiceQuoteResponseAgrees: Agree<typeof invoiceQuoteResponseSchema, InvoiceQuoteResponse> =
  true;

/** The invoice a purchase sent: what the landing page and its link show. */
export const sentInvoiceViewSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    number: z.nullable(z.string()),
    seats: z.int(),
    /** Cents, tax included. */
    amountDue: z.int(),
    currency: z.string(),
    /** ISO 8601. */
    dueAt: z.string(),
    /** The hosted invoice page (locally /dev/checkout/invoice); null when the provider gave none. */
    url: z.nullable(z.string()),
  }),
);

const sentInvoiceViewAgrees: Agree<typeof sentInvoiceViewSchema, SentInvoiceView> = true;

/** Answer of POST /api/billing/invoice. */
export const invoiceUpgradeResponseSchema = lazySchema(() =>
  z.object({ invoice: sentInvoiceViewSchema }),
);

const invoiceUpgradeResponseAgrees: Agree<
  typeof invoiceUpgradeResponseSchema,
  InvoiceUpgradeResponse
> = true;

/** Answer of the invoice signups: the new account signed in (as AuthResponse) and its invoice. */
export const invoiceSignupResponseSchema = lazySchema(() =>
  z.object({
    invoice: sentInvoiceViewSchema,
    token: z.string(),
    user: userSchema,
    tokenExpiration: z.int(),
  }),
);

const invoiceSignupResponseAgrees: Agree<
  typeof invoiceSignupResponseSchema,
  InvoiceSignupResponse
> = true;

void [
  invoiceQuoteResponseAgrees,
  sentInvoiceViewAgrees,
  invoiceUpgradeResponseAgrees,
  invoiceSignupResponseAgrees,
];
