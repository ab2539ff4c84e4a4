/**
 * The texts of the account, purchase and support e-mails, as blocks that compose.ts turns into
 * the text and the HTML part; the lifecycle e-mails are in lifecycle-templates.ts, the security
 * ones in security-templates.ts, the team ones in team-templates.ts. Dates are in words, in UTC ("November 27, 2026").
 * When each is sent and what a failed send means: rules.ts.
 */
import type { LicenseRow } from '../../../db/schema';
import { limits, plans, site } from '../../../../src/site.config';
import { formatDate, formatMoney } from '../../../../src/lib/format';
import { composeMail, greeting, inertName } from './compose';
import type { Mail } from './rules';

/** A day in words, in UTC: the Worker knows no reader's time zone. */
const day = (at: number) => formatDate(at, 'UTC');

/**
 * The 6-digit code (the code is in the subject too, so it shows in a notification). The address
 * is not verified yet, so the e-mail echoes nothing the sender typed: no name.
 */
export async function verificationCodeMail(
  to: string,
  code: string,
  origin: string,
): Promise<Mail> {
  const minutes = Math.round(limits.codeValiditySeconds / 60);
  return composeMail({
    to,
    tag: 'verification-code',
    subject: `${code} is your ${site.product} verification code`,
    greeting: greeting(''),
    origin,
    blocks: [
      `Your ${site.product} verification code is:`,
      { code },
      `It is valid for ${minutes} minutes. If you did not ask for it, you can ignore this e-mail.`,
    ],
  });
}

/** Sent after a trial signup or a paid Standard signup: the license key and where to download the plugin. */
export async function welcomeMail(
  to: string,
  name: string,
  license: LicenseRow,
  origin: string,
): Promise<Mail> {
  const plan = license.plan === 'Trial' ? plans.trial.name : `${license.plan} plan`;
  return composeMail({
    to,
    tag: 'welcome',
    subject: `Welcome to ${site.product}: your license key`,
    greeting: greeting(name),
    origin,
    blocks: [
      `Your ${plan} is active until ${day(license.expiresAt)}.`,
      { label: 'License key', code: license.licenseKey },
      { label: 'Download the plugin from your dashboard', link: `${origin}/dashboard` },
      `After installing, paste the license key into the License Manager on the ${site.product} ribbon.`,
    ],
  });
}

/**
 * Sent once after a Trial → Standard upgrade. The license key is unchanged, so the
 * e-mail says so: installed plugins keep working without pasting anything.
 */
export async function upgradeMail(
  to: string,
  name: string,
  license: LicenseRow,
  origin: string,
): Promise<Mail> {
  const standard = plans.standard;
  return composeMail({
    to,
    tag: 'upgrade',
    subject: `Your ${site.product} plan is now ${standard.name}`,
    greeting: greeting(name),
    origin,
    blocks: [
      `Thank you for your payment. Your ${standard.name} plan is active until ` +
        `${day(license.expiresAt)} and renews every year unless you cancel.`,
      { label: 'Your license key stays the same', code: license.licenseKey },
      `The plugin keeps working where it is installed, now on up to ${standard.deviceLimit} ` +
        `active devices and with all future updates.`,
      { label: 'Invoices, your card and cancellation', link: `${origin}/dashboard/billing` },
    ],
  });
}

/** Sent when support issued a new license key: the old one no longer works anywhere. */
export async function licenseReplacedMail(
  to: string,
  name: string,
  license: Pick<LicenseRow, 'licenseKey' | 'expiresAt'>,
  origin: string,
): Promise<Mail> {
  return composeMail({
    to,
    tag: 'license-replaced',
    subject: `Your new ${site.product} license key`,
    greeting: greeting(name),
    origin,
    blocks: [
      'As requested, we have issued a new license key for your account:',
      { label: 'License key', code: license.licenseKey },
      `Your previous key no longer works and its devices were signed out. Paste the new key into ` +
        `the License Manager on the ${site.product} ribbon on each computer you use ` +
        `(valid until ${day(license.expiresAt)}).`,
      { label: 'Your dashboard', link: `${origin}/dashboard` },
    ],
  });
}

/**
 * Sent when support extended a license (a trial given more time, a paid year moved): the new end
 * date, in words.
 */
export async function licenseExtendedMail(
  to: string,
  name: string,
  license: Pick<LicenseRow, 'plan' | 'expiresAt'>,
  days: number,
  origin: string,
): Promise<Mail> {
  const until = day(license.expiresAt);
  const what = license.plan === 'Trial' ? 'free trial' : `${license.plan} license`;
  return composeMail({
    to,
    tag: 'license-extended',
    subject: `Your ${site.product} ${what} now runs until ${until}`,
    greeting: greeting(name),
    origin,
    blocks: [
      `We have extended your ${site.product} ${what} by ${days} ` +
        `${days === 1 ? 'day' : 'days'}: it now runs until ${until}. Nothing to do on your side; ` +
        `the plugin picks up the new date at its next license check.`,
      { label: 'Your dashboard', link: `${origin}/dashboard` },
    ],
  });
}

/** The single-use reset link (valid limits.passwordResetMinutes). */
export async function passwordResetMail(
  to: string,
  name: string,
  link: string,
  origin: string,
): Promise<Mail> {
  return composeMail({
    to,
    tag: 'password-reset',
    subject: `Reset your ${site.product} password`,
    greeting: greeting(name),
    origin,
    blocks: [
      `To choose a new password, open this link within ${limits.passwordResetMinutes} minutes:`,
      { label: 'Choose a new password', link, urlOnlyInText: true },
      `The link works once. If you did not ask to reset your password, ignore this e-mail; ` +
        `your password stays as it is.`,
    ],
  });
}

/** A Get in Touch message, forwarded to support: who wrote, the message id, the message. */
export async function contactMail(
  id: string,
  sender: { name: string; email: string; message: string },
  origin: string,
): Promise<Mail> {
  return composeMail({
    to: site.supportEmail,
    tag: 'contact',
    subject: `Contact form: ${inertName(sender.name)}`,
    greeting: null,
    signed: false,
    origin,
    blocks: [
      {
        facts: [
          ['From', `${inertName(sender.name)} <${sender.email}>`],
          ['Message id', id],
        ],
      },
      sender.message,
    ],
  });
}

/** How much of the sender's message a reply quotes: enough to recall it, not the whole text. */
const REPLY_QUOTE_CHARS = 500;

/** How much of the message its acknowledgement quotes: a reminder of which one it was. */
const ACKNOWLEDGED_QUOTE_CHARS = 300;

/**
 * Someone's message as a mail quotes it: at most `chars` characters, each line made inert like a
 * name, since the address it goes to was never verified and nothing typed there may become a link.
 */
function quoteOf(message: string, chars: number): string[] {
  const cut = message.trim();
  return (cut.length > chars ? `${cut.slice(0, chars)}…` : cut)
    .split(/\r?\n/u)
    .map((line) => inertName(line));
}

/**
 * The sender's acknowledgement of a Get in Touch message: their words quoted, so they can tell
 * which message it was, and when to expect the answer. The address was never verified, so the
 * quote is short and inert, the greeting names no one, and the rate limit
 * `contactAcknowledgementsPerEmail` bounds how many one address gets.
 */
export async function contactReceivedMail(
  to: string,
  message: string,
  origin: string,
): Promise<Mail> {
  return composeMail({
    to,
    tag: 'contact-received',
    subject: `We received your message to ${site.product}`,
    greeting: greeting(''),
    origin,
    blocks: [
      `Thank you for writing to us. We received your message and will reply to this address ` +
        `${site.supportReplyTime}.`,
      { intro: 'You wrote:', quote: quoteOf(message, ACKNOWLEDGED_QUOTE_CHARS) },
      'If you did not write to us, you can ignore this e-mail.',
    ],
  });
}

/**
 * An opening line of a reply that already greets ("Hello Ada," "Hi," "Dear Ms Lovelace,"): the
 * e-mail then adds no greeting of its own, so the reader is greeted once.
 */
const GREETS = /^(?:hello|hi|hey|dear|good (?:morning|afternoon|evening))\b[^\n]*$/iu;

/**
 * An operator's reply to a Get in Touch message (the console's inbox), to the address the sender
 * typed. The quote of their message is made inert line by line like a name: the address was never
 * verified, so nothing they typed becomes a link in a mail we send.
 */
export async function contactReplyMail(
  to: string,
  name: string,
  original: { message: string; createdAt: number },
  reply: string,
  origin: string,
): Promise<Mail> {
  const text = reply.trim();
  const firstLine = text.split(/\r?\n/u, 1)[0] ?? '';
  return composeMail({
    to,
    tag: 'contact-reply',
    subject: `Re: Your message to ${site.product}`,
    greeting: GREETS.test(firstLine.trim()) ? null : greeting(name),
    origin,
    blocks: [
      text,
      {
        intro: `On ${day(original.createdAt)} you wrote:`,
        quote: quoteOf(original.message, REPLY_QUOTE_CHARS),
      },
    ],
  });
}

/** Sent once by the cron when a trial license expires : how to keep using the plugin. */
export async function trialEndedMail(
  to: string,
  name: string,
  endedAt: number,
  origin: string,
): Promise<Mail> {
  const standard = plans.standard;
  return composeMail({
    to,
    tag: 'trial-ended',
    subject: `Your ${site.product} trial has ended`,
    greeting: greeting(name),
    origin,
    blocks: [
      `Your ${plans.trial.durationDays}-day ${plans.trial.name.toLowerCase()} of ` +
        `${site.product} ended on ${day(endedAt)}, so the plugin no longer runs with your trial license.`,
      `To keep working with it, buy the ${standard.name} plan (${standard.priceLabel} ${standard.period}, ` +
        `${standard.deviceLimit} active devices, all future updates):`,
      { label: `Buy the ${standard.name} plan`, link: `${origin}/pricing`, urlOnlyInText: true },
      `Or sign in and choose Upgrade to ${standard.name} on your dashboard (${origin}/dashboard): ` +
        `your license key and activated devices stay as they are.`,
    ],
  });
}

/**
 * Sent once when a payment we could not apply was refunded (billing/refunds.ts). To the address
 * the payer gave; no name is echoed.
 */
export async function paymentRefundedMail(
  to: string,
  why: string,
  amount: { cents: number; currency: string },
  origin: string,
): Promise<Mail> {
  const paid = formatMoney(amount.cents, amount.currency);
  return composeMail({
    to,
    tag: 'payment-refunded',
    subject: `Your ${site.product} payment was refunded`,
    greeting: greeting(''),
    origin,
    blocks: [
      `We refunded your payment of ${paid} for ${site.product} ${plans.standard.name} in ` +
        `full, because it could not be applied: ${why}. The subscription it started is cancelled, ` +
        `so you will not be charged for it again. Your bank shows the refund within 5–10 business ` +
        `days.`,
      { label: 'Your account', link: `${origin}/login` },
    ],
  });
}
