/**
 * Every text the API answers and the islands show, exactly as SPEC §2, §5 and §8 write them where
 * the SPEC has one. `Messages` and `SuccessMessages` are shown by the islands too; `ApiMessages`
 * only by the Worker, so island bundles leave them out. The error catalogue (errors.ts) picks its
 * default messages from here. Each text is its own export (texts.ts, success-texts.ts), so a
 * bundle that reads `Messages.loginDefault` carries that text and no other.
 */
export { refundReasons, refundReasonText, type RefundReason } from './refunds.ts';
export * as Messages from './texts.ts';
export * as SuccessMessages from './success-texts.ts';
export * as ConsoleMessages from './admin-texts.ts';
export * as TeamMessages from './team-texts.ts';

const plural = (minutes: number) => (minutes === 1 ? 'minute' : 'minutes');

/** Texts only the API answers: errors of the Worker, of its limits and of its tools. */
export const ApiMessages = {
  /** 409 on the Stripe webhook: an invoice or subscription event before its checkout is fulfilled. */
  subscriptionNotReady: 'The subscription is not known yet; retry later.',
  /** 503: card payments are not configured or the provider is unreachable. */
  paymentsUnavailable: 'Card payments are not available right now.',
  /** 400 on the Stripe webhook: a signed event we cannot read. */
  invalidEvent: 'The event could not be read.',
  /** 400 on the Stripe webhook: missing, wrong or stale signature (the adapter's reason replaces it). */
  invalidSignature: 'The webhook signature could not be verified.',
  checkoutNotFound: 'Checkout session not found.',
  /** Usage & Sessions: the session in use is ended with Log out, not from the list. */
  cannotRevokeCurrentSession: 'This is the session you are using. Use Log out to end it.',
  sessionAlreadyEnded: 'This session has already ended.',
  /** License API: `replaceDeviceId` names a device that is not active on the license. */
  replacedDeviceNotActive: 'The device to replace is not active on this license.',
  /** Usage & Sessions: the device is not (or no longer) active on the caller's license. */
  ownDeviceNotActive: 'This device is not active on your license.',
  csrfRejected: 'Cross-site request refused.',
  notFound: 'Not found',
  methodNotAllowed: 'Method not allowed.',
  payloadTooLarge: 'Request body is too large.',
  unsupportedMediaType: 'Request body must be application/json.',
  badRequest: 'Bad request',
  invalidRequestBody: 'Invalid request body.',
  internal: 'Internal error',
  /** 503: a transient database error; the request can simply be sent again. */
  serviceBusy: 'The service is busy for a moment. Please try again in a few seconds.',
  forbidden: 'You are not allowed to do this.',
  /** 429 on the code check: the wrong-try budget of this series of codes is used up. */
  tooManyWrongCodes: (minutes: number) =>
    `Too many incorrect codes. Please try again in ${minutes} ${plural(minutes)}.`,
  tooManyVerificationRequests: (minutes: number) =>
    `Too many verification requests. Please try again in ${minutes} ${plural(minutes)}.`,
  tooManyLoginAttempts: (minutes: number) =>
    `Too many login attempts. Please try again in ${minutes} ${plural(minutes)}.`,
  /** The forgot-password request could not be queued (the same for every address). */
  resetRequestFailed: 'We could not send the reset e-mail. Please try again.',
  tooManyResetRequests: (minutes: number) =>
    `Too many password reset requests. Please try again in ${minutes} ${plural(minutes)}.`,
  tooManyContactMessages: (minutes: number) =>
    `Too many messages. Please try again in ${minutes} ${plural(minutes)}.`,
  tooManyPaymentChecks: (minutes: number) =>
    `Too many payment checks. Please try again in ${minutes} ${plural(minutes)}.`,
  tooManyLicenseRequests: (minutes: number) =>
    `Too many license requests. Please try again in ${minutes} ${plural(minutes)}.`,
  tooManyConsoleRequests: (minutes: number) =>
    `Too many console requests. Please try again in ${minutes} ${plural(minutes)}.`,
  /** A register call for the other plan (the trial and Standard endpoints are separate). */
  trialEndpointOnly: 'This endpoint registers free trials only.',
  standardEndpointOnly: 'This endpoint registers the Standard plan only.',
  /** Development tools (/dev/*): how to call them. */
  devBotTokenUsage: (actions: readonly string[]) =>
    `Send JSON {"action": one of ${actions.join(', ')}}.`,
  devMailboxUsage: 'to must be an e-mail and limit 1 to 100.',
  /** The generic 429 text, for a limit without a text of its own. */
  tooManyAttempts: 'Too many attempts. Please try again later.',
} as const;
