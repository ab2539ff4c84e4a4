/**
 * How a checkout names whom it is for, on the wire: `client_reference_id` carries the id, and
 * metadata says which kind it is (a pending signup or an existing user), so a webhook never has
 * to guess from the shape of an id.
 */
import type { BillingDetails } from '../../../src/contract/billing';
import type { CheckoutReference, PaidPlan } from './types';

/** Metadata keys we write on Checkout Sessions and their subscriptions. */
export const METADATA_KEYS = {
  pendingSignupId: 'pendingSignupId',
  userId: 'userId',
  plan: 'plan',
  /**
   * An invoiced subscription's buyer (no Checkout Session carries them): the company and the
   * person, as the invoice's one customer name cannot tell them apart.
   */
  company: 'company',
  contactName: 'contactName',
} as const;

/** The name of the invoice custom field that carries the buyer's purchase-order reference. */
export const PO_FIELD_NAME = 'PO number';

/** The buyer's names as metadata of an invoiced subscription (Stripe keeps values to 500). */
export function buyerMetadata(details: BillingDetails): Record<string, string> {
  return {
    [METADATA_KEYS.contactName]: details.name.slice(0, 500),
    ...(details.company ? { [METADATA_KEYS.company]: details.company.slice(0, 500) } : {}),
  };
}

/** The buyer's names back from metadata; null when absent. */
export function readBuyerNames(metadata: unknown): { company: string | null; name: string } | null {
  if (typeof metadata !== 'object' || metadata === null) return null;
  const record = metadata as Record<string, unknown>;
  const name = record[METADATA_KEYS.contactName];
  const company = record[METADATA_KEYS.company];
  if (typeof name !== 'string' || name === '') return null;
  return { name, company: typeof company === 'string' && company !== '' ? company : null };
}

/** `client_reference_id` and metadata for a new checkout. */
export function referenceMetadata(input: CheckoutReference & { plan: PaidPlan }): {
  clientReferenceId: string;
  metadata: Record<string, string>;
} {
  if ('pendingSignupId' in input) {
    return {
      clientReferenceId: input.pendingSignupId,
      metadata: {
        [METADATA_KEYS.pendingSignupId]: input.pendingSignupId,
        [METADATA_KEYS.plan]: input.plan,
      },
    };
  }
  return {
    clientReferenceId: input.userId,
    metadata: { [METADATA_KEYS.userId]: input.userId, [METADATA_KEYS.plan]: input.plan },
  };
}

/** Reads our reference back from metadata; null when absent or ambiguous (not made by us). */
export function readReference(metadata: unknown): CheckoutReference | null {
  if (typeof metadata !== 'object' || metadata === null) return null;
  const record = metadata as Record<string, unknown>;
  const pendingSignupId = record[METADATA_KEYS.pendingSignupId];
  const userId = record[METADATA_KEYS.userId];
  const hasPending = typeof pendingSignupId === 'string' && pendingSignupId !== '';
  const hasUser = typeof userId === 'string' && userId !== '';
  if (hasPending && !hasUser) return { pendingSignupId };
  if (hasUser && !hasPending) return { userId };
  return null;
}
