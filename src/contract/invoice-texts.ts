/**
 * Texts of paying by invoice (bank transfer), open to teams of `standardSeats.invoiceMinimum`
 * seats or more: the choice on our own pages, the bank-transfer form and its total, the
 * purchase-order reference, the page the buyer lands on, and the invoice's state on Billing &
 * Invoices. The Worker and the islands read the same sentences from here.
 */
import { poNumberMaxLength } from '../config/billing.ts';
import { standardSeats } from '../config/seats.ts';
import { seatCount } from './seat-texts.ts';

const days = String(standardSeats.invoiceDueDays);
const minimum = String(standardSeats.invoiceMinimum);

/** The payment method choice (the signup's seat panel; the bank-transfer form's own title). */
export const payByInvoiceLabel = `Pay by bank transfer (invoice, due in ${days} days)`;
export const payByCardLabel = 'Pay by card';
export const paymentMethodLegend = 'How to pay';
export const payByInvoiceHint = `Teams of ${minimum} seats or more may pay by bank transfer: the team starts at once and the invoice is e-mailed to you, due ${days} days later.`;
export const invoiceNeedsSeats = `Paying by bank transfer is possible from ${minimum} seats. Choose ${minimum} seats or more, or pay by card.`;
export const poNumberInvalid = `The purchase-order reference can be up to ${String(poNumberMaxLength)} characters: letters, digits, spaces and - _ / . # : ( ).`;
export const poNumberHint = `Optional, up to ${String(poNumberMaxLength)} characters: printed on the invoice.`;
export const poNumberLabel = 'Purchase-order reference';

/** The signup's "What happens next" for a team paying by bank transfer. */
export const invoiceSignupSteps: readonly string[] = [
  'Fill in the form and confirm your e-mail address with the code we send you.',
  'Enter whom the invoice is billed to and check the total.',
  `Your team starts at once; we e-mail you the invoice, due in ${days} days.`,
  'We e-mail you the download link and your license key.',
];

/** The bank-transfer form: whom the invoice is billed to, then the total, then the confirmation. */
export const invoiceFormTitle = 'Pay by bank transfer';
export const invoiceFormIntro =
  'Whom the invoice is billed to. A business in the EU with a valid VAT ID pays no VAT (reverse charge).';
export const invoiceSeatsLabel = 'Seats';
export const invoiceSeatsHint = `One seat per person: ${minimum} to ${String(standardSeats.max)} for payment by bank transfer.`;
export const showInvoiceTotal = 'Show the total';
export const workingOutTotal = 'Working out the total...';
export const invoiceSummaryHeading = 'Your invoice';
export const invoiceTotalLabel = 'Total due';
export const invoiceDueLine = `Due ${days} days after the invoice date, by bank transfer to the account printed on the invoice. Your team starts now.`;
export const confirmInvoice = 'Confirm and send the invoice';
export const confirmingInvoice = 'Sending the invoice...';
export const changeInvoiceDetails = 'Change details';
export const invoiceQuoteFailed = 'We could not work out the total. Please try again.';
export const invoicePurchaseFailed = 'We could not send the invoice. Please try again.';
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

/** The plain characters a purchase-order reference may hold. */
const poNumberPattern = /^[\p{L}\p{N} \-_/.#:()]+$/u;

/**
 * A purchase-order reference as typed: trimmed, inner spaces folded; null when empty. `invalid`
 * when it is longer than `poNumberMaxLength` or holds anything but plain characters.
 */
export function readPoNumber(
  value: unknown,
): { ok: true; poNumber: string | null } | { ok: false } {
  if (value === undefined || value === null) return { ok: true, poNumber: null };
  if (typeof value !== 'string') return { ok: false };
  const folded = value.trim().replace(/\s+/g, ' ');
  if (folded === '') return { ok: true, poNumber: null };
  if (folded.length > poNumberMaxLength || !poNumberPattern.test(folded)) return { ok: false };
  return { ok: true, poNumber: folded };
}

/** May a purchase of `seats` seats pay by invoice? */
export const invoiceAllowed = (seats: number): boolean => seats >= standardSeats.invoiceMinimum;
