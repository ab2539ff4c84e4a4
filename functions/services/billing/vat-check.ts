/**
 * Whether a buyer's EU VAT number may make a purchase VAT-free (reverse charge): only when the
 * EU's VAT register confirms it is registered (adapters/vat-register.ts). A well-formed number the
 * register does not list, or one it cannot answer for at the moment, pays VAT, and the buyer is
 * told why in one sentence (`taxIdNote`). Answers are kept a day per number
 * (`vat_register_checks`): the record of why an invoice went without VAT, and one question to
 * the register however often the same buyer asks for a quote.
 *
 * The number itself is kept as typed (the account's billing details, the invoice's buyer), but
 * an unconfirmed one is never handed to the tax quote or the payment provider (`taxedDetails`),
 * since both reverse-charge any VAT number they are given.
 */
import { eq } from 'drizzle-orm';
import type { BillingDetails } from '../../../src/contract/billing';
import { taxIdNotRegistered, taxIdUnverifiable } from '../../../src/contract/billing-texts';
import { vatRegisterChecks, type TaxIdStatus } from '../../db/schema';
import type { Deps } from '../shared/deps';
import { isEuCountry } from './tax';

export type { TaxIdStatus };

/** How long the register's answer on a number is trusted. */
const ANSWER_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * What the register says of the EU VAT number in `details`; null when there is nothing to ask
 * (no number, or a buyer outside the EU, whose tax ID changes no tax).
 */
export async function checkTaxId(
  deps: Pick<Deps, 'db' | 'now' | 'vatRegister'>,
  details: Pick<BillingDetails, 'country' | 'taxId'>,
): Promise<TaxIdStatus | null> {
  const { taxId } = details;
  if (taxId === null || !isEuCountry(details.country)) return null;
  const [kept] = await deps.db
    .select()
    .from(vatRegisterChecks)
    .where(eq(vatRegisterChecks.vatNumber, taxId))
    .limit(1);
  if (kept && deps.now - kept.checkedAt < ANSWER_KEPT_MS) {
    return kept.registered ? 'confirmed' : 'not_registered';
  }
  const answer = await deps.vatRegister.check(taxId);
  if (answer === 'unavailable') return 'unavailable';
  const registered = answer === 'registered';
  await deps.db
    .insert(vatRegisterChecks)
    .values({ vatNumber: taxId, registered, checkedAt: deps.now })
    .onConflictDoUpdate({
      target: vatRegisterChecks.vatNumber,
      set: { registered, checkedAt: deps.now },
    });
  return registered ? 'confirmed' : 'not_registered';
}

/** True when the number may be used for tax: confirmed, or a tax ID outside the EU. */
const usableForTax = (status: TaxIdStatus | null) => status === null || status === 'confirmed';

/** The details as the tax quote and the payment provider see them: without an unconfirmed VAT number. */
export function taxedDetails<T extends Pick<BillingDetails, 'taxId'>>(
  details: T,
  status: TaxIdStatus | null,
): T {
  return usableForTax(status) ? details : { ...details, taxId: null };
}

/** Why VAT is added although a VAT number was given; null when the number counts (or none was given). */
export function taxIdNote(taxId: string | null, status: TaxIdStatus | null): string | null {
  if (taxId === null || usableForTax(status)) return null;
  return status === 'unavailable' ? taxIdUnverifiable(taxId) : taxIdNotRegistered(taxId);
}
