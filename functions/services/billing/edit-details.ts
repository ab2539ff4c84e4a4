/**
 * The customer changes their billing details on Billing & Invoices, for future invoices: checked
 * exactly as the checkout checks them (details.ts), sent to the payment provider's customer
 * (which prints them on the invoices it makes from now on), then saved on the account. Invoices
 * already issued keep the copy they were issued with (`invoices.buyer`). Bad input changes
 * nothing, here or at the provider. A VAT number the EU's register does not confirm is saved as
 * typed but not given to the provider, so future invoices carry VAT (vat-check.ts); correcting it
 * later to a confirmed one makes them VAT-free.
 */
import type { BillingDetails } from '../../../src/contract/billing';
import { taxIdRefusedByProvider } from '../../../src/contract/billing-texts';
import type { BillingDetailsBody } from '../../../src/contract/schemas/billing-details';
import { fail } from '../../lib/errors';
import { callProvider } from '../core/payments/provider';
import { newestSubscription } from '../core/payments/subscriptions';
import type { Deps } from '../shared/deps';
import {
  billingFieldNames,
  billingProfileOf,
  readBillingDetails,
  saveBillingProfile,
} from './details';
import { countryName } from './tax';
import { checkTaxId, taxedDetails } from './vat-check';

/** The body as the checkout's form fields, so both are read by the same code. */
function asForm(body: BillingDetailsBody): Record<string, unknown> {
  const form: Record<string, unknown> = {};
  for (const key of Object.keys(billingFieldNames) as (keyof BillingDetails)[]) {
    form[billingFieldNames[key]] = body[key] ?? '';
  }
  return form;
}

const invalid = (field: keyof BillingDetails, message: string) =>
  fail('INVALID_BILLING_DETAILS', { message, extra: { field } });

/**
 * Saves `body` as the account's billing details. 400 INVALID_BILLING_DETAILS (with the field)
 * for what the checkout would refuse or the provider refuses; 404 NO_BILLING_DETAILS for an
 * account that never bought.
 */
export async function changeBillingDetails(
  deps: Pick<Deps, 'db' | 'now' | 'payments' | 'vatRegister'>,
  userId: string,
  body: BillingDetailsBody,
): Promise<void> {
  const read = readBillingDetails(asForm(body));
  if (!read.ok) throw invalid(read.field, read.message);
  const { details } = read;
  const [saved, subscription] = await Promise.all([
    billingProfileOf(deps.db, userId),
    newestSubscription(deps.db, userId),
  ]);
  if (!saved && !subscription) throw fail('NO_BILLING_DETAILS');
  // Only a number the register confirms reaches the provider, which reverse-charges any it holds.
  const taxIdStatus = await checkTaxId(deps, details);
  if (subscription) {
    const forProvider = taxedDetails(details, taxIdStatus);
    const outcome = await callProvider(
      () => deps.payments.updateCustomerDetails(subscription.stripeCustomerId, forProvider),
      () => fail('NO_BILLING_DETAILS'),
    );
    if (outcome === 'tax_id_refused') {
      throw invalid('taxId', taxIdRefusedByProvider(countryName(details.country)));
    }
  }
  // Dated now: a late event of an earlier checkout never brings the old details back.
  await saveBillingProfile(deps.db, userId, details, taxIdStatus, {
    sourceCreated: deps.now,
    now: deps.now,
  });
}
