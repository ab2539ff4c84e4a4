/**
 * The EU's register of VAT numbers, asked before a purchase goes without VAT (reverse charge):
 * a number only counts once the register confirms it is registered. Production asks VIES, the
 * European Commission's service that queries each member state's own register (its REST API
 * needs no key). It answers at once, so the price is known before the buyer pays; Stripe's own
 * tax ID verification asks the same register but reports later, after the payment. Development
 * asks the stand-in of vat-register-local.ts. A member state's register being down, a timeout or
 * any network failure reads as `unavailable`, and the caller then charges VAT.
 */
import type { VatRegister, VatRegisterAnswer } from './types';

/** VIES's REST endpoint for one number (POST `{ countryCode, vatNumber }`). */
export const VIES_CHECK_URL =
  'https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number';

/** How long one VIES question may take before the purchase goes on without it. */
const VIES_TIMEOUT_MS = 5_000;

/** VIES's refusal of the number itself (as opposed to its own or a member state's outage). */
const NUMBER_REFUSED = new Set(['INVALID_INPUT', 'INVALID_REQUESTER_INFO']);

interface ViesOptions {
  /** Tests hand in their own; the Worker's global fetch otherwise. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Reads VIES's answer: `{ valid }` on success, `{ errorWrappers: [{ error }] }` on a failure. */
function answerOf(body: unknown): VatRegisterAnswer {
  if (typeof body !== 'object' || body === null) return 'unavailable';
  const record = body as { valid?: unknown; errorWrappers?: unknown };
  if (typeof record.valid === 'boolean') return record.valid ? 'registered' : 'not_registered';
  const errors = Array.isArray(record.errorWrappers) ? record.errorWrappers : [];
  const refused = errors.some(
    (wrapper: unknown) =>
      typeof wrapper === 'object' &&
      wrapper !== null &&
      NUMBER_REFUSED.has(String((wrapper as { error?: unknown }).error)),
  );
  return refused ? 'not_registered' : 'unavailable';
}

/** The register as VIES answers it. `vatNumber` is normalized, its country prefix first (EL for Greece). */
export function createViesRegister(options: ViesOptions = {}): VatRegister {
  const fetcher = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? VIES_TIMEOUT_MS;
  return {
    kind: 'vies',
    async check(vatNumber) {
      try {
        const response = await fetcher(VIES_CHECK_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            countryCode: vatNumber.slice(0, 2),
            vatNumber: vatNumber.slice(2),
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await response.text();
        let body: unknown = null;
        try {
          body = JSON.parse(text);
        } catch {
          return 'unavailable';
        }
        return answerOf(body);
      } catch (error) {
        console.warn('VIES could not be asked:', error instanceof Error ? error.message : error);
        return 'unavailable';
      }
    },
  };
}
