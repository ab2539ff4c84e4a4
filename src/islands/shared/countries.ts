/** The countries a buyer may be billed in (the checkout's list), by their English names. */
import { countryCodes } from '../../config/billing';

/** A country's English name from its ISO code (the code itself where Intl lacks it). */
export function countryNameOf(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The checkout's countries as [code, name], sorted by name. */
export const countryChoices = (): (readonly [string, string])[] =>
  countryCodes
    .map((code) => [code, countryNameOf(code)] as const)
    .sort((a, b) => a[1].localeCompare(b[1], 'en'));
