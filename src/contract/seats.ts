/**
 * Answers of the seat calls of a Standard subscription (routes/billing.ts), as shapes the islands
 * check before trusting them.
 */
import { boolean, integer, nullable, object, string, type Infer } from './shape.ts';

/** GET /api/billing/seats: the seats of the owner's running subscription. */
export const seatSummarySchema = object({
  seats: integer,
  /** Seats from the renewal on; null when they stay as they are. */
  renewalSeats: nullable(integer),
  /** Members plus open invitations (1 for a personal license): the fewest seats allowed. */
  taken: integer,
  /** ISO date-time of the renewal. */
  renewsOn: nullable(string),
  /** Cents per seat per year, before tax. */
  unitAmount: integer,
  currency: string,
  /** Paid by bank transfer: seats are added by writing to us, not charged here. */
  paysByInvoice: boolean,
});
export type SeatSummary = Infer<typeof seatSummarySchema>;

/**
 * GET /api/billing/seats: the summary, or null when the account owns no running Standard
 * subscription (nothing to change here: Enterprise seats change by agreement).
 */
export const seatSummaryResponseSchema = object({ summary: nullable(seatSummarySchema) });
export type SeatSummaryResponse = Infer<typeof seatSummaryResponseSchema>;

/** POST /api/billing/seats/preview: what adding seats costs now, with tax. */
export const seatPreviewResponseSchema = object({
  /** Seats today, and after the addition. */
  seats: integer,
  newSeats: integer,
  /** Cents: before tax, tax, total. */
  subtotal: integer,
  tax: integer,
  total: integer,
  currency: string,
  /** An EU business: no VAT is added (reverse charge). */
  reverseCharge: boolean,
  /** ISO date-time: the added seats are paid until then (the renewal). */
  periodEnd: string,
});
export type SeatPreview = Infer<typeof seatPreviewResponseSchema>;

/** POST /api/billing/seats: the seats added and their invoice. */
export const seatAdditionResponseSchema = object({
  message: string,
  seats: integer,
  invoice: object({ id: string, number: nullable(string), total: integer, currency: string }),
});
export type SeatAdditionResponse = Infer<typeof seatAdditionResponseSchema>;

/** POST /api/billing/seats/renewal */
export const renewalSeatsResponseSchema = object({
  message: string,
  renewalSeats: nullable(integer),
});
export type RenewalSeatsResponse = Infer<typeof renewalSeatsResponseSchema>;
