/** Answers of the seat calls of a Standard subscription (routes/billing.ts). */

/** POST /api/billing/seats/preview: what adding seats costs now, with tax. */
export interface SeatPreview {
  /** Seats today, and after the addition. */
  seats: number;
  newSeats: number;
  /** Cents: before tax, tax, total. */
  subtotal: number;
  tax: number;
  total: number;
  currency: string;
  /** ISO date-time: the added seats are paid until then (the renewal). */
  periodEnd: string;
}

/** POST /api/billing/seats: the seats added and their invoice. */
export interface SeatAdditionResponse {
  message: string;
  seats: number;
  invoice: { id: string; number: string | null; total: number; currency: string };
}

/** POST /api/billing/seats/renewal */
export interface RenewalSeatsResponse {
  message: string;
  /** Seats from the renewal on; null when they stay as they are. */
  renewalSeats: number | null;
}
