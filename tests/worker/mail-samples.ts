/**
 * One sample of every e-mail kind, with fixed dates and names, for the tests that check each
 * one's HTML and text (mail-design.test.ts) and for the previews `scripts/mail-previews.mjs`
 * renders and screenshots. Typed by MailKind, so a new kind without a sample fails `npm run check`.
 */
import type { LicenseRow } from '../../functions/db/schema';
import {
  deletionScheduledMail,
  deviceActivatedMail,
  invoiceRefundedMail,
  paymentFailedMail,
  receiptMail,
  renewalReminderMail,
  subscriptionCancelledMail,
  subscriptionResumedMail,
  trialEndingMail,
} from '../../functions/services/core/mail/lifecycle-templates';
import type { Mail, MailKind } from '../../functions/services/core/mail/rules';
import {
  passkeyAddedMail,
  passwordChangedMail,
  recoveryCodeUsedMail,
  twoStepOffMail,
  twoStepOnMail,
} from '../../functions/services/core/mail/security-templates';
import {
  contactMail,
  contactReceivedMail,
  contactReplyMail,
  licenseExtendedMail,
  licenseReplacedMail,
  passwordResetMail,
  paymentRefundedMail,
  trialEndedMail,
  upgradeMail,
  verificationCodeMail,
  welcomeMail,
} from '../../functions/services/core/mail/templates';
import {
  invoiceOverdueMail,
  invoiceVoidedMail,
  invoiceReminderMail,
  invoiceSentMail,
} from '../../functions/services/core/mail/invoice-templates';
import { billing } from '../../src/site.config';
import {
  domainLapsedMail,
  ssoSeatWaitsMail,
  seatsAlmostFullMail,
  teamInvitationMail,
  teamUsageReportMail,
} from '../../functions/services/core/mail/team-templates';

export const SAMPLE_ORIGIN = 'https://sheetwright.test';
const origin = SAMPLE_ORIGIN;
const to = 'ada@example.com';
const name = 'Ada Lovelace';
/** November 27, 2026, 14:05 UTC. */
export const SAMPLE_NOW = Date.UTC(2026, 10, 27, 14, 5);
const DAY = 24 * 60 * 60 * 1000;
/** One seat at $129 for a German consumer: $129.00 + 19% VAT = $153.51. */
const GERMAN_CONSUMER_YEAR = {
  quantity: 1,
  unitAmount: 12_900,
  subtotal: 12_900,
  tax: 2_451,
  taxRateBp: 1_900,
  reverseCharge: false,
  total: 15_351,
  currency: 'usd',
};
export const SAMPLE_KEY = 'SW-7KQ3M-X9HDA-2PZRT-VWC4N';

const license = (plan: LicenseRow['plan'], days: number) =>
  ({ plan, licenseKey: SAMPLE_KEY, expiresAt: SAMPLE_NOW + days * DAY }) as LicenseRow;
const change = { at: SAMPLE_NOW, device: 'Chrome on Windows' };

/** An invoice sent for bank transfer: 40 seats, due 30 days after SAMPLE_NOW. */
const sentInvoice = {
  number: 'SW-2026-000043',
  amountCents: 516_000,
  currency: 'usd',
  dueAt: SAMPLE_NOW + 30 * DAY,
  poNumber: 'PO-4711/2026',
  invoiceUrl: `${origin}/dev/checkout/invoice?id=in_local_sample`,
};

/** Every kind of e-mail, built as its service builds it (composing loads the HTML renderer). */
export const mailSamples = {
  'verification-code': () => verificationCodeMail(to, '482913', origin),
  welcome: () => welcomeMail(to, name, license('Trial', 15), origin),
  upgrade: () => upgradeMail(to, name, license('Standard', 365), origin),
  'password-reset': () =>
    passwordResetMail(to, name, `${origin}/reset-password?token=abc123`, origin),
  contact: () =>
    contactMail(
      'c0ffee00-0000-4000-8000-000000000001',
      { name, email: to, message: 'Do you offer Enterprise pricing\nfor 40 seats?' },
      origin,
    ),
  'contact-received': () =>
    contactReceivedMail(to, 'Do you offer Enterprise pricing\nfor 40 seats?', origin),
  'contact-reply': () =>
    contactReplyMail(
      to,
      name,
      { message: 'Do you offer Enterprise pricing\nfor 40 seats?', createdAt: SAMPLE_NOW - DAY },
      'Hello Ada,\n\nYes: we will send you an offer for 40 seats this week.',
      origin,
    ),
  'trial-ended': () => trialEndedMail(to, name, SAMPLE_NOW, origin),
  'payment-refunded': () =>
    paymentRefundedMail(
      to,
      'you already have an account',
      { cents: 12_900, currency: 'usd' },
      origin,
    ),
  'license-replaced': () => licenseReplacedMail(to, name, license('Standard', 200), origin),
  'license-extended': () => licenseExtendedMail(to, name, license('Trial', 22), 7, origin),
  'team-invitation': () =>
    teamInvitationMail(
      to,
      {
        organizationName: 'Halden Structures',
        inviterName: 'Grace Hopper',
        link: `${origin}/invite#token=tok123`,
        expiresAt: SAMPLE_NOW + 7 * DAY,
      },
      origin,
    ),
  'sso-seat-waits': () =>
    ssoSeatWaitsMail(
      to,
      name,
      {
        organizationName: 'Halden Structures',
        people: [
          { email: 'marta.brown@halden.example', name: 'Marta Brown' },
          { email: 'li.wei@halden.example', name: null },
        ],
      },
      origin,
    ),
  'domain-lapsed': () =>
    domainLapsedMail(
      to,
      name,
      {
        organizationName: 'Halden Structures',
        domain: 'halden.example',
        record: 'sheetwright-verification=0f3c9a1d5e7b2468ace0f3c9a1d5e7b2',
      },
      origin,
    ),
  'seats-almost-full': () =>
    seatsAlmostFullMail(
      to,
      name,
      { organizationName: 'Halden Structures', seatsUsed: 9, seats: 10 },
      origin,
    ),
  'team-usage-report': () =>
    teamUsageReportMail(
      to,
      name,
      {
        organizationName: 'Halden Structures',
        month: 'October 2026',
        seatsUsed: 9,
        seats: 10,
        members: 9,
        active: 7,
        idle: 2,
        topFeatures: [
          { label: 'Renumber Views', uses: 1_204 },
          { label: 'Sheet Notes', uses: 310 },
        ],
      },
      origin,
    ),
  'trial-ending': () =>
    trialEndingMail(to, name, { endsAt: SAMPLE_NOW + 3 * DAY, now: SAMPLE_NOW }, origin),
  'renewal-reminder': () =>
    renewalReminderMail(
      to,
      name,
      { renewsAt: SAMPLE_NOW + 7 * DAY, now: SAMPLE_NOW, charge: GERMAN_CONSUMER_YEAR },
      origin,
    ),
  'payment-failed': () =>
    paymentFailedMail(
      to,
      name,
      {
        amountCents: 12_900,
        currency: 'usd',
        nextAttemptAt: SAMPLE_NOW + 3 * DAY,
        invoiceUrl: `${origin}/pay/in_123`,
      },
      origin,
    ),
  receipt: () =>
    receiptMail(
      to,
      name,
      {
        number: 'SW-2026-000042',
        paidAt: SAMPLE_NOW,
        amountCents: 15_351,
        subtotalCents: 12_900,
        taxCents: 2_451,
        taxLabel: 'VAT 19%',
        reverseChargeNote: null,
        currency: 'usd',
        pdfUrl: `${origin}/api/billing/invoices/inv_1/pdf`,
        paymentMethod: 'Visa ending in 4242',
        period: { start: SAMPLE_NOW, end: SAMPLE_NOW + 365 * DAY },
        renewal: { at: SAMPLE_NOW + 365 * DAY, amountCents: 15_351 },
      },
      origin,
    ),
  'subscription-cancelled': () =>
    subscriptionCancelledMail(
      to,
      name,
      { endsAt: SAMPLE_NOW + 100 * DAY, now: SAMPLE_NOW },
      origin,
    ),
  'subscription-resumed': () =>
    subscriptionResumedMail(
      to,
      name,
      { renewsAt: SAMPLE_NOW + 100 * DAY, charge: GERMAN_CONSUMER_YEAR },
      origin,
    ),
  'device-activated': () =>
    deviceActivatedMail(to, name, { deviceName: 'Site laptop', activatedAt: SAMPLE_NOW }, origin),
  'deletion-scheduled': () =>
    deletionScheduledMail(
      to,
      name,
      { deletedAt: SAMPLE_NOW, purgeAt: SAMPLE_NOW + 30 * DAY },
      origin,
    ),
  'invoice-refunded': () =>
    invoiceRefundedMail(
      to,
      name,
      { amountCents: 12_900, currency: 'usd', invoiceNumber: 'SW-2026-000042' },
      origin,
    ),
  'password-changed': () => passwordChangedMail(to, name, change, origin),
  'two-step-on': () => twoStepOnMail(to, name, change, origin),
  'two-step-off': () => twoStepOffMail(to, name, change, origin),
  'passkey-added': () => passkeyAddedMail(to, name, 'Work laptop', change, origin),
  'recovery-code-used': () => recoveryCodeUsedMail(to, name, 2, change, origin),
  'invoice-sent': () =>
    invoiceSentMail(
      to,
      name,
      {
        ...sentInvoice,
        seats: 40,
        subtotalCents: 516_000,
        taxCents: 0,
        taxLabel: null,
        reverseChargeNote: billing.reverseChargeNote,
      },
      origin,
    ),
  'invoice-reminder': () =>
    invoiceReminderMail(to, name, { ...sentInvoice, dueToday: false }, origin),
  'invoice-overdue': () => invoiceOverdueMail(to, name, sentInvoice, origin),
  'invoice-voided': () => invoiceVoidedMail(to, 'you already have an account', origin),
} satisfies Record<MailKind, () => Promise<Mail>>;

/** The kinds with no link to act on: the code, support's copy, the acknowledgement, a reply. */
export const kindsWithoutLink: readonly MailKind[] = [
  'contact-reply',
  'verification-code',
  'contact',
  'contact-received',
];
