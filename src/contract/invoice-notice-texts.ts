/**
 * Texts of Billing & Invoices for teams paying by invoice (bank transfer): the way to buy by
 * invoice, the page a purchase lands on, and the open invoice's state.
 */
import { standardSeats } from '../config/seats.ts';
import { seatCount } from './seat-texts.ts';

const days = String(standardSeats.invoiceDueDays);
const minimum = String(standardSeats.invoiceMinimum);

/** Billing & Invoices, beside "Upgrade to Standard": the way to the bank-transfer form. */
export const upgradeByInvoice = `Pay by bank transfer (${minimum} seats or more)`;

/** The page the buyer lands on once the invoice is sent (Billing & Invoices). */
export const teamReadyHeading = 'Your team is ready';
export const teamReadyText = (seats: number, number: string, amount: string, dueOn: string) =>
  `Your team's ${seatCount(seats)} are ready to use now. We e-mailed you invoice ${number} for ${amount}: please pay it by bank transfer by ${dueOn}.`;
export const viewInvoice = 'View the invoice';
export const inviteTeam = 'Invite your team';

/** Billing & Invoices for a team paying by invoice: the open invoice, and once it is overdue. */
export const invoiceOpenText = (number: string, amount: string, dueOn: string) =>
  `Invoice ${number} for ${amount} is due on ${dueOn}. Pay it by bank transfer with the invoice number as the reference.`;
export const invoiceOverdueText = (number: string, amount: string, dueOn: string) =>
  `Invoice ${number} for ${amount} was due on ${dueOn} and is not paid yet: your team's licenses are suspended until it is. Pay it by bank transfer with the invoice number as the reference.`;
export const pastDueByInvoice = 'Past due — invoice not paid';
/** The renewal date's note for a team paying by invoice (a card team's note names no card either). */
export const renewsByInvoice = (amount: string) =>
  `invoice for ${amount}, due ${days} days later by bank transfer`;
