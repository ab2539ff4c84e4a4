/**
 * Texts of paying by invoice (bank transfer), open to teams of `standardSeats.invoiceMinimum`
 * seats or more: the choice at checkout, the purchase-order reference, and the invoice's state.
 */
import { poNumberMaxLength } from '../config/billing.ts';
import { standardSeats } from '../config/seats.ts';

/** The payment method choice on the checkout. */
export const payByInvoiceLabel = `Pay by bank transfer (invoice, due in ${String(standardSeats.invoiceDueDays)} days)`;
export const payByCardLabel = 'Pay by card';
export const invoiceNeedsSeats = `Paying by bank transfer is possible from ${String(standardSeats.invoiceMinimum)} seats. Choose ${String(standardSeats.invoiceMinimum)} seats or more, or pay by card.`;
export const poNumberInvalid = `The purchase-order reference can be up to ${String(poNumberMaxLength)} characters: letters, digits, spaces and - _ / . # : ( ).`;
export const poNumberHint = `Optional, up to ${String(poNumberMaxLength)} characters: printed on the invoice.`;

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
