/**
 * Error codes and the exact messages of SPEC §8, shared by the API (which answers them as
 * `{ message, code }`) and the islands (which show them or pick a screen by code).
 */
export const ErrorCode = {
  BAD_REQUEST: 'BAD_REQUEST',
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  UNAUTHORIZED: 'UNAUTHORIZED',
  SESSION_EXPIRED: 'SESSION_EXPIRED',
  FORBIDDEN: 'FORBIDDEN',
  CSRF_REJECTED: 'CSRF_REJECTED',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  INTERNAL: 'INTERNAL',
  /** 409 on send-verification-email / register: the e-mail already has an account. */
  ACCOUNT_EXISTS: 'ACCOUNT_EXISTS',
  /** 429 with Retry-After. */
  TOO_MANY_ATTEMPTS: 'TOO_MANY_ATTEMPTS',
  /** One trial per normalised e-mail, Google account and device fingerprint (DESIGN §4). */
  DUPLICATE_TRIAL: 'DUPLICATE_TRIAL',
  DISPOSABLE_EMAIL: 'DISPOSABLE_EMAIL',
  GOOGLE_USER_NOT_FOUND: 'GOOGLE_USER_NOT_FOUND',
  GOOGLE_AUTH_FAILED: 'GOOGLE_AUTH_FAILED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  INVALID_CODE: 'INVALID_CODE',
  CODE_EXPIRED: 'CODE_EXPIRED',
  /** The e-mail has not been verified (or the verification is too old) when registering. */
  NOT_VERIFIED: 'NOT_VERIFIED',
  BOT_CHECK_FAILED: 'BOT_CHECK_FAILED',
  WEAK_PASSWORD: 'WEAK_PASSWORD',
  INVALID_RESET_TOKEN: 'INVALID_RESET_TOKEN',
  ACCOUNT_DELETED: 'ACCOUNT_DELETED',
  /** 502: the e-mail (e.g. the verification code) could not be handed to the mail provider. */
  EMAIL_DELIVERY_FAILED: 'EMAIL_DELIVERY_FAILED',
  /** 400 on the Stripe webhook: missing, wrong or stale signature (nothing is changed). */
  INVALID_SIGNATURE: 'INVALID_SIGNATURE',
  /** 400 on the Stripe webhook: a signed event we cannot read. */
  INVALID_EVENT: 'INVALID_EVENT',
  /** 503: card payments are not configured or the provider is unreachable; try again later. */
  PAYMENTS_UNAVAILABLE: 'PAYMENTS_UNAVAILABLE',
  /** 409 on POST /api/billing/checkout: the account is Standard already. */
  ALREADY_STANDARD: 'ALREADY_STANDARD',
  /** 409 on POST /api/billing/checkout: Enterprise accounts are handled through contact. */
  ENTERPRISE_PLAN: 'ENTERPRISE_PLAN',
  /** 404 on the portal and cancel calls: the account has no card subscription. */
  NO_SUBSCRIPTION: 'NO_SUBSCRIPTION',
  // License API (src/contract/licensing.ts). The statuses of LicenseCheckStatus double as codes.
  /** 403 on activate: the license is at its device limit; the body lists the active devices. */
  TOO_MANY_DEVICES: 'TOO_MANY_DEVICES',
  /** 429 on deactivate: too many deactivations of this license in the rolling window. */
  DEACTIVATION_LIMIT: 'DEACTIVATION_LIMIT',
  /** 404: no installer is available for the version this account may download. */
  DOWNLOAD_UNAVAILABLE: 'DOWNLOAD_UNAVAILABLE',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Every user-facing message, exactly as SPEC §2, §5 and §8 write it. */
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
  /** SPEC §6: an Enterprise user is told all is set. */
  enterpriseAllSet: 'Your Enterprise plan is all set. Contact us for any change to it.',
  noSubscription: 'There is no card subscription on this account.',
  /** Upgrade paid in another browser: /login with the e-mail prefilled shows this. */
  upgradedPleaseLogin: 'Your plan has been upgraded to Standard! Please log in.',
  /** The no-refund notice of the refund policy, shown before cancelling (SPEC §4, §9). */
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
