/**
 * Tax on a card purchase, computed on the server from the buyer's billing details, the way Stripe
 * Tax decides it for a seller outside the EU registered for EU VAT: an EU consumer pays their
 * country's standard rate on top of the price; an EU business with a VAT ID valid in format for
 * its country and confirmed by the EU's VAT register (vat-check.ts) pays none (reverse charge);
 * elsewhere the rate of `otherTaxRates`, else nothing.
 * The rates are `billing` in src/site.config.ts, applied by core/payments/tax-quote.ts (re-exported
 * here). The local checkout uses this; in production Stripe Tax computes tax when
 * `STRIPE_AUTOMATIC_TAX` is on.
 */
import { checkVAT, countries } from 'jsvat';
import { taxIdInvalidForCountry, taxIdMalformed } from '../../../src/contract/billing-texts';
import { isEuCountry } from '../core/payments/tax-quote';

export { formatRate, isEuCountry, quoteTax, type TaxQuote } from '../core/payments/tax-quote';

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
