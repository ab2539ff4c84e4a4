/**
 * The API's answers by code, one entry each. Every error code is declared here once with its HTTP
 * status and its default message; the code list and the `ErrorCode` type are derived from these
 * entries. The Worker throws them with `fail(CODE)` (functions/lib/errors.ts) and answers
 * `{ message, code }`; the islands pick a screen by code (error-codes.ts) without loading this
 * file. The plugin's answers that are not errors (a valid license, an activation, an update) are
 * declared below the errors, so everything the plugin API answers lives in this one file.
 *
 * A text the islands show too is kept in texts.ts (or admin-texts.ts, team-texts.ts) and named
 * here; a text only the Worker answers is written here. A code keeps one status; where one code
 * has a more precise text for a case (TOO_MANY_ATTEMPTS per limit), that text lives in
 * messages.ts, never at a throw.
 */
// Explicit .ts extensions: the reference client runs the contract under plain Node.
import { limits, site } from '../site.config.ts';
import type { LicenseCheckStatus } from './schemas/licensing.ts';
import * as ConsoleMessages from './admin-texts.ts';
import * as SuccessMessages from './success-texts.ts';
import * as SeatMessages from './seat-texts.ts';
import * as InvoiceTexts from './invoice-texts.ts';
import * as TeamMessages from './team-texts.ts';
import { domainAlreadyAdded, domainLimit, domainTaken } from './domains.ts';
import { ssoNeedsConnection, ssoIssuerNotUrl } from './sso-settings.ts';
import * as Messages from './texts.ts';
import * as PluginSignInTexts from './plugin-sign-in-texts.ts';
import * as SsoTexts from './sso-texts.ts';

/** The statuses an expected failure may have (4xx, and an honest 5xx when a provider fails). */
export type ErrorStatus =
  400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 421 | 429 | 500 | 502 | 503;

/** One error code: the status it is always answered with and its default message. */
export interface ErrorEntry {
  readonly status: ErrorStatus;
  readonly message: string;
}

/** Every error code the API answers, with its status and default message. */
export const errorCatalogue = {
  // Requests the API cannot read.
  BAD_REQUEST: { status: 400, message: 'Bad request' },
  /** The body failed its contract schema; the message is the field's plain-sentence text. */
  VALIDATION_FAILED: { status: 400, message: 'Invalid request body.' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed.' },
  /** A request for another host name than the site's own (a forged or stray Host header). */
  WRONG_HOST: {
    status: 421,
    message: `This address does not serve ${site.product}. Open ${site.url} instead.`,
  },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Request body is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Request body must be application/json.' },
  /** Anything unexpected: logged, never shown (functions/lib/errors.ts onError). */
  INTERNAL: { status: 500, message: 'Internal error' },
  /**
   * The database refused for a moment (locked, overloaded, connection reset): nothing was
   * written by the statement that failed; 503 with Retry-After, try again.
   */
  SERVICE_BUSY: {
    status: 503,
    message: 'The service is busy for a moment. Please try again in a few seconds.',
  },

  // Sessions.
  UNAUTHORIZED: { status: 401, message: Messages.unauthorized },
  SESSION_EXPIRED: { status: 401, message: Messages.sessionExpired },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do this.' },
  /** A cookie-authenticated write without our Origin. */
  CSRF_REJECTED: { status: 403, message: 'Cross-site request refused.' },
  /** 429 with Retry-After; each limit has its own text (ApiMessages.tooMany…). */
  TOO_MANY_ATTEMPTS: { status: 429, message: 'Too many attempts. Please try again later.' },

  // Signing up and in.
  /** The e-mail already has an account (send-verification-email, register). */
  ACCOUNT_EXISTS: { status: 409, message: Messages.accountExists },
  /** One trial per normalized e-mail, Google account and device fingerprint. */
  DUPLICATE_TRIAL: { status: 409, message: Messages.duplicateTrial },
  DISPOSABLE_EMAIL: {
    status: 400,
    message: 'Please use a permanent e-mail address for your free trial.',
  },
  GOOGLE_USER_NOT_FOUND: { status: 404, message: Messages.googleUserNotFound },
  GOOGLE_AUTH_FAILED: { status: 401, message: Messages.googleAuthFailed },
  /** A wrong e-mail or password: one message whether or not the account exists. */
  INVALID_CREDENTIALS: { status: 401, message: Messages.invalidCredentials },
  INVALID_CODE: { status: 400, message: Messages.invalidCode },
  CODE_EXPIRED: { status: 400, message: Messages.codeExpired },
  /** The e-mail has not been verified (or the verification is too old) when registering. */
  NOT_VERIFIED: { status: 400, message: 'Please verify your e-mail address first.' },
  BOT_CHECK_FAILED: { status: 403, message: 'Bot check failed. Please try again.' },
  WEAK_PASSWORD: {
    status: 400,
    message: 'This password is too common. Please choose a less predictable one.',
  },
  INVALID_RESET_TOKEN: { status: 400, message: Messages.invalidResetToken },
  /**
   * Changing the password: the current password typed is not the account's. 403, not 401: the
   * session is fine, and a 401 would sign the browser out.
   */
  CURRENT_PASSWORD_WRONG: { status: 403, message: Messages.currentPasswordWrong },
  /** Changing the password of an account that signs in with Google only and has none. */
  NO_PASSWORD_TO_CHANGE: {
    status: 409,
    message: 'Your account signs in with Google and has no password to change.',
  },
  /** Setting a first password on an account that has one (use Change Password). */
  PASSWORD_ALREADY_SET: {
    status: 409,
    message: 'Your account already has a password: change it with your current password.',
  },

  // Second factors: passkeys, the authenticator app, recovery codes.
  /** The operator console, to an operator whose session has no second factor. */
  SECOND_FACTOR_REQUIRED: { status: 403, message: Messages.secondFactorRequired },
  /**
   * A step-up action (a console change, a change to how the account signs in) wants a recent
   * proof of the person's strongest factor, and the session has none younger than the limit.
   * 403, not 401: the session is fine.
   */
  FRESH_VERIFICATION_REQUIRED: { status: 403, message: Messages.freshVerificationRequired },
  /**
   * The password offered as that proof by a person who has an authenticator app or a passkey:
   * only the stronger factor will do.
   */
  STRONGER_PROOF_REQUIRED: { status: 403, message: Messages.strongerProofRequired },
  /** A wrong authenticator or recovery code (or a code of the wrong shape). */
  WRONG_SECOND_FACTOR_CODE: { status: 400, message: Messages.wrongSecondFactorCode },
  /** A recovery code that was already used once. */
  RECOVERY_CODE_USED: { status: 400, message: Messages.recoveryCodeUsed },
  /** The sign-in waiting for a code is unknown, used, too old, or had too many wrong codes. */
  SECOND_STEP_EXPIRED: { status: 401, message: Messages.secondStepExpired },
  TWO_STEP_ALREADY_ON: { status: 409, message: 'Two-step sign-in is already turned on.' },
  TWO_STEP_NOT_ON: { status: 409, message: 'Two-step sign-in is not turned on.' },
  /** Confirming an enrolment that was never started (or was replaced by a newer one). */
  TWO_STEP_SETUP_MISSING: {
    status: 409,
    message: 'Start the setup again: choose "Set up an authenticator app".',
  },
  /** The passkey ceremony's challenge is unknown, used or older than its few minutes. */
  PASSKEY_CHALLENGE_EXPIRED: { status: 400, message: Messages.passkeyChallengeExpired },
  /** The browser's answer did not verify: another site's passkey, a wrong signature, no check. */
  PASSKEY_NOT_ACCEPTED: { status: 400, message: Messages.passkeyNotAccepted },
  /** A valid passkey answer for a credential no account here has (removed, or never added). */
  PASSKEY_UNKNOWN: { status: 401, message: Messages.passkeyUnknown },
  PASSKEY_NOT_FOUND: { status: 404, message: 'This passkey is not on your account.' },
  PASSKEY_ALREADY_ADDED: { status: 409, message: 'This passkey is already on your account.' },
  PASSKEY_LIMIT: {
    status: 409,
    message: `You can keep up to ${limits.maxPasskeys} passkeys. Remove one to add another.`,
  },
  /** Only told to someone who proved they own the account (the right password). */
  ACCOUNT_DELETED: {
    status: 403,
    message: 'This account has been scheduled for deletion and can no longer sign in.',
  },
  /** The e-mail (e.g. the verification code) could not be handed to the mail provider. */
  EMAIL_DELIVERY_FAILED: { status: 502, message: Messages.sendFailed },

  // Payments.
  /** The Stripe webhook: missing, wrong or stale signature (the adapter's reason replaces it). */
  INVALID_SIGNATURE: { status: 400, message: 'The webhook signature could not be verified.' },
  /** The Stripe webhook: a signed event we cannot read. */
  INVALID_EVENT: { status: 400, message: 'The event could not be read.' },
  /** The Stripe webhook: an invoice or subscription event before its checkout is fulfilled. */
  NOT_READY: { status: 409, message: 'The subscription is not known yet; retry later.' },
  /** Card payments are not configured or the provider is unreachable; try again later. */
  PAYMENTS_UNAVAILABLE: { status: 503, message: 'Card payments are not available right now.' },
  /** A Standard user on the upgrade paths is told they already have the plan. */
  ALREADY_STANDARD: { status: 409, message: Messages.alreadyStandard },
  /** Another request (a double click, another tab) is opening this owner's one checkout. */
  CHECKOUT_IN_PROGRESS: {
    status: 409,
    message:
      'Your checkout is already being opened in another tab or window. Please try again in a moment.',
  },
  /**
   * check-payment-completion: the checkout expired or was replaced by a newer one before it was
   * paid, so no payment was taken with it and none will be (an unknown one is NOT_FOUND).
   */
  CHECKOUT_CLOSED: { status: 410, message: Messages.checkoutClosed },
  /** Enterprise accounts are handled through contact, never downgraded: all is set. */
  ENTERPRISE_PLAN: { status: 409, message: Messages.enterpriseAllSet },
  /** The portal and cancel calls: the account has no card subscription. */
  NO_SUBSCRIPTION: { status: 404, message: Messages.noSubscription },
  /**
   * Billing details the checkout would refuse too (its own sentence; the body's `field` names
   * the field it is about).
   */
  INVALID_BILLING_DETAILS: { status: 400, message: Messages.billingDetailsInvalid },
  /** Changing billing details of an account that never bought: none saved, no customer. */
  NO_BILLING_DETAILS: { status: 404, message: Messages.noBillingDetails },
  /** Resume after the paid period ended (or the subscription was ended now): buy again. */
  SUBSCRIPTION_ENDED: { status: 409, message: Messages.subscriptionEnded },

  // The license API (schemas/licensing.ts): its refusals double as LicenseCheckStatus.
  EXPIRED: {
    status: 403,
    message: `This license has expired. Renew it or upgrade from your dashboard to keep using ${site.product}.`,
  },
  SUSPENDED: {
    status: 403,
    message:
      'This license is suspended because a payment did not go through. Update your payment method on your dashboard under Billing & Invoices.',
  },
  REVOKED: {
    status: 403,
    message:
      'This license key is no longer valid: it was revoked or replaced by a newer key. Use the key shown on your dashboard, or contact support.',
  },
  DEVICE_NOT_ACTIVATED: {
    status: 404,
    message: 'This device is not activated for this license. Activate it in the License Manager.',
  },
  /** At the device limit; the body lists the active devices. */
  TOO_MANY_DEVICES: { status: 403, message: Messages.tooManyDevices },
  /** Too many deactivations of this license in the rolling window (429 with Retry-After). */
  DEACTIVATION_LIMIT: { status: 429, message: Messages.deactivationLimit },
  /** No installer is available for the version this account may download. */
  DOWNLOAD_UNAVAILABLE: {
    status: 404,
    message: 'The installer is not available right now. Please try again later.',
  },
  /** An update's download link that expired (15 minutes) or that the update check did not issue. */
  DOWNLOAD_LINK_INVALID: {
    status: 403,
    message:
      'This download link has expired or is not valid. Check for updates again to get a new one.',
  },

  // The operator console.
  /** An operator session signed in more than 12 hours ago: sign in again. */
  REAUTH_REQUIRED: { status: 401, message: ConsoleMessages.signInAgain },
  /** The customer changed between the operator's look and action (another operator, the plugin). */
  STALE_STATE: { status: 409, message: ConsoleMessages.staleState },

  // The plugin's sign-in from its ribbon (/activate).
  /** No sign-in request has this code (a typo, or one that was cleaned up). */
  SIGN_IN_CODE_UNKNOWN: { status: 404, message: PluginSignInTexts.codeUnknown },
  /** The request's 10 minutes are over: the plugin must start again. */
  SIGN_IN_CODE_EXPIRED: { status: 410, message: PluginSignInTexts.codeExpired },
  /** The request was already approved or denied. */
  SIGN_IN_CODE_DECIDED: { status: 409, message: PluginSignInTexts.codeDecided },

  // Enterprise teams.
  /** An invitation link that is unknown, expired, used or withdrawn (the message says which). */
  INVITATION_INVALID: { status: 410, message: TeamMessages.invitationInvalid },
  /** Every seat is taken or held by an open invitation. */
  NO_SEATS: { status: 409, message: TeamMessages.noSeats },
  /** A bulk invitation of more than `bulkInviteMax` addresses: refused whole, nobody invited. */
  TOO_MANY_ADDRESSES: { status: 400, message: TeamMessages.tooManyAddresses },
  /**
   * Password, Google or passkey sign-in (or signup, or a password reset) for an address on the
   * verified domain of an organization that requires single sign-on; the message names it.
   */
  SSO_REQUIRED: { status: 403, message: SsoTexts.ssoRequiredDefault },
  /** Single sign-on asked for an address whose domain has none. */
  SSO_NOT_AVAILABLE: { status: 404, message: SsoTexts.notAvailable },
  /** A single sign-on's answer with a wrong, unknown, used or expired state, or no state cookie. */
  SSO_SIGN_IN_EXPIRED: { status: 400, message: SsoTexts.signInExpired },
  /** The identity provider answered an error, or its token or ID token was refused. */
  SSO_FAILED: { status: 401, message: SsoTexts.tokenRefused('Your organization') },
  /** The identity provider could not be reached or its discovery document was unusable. */
  SSO_PROVIDER_UNAVAILABLE: {
    status: 502,
    message: SsoTexts.providerUnavailable('Your organization'),
  },
  /** The ID token's address is not on the organization's verified domains (or not verified). */
  SSO_WRONG_DOMAIN: { status: 403, message: SsoTexts.wrongDomain('your organization') },
  /** Signed in by the provider, but the team has no seat left: the owner is told once a day. */
  SSO_NO_SEAT: { status: 409, message: SsoTexts.noSeat('Your organization') },
  ALREADY_MEMBER: { status: 409, message: 'This account already belongs to an organization.' },
  /** Joining cancels a running Standard subscription: the customer must confirm first. */
  CONFIRMATION_REQUIRED: { status: 409, message: TeamMessages.standardRunning },

  // An organization's e-mail domains.
  /** The organization already lists this domain. */
  DOMAIN_ALREADY_ADDED: { status: 409, message: domainAlreadyAdded },
  /** The organization lists `domainsMax` domains already. */
  DOMAIN_LIMIT: { status: 409, message: domainLimit },
  /** Another organization has verified this domain: a domain belongs to one at a time. */
  DOMAIN_TAKEN: { status: 409, message: domainTaken },

  // An organization's single sign-on settings (src/contract/sso-settings.ts).
  /**
   * The issuer's discovery document could not be used (unreachable, too slow, not found, another
   * issuer, an endpoint missing) or the issuer is http:// outside development: nothing is saved,
   * and the message says which.
   */
  SSO_PROVIDER_REFUSED: { status: 400, message: ssoIssuerNotUrl },
  /** "Require single sign-on" without a connection, or turned on without a verified domain. */
  SSO_NOT_READY: { status: 409, message: ssoNeedsConnection },

  // Standard sold per seat.
  /** A seat change asked of an account that owns no running Standard subscription. */
  NOT_SEAT_OWNER: { status: 403, message: SeatMessages.notSeatOwner },
  /** Fewer seats than the members and open invitations hold (the message says how many). */
  SEATS_BELOW_TAKEN: { status: 409, message: SeatMessages.seatsBelowTaken(1) },
  SUBSCRIPTION_NOT_RUNNING: { status: 409, message: SeatMessages.subscriptionNotRunning },
  /** A confirmation whose shown amount no longer matches (a day passed, or seats changed). */
  SEAT_PRICE_CHANGED: { status: 409, message: SeatMessages.seatChangePriceMoved },
  /** Seats added now are charged to a card; a team paying by bank transfer asks us instead. */
  SEATS_BY_INVOICE: { status: 409, message: SeatMessages.seatsByInvoice },
  /** Another seat addition of the same subscription did not finish in time. */
  SEAT_CHANGE_IN_PROGRESS: { status: 409, message: SeatMessages.seatChangeInProgress },

  // Teams paying by invoice (bank transfer), src/contract/invoice-purchase.ts.
  /** Bank transfer asked for fewer seats than `standardSeats.invoiceMinimum`. */
  INVOICE_NEEDS_SEATS: { status: 400, message: InvoiceTexts.invoiceNeedsSeats },
  /** A purchase-order reference too long or not plain (the body's `field` is `poNumber`). */
  INVALID_PO_NUMBER: { status: 400, message: InvoiceTexts.poNumberInvalid },
} as const satisfies Record<string, ErrorEntry>;

/** Every code the API can answer (UPPER_SNAKE), derived from the catalogue. */
export type ErrorCode = keyof typeof errorCatalogue;

/** The catalogue's codes, in the order they are declared. */
export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

// The plugin's answers (schemas/licensing.ts, schemas/releases.ts) that are not errors.

/**
 * What a check of a license on a device says (validate's `status`), as the server answers it
 * (`message`) and the plugin tells the user, also offline. A refusal says what its error code
 * says; NOT_FOUND has a text of its own for a license key. Each one says what to do next.
 */
export const LicenseStatusMessages = {
  VALID: 'Your license is valid on this device.',
  EXPIRED: errorCatalogue.EXPIRED.message,
  SUSPENDED: errorCatalogue.SUSPENDED.message,
  REVOKED: errorCatalogue.REVOKED.message,
  NOT_FOUND: 'No license has this key. Check the key shown on your dashboard and try again.',
  DEVICE_NOT_ACTIVATED: errorCatalogue.DEVICE_NOT_ACTIVATED.message,
  TOO_MANY_DEVICES: errorCatalogue.TOO_MANY_DEVICES.message,
} as const satisfies Record<LicenseCheckStatus, string>;

/** What activate and deactivate answer (`message`) when they succeed. */
export const DeviceMessages = {
  activated: 'This device has been activated.',
  /** The same machine again (a reinstall): no new device, a fresh license file. */
  reactivated: 'This device was already activated; its license file is renewed.',
  /** Activate with `replaceDeviceId`: the named device freed and this one activated. */
  replaced: 'The old device has been freed and this device activated.',
  /** Also the Usage page's notice after freeing a device there. */
  deactivated: SuccessMessages.deviceDeactivated,
  /** The plugin's switch: this device left one of the account's licenses for another. */
  switched: 'This device has moved to the other license.',
} as const;

/**
 * What the plugin's update check answers (`message`) and the plugin tells the user. A license
 * that is not valid answers as validate does (LicenseStatusMessages).
 */
export const UpdateCheckMessages = {
  upToDate: (version: string) => `You have the newest version of ${site.product} (${version}).`,
  available: (version: string) =>
    `${site.product} ${version} is available. Download it and install it over the version you have; your license and settings stay.`,
  /** Plugin updates are for Standard and Enterprise, not for the Free Trial. */
  notIncluded: (version: string) =>
    `A newer version, ${site.product} ${version}, is available. Plugin updates come with Standard, which includes all future updates: upgrade from your dashboard.`,
} as const;

/**
 * What the plugin's usage report answers (`message`) when the license is valid on the device; a
 * license that is not valid answers as validate does (LicenseStatusMessages).
 */
export const UsageReportMessages = {
  received: 'Thank you: this usage report has been received.',
  /** The same batch id again (a retry after a lost answer): counted once already. */
  alreadyReceived: 'This usage report was received before; it is counted once.',
  /** The customer turned "Share feature usage" off: acknowledged, nothing stored. */
  notShared:
    'Feature usage sharing is turned off for this account, so the report was not stored. Stop sending usage until validate answers usageReporting: true.',
} as const;
