/**
 * Answers of the seat calls of a Standard subscription (routes/billing.ts): zod schemas in
 * api/seats-answers.ts, checked by src/generated/answers/.
 */
import type { AddSeatsAnswer } from '../generated/answers/AddSeatsAnswer';
import type { GetSeatsAnswer } from '../generated/answers/GetSeatsAnswer';
import type { PreviewSeatAdditionAnswer } from '../generated/answers/PreviewSeatAdditionAnswer';
import type { SetRenewalSeatsAnswer } from '../generated/answers/SetRenewalSeatsAnswer';

/** GET /api/billing/seats: the seats of the owner's running subscription. */
export type SeatSummary = NonNullable<GetSeatsAnswer['summary']>;

/**
 * GET /api/billing/seats: the summary, or null when the account owns no running Standard
 * subscription (nothing to change here: Enterprise seats change by agreement).
 */
export type SeatSummaryResponse = GetSeatsAnswer;

/** POST /api/billing/seats/preview: what adding seats costs now, with tax. */
export type SeatPreview = PreviewSeatAdditionAnswer;

/** POST /api/billing/seats: the seats added and their invoice. */
export type SeatAdditionResponse = AddSeatsAnswer;

/** POST /api/billing/seats/renewal */
export type RenewalSeatsResponse = SetRenewalSeatsAnswer;
