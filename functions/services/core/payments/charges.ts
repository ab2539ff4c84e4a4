/**
 * What a subscription costs a year, with tax, as the card (or the invoice) will be charged: the
 * one place that turns seats, the price per seat and the buyer's tax into an amount. Billing &
 * Invoices, My Account's team card, the renewal reminder and the resume dialog and e-mail all
 * read `subscriptionCharges`, so they name the same figure.
 *
 * - seats: `quantity` now; at the renewal `renewalQuantity` when seats were removed for it;
 * - price per seat: `unit_amount` as bought, else the configured Standard price (older rows);
 * - tax: the rate of the newest paid invoice (or its reverse charge), since that is how the
 *   provider taxes this customer, unless the billing details changed the reverse charge since
 *   (a VAT number the EU's register did not confirm, or one corrected later); without an
 *   invoice that recorded tax, the billing details' rate (`quoteTax`, the checkout's table);
 *   with neither, none.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { YearlyCharge } from '../../../../src/contract/billing';
import { plans } from '../../../../src/site.config';
import {
  billingProfiles,
  invoices,
  type SubscriptionRow,
  type TaxIdStatus,
} from '../../../db/schema';
import type { Db } from '../../shared/db';
import { quoteAtRate, quoteTax } from './tax-quote';

export type { YearlyCharge };

/** The configured Standard price, cents per seat per year. */
export const listUnitAmount = (): number => Math.round((plans.standard.priceUsd ?? 0) * 100);

/** How this customer is taxed: a rate, or a reverse charge; null when nothing says. */
export interface TaxBasis {
  rateBp: number;
  reverseCharge: boolean;
}

/** The year's charge for `quantity` seats at `unitAmount` cents, taxed by `basis`. */
export function yearlyCharge(
  quantity: number,
  unitAmount: number,
  basis: TaxBasis | null,
): YearlyCharge {
  const quote = quoteAtRate(quantity * unitAmount, basis?.rateBp ?? 0, basis?.reverseCharge);
  return {
    quantity,
    unitAmount,
    subtotal: quote.subtotal,
    tax: quote.tax,
    taxRateBp: quote.rateBp,
    reverseCharge: quote.reverseCharge,
    total: quote.total,
    currency: 'usd',
  };
}

/** The subscription's price per seat: as bought, else the configured price. */
export const unitAmountOf = (subscription: Pick<SubscriptionRow, 'unitAmount'>): number =>
  subscription.unitAmount ?? listUnitAmount();

/** Seats at the next renewal: fewer when the owner removed some for it, else today's. */
export const renewalQuantityOf = (
  subscription: Pick<SubscriptionRow, 'quantity' | 'renewalQuantity'>,
): number => subscription.renewalQuantity ?? subscription.quantity;

/** See the file comment: the newest paid invoice that recorded tax, else the billing details. */
export async function taxBasisOf(db: Db, userId: string): Promise<TaxBasis | null> {
  const [[invoice], [profile]] = await db.batch([
    db
      .select({
        subtotal: invoices.subtotal,
        taxRateBp: invoices.taxRateBp,
        reverseCharge: invoices.reverseCharge,
        created: invoices.created,
      })
      .from(invoices)
      .where(and(eq(invoices.userId, userId), eq(invoices.status, 'paid')))
      .orderBy(desc(invoices.created), desc(invoices.id))
      .limit(1),
    db
      .select({
        country: billingProfiles.country,
        taxId: billingProfiles.taxId,
        taxIdStatus: billingProfiles.taxIdStatus,
        sourceCreated: billingProfiles.sourceCreated,
      })
      .from(billingProfiles)
      .where(eq(billingProfiles.userId, userId))
      .limit(1),
  ]);
  // An invoice from before tax was recorded has no subtotal: it says nothing about tax.
  if (invoice && invoice.subtotal !== null) {
    const basis = { rateBp: invoice.taxRateBp ?? 0, reverseCharge: invoice.reverseCharge };
    return profile ? withReverseChargeOf(basis, profile, invoice.created) : basis;
  }
  if (profile) {
    const quote = quoteTax(0, { country: profile.country, taxId: confirmedTaxId(profile) });
    return { rateBp: quote.rateBp, reverseCharge: quote.reverseCharge };
  }
  return null;
}

interface ProfileTax {
  country: string;
  taxId: string | null;
  taxIdStatus: TaxIdStatus | null;
  sourceCreated: number;
}

/** The saved VAT number when the EU's register confirmed it (only such a number goes without VAT). */
const confirmedTaxId = (profile: ProfileTax) =>
  profile.taxIdStatus === 'confirmed' ? profile.taxId : null;

/**
 * The invoice's basis, unless the billing details say the reverse charge has changed since: a
 * number the register did not confirm (the provider's page took it, and it was removed from the
 * customer) or details changed after the invoice tax the invoices to come at the country's rate;
 * a confirmed number given after the invoice makes them VAT-free.
 */
function withReverseChargeOf(basis: TaxBasis, profile: ProfileTax, invoiceCreated: number) {
  const reverse = quoteTax(0, { country: profile.country, taxId: confirmedTaxId(profile) });
  const changedSince = profile.sourceCreated > invoiceCreated;
  if (basis.reverseCharge && !reverse.reverseCharge) {
    const unconfirmed = profile.taxId !== null && profile.taxIdStatus !== null;
    if (unconfirmed || changedSince) return { rateBp: reverse.rateBp, reverseCharge: false };
  }
  if (!basis.reverseCharge && reverse.reverseCharge && changedSince) {
    return { rateBp: 0, reverseCharge: true };
  }
  return basis;
}

/** A subscription's year now and at its next renewal (the figure every renewal sentence names). */
export interface SubscriptionCharges {
  /** Today's seats: what the current year costs. */
  current: YearlyCharge;
  /** What the next renewal will charge. */
  renewal: YearlyCharge;
}

/** The subscription's charges, read once (see the file comment). */
export async function subscriptionCharges(
  db: Db,
  subscription: Pick<SubscriptionRow, 'userId' | 'quantity' | 'renewalQuantity' | 'unitAmount'>,
): Promise<SubscriptionCharges> {
  const basis = await taxBasisOf(db, subscription.userId);
  const unit = unitAmountOf(subscription);
  return {
    current: yearlyCharge(subscription.quantity, unit, basis),
    renewal: yearlyCharge(renewalQuantityOf(subscription), unit, basis),
  };
}

/** What the next renewal of `subscription` will charge, with tax. */
export async function renewalCharge(
  db: Db,
  subscription: Pick<SubscriptionRow, 'userId' | 'quantity' | 'renewalQuantity' | 'unitAmount'>,
): Promise<YearlyCharge> {
  return (await subscriptionCharges(db, subscription)).renewal;
}
