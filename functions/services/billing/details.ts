/**
 * Billing details as a buyer types them at checkout (the local stand-in's form; Stripe's own
 * page in production): read, trimmed and checked, with one plain sentence for what is wrong.
 * Also the account's stored copy (`billing_profiles`), refreshed by every completed checkout.
 */
import { eq, sql } from 'drizzle-orm';
import type { BillingDetails } from '../../../src/contract/billing';
import { hasVisibleText, isPlainLine } from '../../../src/contract/plain-text';
import * as Texts from '../../../src/contract/billing-texts';
import { billing } from '../../../src/site.config';
import { billingProfiles, type TaxIdStatus } from '../../db/schema';
import type { Db, Millis } from '../shared/db';
import { normalizeTaxId, taxIdProblem } from './tax';

/** Longest value of any field, as Stripe's address fields allow. */
const MAX_FIELD = 200;

/** The form's field names, one per BillingDetails key. */
export const billingFieldNames = {
  company: 'company',
  name: 'name',
  line1: 'line1',
  line2: 'line2',
  postalCode: 'postal_code',
  city: 'city',
  state: 'state',
  country: 'country',
  taxId: 'tax_id',
} as const satisfies Record<keyof BillingDetails, string>;

const labels: Record<keyof BillingDetails, string> = {
  company: 'Company',
  name: 'Name',
  line1: 'Address',
  line2: 'Address line 2',
  postalCode: 'Postal code',
  city: 'City',
  state: 'State or region',
  country: 'Country',
  taxId: 'Tax ID',
};

export type DetailsResult =
  | { ok: true; details: BillingDetails }
  | { ok: false; field: keyof BillingDetails; message: string };

/** Reads billing details from form fields (unknown values count as empty). */
export function readBillingDetails(form: Record<string, unknown>): DetailsResult {
  const raw = {} as Record<keyof BillingDetails, string>;
  for (const key of Object.keys(billingFieldNames) as (keyof BillingDetails)[]) {
    const value = form[billingFieldNames[key]];
    raw[key] = typeof value === 'string' ? value.trim() : '';
  }
  for (const key of Object.keys(raw) as (keyof BillingDetails)[]) {
    if (raw[key].length > MAX_FIELD) {
      return { ok: false, field: key, message: Texts.billingFieldTooLong(labels[key], MAX_FIELD) };
    }
    if (!isPlainLine(raw[key])) {
      return { ok: false, field: key, message: Texts.billingFieldNotPlain(labels[key]) };
    }
  }
  const required: [keyof BillingDetails, string][] = [
    ['name', Texts.billingNameRequired],
    ['line1', Texts.billingAddressRequired],
    ['postalCode', Texts.billingPostalCodeRequired],
    ['city', Texts.billingCityRequired],
  ];
  const country = raw.country.toUpperCase();
  if (!billing.countryCodes.includes(country)) {
    return { ok: false, field: 'country', message: Texts.billingCountryRequired };
  }
  for (const [key, message] of required) {
    // A name or address made only of invisible characters is as good as none.
    if (!hasVisibleText(raw[key])) return { ok: false, field: key, message };
  }
  const taxId = raw.taxId === '' ? null : normalizeTaxId(raw.taxId);
  const problem = taxId === null ? null : taxIdProblem(country, taxId);
  if (problem !== null) return { ok: false, field: 'taxId', message: problem };
  const orNull = (value: string) => (value === '' ? null : value);
  return {
    ok: true,
    details: {
      company: orNull(raw.company),
      name: raw.name,
      line1: raw.line1,
      line2: orNull(raw.line2),
      postalCode: raw.postalCode,
      city: raw.city,
      state: orNull(raw.state),
      country,
      taxId,
    },
  };
}

/** The account's saved billing details and what the VAT register said of their VAT number. */
export interface SavedBillingProfile {
  details: BillingDetails;
  taxIdStatus: TaxIdStatus | null;
}

/** The account's saved billing details (what future invoices carry); null when none. */
export async function savedBillingProfile(
  db: Db,
  userId: string,
): Promise<SavedBillingProfile | null> {
  const [row] = await db
    .select()
    .from(billingProfiles)
    .where(eq(billingProfiles.userId, userId))
    .limit(1);
  if (!row) return null;
  const { company, name, line1, line2, postalCode, city, state, country, taxId } = row;
  return {
    details: { company, name, line1, line2, postalCode, city, state, country, taxId },
    taxIdStatus: row.taxIdStatus,
  };
}

/** The account's saved billing details alone; null when none. */
export async function billingProfileOf(db: Db, userId: string): Promise<BillingDetails | null> {
  return (await savedBillingProfile(db, userId))?.details ?? null;
}

/** The name an invoice is billed to: the company when given, else the person. */
export const billedTo = (details: BillingDetails): string => details.company ?? details.name;

/**
 * Stores `details` as the account's billing details, with what the VAT register said of their VAT
 * number (vat-check.ts); a checkout older than the stored one
 * (webhooks arrive in any order) leaves them as they are.
 */
export function saveBillingProfile(
  db: Db,
  userId: string,
  details: BillingDetails,
  taxIdStatus: TaxIdStatus | null,
  times: { sourceCreated: Millis; now: Millis },
) {
  const { sourceCreated, now } = times;
  const row = { ...details, taxIdStatus, userId, sourceCreated, updatedAt: now };
  return db
    .insert(billingProfiles)
    .values(row)
    .onConflictDoUpdate({
      target: billingProfiles.userId,
      set: { ...details, taxIdStatus, sourceCreated, updatedAt: now },
      setWhere: sql`${billingProfiles.sourceCreated} <= ${sourceCreated}`,
    });
}
