/**
 * Calls to the payment provider, with its failures in our terms: the provider down or not
 * configured is 503 PAYMENTS_UNAVAILABLE (try again later); an object it does not know is the
 * caller's `notFound` error. A refusal of the request itself (`rejected`) is a bug: thrown as is.
 */
import { PaymentProviderError } from '../../../adapters/payments';
import { ApiError, fail } from '../../../lib/errors';

export async function callProvider<T>(
  call: () => Promise<T>,
  notFound: () => ApiError = () => fail('PAYMENTS_UNAVAILABLE'),
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentProviderError && error.code === 'not_found') throw notFound();
    if (error instanceof PaymentProviderError && error.code === 'unavailable') {
      throw fail('PAYMENTS_UNAVAILABLE');
    }
    throw error;
  }
}

/**
 * A plain, short reason an operator can read (a failed webhook, a refused refund). Never the
 * text of an unexpected error: it may hold SQL parameters or e-mails, so it stays in the logs.
 */
export function failureReason(error: unknown): string {
  if (error instanceof ApiError) return `${error.message} (${error.code})`;
  if (error instanceof PaymentProviderError) return `${error.message} (provider: ${error.code})`;
  const name = error instanceof Error ? error.name : typeof error;
  return `Unexpected error (${name}); the Worker's log has the details.`;
}
