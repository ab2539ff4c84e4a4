/**
 * PATCH /api/billing/details: the billing details future invoices carry. Only the types are
 * checked here; what a value must be (required fields, a country from the list, a tax ID valid
 * for its country) is the checkout's own check (functions/services/billing/details.ts), so the
 * Billing page and the checkout answer the same sentences.
 */
import { z } from 'zod';
import { lazySchema } from './lazy';

/** An optional text field: absent, null or empty all mean "not given". */
const text = lazySchema(() => z.string().max(1000).nullable().optional());

export const billingDetailsBodySchema = lazySchema(() =>
  z.strictObject({
    company: text,
    name: text,
    line1: text,
    line2: text,
    postalCode: text,
    city: text,
    state: text,
    country: text,
    taxId: text,
  }),
);
export type BillingDetailsBody = z.infer<typeof billingDetailsBodySchema>;
