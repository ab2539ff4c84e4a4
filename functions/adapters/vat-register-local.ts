/**
 * The development stand-in for the EU's VAT register (vat-register.ts asks VIES in production).
 * It knows exactly two numbers as registered, the ones the tests and the local checkout use for
 * a business buyer; every other number, however well formed, is "not registered", so a made-up
 * VAT number pays VAT locally just as it would in production.
 */
import type { VatRegister } from './types';

/** The only numbers the local register confirms: a French and a German business. */
export const localRegisteredVatNumbers: readonly string[] = ['FR40303265045', 'DE136695976'];

export function createLocalVatRegister(): VatRegister {
  return {
    kind: 'local',
    check: (vatNumber) =>
      Promise.resolve(
        localRegisteredVatNumbers.includes(vatNumber) ? 'registered' : 'not_registered',
      ),
  };
}
