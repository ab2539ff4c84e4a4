/**
 * The texts of the account and purchase e-mails, as plain text (every client shows it; nothing to
 * escape or track); the lifecycle e-mails, with an HTML part too, are in lifecycle-templates.ts.
 * When each is sent and what a failed send means: rules.ts.
 */
import type { LicenseRow } from '../../../db/schema';
import { limits, plans, site } from '../../../../src/site.config';
import { formatDate, formatIsoDay, formatMoney } from '../../../../src/lib/format';
import { inertName, signature } from './compose';
import type { Mail } from './rules';

/**
 * The 6-digit code (the code is in the subject too, so it shows in a notification). The address
 * is not verified yet, so the e-mail echoes nothing the sender typed: no name.
 */
export function verificationCodeMail(to: string, code: string): Mail {
  const minutes = Math.round(limits.codeValiditySeconds / 60);
  return {
    to,
    tag: 'verification-code',
    subject: `${code} is your ${site.product} verification code`,
    text:
      `Hello,\n\nYour ${site.product} verification code is:\n\n    ${code}\n\n` +
      `It is valid for ${minutes} minutes. If you did not ask for it, you can ignore this e-mail.` +
      signature,
  };
}

/** Sent after a trial signup or a paid Standard signup: the license key and where to download the plugin. */
export function welcomeMail(to: string, name: string, license: LicenseRow, origin: string): Mail {
  const expires = formatIsoDay(license.expiresAt);
  return {
    to,
    tag: 'welcome',
    subject: `Welcome to ${site.product}: your license key`,
    text:
      `Hello ${inertName(name)},\n\nYour ${license.plan === 'Trial' ? plans.trial.name : `${license.plan} plan`} is active until ${expires}.\n\n` +
      `License key: ${license.licenseKey}\n\n` +
      `Download the plugin from your dashboard: ${origin}/dashboard\n` +
      `After installing, paste the license key into the License Manager on the ${site.product} ribbon.` +
      signature,
  };
}

/**
 * Sent once after a Trial → Standard upgrade. The license key is unchanged, so the
 * e-mail says so: installed plugins keep working without pasting anything.
 */
export function upgradeMail(to: string, name: string, license: LicenseRow, origin: string): Mail {
  const expires = formatIsoDay(license.expiresAt);
  const standard = plans.standard;
  return {
    to,
    tag: 'upgrade',
    subject: `Your ${site.product} plan is now ${standard.name}`,
    text:
      `Hello ${inertName(name)},\n\nThank you for your payment. Your ${standard.name} plan is active until ` +
      `${expires} and renews every year unless you cancel.\n\n` +
      `Your license key stays the same: ${license.licenseKey}\n` +
      `The plugin keeps working where it is installed, now on up to ${standard.deviceLimit} ` +
      `active devices and with all future updates.\n\n` +
      `Invoices, your card and cancellation: ${origin}/dashboard/billing` +
      signature,
  };
}

/** Sent when support issued a new license key: the old one no longer works anywhere. */
export function licenseReplacedMail(
  to: string,
  name: string,
  license: Pick<LicenseRow, 'licenseKey' | 'expiresAt'>,
  origin: string,
): Mail {
  const expires = formatIsoDay(license.expiresAt);
  return {
    to,
    tag: 'license-replaced',
    subject: `Your new ${site.product} license key`,
    text:
      `Hello ${inertName(name)},\n\nAs requested, we have issued a new license key for your account:\n\n` +
      `License key: ${license.licenseKey}\n\n` +
      `Your previous key no longer works and its devices were signed out. Paste the new key into ` +
      `the License Manager on the ${site.product} ribbon on each computer you use ` +
      `(valid until ${expires}).\n\nYour dashboard: ${origin}/dashboard` +
      signature,
  };
}

/**
 * Sent when support extended a license (a trial given more time, a paid year moved): the new end
 * date, in words.
 */
export function licenseExtendedMail(
  to: string,
  name: string,
  license: Pick<LicenseRow, 'plan' | 'expiresAt'>,
  days: number,
  origin: string,
): Mail {
  const until = formatDate(license.expiresAt, 'UTC');
  const what = license.plan === 'Trial' ? 'free trial' : `${license.plan} license`;
  return {
    to,
    tag: 'license-extended',
    subject: `Your ${site.product} ${what} now runs until ${until}`,
    text:
      `Hello ${inertName(name)},

We have extended your ${site.product} ${what} by ${days} ` +
      `${days === 1 ? 'day' : 'days'}: it now runs until ${until}. Nothing to do on your side; ` +
      `the plugin picks up the new date at its next license check.

` +
      `Your dashboard: ${origin}/dashboard` +
      signature,
  };
}

/** An invitation to join an Enterprise organization: a single-use link valid 7 days. */
export function teamInvitationMail(
  to: string,
  invitation: { organizationName: string; inviterName: string; link: string; expiresAt: number },
): Mail {
  const expires = formatIsoDay(invitation.expiresAt);
  const inviter = inertName(invitation.inviterName);
  const organization = inertName(invitation.organizationName);
  return {
    to,
    tag: 'team-invitation',
    subject: `${inviter} invited you to ${organization} on ${site.product}`,
    text:
      `Hello,\n\n${inviter} invited you to join ${organization} ` +
      `on ${site.product} Enterprise. Accepting gives you an Enterprise license for the plugin.\n\n` +
      `Accept the invitation (the link works once, until ${expires}):\n${invitation.link}\n\n` +
      `If you did not expect this invitation, you can ignore this e-mail.` +
      signature,
  };
}

/** The single-use reset link (valid limits.passwordResetMinutes). */
export function passwordResetMail(to: string, name: string, link: string): Mail {
  return {
    to,
    tag: 'password-reset',
    subject: `Reset your ${site.product} password`,
    text:
      `Hello ${inertName(name)},\n\nTo choose a new password, open this link within ` +
      `${limits.passwordResetMinutes} minutes:\n\n${link}\n\n` +
      `The link works once. If you did not ask to reset your password, ignore this e-mail; ` +
      `your password stays as it is.` +
      signature,
  };
}

/** A Get in Touch message, forwarded to support. */
export function contactMail(id: string, name: string, email: string, message: string): Mail {
  return {
    to: site.supportEmail,
    tag: 'contact',
    subject: `Contact form: ${inertName(name)}`,
    text: `From: ${inertName(name)} <${email}>\nMessage id: ${id}\n\n${message}`,
  };
}

/** How much of the sender's message a reply quotes: enough to recall it, not the whole text. */
const REPLY_QUOTE_CHARS = 500;

/**
 * An operator's reply to a Get in Touch message (the console's inbox), to the address the sender
 * typed. The quote of their message is made inert line by line like a name: the address was never
 * verified, so nothing they typed becomes a link in a mail we send.
 */
export function contactReplyMail(
  to: string,
  name: string,
  original: { message: string; createdAt: number },
  reply: string,
): Mail {
  const cut = original.message.trim();
  const quoted = (cut.length > REPLY_QUOTE_CHARS ? `${cut.slice(0, REPLY_QUOTE_CHARS)}…` : cut)
    .split(/\r?\n/u)
    .map((line) => `> ${inertName(line)}`.trimEnd())
    .join('\n');
  const greeting = name.trim() ? `Hello ${inertName(name)},` : 'Hello,';
  return {
    to,
    tag: 'contact-reply',
    subject: `Re: Your message to ${site.product}`,
    text:
      `${greeting}\n\n${reply.trim()}\n\n` +
      `On ${formatDate(original.createdAt, 'UTC')} you wrote:\n${quoted}` +
      signature,
  };
}

/** Sent once by the cron when a trial license expires : how to keep using the plugin. */
export function trialEndedMail(to: string, name: string, endedAt: number, origin: string): Mail {
  const ended = formatIsoDay(endedAt);
  const standard = plans.standard;
  return {
    to,
    tag: 'trial-ended',
    subject: `Your ${site.product} trial has ended`,
    text:
      `Hello ${inertName(name)},\n\nYour ${plans.trial.durationDays}-day ${plans.trial.name.toLowerCase()} of ` +
      `${site.product} ended on ${ended}, so the plugin no longer runs with your trial license.\n\n` +
      `To keep working with it, buy the ${standard.name} plan (${standard.priceLabel} ${standard.period}, ` +
      `${standard.deviceLimit} active devices, all future updates):\n\n${origin}/pricing\n\n` +
      `Or sign in and choose Upgrade to ${standard.name} on your dashboard (${origin}/dashboard): ` +
      `your license key and activated devices stay as they are.` +
      signature,
  };
}

/**
 * Sent once when a payment we could not apply was refunded (billing/refunds.ts). To the address
 * the payer gave; no name is echoed.
 */
export function paymentRefundedMail(
  to: string,
  why: string,
  amount: { cents: number; currency: string },
  origin: string,
): Mail {
  const paid = formatMoney(amount.cents, amount.currency);
  return {
    to,
    tag: 'payment-refunded',
    subject: `Your ${site.product} payment was refunded`,
    text:
      `Hello,\n\nWe refunded your payment of ${paid} for ${site.product} ${plans.standard.name} in ` +
      `full, because it could not be applied: ${why}. The subscription it started is cancelled, ` +
      `so you will not be charged for it again. Your bank shows the refund within 5–10 business ` +
      `days.\n\nYour account: ${origin}/login` +
      signature,
  };
}

/** The figures of an organization's monthly usage e-mail. */
export interface TeamUsageReport {
  organizationName: string;
  /** "October 2026". */
  month: string;
  /** The most members at once during the month, and the seats bought at its end. */
  seatsUsed: number;
  seats: number;
  /** Members during the month, those who used the plugin and those who did not. */
  members: number;
  active: number;
  idle: number;
  /** The most used commands of the month, most first (at most 3). */
  topFeatures: { label: string; uses: number }[];
}

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Sent to an organization's owner in the first days of each month, about the month before. */
export function teamUsageReportMail(
  to: string,
  name: string,
  report: TeamUsageReport,
  origin: string,
): Mail {
  const organization = inertName(report.organizationName);
  const top =
    report.topFeatures.length > 0
      ? report.topFeatures.map((f) => `${f.label} (${count(f.uses, 'use', 'uses')})`).join(', ')
      : 'no command use was reported';
  return {
    to,
    tag: 'team-usage-report',
    subject: `${organization} on ${site.product} in ${report.month}`,
    text:
      `Hello ${inertName(name)},\n\nHere is how ${organization} used ${site.product} Enterprise ` +
      `in ${report.month}.\n\n` +
      `Seats: ${report.seatsUsed} of ${count(report.seats, 'seat', 'seats')} used (the most at ` +
      `one time).\n` +
      `Active members: ${report.active} of ${report.members} used the plugin.\n` +
      `Idle members: ${report.idle} did not use it during the month.\n` +
      `Most used: ${top}.\n\n` +
      `Each member's last activity and commands, with a CSV export, are on your team page:\n` +
      `${origin}/dashboard/team` +
      signature,
  };
}

/** Sent once when the members reach `limits.seatAlertPercent` of the seats bought. */
export function seatsAlmostFullMail(
  to: string,
  name: string,
  seats: { organizationName: string; seatsUsed: number; seats: number },
  origin: string,
): Mail {
  const organization = inertName(seats.organizationName);
  const free = Math.max(0, seats.seats - seats.seatsUsed);
  return {
    to,
    tag: 'seats-almost-full',
    subject: `${organization} is using ${seats.seatsUsed} of ${seats.seats} ${site.product} seats`,
    text:
      `Hello ${inertName(name)},\n\n${organization} now has ${seats.seatsUsed} members on ` +
      `${count(seats.seats, 'seat', 'seats')} bought, so ${count(free, 'seat is', 'seats are')} ` +
      `left. Open invitations hold a seat too, and once every seat is taken no one else can be ` +
      `invited.\n\n` +
      `To add seats, reply to this e-mail. To see who uses their seat, or to free one, open your ` +
      `team page:\n${origin}/dashboard/team` +
      signature,
  };
}
