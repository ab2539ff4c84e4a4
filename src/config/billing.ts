/**
 * Billing figures: the seller on invoices, invoice numbering and the offline tax table the local
 * checkout applies (`billing` of src/site.config.ts). In production Stripe Tax decides tax when
 * `STRIPE_AUTOMATIC_TAX` is on; this table imitates it for development and tests.
 * One export per value: a bundle that reads one of them carries that one (and inlines it).
 */
import { company } from './site.ts';

/** The seller printed on every invoice: the company behind the product. */
function sellerOf(owner: typeof company) {
  return {
    name: owner.name,
    addressLines: [
      owner.street,
      `${owner.city}, ${owner.region} ${owner.postalCode}`,
      owner.country,
    ] as const,
  };
}
// Marked pure, so a page bundle that reads other values of site.config drops it.
export const seller = /* @__PURE__ */ sellerOf(company);

/**
 * The seller's tax registration, printed under its address on every invoice our PDF renders.
 * PLACEHOLDER VALUE: the deployment sets the company's real number (its US EIN, or the VAT number
 * it is registered under) before invoicing.
 */
export const sellerTaxRegistration = 'EIN 00-0000000 (placeholder)';

/**
 * Where a team paying by invoice sends its bank transfer: printed on the invoice e-mails and the
 * hosted invoice page. PLACEHOLDER VALUES: the deployment must set the seller's real account
 * before offering payment by invoice in production (docs/operating.md, "Teams paying by invoice").
 * The transfer's reference is always the invoice number.
 */
export const bankTransfer = {
  /** PLACEHOLDER: the account holder, as the bank knows it. */
  accountHolder: 'Sheetwright Inc. (placeholder: set before taking invoice orders)',
  /** PLACEHOLDER: the bank's name. */
  bankName: 'Example Bank (placeholder)',
  /** PLACEHOLDER: the IBAN (international transfers). */
  iban: 'XX00 0000 0000 0000 0000 00',
  /** PLACEHOLDER: the BIC / SWIFT code. */
  bic: 'XXXXXXXXXXX',
  /** PLACEHOLDER: the US routing (ABA) and account numbers, for domestic ACH or wire transfers. */
  routingNumber: '000000000',
  accountNumber: '000000000000',
} as const;

/** The longest purchase-order reference a buyer may print on an invoice. */
export const poNumberMaxLength = 64;

/** Invoice numbers are `<prefix>-<year>-<six-digit sequence>`, e.g. SW-2026-000123. */
export const invoicePrefix = 'SW';

/**
 * Standard VAT rates of the 27 EU member states, in basis points (1900 = 19 %), keyed by ISO
 * country code. A consumer in one of them pays its rate on top of the price; a business whose VAT
 * ID the EU's VAT register confirms pays none (reverse charge). Check the rates yearly.
 */
export const euVatRates: Readonly<Record<string, number>> = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  CY: 1900,
  CZ: 2100,
  DE: 1900,
  DK: 2500,
  EE: 2400,
  ES: 2100,
  FI: 2550,
  FR: 2000,
  GR: 2400,
  HR: 2500,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LT: 2100,
  LU: 1700,
  LV: 2100,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 2100,
  SE: 2500,
  SI: 2200,
  SK: 2300,
};

/**
 * Rates outside the EU, in basis points, for every buyer of that country. Empty: elsewhere no
 * tax is added until the seller registers there.
 */
export const otherTaxRates: Readonly<Record<string, number>> = {};

/** What the pricing page says about tax next to the price. */
export const taxNote = 'plus VAT where applicable';

/** Printed on a reverse-charge invoice instead of a tax amount. */
export const reverseChargeNote =
  'Reverse charge: VAT to be accounted for by the recipient (Article 196, Directive 2006/112/EC).';

/** Countries the checkout offers, as ISO 3166-1 alpha-2 codes (names come from Intl). */
export const countryCodes: readonly string[] = /* @__PURE__ */ (
  'AD AE AF AG AI AL AM AO AR AT AU AW AZ BA BB BD BE BF BG BH BI BJ BM BN BO BR BS BT BW BY ' +
  'BZ CA CD CF CG CH CI CL CM CN CO CR CV CY CZ DE DJ DK DM DO DZ EC EE EG ES ET FI FJ FO FR ' +
  'GA GB GD GE GH GI GL GM GN GR GT GY HK HN HR HT HU ID IE IL IN IQ IS IT JM JO JP KE KG KH ' +
  'KN KR KW KY KZ LA LB LC LI LK LR LS LT LU LV MA MC MD ME MG MK ML MN MO MT MU MV MW MX MY ' +
  'MZ NA NE NG NI NL NO NP NZ OM PA PE PG PH PK PL PR PT PY QA RO RS RW SA SC SE SG SI SK SL ' +
  'SM SN SR SV TG TH TJ TN TR TT TW TZ UA UG US UY UZ VC VE VN ZA ZM ZW'
).split(' ');
