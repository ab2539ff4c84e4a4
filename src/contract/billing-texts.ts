/**
 * What the checkout says about billing details and cards: the local stand-in's page and the
 * Worker's checks (functions/services/billing/details.ts, tax.ts). Kept apart from texts.ts, whose
 * texts the islands gather, because no island shows them.
 */
export const billingNameRequired = 'Please enter the name of the cardholder or contact person.';
export const billingAddressRequired = 'Please enter the street address.';
export const billingCityRequired = 'Please enter the city.';
export const billingPostalCodeRequired = 'Please enter the postal code.';
export const billingCountryRequired = 'Please choose a country from the list.';
export const billingFieldTooLong = (label: string, max: number) =>
  `${label} must be at most ${max} characters long.`;
export const billingFieldNotPlain = (label: string) =>
  `${label} must be on one line, without control characters.`;
/** A VAT ID that is not valid in format for the buyer's EU country (jsvat). */
export const taxIdInvalidForCountry = (country: string) =>
  `This VAT ID is not valid for ${country}. Check it against your VAT registration: it starts with the country prefix, e.g. DE123456789.`;
export const taxIdMalformed =
  'The tax ID may hold only letters, digits, spaces, dots, dashes and slashes (3 to 32 characters).';
/** A tax ID the payment provider would not file for the country (Billing & Invoices). */
export const taxIdRefusedByProvider = (country: string) =>
  `Our payment provider did not accept this tax ID for ${country}. Check it, or leave it empty and write to support.`;
export const billingDetailsMissing = 'Please enter your billing details first.';
export const cardDeclined = 'Your card was declined.';
export const cardInsufficientFunds = 'Your card has insufficient funds.';
export const cardNumberIncorrect = 'Your card number is incorrect.';
