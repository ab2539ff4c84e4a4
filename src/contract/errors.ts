/**
 * The error catalogue: every code the API answers, with its HTTP status and its default message
 * (the exact SPEC §8 text where the SPEC has one). The Worker throws them with `fail(CODE)`
 * (functions/lib/errors.ts) and answers `{ message, code }`; the islands pick a screen by code.
 * A code keeps one status; where one code has a more precise text for a case (NOT_FOUND for a
 * license key, TOO_MANY_ATTEMPTS per limit), that text lives in messages.ts too, never at a throw.
 */
// Explicit .ts extensions: the reference client runs the contract under plain Node.
import type { ErrorCode } from './error-codes.ts';
import { LicenseStatusMessages } from './license-messages.ts';
import { ApiMessages, ConsoleMessages, Messages, TeamMessages } from './messages.ts';
import { downloadLinkInvalid } from './release-messages.ts';

export { ErrorCode } from './error-codes.ts';

/** The statuses an expected failure may have (4xx, and an honest 5xx when a provider fails). */
export type ErrorStatus =
  400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 429 | 500 | 502 | 503;

interface CatalogueEntry {
  status: ErrorStatus;
  message: string;
}

export const errorCatalogue = {
  // Requests the API cannot read.
  BAD_REQUEST: { status: 400, message: ApiMessages.badRequest },
  /** The body failed its contract schema; the message is the field's plain-sentence text. */
  VALIDATION_FAILED: { status: 400, message: ApiMessages.invalidRequestBody },
  NOT_FOUND: { status: 404, message: ApiMessages.notFound },
  METHOD_NOT_ALLOWED: { status: 405, message: ApiMessages.methodNotAllowed },
  PAYLOAD_TOO_LARGE: { status: 413, message: ApiMessages.payloadTooLarge },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: ApiMessages.unsupportedMediaType },
  /** Anything unexpected: logged, never shown (functions/lib/errors.ts onError). */
  INTERNAL: { status: 500, message: ApiMessages.internal },
  /**
   * The database refused for a moment (locked, overloaded, connection reset): nothing was
   * written by the statement that failed; 503 with Retry-After, try again.
   */
  SERVICE_BUSY: { status: 503, message: ApiMessages.serviceBusy },

  // Sessions.
  UNAUTHORIZED: { status: 401, message: Messages.unauthorized },
  SESSION_EXPIRED: { status: 401, message: Messages.sessionExpired },
  FORBIDDEN: { status: 403, message: ApiMessages.forbidden },
  /** A cookie-authenticated write without our Origin. */
  CSRF_REJECTED: { status: 403, message: ApiMessages.csrfRejected },
  /** 429 with Retry-After; each limit has its own text (Messages.tooMany…). */
  TOO_MANY_ATTEMPTS: { status: 429, message: ApiMessages.tooManyAttempts },

  // Signing up and in.
  /** The e-mail already has an account (send-verification-email, register). */
  ACCOUNT_EXISTS: { status: 409, message: Messages.accountExists },
  /** One trial per normalized e-mail, Google account and device fingerprint. */
  DUPLICATE_TRIAL: { status: 409, message: Messages.duplicateTrial },
  DISPOSABLE_EMAIL: { status: 400, message: Messages.disposableEmail },
  GOOGLE_USER_NOT_FOUND: { status: 404, message: Messages.googleUserNotFound },
  GOOGLE_AUTH_FAILED: { status: 401, message: Messages.googleAuthFailed },
  INVALID_CREDENTIALS: { status: 401, message: Messages.invalidCredentials },
  INVALID_CODE: { status: 400, message: Messages.invalidCode },
  CODE_EXPIRED: { status: 400, message: Messages.codeExpired },
  /** The e-mail has not been verified (or the verification is too old) when registering. */
  NOT_VERIFIED: { status: 400, message: Messages.notVerified },
  BOT_CHECK_FAILED: { status: 403, message: Messages.botCheckFailed },
  WEAK_PASSWORD: { status: 400, message: Messages.commonPassword },
  INVALID_RESET_TOKEN: { status: 400, message: Messages.invalidResetToken },
  /** Only told to someone who proved they own the account (the right password). */
  ACCOUNT_DELETED: { status: 403, message: Messages.accountDeleted },
  /** The e-mail (e.g. the verification code) could not be handed to the mail provider. */
  EMAIL_DELIVERY_FAILED: { status: 502, message: Messages.sendFailed },

  // Payments.
  /** The Stripe webhook: missing, wrong or stale signature (nothing is changed). */
  INVALID_SIGNATURE: { status: 400, message: ApiMessages.invalidSignature },
  /** The Stripe webhook: a signed event we cannot read. */
  INVALID_EVENT: { status: 400, message: ApiMessages.invalidEvent },
  /** The Stripe webhook: the event's subscription is not recorded yet; Stripe retries it. */
  NOT_READY: { status: 409, message: ApiMessages.subscriptionNotReady },
  /** Card payments are not configured or the provider is unreachable; try again later. */
  PAYMENTS_UNAVAILABLE: { status: 503, message: ApiMessages.paymentsUnavailable },
  ALREADY_STANDARD: { status: 409, message: Messages.alreadyStandard },
  /** Another request (a double click, another tab) is opening this owner's one checkout. */
  CHECKOUT_IN_PROGRESS: { status: 409, message: Messages.checkoutInProgress },
  /** Enterprise accounts are handled through contact, never downgraded. */
  ENTERPRISE_PLAN: { status: 409, message: Messages.enterpriseAllSet },
  /** The portal and cancel calls: the account has no card subscription. */
  NO_SUBSCRIPTION: { status: 404, message: Messages.noSubscription },

  // The license API (src/contract/licensing.ts): its refusals double as LicenseCheckStatus.
  EXPIRED: { status: 403, message: LicenseStatusMessages.EXPIRED },
  SUSPENDED: { status: 403, message: LicenseStatusMessages.SUSPENDED },
  REVOKED: { status: 403, message: LicenseStatusMessages.REVOKED },
  DEVICE_NOT_ACTIVATED: { status: 404, message: LicenseStatusMessages.DEVICE_NOT_ACTIVATED },
  /** At the device limit; the body lists the active devices. */
  TOO_MANY_DEVICES: { status: 403, message: Messages.tooManyDevices },
  /** Too many deactivations of this license in the rolling window (429 with Retry-After). */
  DEACTIVATION_LIMIT: { status: 429, message: Messages.deactivationLimit },
  /** No installer is available for the version this account may download. */
  DOWNLOAD_UNAVAILABLE: { status: 404, message: Messages.downloadUnavailable },
  /** An update's download link that expired (15 minutes) or that the update check did not issue. */
  DOWNLOAD_LINK_INVALID: { status: 403, message: downloadLinkInvalid },

  // The operator console.
  /** An operator session signed in more than 12 hours ago: sign in again. */
  REAUTH_REQUIRED: { status: 401, message: ConsoleMessages.signInAgain },
  /** The customer changed between the operator's look and action (another operator, the plugin). */
  STALE_STATE: { status: 409, message: ConsoleMessages.staleState },

  // Enterprise teams.
  /** An invitation link that is unknown, expired, used or withdrawn (the message says which). */
  INVITATION_INVALID: { status: 410, message: TeamMessages.invitationInvalid },
  /** Every seat is taken or held by an open invitation. */
  NO_SEATS: { status: 409, message: TeamMessages.noSeats },
  /** The account already belongs to an organization. */
  ALREADY_MEMBER: { status: 409, message: TeamMessages.alreadyMember },
  /** Joining cancels a running Standard subscription: the customer must confirm first. */
  CONFIRMATION_REQUIRED: { status: 409, message: TeamMessages.standardRunning },
} as const satisfies Record<ErrorCode, CatalogueEntry>;
