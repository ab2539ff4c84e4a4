/**
 * Texts of paying by invoice (bank transfer), open to teams of `standardSeats.invoiceMinimum`
 * seats or more: the choice on our own pages and the purchase-order reference, read by the Worker
 * and the islands alike. The bank-transfer form's own texts are invoice-form-texts.ts, Billing &
 * Invoices' are invoice-notice-texts.ts: each page then carries only the texts it shows (a module
 * shared by a page and a part it loads on demand would be loaded whole with the page).
 */
import { poNumberMaxLength } from '../config/billing.ts';
import { standardSeats } from '../config/seats.ts';

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
