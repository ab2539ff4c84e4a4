/**
 * The tax arithmetic of a card payment, shared by the checkout (billing/tax.ts, which decides the
 * rate from the buyer's billing details) and the renewal figures (charges.ts): a rate in basis
 * points applied to a subtotal, rounded half up to the cent, and the rate as invoices print it.
 */
import { billing } from '../../../../src/site.config';

/** The amounts of one purchase, in cents, and why. */
export interface TaxQuote {
  subtotal: number;
  tax: number;
  total: number;
  /** Basis points (1900 = 19 %); 0 when no tax applies. */
  rateBp: number;
  /** An EU business with a confirmed VAT ID: no VAT, the invoice says "Reverse charge". */
  reverseCharge: boolean;
}

/** True for the 27 EU member states. */
export const isEuCountry = (country: string): boolean => country in billing.euVatRates;

/** Tax in cents: the rate applied to the subtotal, rounded half up to the cent. */
const taxOf = (subtotal: number, rateBp: number) => Math.round((subtotal * rateBp) / 10_000);

/** `subtotal` cents at `rateBp` (none for a reverse charge). */
export function quoteAtRate(subtotal: number, rateBp: number, reverseCharge = false): TaxQuote {
  if (reverseCharge) return { subtotal, tax: 0, total: subtotal, rateBp: 0, reverseCharge };
  const tax = taxOf(subtotal, rateBp);
  return { subtotal, tax, total: subtotal + tax, rateBp, reverseCharge: false };
}

/**
 * The amounts for `subtotal` cents bought by a buyer in `country`, with a tax ID or without. A
 * tax ID here is taken as confirmed: callers pass only a VAT ID the EU's register confirmed
 * (`taxedDetails` in billing/vat-check.ts), as the payment provider reverse-charges any it holds.
 */
export function quoteTax(
  subtotal: number,
  details: { country: string; taxId: string | null },
): TaxQuote {
  const euRate = billing.euVatRates[details.country];
  if (euRate !== undefined) return quoteAtRate(subtotal, euRate, details.taxId !== null);
  return quoteAtRate(subtotal, billing.otherTaxRates[details.country] ?? 0);
}

/** "19%", "25.5%": a rate in basis points as invoices print it. */
export function formatRate(rateBp: number): string {
  return `${String(rateBp / 100)}%`;
}
