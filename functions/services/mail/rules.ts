/**
 * Which e-mail is sent when, and what a failed send means — in one place, for routes, the
 * webhook and the cron alike. Every e-mail goes through `sendMail`, which applies its rule:
 *
 * | e-mail              | sent when                                                      | a failed send        |
 * |---------------------|----------------------------------------------------------------|----------------------|
 * | `verification-code` | send-verification-email (signup, resend)                       | `refuse`: 502, the visitor retries |
 * | `welcome`           | a trial account is created; a paid Standard signup is fulfilled | `log`: the account exists, the key is on the dashboard |
 * | `upgrade`           | a Trial → Standard upgrade is fulfilled (by webhook or polling) | `log`                |
 * | `password-reset`    | forgot-password for a live password account                    | `log`: answering differently would tell who has an account |
 * | `contact`           | the Get in Touch form was stored                               | `log`: support still finds the stored message |
 * | `trial-ended`       | the cron expires a trial license (once: UPDATE … RETURNING)    | `report`: counted, and the cron run fails |
 *
 * Fulfillment sends exactly once because only the call that did the work (webhook or polling,
 * whichever won the race) is told to send.
 */
import type { MailMessage } from '../../adapters/types';
import { fail } from '../../lib/errors';
import type { Deps } from '../shared/deps';

/** What a failed send means for the caller. */
type OnFailure =
  /** Throw 502 EMAIL_DELIVERY_FAILED: the e-mail is the point of the request. */
  | 'refuse'
  /** Log for the operator and go on: the change it reports has happened. */
  | 'log'
  /** Log and answer false, so the caller counts it (a cron job fails its run). */
  | 'report';

const onFailure = {
  'verification-code': 'refuse',
  welcome: 'log',
  upgrade: 'log',
  'password-reset': 'log',
  contact: 'log',
  'trial-ended': 'report',
} as const satisfies Record<string, OnFailure>;

/** The kinds of e-mail we send. */
export type MailKind = keyof typeof onFailure;

/** One e-mail of a known kind (templates.ts builds them). */
export type Mail = MailMessage & { tag: MailKind };

/**
 * Sends one e-mail under its rule: true when it was handed to the provider, false when it failed
 * and its rule is `log` or `report`; throws 502 EMAIL_DELIVERY_FAILED when its rule is `refuse`.
 */
export async function sendMail({ mailer }: Pick<Deps, 'mailer'>, mail: Mail): Promise<boolean> {
  try {
    await mailer.send(mail);
    return true;
  } catch (error) {
    // Logged with the kind, never the body (it may hold a code or a reset link).
    console.error(`Could not send the ${mail.tag} e-mail:`, error);
    if (onFailure[mail.tag] === 'refuse') throw fail('EMAIL_DELIVERY_FAILED');
    return false;
  }
}
