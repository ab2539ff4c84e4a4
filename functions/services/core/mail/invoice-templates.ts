/**
 * The texts of paying by invoice (bank transfer), for teams of `standardSeats.invoiceMinimum`
 * seats or more: the invoice itself (the first year's, or a renewal's), the reminders before and
 * on its due date, the notice that an unpaid invoice suspended the team's licenses, and the
 * notice that an order we could not apply was cancelled with its invoice. When each is sent:
 * rules.ts.
 */
import { billing, site } from '../../../../src/site.config';
import { formatDate, formatMoney } from '../../../../src/lib/format';
import { seatCount } from '../../../../src/contract/seat-texts';
import { composeMail, greeting, type MailBlock } from './compose';
import type { Mail } from './rules';

/** What each of these e-mails says about the invoice. */
export interface SentInvoiceFacts {
  number: string;
  /** Cents: the total due. */
  amountCents: number;
  currency: string;
  /** ms */
  dueAt: number;
  poNumber: string | null;
  /** The hosted invoice page (or our PDF when the provider has none). */
  invoiceUrl: string;
}

/** Every subject of this file, in one place. */
export const invoiceSubjects = {
  sent: (number: string) => `Your ${site.product} invoice ${number}`,
  dueSoon: (number: string, dueAt: number) =>
    `Reminder: ${site.product} invoice ${number} is due on ${formatDate(dueAt, 'UTC')}`,
  dueToday: (number: string) => `${site.product} invoice ${number} is due today`,
  overdue: (number: string) =>
    `${site.product} invoice ${number} is overdue: your licenses are suspended`,
  voided: () => `Your ${site.product} order was cancelled: nothing to pay`,
};

/** Where the money goes: the seller's account (src/config/billing.ts) and the reference. */
function bankFacts(invoice: SentInvoiceFacts): MailBlock {
  const bank = billing.bankTransfer;
  return {
    facts: [
      ['Account holder', bank.accountHolder],
      ['Bank', bank.bankName],
      ['IBAN', bank.iban],
      ['BIC / SWIFT', bank.bic],
      ['Routing number (US)', bank.routingNumber],
      ['Account number (US)', bank.accountNumber],
      ['Reference', invoice.number],
    ],
  };
}

/** The invoice's own lines: number, amount, due date and the PO reference when there is one. */
function invoiceFacts(invoice: SentInvoiceFacts): [string, string][] {
  return [
    ['Invoice', invoice.number],
    ['Amount due', formatMoney(invoice.amountCents, invoice.currency)],
    ['Due on', formatDate(invoice.dueAt, 'UTC')],
    ...(invoice.poNumber === null ? [] : [['PO number', invoice.poNumber] as [string, string]]),
  ];
}

const billingLink = (origin: string) => ({
  label: 'Billing & Invoices',
  link: `${origin}/dashboard/billing`,
});

/** Sent when a team's subscription paid by invoice starts: the invoice and how to pay it. */
export async function invoiceSentMail(
  to: string,
  name: string,
  invoice: SentInvoiceFacts & {
    seats: number;
    subtotalCents: number;
    taxCents: number;
    /** "VAT 19%", or null when no tax applied. */
    taxLabel: string | null;
    reverseChargeNote: string | null;
    /** A renewal's invoice (the next year of a running team), not a new order's. */
    renewal?: boolean;
  },
  origin: string,
): Promise<Mail> {
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  const due = formatDate(invoice.dueAt, 'UTC');
  const facts: [string, string][] = [
    ...invoiceFacts(invoice).slice(0, 1),
    [
      `${site.product} Standard, ${seatCount(invoice.seats)}, one year`,
      money(invoice.subtotalCents),
    ],
    ...(invoice.taxLabel === null
      ? []
      : [[invoice.taxLabel, money(invoice.taxCents)] as [string, string]]),
    ...invoiceFacts(invoice).slice(1),
  ];
  const blocks: MailBlock[] = [
    invoice.renewal
      ? `Your team's subscription has renewed for another year: its ${seatCount(invoice.seats)} ` +
        `keep working. Please pay this invoice by bank transfer by ${due}.`
      : `Thank you for your order. Your team's ${seatCount(invoice.seats)} are ready to use now; ` +
        `please pay this invoice by bank transfer by ${due}.`,
    { facts },
  ];
  if (invoice.reverseChargeNote) blocks.push(invoice.reverseChargeNote);
  blocks.push(
    { label: 'View the invoice', link: invoice.invoiceUrl },
    'Pay by bank transfer to this account, with the invoice number as the reference:',
    bankFacts(invoice),
    'If the invoice is not paid by its due date, the licenses of your team are suspended until it is.',
    billingLink(origin),
  );
  return composeMail({
    to,
    tag: 'invoice-sent',
    subject: invoiceSubjects.sent(invoice.number),
    greeting: greeting(name),
    origin,
    blocks,
  });
}

/** The cron's reminder: before the due date, or on it. */
export async function invoiceReminderMail(
  to: string,
  name: string,
  invoice: SentInvoiceFacts & { dueToday: boolean },
  origin: string,
): Promise<Mail> {
  const when = invoice.dueToday ? 'today' : `on ${formatDate(invoice.dueAt, 'UTC')}`;
  return composeMail({
    to,
    tag: 'invoice-reminder',
    subject: invoice.dueToday
      ? invoiceSubjects.dueToday(invoice.number)
      : invoiceSubjects.dueSoon(invoice.number, invoice.dueAt),
    greeting: greeting(name),
    origin,
    blocks: [
      `Your ${site.product} invoice ${invoice.number} is due ${when}. If you have paid it already, thank you: ` +
        'a bank transfer can take a few days to reach us, and you need do nothing more.',
      { facts: invoiceFacts(invoice) },
      { label: 'View the invoice', link: invoice.invoiceUrl },
      'Pay by bank transfer to this account, with the invoice number as the reference:',
      bankFacts(invoice),
      "If it is not paid by its due date, your team's licenses are suspended until it is.",
      billingLink(origin),
    ],
  });
}

/** The cron suspended the team's licenses at the due date of an unpaid invoice. */
export async function invoiceOverdueMail(
  to: string,
  name: string,
  invoice: SentInvoiceFacts,
  origin: string,
): Promise<Mail> {
  return composeMail({
    to,
    tag: 'invoice-overdue',
    subject: invoiceSubjects.overdue(invoice.number),
    greeting: greeting(name),
    origin,
    blocks: [
      `Your ${site.product} invoice ${invoice.number} was due on ${formatDate(invoice.dueAt, 'UTC')} and we have not received the payment. ` +
        "Your team's licenses are suspended: the plugin stops working for your members until the invoice is paid.",
      { facts: invoiceFacts(invoice) },
      { label: 'View the invoice', link: invoice.invoiceUrl },
      'Pay by bank transfer to this account, with the invoice number as the reference. The licenses work again as soon as the payment is recorded:',
      bankFacts(invoice),
      'If you have paid already, please reply with the date of the transfer.',
      billingLink(origin),
    ],
  });
}

/**
 * An order paid by invoice that we could not apply (the e-mail got an account meanwhile, the
 * account already pays, ...): nothing was paid, so nothing is refunded; its invoice is void and
 * its subscription cancelled.
 */
export async function invoiceVoidedMail(to: string, why: string, origin: string): Promise<Mail> {
  return composeMail({
    to,
    tag: 'invoice-voided',
    subject: invoiceSubjects.voided(),
    greeting: greeting(''),
    origin,
    blocks: [
      `We could not apply your ${site.product} Standard order paid by invoice: ${why}. We have ` +
        'cancelled its invoice and its subscription, so there is nothing to pay.',
      'If you have already sent a bank transfer for it, reply to this e-mail and we will send ' +
        'the money back.',
      { label: 'Your account', link: `${origin}/login` },
    ],
  });
}
