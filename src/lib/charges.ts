/**
 * A subscription's year in words, the same on Billing & Invoices, My Account, the resume dialog
 * and the e-mails (the figures come from functions/services/core/payments/charges.ts):
 * "12 seats × $129 / year", "VAT 19%", "$1,842.12 / year", and in a sentence
 * "$1,842.12 (12 seats × $129 plus VAT 19%)". Plain functions: no DOM, no dependencies.
 */
import type { YearlyCharge } from '../contract/billing';
import { formatMoney } from './format';

/** "1 seat", "12 seats". */
export const seatsText = (quantity: number): string =>
  quantity === 1 ? '1 seat' : `${quantity.toLocaleString('en-US')} seats`;

/** A price per seat as the price list writes it: "$129", or "$64.50" when it has cents. */
export function unitPriceText(cents: number, currency: string): string {
  const money = formatMoney(cents, currency);
  return cents % 100 === 0 ? money.replace(/\.00$/, '') : money;
}

/** "12 seats × $129": seats and the price of each. */
export const seatsTimesPrice = (quantity: number, unitAmount: number, currency: string): string =>
  `${seatsText(quantity)} × ${unitPriceText(unitAmount, currency)}`;

/** "12 seats × $129 / year". */
export const chargeSeatsText = (charge: YearlyCharge): string =>
  `${seatsTimesPrice(charge.quantity, charge.unitAmount, charge.currency)} / year`;

/** "19%", "25.5%". */
const rateText = (rateBp: number) => `${String(rateBp / 100)}%`;

/** "$1,842.12 / year". */
export const chargeTotalText = (charge: YearlyCharge): string =>
  `${formatMoney(charge.total, charge.currency)} / year`;

/**
 * The amount for a sentence, with how it is made up when there is more to it than one seat at its
 * price: "$153.51 ($129 plus VAT 19%)", "$1,548.00 (12 seats × $129, reverse charge)", "$129.00".
 */
export function chargeSentence(charge: YearlyCharge): string {
  const total = formatMoney(charge.total, charge.currency);
  const price =
    charge.quantity === 1
      ? unitPriceText(charge.unitAmount, charge.currency)
      : seatsTimesPrice(charge.quantity, charge.unitAmount, charge.currency);
  if (charge.reverseCharge) return `${total} (${price}, reverse charge)`;
  if (charge.tax > 0) return `${total} (${price} plus VAT ${rateText(charge.taxRateBp)})`;
  return charge.quantity === 1 ? total : `${total} (${price})`;
}
