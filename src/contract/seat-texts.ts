/**
 * Texts of Standard sold per seat: the seat count at checkout, seat changes and the price line
 * (gathered as `SeatMessages` by messages.ts).
 */
import { standardSeats } from '../config/seats.ts';

export const seatsOutOfRange = `Choose between ${String(standardSeats.min)} and ${String(standardSeats.max)} seats.`;
export const seatsNotANumber = 'Enter the number of seats as a whole number.';
export const notSeatOwner =
  'Only the owner of a Standard subscription can change its seats. Enterprise seats are changed by agreement: please contact us.';
export const noSeatChange = 'Choose a number of seats different from the seats you have now.';
export const seatsBelowTaken = (taken: number) =>
  `Your team uses ${String(taken)} ${taken === 1 ? 'seat' : 'seats'} (members and open invitations). Remove members or withdraw invitations first, or keep at least ${String(taken)} ${taken === 1 ? 'seat' : 'seats'}.`;
export const subscriptionNotRunning =
  'Seats can be changed only while the subscription renews. Resume it first.';
export const seatsByInvoice =
  'Your team pays by bank transfer: write to us for more seats and we send the invoice for them. Fewer seats at renewal you change here.';
export const seatChangeInProgress =
  'Another change of your seats is being made. Wait a moment and try again.';
export const seatChangePriceMoved =
  'The price for the rest of the term has changed since it was shown. Check the new amount and confirm again.';

/** "1 seat", "12 seats". */
export const seatCount = (seats: number) => `${String(seats)} ${seats === 1 ? 'seat' : 'seats'}`;
/** "12 seats × $129 / year": the price line of checkout, billing and invoices. */
export const seatPriceLine = (seats: number, unitPrice: string) =>
  `${seatCount(seats)} × ${unitPrice} / year`;

// Success answers.
export const seatsAdded = (added: number) =>
  `${seatCount(added)} added. The prorated invoice has been charged and e-mailed to you.`;
export const seatsReduced = (seats: number, renewsOn: string) =>
  `From the renewal on ${renewsOn} your team has ${seatCount(seats)}.`;
export const seatReductionUndone = 'The seats stay as they are at renewal.';
