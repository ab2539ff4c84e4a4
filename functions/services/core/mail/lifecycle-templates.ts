/**
 * The texts of the lifecycle e-mails: what a customer hears before or after something happens to
 * their plan, license or account. Each has a text and an HTML part (compose.ts) and a link into
 * the dashboard. When each is sent, and why only once: rules.ts.
 */
import { legal, plans, seats, site } from '../../../../src/site.config';
import type { YearlyCharge } from '../../../../src/contract/billing';
import { chargeSentence, seatsTimesPrice } from '../../../../src/lib/charges';
import { formatDate, formatMoney, formatUtcMoment } from '../../../../src/lib/format';
import { DAY_MS } from '../../shared/db';
import { composeMail, greeting, inertName, type MailBlock } from './compose';
import type { Mail } from './rules';

/** Days from `now` until `at`, at least 1 ("in 3 days" on the first hourly run inside the window). */
function daysUntil(at: number, now: number): number {
  return Math.max(1, Math.ceil((at - now) / DAY_MS));
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Every subject of this file, in one place. */
export const lifecycleSubjects = {
  trialEnding: (daysLeft: number) =>
    `Your ${site.product} trial ends in ${plural(daysLeft, 'day')}`,
  renewalReminder: (renewsAt: number) =>
    `Your ${site.product} ${plans.standard.name} plan renews on ${formatDate(renewsAt, 'UTC')}`,
  paymentFailed: `Your ${site.product} payment did not go through`,
  receipt: (number: string) => `Your ${site.product} receipt ${number}`,
  subscriptionCancelled: `Your ${site.product} subscription is cancelled`,
  subscriptionResumed: `Your ${site.product} subscription will renew`,
  deviceActivated: `A new device was activated on your ${site.product} license`,
  deletionScheduled: `Your ${site.product} account is scheduled for deletion`,
  invoiceRefunded: `Your ${site.product} payment has been refunded`,
} as const;

/** The links every lifecycle e-mail ends with or points into. */
const links = (origin: string) => ({
  dashboard: { label: 'Your dashboard', link: `${origin}/dashboard` },
  billing: { label: 'Billing & Invoices', link: `${origin}/dashboard/billing` },
});

/** Sent by the cron `trialEndingReminderDays` before a trial ends. */
export async function trialEndingMail(
  to: string,
  name: string,
  trial: { endsAt: number; now: number },
  origin: string,
): Promise<Mail> {
  const standard = plans.standard;
  return composeMail({
    to,
    tag: 'trial-ending',
    subject: lifecycleSubjects.trialEnding(daysUntil(trial.endsAt, trial.now)),
    greeting: greeting(name),
    origin,
    blocks: [
      `Your ${plans.trial.durationDays}-day ${plans.trial.name.toLowerCase()} of ${site.product} ` +
        `ends on ${formatDate(trial.endsAt, 'UTC')}. After that, the plugin no longer runs with your ` +
        `trial license.`,
      `To keep working with it, upgrade to ${standard.name}: ${standard.priceLabel} ` +
        `${standard.period}, ${standard.deviceLimit} active devices and all future updates. Your ` +
        `license key and activated devices stay as they are.`,
      { label: `Upgrade to ${standard.name} from your dashboard`, link: `${origin}/dashboard` },
      { label: 'Compare the plans', link: `${origin}/pricing` },
    ],
  });
}

/**
 * Sent by the cron `renewalReminderDays` before a paid year renews: the amount the card will be
 * charged, with tax (core/payments/charges.ts), and how to cancel. A team paying by invoice is
 * told that the renewal's invoice comes instead, due `standardSeats.invoiceDueDays` days later.
 */
export async function renewalReminderMail(
  to: string,
  name: string,
  renewal: { renewsAt: number; now: number; charge: YearlyCharge; byInvoice?: boolean },
  origin: string,
): Promise<Mail> {
  const standard = plans.standard;
  const day = formatDate(renewal.renewsAt, 'UTC');
  const { billing, dashboard } = links(origin);
  const one = renewal.charge.quantity === 1;
  const continues = `your ${one ? 'license continues' : 'licenses continue'} for another year`;
  const renews =
    `Your ${standard.name} plan renews automatically on ${day} ` +
    `(in ${plural(daysUntil(renewal.renewsAt, renewal.now), 'day')}).`;
  const blocks: MailBlock[] = renewal.byInvoice
    ? [
        `${renews} We will e-mail you its invoice for ${chargeSentence(renewal.charge)}, to pay ` +
          `by bank transfer within ${seats.standardSeats.invoiceDueDays} days, and ${continues}.`,
        `To cancel, choose Cancel subscription on Billing & Invoices before ${day}: no invoice ` +
          `is sent, and your license stays active until ${day}.`,
      ]
    : [
        `${renews} We will charge ${chargeSentence(renewal.charge)} to the card on file, and ` +
          `${continues}. You do not need to do anything to keep ${one ? 'it' : 'them'}.`,
        `To pay with another card, choose Manage card on Billing & Invoices. To cancel, choose ` +
          `Cancel subscription there before ${day}: you will not be charged again, and your ` +
          `license stays active until ${day}.`,
      ];
  return composeMail({
    to,
    tag: 'renewal-reminder',
    subject: lifecycleSubjects.renewalReminder(renewal.renewsAt),
    greeting: greeting(name),
    origin,
    blocks: [...blocks, billing, dashboard],
  });
}

/** What a receipt says about one paid invoice. */
export interface ReceiptFacts {
  number: string;
  paidAt: number;
  amountCents: number;
  subtotalCents: number;
  taxCents: number;
  /** "VAT 19%", or null when no tax applied. */
  taxLabel: string | null;
  /** The reverse-charge wording, when it applies. */
  reverseChargeNote: string | null;
  currency: string;
  /** The invoice's PDF: the provider's, else ours. */
  pdfUrl: string;
  /** What was bought, when not a year of Standard (e.g. "3 seats added until June 1, 2027"). */
  item?: string;
  /** How it was paid: "Visa ending in 4242", "Bank transfer"; null when the provider did not say. */
  paymentMethod: string | null;
  /** The service period the payment covers; null when the provider did not say. */
  period: { start: number; end: number } | null;
  /** The next renewal (day, and cents with tax); null when the subscription ends instead. */
  renewal: { at: number; amountCents: number } | null;
}

/**
 * Sent once per paid invoice (first purchase, seats added, renewal), laid out like the payment
 * provider's own receipts: the invoice's facts (number, day, payment method, service period), the
 * sums with the amounts right-aligned, the reverse-charge note, the next renewal, and one link to
 * the invoice's PDF (the provider's, else ours).
 */
export async function receiptMail(
  to: string,
  name: string,
  invoice: ReceiptFacts,
  origin: string,
): Promise<Mail> {
  const { billing } = links(origin);
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  const facts: [string, string][] = [
    ['Invoice number', invoice.number],
    ['Paid on', formatDate(invoice.paidAt, 'UTC')],
    ...(invoice.paymentMethod === null
      ? []
      : [['Payment method', invoice.paymentMethod] as [string, string]]),
    ...(invoice.period === null
      ? []
      : [
          [
            'Service period',
            `${formatDate(invoice.period.start, 'UTC')} – ${formatDate(invoice.period.end, 'UTC')}`,
          ] as [string, string],
        ]),
  ];
  const amounts: [string, string][] = [
    [
      invoice.item ?? `${site.product} ${plans.standard.name}, one year`,
      money(invoice.subtotalCents),
    ],
    ...(invoice.taxLabel === null
      ? []
      : [[invoice.taxLabel, money(invoice.taxCents)] as [string, string]]),
  ];
  const blocks: MailBlock[] = [
    `Thank you for your payment of ${money(invoice.amountCents)}. This is your receipt.`,
    { facts },
    { amounts, total: ['Total paid', money(invoice.amountCents)] },
  ];
  if (invoice.reverseChargeNote) blocks.push(invoice.reverseChargeNote);
  if (invoice.renewal) {
    blocks.push(
      `Your ${plans.standard.name} plan renews on ${formatDate(invoice.renewal.at, 'UTC')} for ` +
        `${money(invoice.renewal.amountCents)}. You can cancel before then on Billing & Invoices.`,
    );
  }
  blocks.push({ label: 'Download the invoice (PDF)', link: invoice.pdfUrl }, billing);
  return composeMail({
    to,
    tag: 'receipt',
    subject: lifecycleSubjects.receipt(invoice.number),
    greeting: greeting(name),
    origin,
    blocks,
  });
}

/** Sent when a renewal payment failed (the Stripe webhook): how to update the card. */
export async function paymentFailedMail(
  to: string,
  name: string,
  invoice: {
    amountCents: number;
    currency: string;
    nextAttemptAt: number | null;
    invoiceUrl: string | null;
  },
  origin: string,
): Promise<Mail> {
  const { billing, dashboard } = links(origin);
  const retry =
    invoice.nextAttemptAt === null
      ? 'Please update your card so that your subscription can continue.'
      : `Our payment provider will try your card again on ${formatDate(invoice.nextAttemptAt, 'UTC')}; ` +
        `update it before then if it has expired or changed.`;
  const blocks: MailBlock[] = [
    `We could not take your payment of ${formatMoney(invoice.amountCents, invoice.currency)} ` +
      `for your ${site.product} ${plans.standard.name} plan. While it is outstanding your license ` +
      `is suspended, so the plugin does not run; it works again as soon as the payment goes through.`,
    retry,
    { label: 'Update your card (Manage card on Billing & Invoices)', link: billing.link },
  ];
  if (invoice.invoiceUrl)
    blocks.push({ label: 'Or pay this invoice now', link: invoice.invoiceUrl });
  blocks.push(dashboard);
  return composeMail({
    to,
    tag: 'payment-failed',
    subject: lifecycleSubjects.paymentFailed,
    greeting: greeting(name),
    origin,
    blocks,
  });
}

/**
 * Sent once per cancellation (by the customer, support, or the payment provider after failed
 * payments): until when the license runs, or that it has ended.
 */
export async function subscriptionCancelledMail(
  to: string,
  name: string,
  cancellation: { endsAt: number; now: number },
  origin: string,
): Promise<Mail> {
  const standard = plans.standard;
  const day = formatDate(cancellation.endsAt, 'UTC');
  const { billing, dashboard } = links(origin);
  const running = cancellation.endsAt > cancellation.now;
  return composeMail({
    to,
    tag: 'subscription-cancelled',
    subject: lifecycleSubjects.subscriptionCancelled,
    greeting: greeting(name),
    origin,
    blocks: running
      ? [
          `Your ${standard.name} subscription is cancelled and will not renew, so you will not ` +
            `be charged again. Your license stays active until ${day}; after that, the plugin no ` +
            `longer runs with it.`,
          `Changed your mind? Until ${day} you can resume it: choose Resume subscription on ` +
            `Billing & Invoices and it renews as before, with your license key and devices as ` +
            `they are. After that, you can buy ${standard.name} again from the same page.`,
          { label: 'Resume on Billing & Invoices', link: billing.link },
          dashboard,
        ]
      : [
          `Your ${standard.name} subscription is cancelled and ended on ${day}, so you will not ` +
            `be charged again and the plugin no longer runs with your license.`,
          `To use ${site.product} again, renew ${standard.name} from Billing & Invoices.`,
          billing,
          dashboard,
        ],
  });
}

/**
 * Sent once per resume: a subscription set to end renews again (by the customer or support), for
 * the amount with tax (core/payments/charges.ts). `charge` has no tax when the resume was reported
 * without it being read (`untaxed`): the sentence then says taxes may be added.
 */
export async function subscriptionResumedMail(
  to: string,
  name: string,
  renewal: { renewsAt: number; charge: YearlyCharge; untaxed?: boolean },
  origin: string,
): Promise<Mail> {
  const standard = plans.standard;
  const day = formatDate(renewal.renewsAt, 'UTC');
  const { charge } = renewal;
  const seats =
    charge.quantity === 1
      ? ''
      : ` (${seatsTimesPrice(charge.quantity, charge.unitAmount, charge.currency)})`;
  const amount = renewal.untaxed
    ? `${formatMoney(charge.subtotal, charge.currency)}${seats} ${standard.period} plus any taxes that apply`
    : `${chargeSentence(charge)} ${standard.period}`;
  const { billing, dashboard } = links(origin);
  return composeMail({
    to,
    tag: 'subscription-resumed',
    subject: lifecycleSubjects.subscriptionResumed,
    greeting: greeting(name),
    origin,
    blocks: [
      `Your ${standard.name} subscription will renew on ${day} for ${amount}, ` +
        `and every year after that until you cancel. Your license stays ` +
        `active as it is.`,
      `You can cancel again at any time before then from Billing & Invoices.`,
      billing,
      dashboard,
    ],
  });
}

/**
 * Sent once when support refunded a payment (services/admin/money.ts): how much, for which
 * invoice, when it shows, and that the subscription and license are as they were unless support
 * said otherwise (a refund alone changes neither).
 */
export async function invoiceRefundedMail(
  to: string,
  name: string,
  refund: {
    amountCents: number;
    currency: string;
    invoiceNumber: string | null;
    /** Support also cancelled the subscription now: the license ended with the refund. */
    subscriptionEnded?: boolean;
  },
  origin: string,
): Promise<Mail> {
  const amount = formatMoney(refund.amountCents, refund.currency);
  const invoice = refund.invoiceNumber ? `invoice ${refund.invoiceNumber}` : 'your payment';
  const { billing, dashboard } = links(origin);
  return composeMail({
    to,
    tag: 'invoice-refunded',
    subject: lifecycleSubjects.invoiceRefunded,
    greeting: greeting(name),
    origin,
    blocks: [
      `Our support team refunded ${amount} for ${invoice} of your ${site.product} ` +
        `${plans.standard.name} plan, in full, to the card you paid with. Your bank shows it ` +
        `within 5–10 business days.`,
      refund.subscriptionEnded
        ? `Your ${plans.standard.name} subscription is cancelled with this refund and your ` +
          `license has ended today, so you will not be charged again and the plugin no longer ` +
          `runs with it. Billing & Invoices marks the payment as refunded.`
        : `A refund by itself does not cancel your subscription or change your license; if you ` +
          `asked for that too, you get a separate e-mail about it. Billing & Invoices marks the ` +
          `payment as refunded.`,
      billing,
      dashboard,
    ],
  });
}

/** Sent when a device was activated on the license: its name and time, and how to free it. */
export async function deviceActivatedMail(
  to: string,
  name: string,
  device: { deviceName: string; activatedAt: number },
  origin: string,
): Promise<Mail> {
  return composeMail({
    to,
    tag: 'device-activated',
    subject: lifecycleSubjects.deviceActivated,
    greeting: greeting(name),
    origin,
    blocks: [
      `A device was activated with your ${site.product} license key:`,
      {
        facts: [
          ['Device', inertName(device.deviceName)],
          ['Activated', formatUtcMoment(device.activatedAt)],
        ],
      },
      'If this was you, there is nothing to do.',
      { label: 'Not you? Free it here (Usage & Sessions)', link: `${origin}/dashboard/usage` },
      `Whoever activated it has your license key: after freeing the device, write to us at ` +
        `${site.supportEmail} and we will issue you a new key.`,
      links(origin).dashboard,
    ],
  });
}

/**
 * Sent when the account is scheduled for deletion (by its owner or by support): what stopped, when
 * the data goes, and how to undo it until then (support restores it from the console).
 */
export async function deletionScheduledMail(
  to: string,
  name: string,
  deletion: { deletedAt: number; purgeAt: number },
  origin: string,
): Promise<Mail> {
  const purge = formatDate(deletion.purgeAt, 'UTC');
  return composeMail({
    to,
    tag: 'deletion-scheduled',
    subject: lifecycleSubjects.deletionScheduled,
    greeting: greeting(name),
    origin,
    blocks: [
      `Your ${site.product} account was scheduled for deletion on ${formatDate(deletion.deletedAt, 'UTC')}. ` +
        `You were signed out everywhere, your license key no longer works and its devices were ` +
        `freed. If you had a subscription, it was set not to renew, so you will not be charged again.`,
      `Your personal information will be deleted on ${purge}. Payment records are kept for ` +
        `${legal.retention.paymentRecords}, as tax and accounting law requires.`,
      `Changed your mind? Until ${purge}, write to us at ${site.supportEmail} from this address ` +
        `and we will restore your account: your license comes back (active while its time lasts), ` +
        `and you sign in and activate your devices again. If you did not ask for this deletion, ` +
        `write to us at once.`,
      { label: 'Your dashboard, once your account is restored', link: `${origin}/dashboard` },
    ],
  });
}
