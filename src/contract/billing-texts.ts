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
/**
 * Why a VAT number did not make the purchase VAT-free: the EU's VAT register (VIES) does not list
 * it. Shown next to the total and under Billing details.
 */
export const taxIdNotRegistered = (taxId: string) =>
  `VAT is added: the EU VAT register (VIES) does not list ${taxId} as a registered business, and a purchase goes without VAT only for a number it confirms. If the number is right, check it with your tax office; once it is listed, correct it under Billing details on Billing & Invoices and future invoices carry no VAT.`;
/** The register could not be asked (a member state's register or VIES itself was down). */
export const taxIdUnverifiable = (taxId: string) =>
  `VAT is added: the EU VAT register (VIES) could not be reached to confirm ${taxId}. Save your billing details again later on Billing & Invoices; once the register confirms the number, future invoices carry no VAT.`;
