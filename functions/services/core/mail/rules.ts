/**
 * Which e-mail is sent when — in one place, for routes, the webhook, the queue and the cron alike.
 * Every e-mail is written to the outbox in the same D1 batch as the change that causes it
 * (outbox.ts) and delivered by the task queue (delivery.ts), so none is lost when a provider is
 * down or the Worker dies between the write and the send (docs/operating.md, "E-mail delivery").
 *
 * | e-mail              | written with                                                      | holds a secret |
 * |---------------------|-------------------------------------------------------------------|----------------|
 * | `verification-code` | the code row (send-verification-email: signup, resend)            | yes: the code  |
 * | `welcome`           | a trial account; a paid Standard signup's account                 | no             |
 * | `upgrade`           | the Trial → Standard upgrade (by webhook or polling)              | no             |
 * | `password-reset`    | the reset token (forgot-password, run on the queue)               | yes: the link  |
 * | `contact`           | the stored Get in Touch message                                   | no             |
 * | `contact-received`  | the same message: the sender's acknowledgement (no name or words) | no             |
 * | `contact-reply`     | an operator's reply row (admin/inbox.ts); once per reply id       | no             |
 * | `trial-ended`       | the license flip to expired (cron; only the run that flips it)    | no             |
 * | `payment-refunded`  | the refund's record turning `refunded` (billing/refunds.ts)       | no             |
 * | `license-replaced`  | an operator's new license key (admin/actions.ts)                  | no             |
 * | `license-extended`  | an operator's extension of a license (admin/actions.ts)           | no             |
 * | `team-invitation`   | an invitation to an organization, or its resend (organizations/)  | yes: the link  |
 * | `seats-almost-full` | the organization's `seat_alert_at` mark, set when the members     |                |
 * |                     | reach `seatAlertPercent` of the seats (a join, or the cron)       | no             |
 * | `team-usage-report` | nothing: the cron, early each month; once per organization and    |                |
 * |                     | month (`team-usage-report:<organization>:<YYYY-MM>` dedupe key)   | no             |
 *
 * The lifecycle e-mails (texts in lifecycle-templates.ts; like all, a text and an HTML part):
 *
 * | e-mail                   | written with                                                                   |
 * |--------------------------|--------------------------------------------------------------------------------|
 * | `trial-ending`           | nothing: the cron finds the trial ends within `trialEndingReminderDays`;       |
 * |                          | once per license and end date (`trial-ending:<license>:<expiry>` dedupe key)   |
 * | `renewal-reminder`       | nothing: the cron finds the paid year renews within `renewalReminderDays`;     |
 * |                          | once per subscription and period (`renewal-reminder:<subscription>:<end>`)     |
 * | `payment-failed`         | the failed invoice's event (webhook); once per invoice (`payment-failed:<id>`) |
 * | `subscription-cancelled` | the change that stops a renewing subscription (the customer's or an operator's |
 * |                          | cancel, or Stripe's event), or ends a cancelled one earlier than announced     |
 * | `device-activated`       | the new active device row (plugin activation or replacement)                   |
 * | `deletion-scheduled`     | the account turning deleted (the customer's Delete Account or the console)     |
 * | `password-changed`       | the new password hash (Account Settings; security-templates.ts)                |
 * | `two-step-on`            | the authenticator app's confirmation (Account Settings)                        |
 * | `two-step-off`           | the authenticator app's removal (Account Settings)                             |
 * | `passkey-added`          | the new passkey row (Account Settings)                                         |
 * | `recovery-code-used`     | the recovery code turning used (a sign-in's second step)                       |
 * | `invoice-sent`           | a subscription paid by invoice starting (the purchase route's fulfillment, or  |
 * |                          | `invoice.finalized`, whichever is first), or its renewal invoice               |
 * |                          | (`invoice.finalized`); once per invoice (`invoice-sent:<id>`)                  |
 * | `invoice-reminder`       | nothing: the cron, `invoiceReminderDays` before the due date and on it; once   |
 * |                          | each (`invoice-due-soon:<id>`, `invoice-due-today:<id>`)                       |
 * | `invoice-overdue`        | the cron's suspension at the due date of an unpaid invoice; once per invoice   |
 * |                          | (`invoice-overdue:<id>`, written after the suspension it reports)              |
 * | `invoice-voided`         | an order paid by invoice that could not be applied: its record turning done   |
 * |                          | once its invoice is void and its subscription cancelled (billing/refunds.ts)   |
 *
 * None holds a secret. Exactly once per cause: the outbox row sits in the same batch as the
 * change, so only the call that made the change (webhook or polling, whichever won the race)
 * writes it; a reminder, which no change causes, is once per dedupe key (outbox.ts,
 * `queueMailOnce`). Delivery is at least once, made once at the provider by the outbox id as
 * idempotency key.
 */
import type { MailMessage } from '../../../adapters/types';

interface MailRule {
  /**
   * The text holds a one-time code or link: once a real provider has it, the outbox keeps only
   * the subject and state (the local mailbox keeps the text, it is the only place to read it).
   */
  holdsSecret: boolean;
}

const mailRules = {
  'verification-code': { holdsSecret: true },
  welcome: { holdsSecret: false },
  upgrade: { holdsSecret: false },
  'password-reset': { holdsSecret: true },
  contact: { holdsSecret: false },
  'contact-received': { holdsSecret: false },
  'contact-reply': { holdsSecret: false },
  'trial-ended': { holdsSecret: false },
  'payment-refunded': { holdsSecret: false },
  'license-replaced': { holdsSecret: false },
  'license-extended': { holdsSecret: false },
  'team-invitation': { holdsSecret: true },
  'seats-almost-full': { holdsSecret: false },
  'team-usage-report': { holdsSecret: false },
  'domain-lapsed': { holdsSecret: false },
  'sso-seat-waits': { holdsSecret: false },
  'trial-ending': { holdsSecret: false },
  'renewal-reminder': { holdsSecret: false },
  'payment-failed': { holdsSecret: false },
  receipt: { holdsSecret: false },
  'subscription-cancelled': { holdsSecret: false },
  'subscription-resumed': { holdsSecret: false },
  'device-activated': { holdsSecret: false },
  'deletion-scheduled': { holdsSecret: false },
  'invoice-refunded': { holdsSecret: false },
  'invoice-sent': { holdsSecret: false },
  'invoice-reminder': { holdsSecret: false },
  'invoice-overdue': { holdsSecret: false },
  'invoice-voided': { holdsSecret: false },
  'password-changed': { holdsSecret: false },
  'two-step-on': { holdsSecret: false },
  'two-step-off': { holdsSecret: false },
  'passkey-added': { holdsSecret: false },
  'recovery-code-used': { holdsSecret: false },
} as const satisfies Record<string, MailRule>;

/** The kinds of e-mail we send. */
export type MailKind = keyof typeof mailRules;

/** One e-mail of a known kind (templates.ts builds them). */
export type Mail = MailMessage & { tag: MailKind };

/** True when an e-mail of `tag` holds a one-time secret (unknown tags count as secret). */
export function holdsSecret(tag: string): boolean {
  return tag in mailRules ? mailRules[tag as MailKind].holdsSecret : true;
}
