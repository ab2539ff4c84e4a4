/**
 * Every text the API answers and the islands show, exactly as SPEC §2, §5 and §8 write them where
 * the SPEC has one. `Messages` and `SuccessMessages` are shown by the islands too; `ApiMessages`
 * only by the Worker, so island bundles leave them out. The error catalogue (errors.ts) picks its
 * default messages from here. No imports: any script may load this file cheaply.
 */
/** Every user-facing message, exactly as SPEC §2, §5 and §8 write it. */
/** Why a payment could not be applied (mirrors payment_refunds.reason). */
export const refundReasons = [
  'account_exists',
  'already_paying',
  'account_deleted',
  'enterprise',
  'unknown_reference',
] as const;
export type RefundReason = (typeof refundReasons)[number];

/** Why, as the start of a sentence (the payment page and the refund e-mail). */
export const refundReasonText: Record<RefundReason, string> = {
  account_exists: 'You already have an account',
  already_paying: 'You already have the Standard plan',
  account_deleted: 'This account was deleted',
  enterprise: 'Your account is on the Enterprise plan',
  unknown_reference: 'We could not match this payment to a signup',
};

export const Messages = {
  loginDefault: 'An error occurred during login.',
  googleLoginDefault: 'An error occurred during Google login.',
  googleSignupDefault: 'An error occurred during Google signup.',
  emailSignupDefault: 'An error occurred during email signup.',
  accountExists: 'An account with this email already exists.',
  tooManyAttemptsText:
    'You have exceeded the maximum number of verification email requests. Please wait before trying again, or try using a different email address.',
  sendFailed: 'Failed to send verification email',
  sendNetwork: 'Network error. Please check your connection and try again.',
  invalidCode: 'Invalid verification code',
  verifyServerData: 'Verification failed due to a server data error.',
  verifyMissingData: 'Verification failed. Missing required data from server.',
  verifyNetwork: 'Network error. Please try again.',
  resendFailed: 'Failed to resend code',
  resendFailedRetry: 'Failed to resend code. Please try again.',
  resendSuccess: 'A new verification code has been sent.',
  googleAuthFailed: 'Google authentication failed. Please try again.',
  googleUnknown: 'An unknown error occurred during Google sign-up.',
  googleUserNotFound: 'No account is linked to this Google profile.',
  deleteFailed: 'Failed to delete account.',
  deleteConfirm: 'Are you absolutely sure? This action cannot be undone.',
  passwordTooShort: 'Password must be at least 6 characters long.',
  /** Our maximum (`limits.passwordMaxLength`); nothing is truncated. */
  passwordTooLong: (max: number) => `Password must be at most ${max} characters long.`,
  passwordRequired: 'Please enter your password.',
  invalidEmail: 'Please enter a valid email address.',
  /** A name with a line break or another control character (src/contract/plain-text.ts). */
  nameNotPlain: 'Please enter the name on one line, without line breaks or control characters.',
  passwordsDoNotMatch: 'Passwords do not match',
  termsRequired: 'Please agree to the terms and conditions',
  codeFormat: 'Please enter a 6-digit code',
  codeExpired: 'Code expired',
  recaptchaNotReady: 'reCAPTCHA is not ready. Please try again in a moment.',
  fingerprintFailed: 'Browser verification failed. Please refresh the page and try again.',
  accountCreatedPleaseLogin: 'Your account has been created! Please log in.',
  loadingUser: 'Loading user data...',
  /** Login failure for a wrong e-mail or password: one message whether or not the account exists. */
  invalidCredentials: 'Invalid email or password.',
  commonPassword: 'This password is too common. Please choose a less predictable one.',
  botCheckFailed: 'Bot check failed. Please try again.',
  disposableEmail: 'Please use a permanent e-mail address for your free trial.',
  duplicateTrial: 'A free trial has already been claimed for this account or device.',
  notVerified: 'Please verify your e-mail address first.',
  invalidResetToken: 'This password reset link is invalid or has expired.',
  sessionExpired: 'Your session has expired. Please log in again.',
  unauthorized: 'Please log in to continue.',
  /** Login to an account scheduled for deletion, after the right password (403 ACCOUNT_DELETED). */
  accountDeleted: 'This account has been scheduled for deletion and can no longer sign in.',
  /** SPEC §6: a Standard user on the upgrade paths is told they already have the plan. */
  alreadyStandard: 'You already have the Standard plan.',
  checkoutInProgress:
    'Your checkout is already being opened in another tab or window. Please try again in a moment.',
  /** SPEC §6: an Enterprise user is told all is set. */
  enterpriseAllSet: 'Your Enterprise plan is all set. Contact us for any change to it.',
  noSubscription: 'There is no card subscription on this account.',
  /** Upgrade paid in another browser: /login with the e-mail prefilled shows this. */
  upgradedPleaseLogin: 'Your plan has been upgraded to Standard! Please log in.',
  /**
   * /payment-processing when the payment could not be applied and was refunded automatically
   * (DESIGN §3.8), by why; `done` false while the refund is still being made.
   */
  paymentRefunded: (reason: RefundReason, done: boolean): string =>
    `${refundReasonText[reason]} — this payment ${done ? 'was refunded' : 'is being refunded'}.${
      reason === 'account_exists' ? ' Log in.' : ''
    }`,
  /** The no-refund notice of the refund policy, shown before cancelling. */
  cancelNoRefund:
    'Cancelling stops the automatic renewal. Your license stays active until the end of the period you have paid for; the current period is not refunded.',
  tooManyDevices:
    'This license is active on the maximum number of devices for its plan. Deactivate a device in the License Manager on that computer, or on your dashboard under Usage & Sessions, then try again.',
  deactivationLimit:
    'This license has been deactivated too many times recently. Please try again later or contact support.',
  downloadUnavailable: 'The installer is not available right now. Please try again later.',
} as const;

/** Success messages the API answers (`message` of its JSON bodies). */
export const SuccessMessages = {
  codeSent: 'Verification code sent.',
  emailVerified: 'Email verified successfully.',
  loggedOut: 'You have been logged out.',
  accountDeleted: 'Your account has been scheduled for deletion.',
  /** Same answer whether or not the e-mail has an account (no account probing). */
  resetRequested:
    'If an account exists for this email, we have sent a link to reset your password.',
  passwordReset: 'Your password has been reset. Please log in with your new password.',
  contactSent: 'Thank you! Your message has been sent.',
  subscriptionCancelled:
    'Your subscription has been cancelled. Your license stays active until the end of the paid period.',
  deviceDeactivated: 'The device has been deactivated.',
  sessionsRevoked: 'Your other sessions have been signed out.',
  sessionRevoked: 'The session has been signed out.',
} as const;

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
