/**
 * Display rules of Billing & Invoices: prices from site.config `plans`, the invoice's and the
 * subscription's state in words (lib/format.ts writes money and dates). Pure, so they are
 * unit-tested.
 */
import type { BillingOverview, InvoiceView } from '../../contract/billing';
import type { PlanLabel } from '../../contract/user';
import { capitalize } from '../../lib/auth/account-view';
import {
  invoiceOpenText,
  invoiceOverdueText,
  pastDueByInvoice,
  renewsByInvoice,
  teamReadyText,
} from '../../contract/invoice-notice-texts';
import { chargeSentence, seatsText, seatsTimesPrice, unitPriceText } from '../../lib/charges';
import { formatDate, formatMoney } from '../../lib/format';
import { plans, type Plan } from '../../site.config';
import { countryNameOf } from '../shared/countries';

export { countryNameOf };

/** The site.config plan of a stored plan label ('Standard' → plans.standard). */
export function planOf(label: PlanLabel): Plan {
  // The plans named one by one: Object.values would build the whole plans namespace object, and
  // with it Rolldown's runtime helper as a chunk of its own on every island page.
  return (
    [plans.trial, plans.standard, plans.enterprise].find((plan) => plan.label === label) ??
    plans.trial
  );
}

/** "$129 per year", "$0 · 15 days", "Custom". */
export function priceText(label: PlanLabel): string {
  const plan = planOf(label);
  if (plan.priceUsd === null) return plan.priceLabel;
  if (plan.id === 'trial') return `${plan.priceLabel} · ${plan.period}`;
  return `${plan.priceLabel} ${plan.period}`;
}

/** An invoice's number, or a short form of its id when the provider gave no number. */
export function invoiceNumber(invoice: InvoiceView): string {
  return invoice.number ?? invoice.id;
}

/** The Seats cell: "12 seats × $129", or "3 seats added at $64.50" for seats added in a term. */
export function invoiceSeatsText(invoice: InvoiceView): string {
  if (invoice.seatsAdded) {
    return `${seatsText(invoice.quantity)} added at ${unitPriceText(invoice.unitAmount, invoice.currency)}`;
  }
  return seatsTimesPrice(invoice.quantity, invoice.unitAmount, invoice.currency);
}

/** The Tax cell: the tax paid, "Reverse charge" for an EU business, or "None". */
export function invoiceTaxText(invoice: InvoiceView): string {
  if (invoice.reverseCharge) return 'Reverse charge';
  return invoice.taxAmount > 0 ? formatMoney(invoice.taxAmount, invoice.currency) : 'None';
}

/** "paid" → "Paid", "uncollectible" → "Uncollectible". */
export function invoiceStatusText(status: string): string {
  return capitalize(status.replace(/_/g, ' '));
}

/**
 * The Status cell of an invoice: its status, or what support's refund of it stands at
 * ("Refunded on November 24, 2026", "Refund in progress"); the amount only when it is not the
 * whole payment, which the Amount cell beside it already shows.
 */
export function invoiceStateText(invoice: InvoiceView): string {
  const { refund } = invoice;
  // An invoice sent for bank transfer, not paid yet.
  if (!refund && invoice.status === 'open' && invoice.dueAt) {
    return `Open — due ${formatDate(invoice.dueAt)}`;
  }
  if (!refund) return invoiceStatusText(invoice.status);
  if (refund.state === 'in-progress') return 'Refund in progress';
  const amount =
    refund.amount === invoice.amountPaid ? '' : ` ${formatMoney(refund.amount, invoice.currency)}`;
  const day = refund.refundedAt ? ` on ${formatDate(refund.refundedAt)}` : '';
  return `Refunded${amount}${day}`;
}

export type StatusTone = 'ok' | 'warning' | 'danger';

/** The status line: Active / Cancelling — ends {date} / Past due — update your card / Canceled. */
export function statusText(overview: BillingOverview): { text: string; tone: StatusTone } {
  const subscription = overview.subscription;
  if (!subscription) {
    return {
      text: capitalize(overview.licenseStatus),
      tone: overview.licenseStatus === 'active' ? 'ok' : 'danger',
    };
  }
  const end = subscription.currentPeriodEnd ?? overview.licenseExpiresAt;
  switch (subscription.status) {
    case 'past_due':
      // A team paying by invoice has no card to update: its invoice is what is late.
      return subscription.paidBy === 'invoice'
        ? { text: pastDueByInvoice, tone: 'danger' }
        : { text: 'Past due — update your card', tone: 'danger' };
    case 'canceled':
      return { text: 'Canceled', tone: 'danger' };
    case 'cancelling':
      return { text: `Cancelling — ends ${formatDate(end)}`, tone: 'warning' };
    case 'active':
      // A subscription set to end at the period's close is cancelling whatever its raw status.
      return subscription.cancelAtPeriodEnd
        ? { text: `Cancelling — ends ${formatDate(end)}`, tone: 'warning' }
        : { text: 'Active', tone: 'ok' };
  }
}

/**
 * "Renews on {date}" while a subscription renews, with what the renewal charges ("for $153.51
 * ($129 plus VAT 19%)"); otherwise when the license ends or ended.
 */
export function dateText(
  overview: BillingOverview,
  now: number,
): { label: string; value: string; note?: string } {
  const subscription = overview.subscription;
  // Past due is not promised a renewal: the license date is what the customer can count on.
  if (
    subscription?.status === 'active' &&
    subscription.currentPeriodEnd &&
    !subscription.cancelAtPeriodEnd
  ) {
    return {
      label: 'Renews on',
      value: formatDate(subscription.currentPeriodEnd),
      // A team paying by invoice is sent the renewal's invoice; no card is charged.
      note:
        subscription.paidBy === 'invoice'
          ? renewsByInvoice(chargeSentence(subscription.renewal))
          : `for ${chargeSentence(subscription.renewal)}`,
    };
  }
  const ended = Date.parse(overview.licenseExpiresAt) <= now;
  return {
    label: ended ? 'Expired on' : 'Expires on',
    value: formatDate(overview.licenseExpiresAt),
  };
}

/** "2 active devices" / "1 active device": the license's limit (an Enterprise seat's too). */
export function deviceLimitText(limit: number): string {
  return limit === 1 ? '1 active device' : `${limit} active devices`;
}

/** How people name the brands the provider reports in lower case. */
const cardBrands: Record<string, string> = {
  amex: 'American Express',
  cartes_bancaires: 'Cartes Bancaires',
  diners: 'Diners Club',
  discover: 'Discover',
  eftpos_au: 'eftpos',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

/**
 * "Visa ending in 4242, expires 12/2030", with "(expired)" once its month has passed; null when
 * no card is known (the page then shows none rather than a guess).
 */
export function cardText(card: BillingOverview['card'], now: number): string | null {
  if (!card) return null;
  const month = String(card.expMonth).padStart(2, '0');
  // A card works through the last day of its expiry month.
  const expired = Date.UTC(card.expYear, card.expMonth, 1) <= now;
  return `${cardName(card)}, ${expired ? 'expired' : 'expires'} ${month}/${card.expYear}`;
}

/** "Visa ending in 4242": the card in a sentence. */
export function cardName(card: NonNullable<BillingOverview['card']>): string {
  return `${cardBrands[card.brand] ?? 'Card'} ending in ${card.last4}`;
}

/**
 * The failed-renewal alert while the subscription is past due, with the day of the failure when
 * known; null otherwise.
 */
export function failedRenewalText(overview: BillingOverview): string | null {
  const subscription = overview.subscription;
  // A team paying by invoice is told about its invoice instead (invoiceNotice).
  if (subscription?.status !== 'past_due' || subscription.paidBy === 'invoice') return null;
  const day = subscription.paymentFailedAt ? ` on ${formatDate(subscription.paymentFailedAt)}` : '';
  return `Your last renewal payment failed${day}. Update your card to keep ${plans.standard.name}.`;
}

/** The postal address of billing details, one line each, as invoices print it. */
export function addressLines(details: NonNullable<BillingOverview['details']>): string[] {
  return [
    details.line1,
    ...(details.line2 ? [details.line2] : []),
    [details.postalCode, details.city, details.state].filter(Boolean).join(' '),
    countryNameOf(details.country),
  ];
}

/** The open invoice (sent for bank transfer) that is due first; null when none is open. */
function firstOpenInvoice(overview: BillingOverview): InvoiceView | null {
  const open = overview.invoices.filter(
    (invoice) => invoice.status === 'open' && invoice.dueAt && invoice.refund === null,
  );
  open.sort((a, b) => Date.parse(a.dueAt ?? '') - Date.parse(b.dueAt ?? ''));
  return open[0] ?? null;
}

/**
 * What a team paying by invoice reads about its open invoice: when it is due and the link to it;
 * once it is overdue (the subscription past due, its licenses suspended), that it must be paid.
 * Null for a card customer, or with nothing open.
 */
export function invoiceNotice(
  overview: BillingOverview,
): { text: string; overdue: boolean; url: string | null } | null {
  const subscription = overview.subscription;
  if (subscription?.paidBy !== 'invoice') return null;
  const invoice = firstOpenInvoice(overview);
  if (!invoice?.dueAt) return null;
  const facts = [
    invoiceNumber(invoice),
    formatMoney(invoice.amountPaid, invoice.currency),
    formatDate(invoice.dueAt),
  ] as const;
  const overdue = subscription.status === 'past_due';
  return {
    text: overdue ? invoiceOverdueText(...facts) : invoiceOpenText(...facts),
    overdue,
    url: invoice.url,
  };
}

/**
 * Where a purchase by invoice lands (`?invoice=<id>`): the team is ready, with the invoice's
 * number, amount and due date, while that invoice is open; null otherwise.
 */
export function teamReadyNotice(
  overview: BillingOverview,
  invoiceId: string | null,
): { text: string; url: string | null } | null {
  const invoice = overview.invoices.find((item) => item.id === invoiceId);
  if (invoice?.status !== 'open' || !invoice.dueAt) return null;
  return {
    text: teamReadyText(
      invoice.quantity,
      invoiceNumber(invoice),
      formatMoney(invoice.amountPaid, invoice.currency),
      formatDate(invoice.dueAt),
    ),
    url: invoice.url,
  };
}
