import { describe, expect, it } from 'vitest';
import type { BillingOverview } from '../../src/contract/billing';
import {
  cardName,
  cardText,
  dateText,
  failedRenewalText,
  deviceLimitText,
  invoiceNotice,
  invoiceNumber,
  invoiceSeatsText,
  invoiceStateText,
  invoiceStatusText,
  priceText,
  statusText,
  teamReadyNotice,
} from '../../src/islands/billing/format';
import { chargeSeatsText, chargeSentence, chargeTotalText } from '../../src/lib/charges';
import { formatMoney } from '../../src/lib/format';

const NOW = Date.parse('2026-01-15T12:00:00.000Z');

/** One seat at the list price, no tax: what a subscription's figures are without more said. */
const oneSeat = {
  quantity: 1,
  unitAmount: 12900,
  subtotal: 12900,
  tax: 0,
  taxRateBp: 0,
  reverseCharge: false,
  total: 12900,
  currency: 'usd',
};
const figures = { charge: oneSeat, renewal: oneSeat, paidBy: 'card' as const };

function overview(patch: Partial<BillingOverview> = {}): BillingOverview {
  return {
    plan: 'Standard',
    licenseStatus: 'active',
    licenseExpiresAt: '2026-07-01T12:00:00.000Z',
    devices: { active: 1, limit: 2 },
    subscription: {
      status: 'active',
      currentPeriodEnd: '2026-07-01T12:00:00.000Z',
      cancelAtPeriodEnd: false,
      paymentFailedAt: null,
      ...figures,
    },
    card: null,
    details: null,
    taxIdNote: null,
    invoices: [],
    actions: { upgrade: false, manageCard: true, cancel: true, resume: false, editDetails: true },
    ...patch,
  };
}

describe('billing prices', () => {
  it('shows each plan as site.config prices it', () => {
    expect(priceText('Standard')).toBe('$129 per year');
    expect(priceText('Trial')).toBe('$0 · 15 days');
    expect(priceText('Enterprise')).toBe('Custom');
  });

  it('formats cents as dollars with two decimals', () => {
    expect(formatMoney(12900, 'usd')).toBe('$129.00');
    expect(formatMoney(0, 'usd')).toBe('$0.00');
    expect(formatMoney(123456, 'usd')).toBe('$1,234.56');
  });

  it('names other currencies by code, and survives a code Intl does not know', () => {
    expect(formatMoney(12900, 'eur')).toMatch(/^EUR\s?129\.00$/);
    expect(formatMoney(12900, 'not-a-currency')).toBe('129.00 NOT-A-CURRENCY');
  });
});

describe('billing status', () => {
  it('says Active and the renewal date while the subscription renews', () => {
    expect(statusText(overview())).toEqual({ text: 'Active', tone: 'ok' });
    expect(dateText(overview(), NOW)).toEqual({
      label: 'Renews on',
      value: 'July 1, 2026',
      note: 'for $129.00',
    });
  });

  it('names what the renewal charges, with tax and seats', () => {
    const germanTeam = {
      quantity: 12,
      unitAmount: 12900,
      subtotal: 154800,
      tax: 29412,
      taxRateBp: 1900,
      reverseCharge: false,
      total: 184212,
      currency: 'usd',
    };
    const subscription = { ...overview().subscription!, charge: germanTeam, renewal: germanTeam };
    expect(dateText(overview({ subscription }), NOW).note).toBe(
      'for $1,842.12 (12 seats × $129 plus VAT 19%)',
    );
    const consumer = { ...oneSeat, tax: 2451, taxRateBp: 1900, total: 15351 };
    expect(chargeSentence(consumer)).toBe('$153.51 ($129 plus VAT 19%)');
    expect(chargeSentence({ ...germanTeam, tax: 0, taxRateBp: 0, reverseCharge: true })).toBe(
      '$1,842.12 (12 seats × $129, reverse charge)',
    );
    expect(chargeSeatsText(germanTeam)).toBe('12 seats × $129 / year');
    expect(chargeSeatsText(oneSeat)).toBe('1 seat × $129 / year');
    expect(chargeTotalText(germanTeam)).toBe('$1,842.12 / year');
  });

  it('reads each invoice with its seats: bought, added, or one at the list price on old rows', () => {
    const invoice = {
      id: 'in_1',
      number: 'SW-0001',
      created: '2026-01-01T12:00:00.000Z',
      amountPaid: 184212,
      currency: 'usd',
      status: 'paid',
      url: null,
      pdfUrl: '/api/billing/invoices/in_1/pdf',
      taxAmount: 29412,
      reverseCharge: false,
      quantity: 12,
      unitAmount: 12900,
      seatsAdded: false,
      refund: null,
    };
    expect(invoiceSeatsText(invoice)).toBe('12 seats × $129');
    expect(invoiceSeatsText({ ...invoice, quantity: 1 })).toBe('1 seat × $129');
    expect(invoiceSeatsText({ ...invoice, quantity: 3, unitAmount: 10857, seatsAdded: true })).toBe(
      '3 seats added at $108.57',
    );
  });

  it('says Cancelling with the end date once set to end, and no longer promises a renewal', () => {
    const cancelling = overview({
      subscription: {
        status: 'cancelling',
        currentPeriodEnd: '2026-07-01T12:00:00.000Z',
        cancelAtPeriodEnd: true,
        paymentFailedAt: null,
        ...figures,
      },
    });
    expect(statusText(cancelling)).toEqual({
      text: 'Cancelling — ends July 1, 2026',
      tone: 'warning',
    });
    expect(dateText(cancelling, NOW)).toEqual({ label: 'Expires on', value: 'July 1, 2026' });
  });

  it('treats an active subscription set to cancel at period end as cancelling', () => {
    const ending = overview({
      subscription: {
        status: 'active',
        currentPeriodEnd: '2026-07-01T12:00:00.000Z',
        cancelAtPeriodEnd: true,
        paymentFailedAt: null,
        ...figures,
      },
    });
    expect(statusText(ending).text).toBe('Cancelling — ends July 1, 2026');
  });

  it('asks for a new card when past due without promising a renewal, and says Canceled at the end', () => {
    const pastDue = overview({
      subscription: {
        status: 'past_due',
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
        paymentFailedAt: null,
        ...figures,
      },
    });
    expect(statusText(pastDue)).toEqual({ text: 'Past due — update your card', tone: 'danger' });
    expect(dateText(pastDue, NOW)).toEqual({ label: 'Expires on', value: 'July 1, 2026' });
    const canceled = overview({
      licenseStatus: 'expired',
      licenseExpiresAt: '2026-01-01T12:00:00.000Z',
      subscription: {
        status: 'canceled',
        currentPeriodEnd: '2026-01-01T12:00:00.000Z',
        cancelAtPeriodEnd: true,
        paymentFailedAt: null,
        ...figures,
      },
    });
    expect(statusText(canceled)).toEqual({ text: 'Canceled', tone: 'danger' });
    expect(dateText(canceled, NOW)).toEqual({ label: 'Expired on', value: 'January 1, 2026' });
  });

  it('uses the license status and expiry for a Trial without a subscription', () => {
    const trial = overview({
      plan: 'Trial',
      subscription: null,
      licenseExpiresAt: '2026-01-30T12:00:00.000Z',
    });
    expect(statusText(trial)).toEqual({ text: 'Active', tone: 'ok' });
    expect(dateText(trial, NOW)).toEqual({ label: 'Expires on', value: 'January 30, 2026' });
    expect(statusText({ ...trial, licenseStatus: 'expired' })).toEqual({
      text: 'Expired',
      tone: 'danger',
    });
  });
});

describe('billing details', () => {
  it("states the license's device limit", () => {
    expect(deviceLimitText(1)).toBe('1 active device');
    expect(deviceLimitText(2)).toBe('2 active devices');
  });

  it('names an invoice by its number, else its id, and words its status', () => {
    const invoice = {
      id: 'in_1',
      number: 'SW-0001',
      created: '2026-01-01T12:00:00.000Z',
      amountPaid: 12900,
      currency: 'usd',
      status: 'paid',
      url: null,
      pdfUrl: '/api/billing/invoices/in_1/pdf',
      taxAmount: 0,
      reverseCharge: false,
      quantity: 1,
      unitAmount: 12900,
      seatsAdded: false,
      refund: null,
    };
    expect(invoiceNumber(invoice)).toBe('SW-0001');
    expect(invoiceNumber({ ...invoice, number: null })).toBe('in_1');
    expect(invoiceStatusText('paid')).toBe('Paid');
    expect(invoiceStatusText('past_due')).toBe('Past due');
    expect(invoiceStateText(invoice)).toBe('Paid');
    expect(
      invoiceStateText({
        ...invoice,
        refund: { state: 'in-progress', amount: 12900, refundedAt: null },
      }),
    ).toBe('Refund in progress');
    expect(
      invoiceStateText({
        ...invoice,
        refund: { state: 'refunded', amount: 12900, refundedAt: '2026-11-24T09:00:00.000Z' },
      }),
    ).toBe('Refunded on November 24, 2026');
    expect(
      invoiceStateText({
        ...invoice,
        refund: { state: 'refunded', amount: 4300, refundedAt: null },
      }),
    ).toBe('Refunded $43.00');
  });
});

describe('the card on file and a failed renewal', () => {
  const visa = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };

  it('names the card, its last four digits and expiry, and says when it has expired', () => {
    expect(cardText(visa, NOW)).toBe('Visa ending in 4242, expires 12/2030');
    expect(cardText({ ...visa, brand: 'amex', expMonth: 3, expYear: 2029 }, NOW)).toBe(
      'American Express ending in 4242, expires 03/2029',
    );
    // Usable through December 2025, expired in January 2026.
    expect(cardText({ ...visa, expYear: 2025 }, NOW)).toBe('Visa ending in 4242, expired 12/2025');
    expect(cardName({ ...visa, brand: 'something_new' })).toBe('Card ending in 4242');
    expect(cardText(null, NOW)).toBeNull();
  });

  it('says a renewal failed, and when, only while past due', () => {
    const pastDue = (paymentFailedAt: string | null) =>
      overview({
        subscription: {
          status: 'past_due',
          currentPeriodEnd: null,
          cancelAtPeriodEnd: false,
          paymentFailedAt,
          ...figures,
        },
      });
    expect(failedRenewalText(pastDue('2026-03-01T12:00:00.000Z'))).toBe(
      'Your last renewal payment failed on March 1, 2026. Update your card to keep Standard.',
    );
    expect(failedRenewalText(pastDue(null))).toBe(
      'Your last renewal payment failed. Update your card to keep Standard.',
    );
    expect(failedRenewalText(overview())).toBeNull();
  });
});

describe('a team paying by bank transfer', () => {
  const forty = {
    quantity: 40,
    unitAmount: 12900,
    subtotal: 516000,
    tax: 0,
    taxRateBp: 0,
    reverseCharge: true,
    total: 516000,
    currency: 'usd',
  };
  const open = {
    id: 'in_local_1',
    number: 'SW-2026-000007',
    created: '2026-03-01T12:00:00.000Z',
    amountPaid: 516000,
    currency: 'usd',
    status: 'open',
    url: 'http://localhost:8787/dev/checkout/invoice?id=in_local_1',
    pdfUrl: '/api/billing/invoices/in_local_1/pdf',
    taxAmount: 0,
    reverseCharge: true,
    quantity: 40,
    unitAmount: 12900,
    seatsAdded: false,
    dueAt: '2026-03-31T12:00:00.000Z',
    refund: null,
  };
  const team = (status: 'active' | 'past_due', invoices = [open]) =>
    overview({
      subscription: {
        status,
        currentPeriodEnd: '2027-03-01T12:00:00.000Z',
        cancelAtPeriodEnd: false,
        paymentFailedAt: null,
        charge: forty,
        renewal: forty,
        paidBy: 'invoice',
      },
      invoices,
    });

  it('says when the open invoice is due, with its link, and that it must be paid once overdue', () => {
    expect(invoiceNotice(team('active'))).toEqual({
      text: 'Invoice SW-2026-000007 for $5,160.00 is due on March 31, 2026. Pay it by bank transfer with the invoice number as the reference.',
      overdue: false,
      url: open.url,
    });
    expect(invoiceNotice(team('past_due'))).toEqual({
      text: "Invoice SW-2026-000007 for $5,160.00 was due on March 31, 2026 and is not paid yet: your team's licenses are suspended until it is. Pay it by bank transfer with the invoice number as the reference.",
      overdue: true,
      url: open.url,
    });
    expect(invoiceNotice(team('active', [{ ...open, status: 'paid' }]))).toBeNull();
    expect(invoiceNotice(overview())).toBeNull();
  });

  it('never tells it to update a card, nor that a card will be charged at renewal', () => {
    expect(statusText(team('past_due'))).toEqual({
      text: 'Past due — invoice not paid',
      tone: 'danger',
    });
    expect(failedRenewalText(team('past_due'))).toBeNull();
    expect(dateText(team('active'), NOW)).toEqual({
      label: 'Renews on',
      value: 'March 1, 2027',
      note: 'invoice for $5,160.00 (40 seats × $129, reverse charge), due 30 days later by bank transfer',
    });
  });

  it('lands a purchase on the team being ready, with the invoice number, amount and due date', () => {
    expect(teamReadyNotice(team('active'), 'in_local_1')).toEqual({
      text: "Your team's 40 seats are ready to use now. We e-mailed you invoice SW-2026-000007 for $5,160.00: please pay it by bank transfer by March 31, 2026.",
      url: open.url,
    });
    expect(teamReadyNotice(team('active'), 'in_other')).toBeNull();
    expect(teamReadyNotice(team('active'), null)).toBeNull();
  });
});
