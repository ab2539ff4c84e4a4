/**
 * Every text the API answers and the islands show; those the product prescribes are kept word for
 * word. `Messages` and `SuccessMessages` are shown by the islands too; `ApiMessages`
 * only by the Worker, so island bundles leave them out. An error code's default message is in
 * its catalogue entry (catalogue.ts), which names the texts here that the islands show too; the
 * more precise texts a throw site passes for one case of a code are here. Each text is its own
 * export (texts.ts, success-texts.ts), so a bundle that reads `Messages.loginDefault` carries
 * that text and no other.
 */
export { refundReasons, refundReasonText, type RefundReason } from './refunds.ts';
export * as Messages from './texts.ts';
export * as SuccessMessages from './success-texts.ts';
export * as ConsoleMessages from './admin-texts.ts';
export * as TeamMessages from './team-texts.ts';
export * as SeatMessages from './seat-texts.ts';

const plural = (minutes: number) => (minutes === 1 ? 'minute' : 'minutes');

/** Texts only the API answers: precise texts for one case of an error code, its limits and tools. */
export const ApiMessages = {
  checkoutNotFound: 'Checkout session not found.',
  /** A request for another host than the site's own: where the site is. */
  wrongHost: (origin: string) => `This address does not serve Sheetwright. Open ${origin} instead.`,
  /** Usage & Sessions: the session in use is ended with Log out, not from the list. */
  cannotRevokeCurrentSession: 'This is the session you are using. Use Log out to end it.',
  sessionAlreadyEnded: 'This session has already ended.',
  /** License API: `replaceDeviceId` names a device that is not active on the license. */
  replacedDeviceNotActive: 'The device to replace is not active on this license.',
  /** Usage report: a day older than the window the API accepts (the plugin drops it). */
  usageDayTooOld: (day: string, daysBack: number) =>
    `Day ${day} is more than ${daysBack} days ago; usage that old is no longer accepted.`,
  /** Usage report: a day after tomorrow (UTC). */
  usageDayInFuture: (day: string) => `Day ${day} is in the future.`,
  /** Usage report: one feature and day, summed over the events of the report, above the cap. */
  usageCountOverCap: (feature: string, day: string, cap: string) =>
    `The count of ${feature} on ${day} must be at most ${cap} per feature and day.`,
  /** Usage & Sessions: a period other than the ones the page offers. */
  usageRangeInvalid: (ranges: readonly number[]) => `Days must be one of ${ranges.join(', ')}.`,
  /** Usage & Sessions: the device is not (or no longer) active on the caller's license. */
  ownDeviceNotActive: 'This device is not active on your license.',
  /** 429 on the code check: the wrong-try budget of this series of codes is used up. */
  tooManyWrongCodes: (minutes: number) =>
    `Too many incorrect codes. Please try again in ${minutes} ${plural(minutes)}.`,
  tooManyVerificationRequests: (minutes: number) =>
    `Too many verification requests. Please try again in ${minutes} ${plural(minutes)}.`,
  tooManyLoginAttempts: (minutes: number) =>
    `Too many login attempts. Please try again in ${minutes} ${plural(minutes)}.`,
  tooManyCodeAttempts: (minutes: number) =>
    `Too many wrong codes. Please try again in ${minutes} ${plural(minutes)}.`,
  /** The forgot-password request could not be queued (the same for every address). */
  resetRequestFailed: 'We could not send the reset e-mail. Please try again.',
  tooManyResetRequests: (minutes: number) =>
    `Too many password reset requests. Please try again in ${minutes} ${plural(minutes)}.`,
  tooManyContactMessages: (minutes: number) =>
    `Too many messages. Please try again in ${minutes} ${plural(minutes)}.`,
  tooManyQuotes: (minutes: number) =>
    `Too many price checks. Please try again in ${minutes} ${plural(minutes)}.`,
  tooManyPaymentChecks: (minutes: number) =>
    `Too many payment checks. Please try again in ${minutes} ${plural(minutes)}.`,
  tooManyLicenseRequests: (minutes: number) =>
    `Too many license requests. Please try again in ${minutes} ${plural(minutes)}.`,
  tooManyConsoleRequests: (minutes: number) =>
    `Too many console requests. Please try again in ${minutes} ${plural(minutes)}.`,
  tooManySignInRequests: (minutes: number) =>
    `Too many sign-in requests. Please try again in ${minutes} ${plural(minutes)}.`,
  tooManySignInCodes: (minutes: number) =>
    `Too many sign-in codes tried. Please try again in ${minutes} ${plural(minutes)}.`,
  /**
   * FRESH_VERIFICATION_REQUIRED for one step-up action (`what`, functions/services/core/users/
   * step-up.ts), naming the proof the person must give: their strongest factor.
   */
  freshProofSecondFactor: (what: string) =>
    `Before ${what}, please confirm it is you with your authenticator app or your passkey.`,
  freshProofPassword: (what: string) =>
    `Before ${what}, please confirm it is you with your password.`,
  freshProofSignIn: (what: string, minutes: number) =>
    `Before ${what}, please log out and sign in again, then try within ${minutes} minutes.`,
  /** Usage & Sessions: the plugin sign-in to revoke is not (or no longer) the caller's. */
  pluginSignInAlreadyEnded: 'This plugin is already signed out.',
  /** The plugin API: the license named is not one of the signed-in account's. */
  notYourLicense: 'This license does not belong to your account.',
  /** The plugin API: switching to the license the device is already on. */
  sameLicense: 'Choose another license to switch to.',
  /** The plugin API: the device is active on several licenses and the call did not say which. */
  switchFromWhich: 'This device is active on several of your licenses: say which one to leave.',
  /** A register call for the other plan (the trial and Standard endpoints are separate). */
  trialEndpointOnly: 'This endpoint registers free trials only.',
  standardEndpointOnly: 'This endpoint registers the Standard plan only.',
  /** Development tools (/dev/*): how to call them. */
  devBotTokenUsage: (actions: readonly string[]) =>
    `Send JSON {"action": one of ${actions.join(', ')}}.`,
  devMailboxUsage: 'to must be an e-mail and limit 1 to 100.',
  devOperatorsUsage: 'Send JSON {"email": an account\'s e-mail, "operator": true or false}.',
  devOperatorsNoAccount: 'No account has this e-mail in the local database.',
  /** A form an island sends, sent by the browser itself before the page's scripts had loaded. */
  formSentBeforeLoaded:
    'The page was still loading when this form was sent, so nothing was done yet. Please press the button again.',
} as const;
