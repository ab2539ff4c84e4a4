/**
 * Timings and limits of the account flows (`limits` of src/site.config.ts).
 * One export per value: a bundle that reads one of them carries that one (and inlines it).
 */
export const passwordMinLength = 6;
export const passwordMaxLength = 128;
export const codeLength = 6;
export const codeValiditySeconds = 600;
export const resendFirstCooldownSeconds = 30;
export const resendStepSeconds = 60;
export const standardRedirectDelayMs = 1500;
export const deletionRedirectDelayMs = 2000;
export const paymentPollIntervalMs = 3000;
export const paymentPollMaxAttempts = 40;
/** Sessions end automatically this many days after sign-in (shown on the dashboard). */
export const sessionDays = 14;
/** The operator console needs a sign-in this recent; an older one gets 401 REAUTH_REQUIRED. */
export const operatorFreshHours = 12;
/**
 * Every change made from the console and every change to how a person signs in want a proof of
 * the person's strongest factor this recent (the step-up rule,
 * functions/services/core/users/step-up.ts); older asks again.
 */
export const freshVerificationMinutes = 10;
/** The longest internal note an operator may keep on a customer (the console's customer page). */
export const customerNoteMaxLength = 2000;
/** The longest e-mail reply to a contact message from the console's inbox. */
export const contactReplyMaxLength = 5000;
/** A sign-in waiting for its authenticator code lasts this long, and allows this many wrong codes. */
export const secondStepMinutes = 5;
export const secondStepMaxWrongCodes = 5;
/** Recovery codes given when two-step sign-in is turned on (or the codes are regenerated). */
export const recoveryCodeCount = 10;
/** A passkey ceremony (add or sign in) must finish within this time. */
export const passkeyChallengeMinutes = 5;
/** Passkeys one account may keep. */
export const maxPasskeys = 10;
/** A browser stays "known" to the account it last signed in to this long (its cookie's life). */
export const knownBrowserDays = 365;
/** Wrong codes allowed per verification code; resends do not reset the count. */
export const codeMaxWrongAttempts = 5;
/** A verified e-mail must be registered within this window. */
export const verifiedSignupWindowSeconds = 1800;
/** Password reset links are single use and valid this long. */
export const passwordResetMinutes = 30;
/**
 * At most this many reset links are sent to one account within their minutes: a request beyond
 * it sends nothing, and the newest link sent still works. Only links whose minutes have not ended
 * count, so however many strangers asked, the owner's own request sends a working link again as
 * soon as those links have expired (within `passwordResetMinutes`, well within the hour).
 */
export const passwordResetLinksMax = 3;
/** Rate limits: at most `max` events per `windowSeconds` (429 with Retry-After beyond). */
export const rateLimits = {
  /**
   * SCIM calls per organization (its identity provider's token): a full sync of a large team
   * fits, a runaway client is slowed.
   */
  scimPerOrganization: { max: 600, windowSeconds: 60 },
  /**
   * Single sign-on settings saved per organization: each save fetches the provider's discovery
   * document, so the owner's form cannot make the Worker a fetching machine.
   */
  ssoSavesPerOrganization: { max: 20, windowSeconds: 600 },
  sendCodePerEmail: { max: 5, windowSeconds: 3600 },
  sendCodePerIp: { max: 20, windowSeconds: 3600 },
  loginPerIp: { max: 30, windowSeconds: 900 },
  /** Attempts per e-mail from browsers that have not signed in to that account before. */
  loginPerEmail: { max: 10, windowSeconds: 900 },
  /**
   * Attempts per known browser (one that has signed in to the account, README "Sign-in
   * throttling"): its own budget, so guessing elsewhere cannot lock the owner out of it.
   */
  loginPerKnownBrowser: { max: 10, windowSeconds: 900 },
  /**
   * Authenticator and recovery codes per account, wherever they are typed (sign-in, turning
   * two-step sign-in off, confirming an action): the same budget as a password.
   */
  secondFactorPerAccount: { max: 10, windowSeconds: 900 },
  /** Passkey sign-in attempts per IP (each costs a signature check). */
  passkeyPerIp: { max: 30, windowSeconds: 900 },
  /**
   * Passkey sign-in challenges per IP (each is a stored row): as many as attempts, since every
   * sign-in asks for one first; an unsigned-in caller cannot fill the table.
   */
  passkeyOptionsPerIp: { max: 30, windowSeconds: 900 },
  /** Forgot-password requests from one IP, whatever the addresses (the requester's own budget). */
  forgotPasswordPerIp: { max: 10, windowSeconds: 3600 },
  contactPerIp: { max: 5, windowSeconds: 3600 },
  /**
   * Acknowledgements of contact messages sent to one address. Over it the message is still
   * stored and sent to support, only the sender's copy is not: a form that mails whatever
   * address is typed must not become a way to flood someone else's inbox.
   */
  contactAcknowledgementsPerEmail: { max: 3, windowSeconds: 86_400 },
  /**
   * Invoice quotes from one IP: a buyer's form asks again as seats and details change, and each
   * asks the EU's VAT register about a new number, which must not be a free relay to it.
   */
  invoiceQuotePerIp: { max: 120, windowSeconds: 3600 },
  /** The payment page polls every 3 s up to 40 times; this leaves room for a few tabs. */
  paymentCompletionPerIp: { max: 200, windowSeconds: 600 },
  /** Plugin calls (activate, validate, deactivate, the update check) per IP. */
  licenseApiPerIp: { max: 120, windowSeconds: 3600 },
  /** Console calls per operator: room for a busy day, not for a script gone wild. */
  adminPerOperator: { max: 600, windowSeconds: 600 },
  /** The plugin's sign-in requests (device codes) per IP: a few sign-ins, not a flood of rows. */
  deviceAuthorizationPerIp: { max: 30, windowSeconds: 3600 },
  /**
   * Codes looked up, approved or denied on /activate, per IP and per signed-in account: room for
   * typing mistakes, none for guessing someone else's code.
   */
  deviceApprovalPerIp: { max: 30, windowSeconds: 900 },
  deviceApprovalPerAccount: { max: 15, windowSeconds: 900 },
} as const;
/** The cron e-mails a trial's holder this many days before the trial ends. */
export const trialEndingReminderDays = 3;
/** The cron e-mails a paying customer this many days before the paid year renews (price, how to cancel). */
export const renewalReminderDays = 7;
/**
 * The cron e-mails a team paying by invoice (bank transfer) this many days before the invoice is
 * due, and again on the due date; at the due time an unpaid invoice suspends the team's licenses.
 */
export const invoiceReminderDays = 7;
/**
 * An update's download link (and the signed offer that carries it) works this long after the
 * update check: enough to start a download, too short to be worth sharing.
 */
export const releaseDownloadLinkMinutes = 15;
/**
 * The owner's team utilization: a member with no activity (a device seen, a command used) for
 * this many days is shown as idle; the per-member command counts cover the same days.
 */
export const teamIdleDays = 30;
/** Rows of one page of the team page's table of members and invitations (read from the server). */
export const teamPageSize = 50;
/** Addresses the team page invites in one go (a pasted list or a CSV); more is refused whole. */
export const bulkInviteMax = 250;
/** The owner is e-mailed once each time the members reach this share (percent) of the seats. */
export const seatAlertPercent = 90;
/** The monthly team usage e-mail (for the month before) goes out on one of these first days. */
export const teamReportDays = 3;
