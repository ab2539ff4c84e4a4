/**
 * How a checkout names whom it is for, on the wire: `client_reference_id` carries the id, and
 * metadata says which kind it is (a pending signup or an existing user), so a webhook never has
 * to guess from the shape of an id.
 */
import type { CheckoutReference, CreateCheckoutInput } from './types';

/** Metadata keys we write on Checkout Sessions and their subscriptions. */
export const METADATA_KEYS = {
  pendingSignupId: 'pendingSignupId',
  userId: 'userId',
  plan: 'plan',
} as const;

/** `client_reference_id` and metadata for a new checkout. */
export function referenceMetadata(input: CreateCheckoutInput): {
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
