/**
 * The security e-mails: what changed in how an account signs in, when, from where, and what to
 * do at once if it was not the owner. Text and HTML parts come from compose.ts like the
 * lifecycle e-mails; when each is sent: rules.ts.
 */
import { site } from '../../../../src/site.config';
import { formatUtcMoment } from '../../../../src/lib/format';
import { composeMail, greeting } from './compose';
import type { Mail } from './rules';

/** Every subject of this file, in one place. */
export const securitySubjects = {
  passwordChanged: `Your ${site.product} password was changed`,
} as const;

/** The password of the account was changed in Account Settings (every other session ended). */
export function passwordChangedMail(
  to: string,
  name: string,
  change: { at: number; device: string },
  origin: string,
): Mail {
  return composeMail({
    to,
    tag: 'password-changed',
    subject: securitySubjects.passwordChanged,
    greeting: greeting(name),
    blocks: [
      `The password of your ${site.product} account was changed on ${formatUtcMoment(change.at)}, ` +
        `from ${change.device}. Every other session was signed out; the browser that made the ` +
        `change stays signed in.`,
      `If this was you, there is nothing to do.`,
      `If it was not you, someone knows your password and may be signed in: reset your password ` +
        `now with "Forgot password?" on the sign-in page (that signs every session out), then ` +
        `write to us at ${site.supportEmail}.`,
      { label: 'Reset your password', link: `${origin}/forgot-password` },
    ],
  });
}
