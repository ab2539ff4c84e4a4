/**
 * Request bodies of buying Standard by invoice (src/contract/invoice-purchase.ts). The billing
 * details and the PO number are only typed here: what a value must be is the checkout's own check
 * (functions/services/billing/details.ts, readPoNumber), so every form answers the same sentences.
 */
import { z } from 'zod';
import { ApiMessages } from '../messages';
import { registerEmailSchema, registerGoogleSchema } from './auth';
import { billingDetailsBodySchema } from './billing-details';
import { lazySchema } from './lazy';
import { seatCountSchema } from './seats';
import { poNumberMaxLength } from '../../config/billing.ts';
import { standardSeats } from '../../config/seats.ts';

/** Seats of a purchase by invoice: the check refuses fewer than `invoiceMinimum` with its own sentence. */
const invoiceSeats = () => seatCountSchema.meta({ minimum: standardSeats.invoiceMinimum });
/** The purchase-order reference as the check reads it: spaces folded, then its length and letters. */
const poNumberPattern = `^\\s*(?:[\\p{L}\\p{N}\\-_/.#:()]|\\s+(?=[\\p{L}\\p{N}\\-_/.#:()])){0,${String(poNumberMaxLength)}}\\s*$`;

/** POST /api/invoice-quote */
export const invoiceQuoteSchema = lazySchema(() =>
  z.object({
    seats: invoiceSeats(),
    details: billingDetailsBodySchema,
  }),
);
export type InvoiceQuoteBody = z.infer<typeof invoiceQuoteSchema>;

/** What every purchase by invoice carries (built with the schema that uses it: lazy.ts). */
const purchase = () => ({
  seats: invoiceSeats(),
  details: billingDetailsBodySchema,
  /** The buyer's purchase-order reference, printed on the invoice (optional). */
  poNumber: z.string().max(1000).nullable().optional().meta({ pattern: poNumberPattern }),
  /** Made once per purchase by the browser: a repeat (a double click, a retry) makes nothing twice. */
  purchaseId: z.uuid(),
});

/** POST /api/billing/invoice */
export const invoiceUpgradeSchema = lazySchema(() => z.object(purchase()));
export type InvoiceUpgradeBody = z.infer<typeof invoiceUpgradeSchema>;

const standardOnly = { error: ApiMessages.standardEndpointOnly };

/** POST /api/register-email-standard-invoice */
export const registerEmailInvoiceSchema = lazySchema(() =>
  registerEmailSchema.unwrap().extend({ ...purchase(), plan: z.literal('standard', standardOnly) }),
);
export type RegisterEmailInvoiceBody = z.infer<typeof registerEmailInvoiceSchema>;

/** POST /api/register-google-standard-invoice */
export const registerGoogleInvoiceSchema = lazySchema(() =>
  registerGoogleSchema
    .unwrap()
    .extend({ ...purchase(), plan: z.literal('standard', standardOnly) }),
);
export type RegisterGoogleInvoiceBody = z.infer<typeof registerGoogleInvoiceSchema>;

/** The purchase part of any of these bodies. */
export type InvoicePurchaseBody = z.infer<typeof invoiceUpgradeSchema>;
