/**
 * The answers whose domain types src/contract/seats.ts names, described once: these zod schemas are
 * what the Worker's answers are typed by, what the published API states, and what
 * `npm run openapi` turns into the islands' checks (src/generated/answers/). Worker and
 * contract only: no island imports this (no zod in the browser).
 */
import { z } from 'zod';
import { lazySchema } from '../schemas/lazy';

/** GET /api/billing/seats: the seats of the owner's running subscription. */
export const seatSummarySchema = lazySchema(() =>
  z.object({
    seats: z.int(),
    /** Seats from the renewal on; null when they stay as they are. */
    renewalSeats: z.nullable(z.int()),
    /** Members plus open invitations (1 for a personal license): the fewest seats allowed. */
    taken: z.int(),
    /** ISO date-time of the renewal. */
    renewsOn: z.nullable(z.string()),
    /** Cents per seat per year, before tax. */
    unitAmount: z.int(),
    currency: z.string(),
    /** Paid by bank transfer: seats are added by writing to us, not charged here. */
    paysByInvoice: z.boolean(),
  }),
);

/**
 * GET /api/billing/seats: the summary, or null when the account owns no running Standard
 * subscription (nothing to change here: Enterprise seats change by agreement).
 */
export const seatSummaryResponseSchema = lazySchema(() =>
  z.object({ summary: z.nullable(seatSummarySchema) }),
);

/** POST /api/billing/seats/preview: what adding seats costs now, with tax. */
export const seatPreviewResponseSchema = lazySchema(() =>
  z.object({
    /** Seats today, and after the addition. */
    seats: z.int(),
    newSeats: z.int(),
    /** Cents: before tax, tax, total. */
    subtotal: z.int(),
    tax: z.int(),
    total: z.int(),
    currency: z.string(),
    /** An EU business: no VAT is added (reverse charge). */
    reverseCharge: z.boolean(),
    /** ISO date-time: the added seats are paid until then (the renewal). */
    periodEnd: z.string(),
  }),
);

/** POST /api/billing/seats: the seats added and their invoice. */
export const seatAdditionResponseSchema = lazySchema(() =>
  z.object({
    message: z.string(),
    seats: z.int(),
    invoice: z.object({
      id: z.string(),
      number: z.nullable(z.string()),
      total: z.int(),
      currency: z.string(),
    }),
  }),
);

/** POST /api/billing/seats/renewal */
export const renewalSeatsResponseSchema = lazySchema(() =>
  z.object({
    message: z.string(),
    renewalSeats: z.nullable(z.int()),
  }),
);
