/**
 * PATCH /api/billing/details: the billing details future invoices carry. Only the types are
 * checked here; what a value must be (required fields, a country from the list, a tax ID valid
 * for its country) is the checkout's own check (functions/services/billing/details.ts), so the
 * Billing page and the checkout answer the same sentences. The document still says those rules
 * (`meta` below), so a client knows what will be accepted before it sends.
 */
import { z } from 'zod';
import { countryCodes } from '../../config/billing.ts';
import { lazySchema } from './lazy';
import { PLAIN_LINE_CHAR } from './names';
import { trimmedPattern } from './patterns';

/** Longest value of any field once trimmed, as Stripe's address fields allow. */
const FIELD_MAX = 200;
/** A trimmed value of at most FIELD_MAX plain characters, or only spaces (not given). */
const optionalLine = `^\\s*$|${trimmedPattern(1, FIELD_MAX, PLAIN_LINE_CHAR)}`;
/** A country code of the list, in either case, spaces around it forgiven. */
const countryPattern = `^\\s*(?:${countryCodes
  .map((code) => [...code].map((letter) => `[${letter}${letter.toLowerCase()}]`).join(''))
  .join('|')})\\s*$`;

/**
 * A tax ID once spaces, dots and dashes are dropped: a letter or digit, then 2 to 31 letters,
 * digits or slashes. An EU VAT ID must also be valid for its country, which the answer names.
 */
const taxIdPattern = `^\\s*$|^\\s*[.\\-]*[A-Za-z0-9](?:[ .\\-]*[A-Za-z0-9/]){2,31}[ .\\-]*\\s*$`;

/** An optional text field: absent, null or empty all mean "not given". */
const text = lazySchema(() =>
  z.string().max(1000).nullable().optional().meta({ pattern: optionalLine }),
);
/**
 * A field the check requires: typed as the others (so a missing one gets the form's own
 * sentence), documented as the text it must be.
 */
const required = (pattern: string) =>
  z.string().max(1000).nullable().optional().meta({ type: 'string', maxLength: 1000, pattern });

export const billingDetailsBodySchema = lazySchema(() =>
  z.strictObject({
    company: text,
    name: required(trimmedPattern(1, FIELD_MAX, PLAIN_LINE_CHAR)),
    line1: required(trimmedPattern(1, FIELD_MAX, PLAIN_LINE_CHAR)),
    line2: text,
    postalCode: required(trimmedPattern(1, FIELD_MAX, PLAIN_LINE_CHAR)),
    city: required(trimmedPattern(1, FIELD_MAX, PLAIN_LINE_CHAR)),
    state: text,
    country: required(countryPattern),
    taxId: z.string().max(1000).nullable().optional().meta({ pattern: taxIdPattern }),
  }),
).meta({ required: ['name', 'line1', 'postalCode', 'city', 'country'] });
export type BillingDetailsBody = z.infer<typeof billingDetailsBodySchema>;
