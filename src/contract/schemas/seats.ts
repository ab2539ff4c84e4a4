/** Seat counts in request bodies: a whole number within what one Standard purchase holds. */
import { z } from 'zod';
import { standardSeats } from '../../config/seats.ts';
import { seatsNotANumber, seatsOutOfRange } from '../seat-texts.ts';

/** 1 to 250 seats. */
export const seatCountSchema = z
  .number({ error: seatsNotANumber })
  .int({ error: seatsNotANumber })
  .min(standardSeats.min, { error: seatsOutOfRange })
  .max(standardSeats.max, { error: seatsOutOfRange });

/** POST /api/billing/checkout: the seats to buy (1 when left out). */
export const upgradeCheckoutSchema = z.object({ seats: seatCountSchema.optional() });
export type UpgradeCheckoutBody = z.infer<typeof upgradeCheckoutSchema>;

/** POST /api/billing/seats/preview and /api/billing/seats: the seats wanted from now on. */
export const seatChangeSchema = z.object({
  seats: seatCountSchema,
  /**
   * With a confirmation of added seats: the prorated amount (cents, with tax) the owner was
   * shown. A different amount now is refused, so nobody is charged what they did not see.
   */
  expectedAmount: z.number().int().min(0).optional(),
});
export type SeatChangeBody = z.infer<typeof seatChangeSchema>;
