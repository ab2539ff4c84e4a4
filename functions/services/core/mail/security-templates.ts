/**
 * The security e-mails: what changed in how an account signs in, when, from where, and what to
 * do at once if it was not the owner. Text and HTML parts come from compose.ts like the
 * lifecycle e-mails; when each is sent: rules.ts.
 */
import { site } from '../../../../src/site.config';
import { formatUtcMoment } from '../../../../src/lib/format';
import { composeMail, greeting, inertName } from './compose';
import type { Mail } from './rules';

/** Every subject of this file, in one place. */
export const securitySubjects = {
  passwordChanged: `Your ${site.product} password was changed`,
  twoStepOn: `Two-step sign-in is on for your ${site.product} account`,
  twoStepOff: `Two-step sign-in was turned off for your ${site.product} account`,
  passkeyAdded: `A passkey was added to your ${site.product} account`,
  recoveryCodeUsed: `A recovery code was used to sign in to your ${site.product} account`,
} as const;

/** Where and when a change to how the account signs in was made. */
export interface SecurityChange {
  at: number;
  /** The browser and system, in words (describeUserAgent). */
  device: string;
}

/**
 * The links of every security e-mail: the button reviews how the account signs in (Account
 * Settings); resetting the password is the way out when the change was not the owner's.
 */
const review = (origin: string) => ({
  label: 'Review your sign-in settings',
  link: `${origin}/dashboard/settings`,
});
const reset = (origin: string) => ({
  label: 'Not you? Reset your password',
  link: `${origin}/forgot-password`,
});

/** What to do when a change was not the owner's: the same advice in every security e-mail. */
function ifNotYou(origin: string, what: string) {
  return [
    review(origin),
    `If this was you, there is nothing to do.`,
    `If it was not you, someone can sign in to your account: ${what}, reset your password with ` +
      `"Forgot password?" on the sign-in page (that signs every session out), then write to us ` +
      `at ${site.supportEmail}.`,
    reset(origin),
  ] as const;
}

/** Two-step sign-in with an authenticator app was turned on. */
export async function twoStepOnMail(
  to: string,
  name: string,
  change: SecurityChange,
  origin: string,
): Promise<Mail> {
  return composeMail({
    to,
    tag: 'two-step-on',
    subject: securitySubjects.twoStepOn,
    greeting: greeting(name),
    origin,
    blocks: [
      `Two-step sign-in was turned on for your ${site.product} account on ` +
        `${formatUtcMoment(change.at)}, from ${change.device}. From now on, signing in with your ` +
        `password or Google also asks for a code from your authenticator app.`,
      `Keep your recovery codes somewhere safe: each one signs you in once if your phone is lost.`,
      ...ifNotYou(origin, 'sign in, turn two-step sign-in off in Account Settings'),
    ],
  });
}

/** Two-step sign-in was turned off. */
export async function twoStepOffMail(
  to: string,
  name: string,
  change: SecurityChange,
  origin: string,
): Promise<Mail> {
  return composeMail({
    to,
    tag: 'two-step-off',
    subject: securitySubjects.twoStepOff,
    greeting: greeting(name),
    origin,
    blocks: [
      `Two-step sign-in was turned off for your ${site.product} account on ` +
        `${formatUtcMoment(change.at)}, from ${change.device}. Signing in now needs your password ` +
        `or Google only.`,
      ...ifNotYou(origin, 'sign in, turn two-step sign-in back on in Account Settings'),
    ],
  });
}

/** A passkey was added; `passkeyName` is the name its owner typed (shown inert). */
export async function passkeyAddedMail(
  to: string,
  name: string,
  passkeyName: string,
  change: SecurityChange,
  origin: string,
): Promise<Mail> {
  return composeMail({
    to,
    tag: 'passkey-added',
    subject: securitySubjects.passkeyAdded,
    greeting: greeting(name),
    origin,
    blocks: [
      `A passkey named "${inertName(passkeyName)}" was added to your ${site.product} account on ` +
        `${formatUtcMoment(change.at)}, from ${change.device}. It signs in to your account ` +
        `without a password.`,
      ...ifNotYou(origin, 'sign in, remove the passkey in Account Settings'),
    ],
  });
}

/** A recovery code signed the account in; `left` codes remain unused. */
export async function recoveryCodeUsedMail(
  to: string,
  name: string,
  left: number,
  change: SecurityChange,
  origin: string,
): Promise<Mail> {
  return composeMail({
    to,
    tag: 'recovery-code-used',
    subject: securitySubjects.recoveryCodeUsed,
    greeting: greeting(name),
    origin,
    blocks: [
      `One of your recovery codes was used to sign in to your ${site.product} account on ` +
        `${formatUtcMoment(change.at)}, from ${change.device}. That code no longer works; ` +
        `${left} ${left === 1 ? 'code is' : 'codes are'} left.` +
        (left <= 3 ? ` Make new codes soon in Account Settings.` : ''),
      ...ifNotYou(origin, 'sign in, make new recovery codes in Account Settings'),
    ],
  });
}

/** The password of the account was changed in Account Settings (every other session ended). */
export async function passwordChangedMail(
  to: string,
  name: string,
  change: SecurityChange & { first?: boolean },
  origin: string,
): Promise<Mail> {
  const what = change.first
    ? `A password was set for your ${site.product} account`
    : `The password of your ${site.product} account was changed`;
  return composeMail({
    to,
    tag: 'password-changed',
    subject: securitySubjects.passwordChanged,
    greeting: greeting(name),
    origin,
    blocks: [
      `${what} on ${formatUtcMoment(change.at)}, ` +
        `from ${change.device}. Every other session was signed out; the browser that made the ` +
        `change stays signed in.`,
      review(origin),
      `If this was you, there is nothing to do.`,
      `If it was not you, someone knows your password and may be signed in: reset your password ` +
        `now with "Forgot password?" on the sign-in page (that signs every session out), then ` +
        `write to us at ${site.supportEmail}.`,
      reset(origin),
    ],
  });
}
