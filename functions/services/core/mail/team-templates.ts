/**
 * The texts of the Enterprise team e-mails, as blocks (compose.ts): an invitation to an
 * organization, and the owner's seat alert, monthly usage report, lapsed domain and the people
 * single sign-on turned away for want of a seat. When each is sent: rules.ts.
 */
import { site } from '../../../../src/site.config';
import { formatDate } from '../../../../src/lib/format';
import { composeMail, greeting, inertName } from './compose';
import type { Mail } from './rules';

/** An invitation to join an Enterprise organization: a single-use link valid 7 days. */
export async function teamInvitationMail(
  to: string,
  invitation: { organizationName: string; inviterName: string; link: string; expiresAt: number },
  origin: string,
): Promise<Mail> {
  const inviter = inertName(invitation.inviterName);
  const organization = inertName(invitation.organizationName);
  return composeMail({
    to,
    tag: 'team-invitation',
    subject: `${inviter} invited you to ${organization} on ${site.product}`,
    greeting: greeting(''),
    origin,
    blocks: [
      `${inviter} invited you to join ${organization} on ${site.product} Enterprise. ` +
        `Accepting gives you an Enterprise license for the plugin.`,
      {
        label: 'Accept the invitation',
        note: `the link works once, until ${formatDate(invitation.expiresAt, 'UTC')}`,
        link: invitation.link,
      },
      'If you did not expect this invitation, you can ignore this e-mail.',
    ],
  });
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
export async function teamUsageReportMail(
  to: string,
  name: string,
  report: TeamUsageReport,
  origin: string,
): Promise<Mail> {
  const organization = inertName(report.organizationName);
  const top =
    report.topFeatures.length > 0
      ? report.topFeatures.map((f) => `${f.label} (${count(f.uses, 'use', 'uses')})`).join(', ')
      : 'no command use was reported';
  return composeMail({
    to,
    tag: 'team-usage-report',
    subject: `${organization} on ${site.product} in ${report.month}`,
    greeting: greeting(name),
    origin,
    blocks: [
      `Here is how ${organization} used ${site.product} Enterprise in ${report.month}.`,
      {
        facts: [
          [
            'Seats',
            `${report.seatsUsed} of ${count(report.seats, 'seat', 'seats')} used (the most at one time).`,
          ],
          ['Active members', `${report.active} of ${report.members} used the plugin.`],
          ['Idle members', `${report.idle} did not use it during the month.`],
          ['Most used', `${top}.`],
        ],
      },
      `Each member's last activity and commands, with a CSV export, are on your team page:`,
      { label: 'Open your team page', link: `${origin}/dashboard/team`, urlOnlyInText: true },
    ],
  });
}

/** Sent once when the members reach `limits.seatAlertPercent` of the seats bought. */
export async function seatsAlmostFullMail(
  to: string,
  name: string,
  seats: { organizationName: string; seatsUsed: number; seats: number },
  origin: string,
): Promise<Mail> {
  const organization = inertName(seats.organizationName);
  const free = Math.max(0, seats.seats - seats.seatsUsed);
  return composeMail({
    to,
    tag: 'seats-almost-full',
    subject: `${organization} is using ${seats.seatsUsed} of ${seats.seats} ${site.product} seats`,
    greeting: greeting(name),
    origin,
    blocks: [
      `${organization} now has ${seats.seatsUsed} members on ` +
        `${count(seats.seats, 'seat', 'seats')} bought, so ${count(free, 'seat is', 'seats are')} ` +
        `left. Open invitations hold a seat too, and once every seat is taken no one else can be ` +
        `invited.`,
      `To add seats, reply to this e-mail. To see who uses their seat, or to free one, open your ` +
        `team page:`,
      { label: 'Open your team page', link: `${origin}/dashboard/team`, urlOnlyInText: true },
    ],
  });
}

/** Sent once when the daily check no longer finds a verified domain's TXT record. */
export async function domainLapsedMail(
  to: string,
  name: string,
  lapse: { organizationName: string; domain: string; record: string },
  origin: string,
): Promise<Mail> {
  const organization = inertName(lapse.organizationName);
  return composeMail({
    to,
    tag: 'domain-lapsed',
    subject: `${lapse.domain} is no longer verified for ${organization}`,
    greeting: greeting(name),
    origin,
    blocks: [
      `Our daily check no longer finds the TXT record that proves ${organization} owns ` +
        `${lapse.domain}, so the domain is no longer verified. If the record was removed by ` +
        `mistake, publish it again at ${lapse.domain}:`,
      { code: lapse.record },
      `Then choose Check now beside the domain on your team page:`,
      { label: 'Open your team page', link: `${origin}/dashboard/team`, urlOnlyInText: true },
    ],
  });
}

/** Someone the organization's identity provider signed in who found no free seat. */
export interface SeatWaiter {
  email: string;
  name: string | null;
}

/**
 * At most once a day to the owner: the people the organization's identity provider signed in
 * who could not join because every seat was taken.
 */
export async function ssoSeatWaitsMail(
  to: string,
  name: string,
  waiting: { organizationName: string; people: readonly SeatWaiter[] },
  origin: string,
): Promise<Mail> {
  const organization = inertName(waiting.organizationName);
  const many = waiting.people.length;
  return composeMail({
    to,
    tag: 'sso-seat-waits',
    subject: `${many === 1 ? '1 person' : `${many} people`} could not join ${organization}: no seat left`,
    greeting: greeting(name),
    origin,
    blocks: [
      `Your identity provider signed ${many === 1 ? 'this person' : 'these people'} in to ` +
        `${site.product}, but every seat of ${organization} is taken, so they ` +
        `could not join:`,
      {
        facts: waiting.people.map(
          (person) => [inertName(person.name || person.email), person.email] as const,
        ),
      },
      `To let them in, add seats (reply to this e-mail) or free a seat on your team page; they ` +
        `join the next time they choose Continue with single sign-on. We write at most once a day.`,
      { label: 'Open your team page', link: `${origin}/dashboard/team`, urlOnlyInText: true },
    ],
  });
}
