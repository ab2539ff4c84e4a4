/**
 * Tax on a card purchase, computed on the server from the buyer's billing details, the way Stripe
 * Tax decides it for a seller outside the EU registered for EU VAT: an EU consumer pays their
 * country's standard rate on top of the price; an EU business with a VAT ID valid in format for
 * its country pays none (reverse charge); elsewhere the rate of `otherTaxRates`, else nothing.
 * The rates are `billing` in src/site.config.ts. The local checkout uses this; in production
 * Stripe Tax computes tax when `STRIPE_AUTOMATIC_TAX` is on.
 */
import { checkVAT, countries } from 'jsvat';
import type { BillingDetails } from '../../../src/contract/billing';
import { taxIdInvalidForCountry, taxIdMalformed } from '../../../src/contract/billing-texts';
import { billing } from '../../../src/site.config';

/** The amounts of one purchase, in cents, and why. */
export interface TaxQuote {
  subtotal: number;
  tax: number;
  total: number;
  /** Basis points (1900 = 19 %); 0 when no tax applies. */
  rateBp: number;
  /** An EU business buying with a valid VAT ID: no VAT, the invoice says "Reverse charge". */
  reverseCharge: boolean;
}

/** True for the 27 EU member states. */
export const isEuCountry = (country: string): boolean => country in billing.euVatRates;

/** Upper case without spaces, dots or dashes: how VAT IDs are compared and printed. */
export function normalizeTaxId(value: string): string {
  return value.toUpperCase().replace(/[\s.\-]/g, '');
}

/** A country's name in English for messages and invoices (the code when Intl lacks it). */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Why `taxId` cannot be used by a buyer in `country`, in plain words; null when it can. In the EU
 * the ID must be a VAT ID valid in format (and check digits) for that very country.
 */
export function taxIdProblem(country: string, taxId: string): string | null {
  if (isEuCountry(country)) {
    const result = checkVAT(taxId, countries);
    return result.isValid && result.country?.isoCode.short === country
      ? null
      : taxIdInvalidForCountry(countryName(country));
  }
  return /^[A-Z0-9][A-Z0-9 ./\-]{2,31}$/.test(taxId) ? null : taxIdMalformed;
}

/** Tax in cents: the rate applied to the subtotal, rounded half up to the cent. */
const taxOf = (subtotal: number, rateBp: number) => Math.round((subtotal * rateBp) / 10_000);

/**
 * The amounts for `subtotal` cents bought with `details`. Call taxIdProblem first: a tax ID here
 * is taken as valid.
 */
export function quoteTax(
  subtotal: number,
  details: Pick<BillingDetails, 'country' | 'taxId'>,
): TaxQuote {
  const euRate = billing.euVatRates[details.country];
  if (euRate !== undefined) {
    if (details.taxId !== null) {
      return { subtotal, tax: 0, total: subtotal, rateBp: 0, reverseCharge: true };
    }
    const tax = taxOf(subtotal, euRate);
    return { subtotal, tax, total: subtotal + tax, rateBp: euRate, reverseCharge: false };
  }
  const rateBp = billing.otherTaxRates[details.country] ?? 0;
  const tax = taxOf(subtotal, rateBp);
  return { subtotal, tax, total: subtotal + tax, rateBp, reverseCharge: false };
}

/** "19%", "25.5%": a rate in basis points as invoices print it. */
export function formatRate(rateBp: number): string {
  return `${String(rateBp / 100)}%`;
}
