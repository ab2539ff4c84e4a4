/** Seat counts in request bodies: a whole number within what one Standard purchase holds. */
import { z } from 'zod';
import { standardSeats } from '../../config/seats.ts';
import { seatsNotANumber, seatsOutOfRange } from '../seat-texts.ts';
import { lazySchema } from './lazy.ts';

/** 1 to 250 seats. */
export const seatCountSchema = lazySchema(() =>
  z
    .number({ error: seatsNotANumber })
    .int({ error: seatsNotANumber })
    .min(standardSeats.min, { error: seatsOutOfRange })
    .max(standardSeats.max, { error: seatsOutOfRange }),
);

/** POST /api/billing/checkout: the seats to buy (1 when left out). */
export const upgradeCheckoutSchema = lazySchema(() =>
  z.object({ seats: seatCountSchema.optional() }),
);
export type UpgradeCheckoutBody = z.infer<typeof upgradeCheckoutSchema>;

/** POST /api/billing/seats/preview: the seats to add. */
export const seatPreviewSchema = lazySchema(() => z.object({ add: seatCountSchema }));
export type SeatPreviewBody = z.infer<typeof seatPreviewSchema>;

/** POST /api/billing/seats: the seats to add, charged at once. */
export const seatAdditionSchema = lazySchema(() =>
  z.object({
    add: seatCountSchema,
    /**
     * The prorated amount (cents, with tax) the owner was shown: a different amount now is
     * refused, so nobody is charged what they did not see.
     */
    expectedTotal: z.number().int().min(0).optional(),
  }),
);
export type SeatAdditionBody = z.infer<typeof seatAdditionSchema>;

/** POST /api/billing/seats/renewal: the seats to renew with (today's undoes a reduction). */
export const renewalSeatsSchema = lazySchema(() => z.object({ seats: seatCountSchema }));
export type RenewalSeatsBody = z.infer<typeof renewalSeatsSchema>;
