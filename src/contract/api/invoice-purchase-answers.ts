/**
 * The answers whose domain types src/contract/invoice-purchase.ts names, described once: these zod schemas are
 * what the Worker's answers are typed by, what the published API states, and what
 * `npm run openapi` turns into the islands' checks (src/generated/answers/). Worker and
 * contract only: no island imports this (no zod in the browser).
 */
import { z } from 'zod';
import { lazySchema } from '../schemas/lazy';
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

/** Answer of POST /api/billing/invoice. */
export const invoiceUpgradeResponseSchema = lazySchema(() =>
  z.object({ invoice: sentInvoiceViewSchema }),
);

/** Answer of the invoice signups: the new account signed in (as AuthResponse) and its invoice. */
export const invoiceSignupResponseSchema = lazySchema(() =>
  z.object({
    invoice: sentInvoiceViewSchema,
    token: z.string(),
    user: userSchema,
    tokenExpiration: z.int(),
  }),
);
