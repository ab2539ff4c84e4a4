/**
 * Every user-facing message, each a product requirement kept word for word. One export per text
 * so a page's bundle carries only the texts it shows (messages.ts gathers them as `Messages`).
 */
import { refundReasonText, type RefundReason } from './refunds.ts';

export const loginDefault = 'An error occurred during login.';
export const googleLoginDefault = 'An error occurred during Google login.';
export const googleSignupDefault = 'An error occurred during Google signup.';
export const emailSignupDefault = 'An error occurred during email signup.';
export const accountExists = 'An account with this email already exists.';
export const tooManyAttemptsText =
  'You have exceeded the maximum number of verification email requests. Please wait before trying again, or try using a different email address.';
export const sendFailed = 'Failed to send verification email';
export const sendNetwork = 'Network error. Please check your connection and try again.';
export const invalidCode = 'Invalid verification code';
export const verifyServerData = 'Verification failed due to a server data error.';
export const verifyMissingData = 'Verification failed. Missing required data from server.';
export const verifyNetwork = 'Network error. Please try again.';
export const resendFailed = 'Failed to resend code';
export const resendFailedRetry = 'Failed to resend code. Please try again.';
export const resendSuccess = 'A new verification code has been sent.';
export const googleAuthFailed = 'Google authentication failed. Please try again.';
export const googleUnknown = 'An unknown error occurred during Google sign-up.';
export const googleUserNotFound = 'No account is linked to this Google profile.';
export const deleteFailed = 'Failed to delete account.';
export const passwordChangeFailed = 'Failed to change the password. Please try again.';
export const deleteConfirm = 'Are you absolutely sure? This action cannot be undone.';
export const passwordTooShort = 'Password must be at least 6 characters long.';
/** Our maximum (`limits.passwordMaxLength`); nothing is truncated. */
export const passwordTooLong = (max: number) => `Password must be at most ${max} characters long.`;
export const passwordRequired = 'Please enter your password.';
export const invalidEmail = 'Please enter a valid email address.';
/** A name with a line break or another control character (src/contract/plain-text.ts). */
export const nameNotPlain =
  'Please enter the name on one line, without line breaks or control characters.';
/** A name made only of spaces and characters that show nothing (src/contract/plain-text.ts). */
export const nameInvisible =
  'Please enter a name that can be seen: spaces and invisible characters alone are not a name.';
export const passwordsDoNotMatch = 'Passwords do not match';
export const termsRequired = 'Please agree to the terms and conditions';
export const codeFormat = 'Please enter a 6-digit code';
export const codeExpired = 'Code expired';
export const recaptchaNotReady = 'reCAPTCHA is not ready. Please try again in a moment.';
export const fingerprintFailed =
  'Browser verification failed. Please refresh the page and try again.';
export const accountCreatedPleaseLogin = 'Your account has been created! Please log in.';
export const loadingUser = 'Loading user data...';
/** Login failure for a wrong e-mail or password: one message whether or not the account exists. */
export const invalidCredentials = 'Invalid email or password.';
export const currentPasswordWrong = 'Your current password is not correct.';
export const secondFactorRequired =
  'The console needs two-step sign-in. Add a passkey or set up an authenticator app in Account ' +
  'Settings, then sign in again with it.';
export const freshVerificationRequired =
  'Please confirm it is you: enter a code from your authenticator app, use your passkey, or ' +
  'type your password.';
export const strongerProofRequired =
  'Your account has an authenticator app or a passkey, so your password is not enough here: ' +
  'confirm it is you with one of those.';
export const wrongSecondFactorCode =
  'That code is not correct. Enter the 6-digit code your authenticator app shows now, or one of ' +
  'your recovery codes.';
export const secondFactorCodeRequired = 'Please enter the code from your authenticator app.';
export const identityProofRequired =
  'Please enter a code from your authenticator app, or your password.';
export const recoveryCodeUsed =
  'This recovery code has already been used. Each recovery code works once: use another one.';
export const secondStepExpired = 'Your sign-in took too long. Please sign in again.';
export const passkeyChallengeExpired = 'The passkey request expired. Please try again.';
export const passkeyNotAccepted =
  'This passkey could not be verified for this site. Please try again, or sign in with your password.';
export const passkeyUnknown =
  'This passkey is not registered here. Sign in with your password, then add the passkey in ' +
  'Account Settings.';
/** The browser's passkey prompt was closed, timed out, or found no passkey to use. */
export const passkeyCancelled =
  'No passkey was used. Please try again, or log in with your email and password.';
/** The same, when adding a passkey or confirming it is you. */
export const passkeyNotCreated = 'No passkey was saved. Please try again.';
export const passkeyNotUsed = 'No passkey was used. Please try again.';
export const passkeyUnsupported = 'This browser cannot use passkeys.';
/** The browser refused a passkey because the address is an IP address, not a domain name. */
export const passkeyNeedsDomain =
  'Passkeys work only at a site name, and this page was opened at an IP address. Open it at its name (for example localhost instead of 127.0.0.1) and try again.';
/** The browser refused a passkey for this address for another security reason. */
export const passkeyWrongAddress =
  'This browser does not allow passkeys for this address. Open the site at its usual name and try again.';
/** The authenticator already holds one of this account's passkeys (it refuses to make a second). */
export const passkeyOnThisDevice = 'This device already has a passkey for your account.';
export const passkeySignInFailed = 'Signing in with a passkey failed. Please try again.';
export const passkeysLoadFailed = 'Your passkeys could not be loaded. Please reload the page.';
export const passkeyChangeFailed = 'The passkey could not be changed. Please try again.';
export const duplicateTrial = 'A free trial has already been claimed for this account or device.';
export const invalidResetToken = 'This password reset link is invalid or has expired.';
export const sessionExpired = 'Your session has expired. Please log in again.';
export const unauthorized = 'Please log in to continue.';
/** A Standard user on the upgrade paths is told they already have the plan. */
export const alreadyStandard = 'You already have the Standard plan.';
/** An Enterprise user is told all is set. */
export const enterpriseAllSet = 'Your Enterprise plan is all set. Contact us for any change to it.';
export const noSubscription = 'There is no card subscription on this account.';
/** Billing details the checkout would refuse too; the answer carries the precise sentence. */
export const billingDetailsInvalid = 'Please check your billing details.';
/** Changing billing details before any purchase: they come from the checkout. */
export const noBillingDetails =
  'There are no billing details on this account yet. They are taken at checkout when you buy Standard.';
/** Resume after the paid period ended: nothing is left to resume; buying again is the way back. */
export const subscriptionEnded =
  'Your subscription has already ended, so it cannot be resumed. To use Standard again, buy it again on Billing & Invoices.';
/** Upgrade paid in another browser: /login with the e-mail prefilled shows this. */
export const upgradedPleaseLogin = 'Your plan has been upgraded to Standard! Please log in.';
/**
 * /payment-processing when the payment could not be applied and was refunded automatically
 * (docs/product-rules.md, "Refunds"), by why; `done` false while the refund is still being made.
 */
export const paymentRefunded = (reason: RefundReason, done: boolean): string =>
  `${refundReasonText[reason]} — this payment ${done ? 'was refunded' : 'is being refunded'}.${
    reason === 'account_exists' ? ' Log in.' : ''
  }`;
/**
 * /payment-processing (and the CHECKOUT_CLOSED answer) for a checkout that expired or was
 * replaced by a newer one before it was paid, in place of the issue view's "Your payment was
 * successful" line, which would not be true.
 */
export const checkoutClosed =
  'This checkout expired or was cancelled before payment, so nothing was charged. You can start again from Pricing.';
/** /payment-processing for a `session_id` no checkout has: nothing can be confirmed with it. */
export const checkoutUnknown =
  'We could not find this checkout, so there is no payment to confirm. If you were charged, please Contact Support.';
/** The no-refund notice of the refund policy, shown before cancelling. */
export const cancelNoRefund =
  'Cancelling stops the automatic renewal. Your license stays active until the end of the period you have paid for; the current period is not refunded.';
export const tooManyDevices =
  'This license is active on the maximum number of devices for its plan. Deactivate a device in the License Manager on that computer, or on your dashboard under Usage & Sessions, then try again.';
export const deactivationLimit =
  'This license has been deactivated too many times recently. Please try again later or contact support.';
