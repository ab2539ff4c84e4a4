/**
 * A payment card in words, as a person recognizes it ("Visa ending in 4242"), for e-mails and
 * pages alike. Never more of the number than its last four digits.
 */

/** How people name the brands the payment provider reports in lower case. */
const cardBrands: Readonly<Record<string, string>> = {
  amex: 'American Express',
  cartes_bancaires: 'Cartes Bancaires',
  diners: 'Diners Club',
  discover: 'Discover',
  eftpos_au: 'eftpos',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

/** "Visa ending in 4242"; "Card ending in 1234" for a brand we have no name for. */
export function cardName(card: { brand: string; last4: string }): string {
  return `${cardBrands[card.brand] ?? 'Card'} ending in ${card.last4}`;
}
