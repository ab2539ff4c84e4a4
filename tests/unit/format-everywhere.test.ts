import { describe, expect, it } from 'vitest';
import type { InvoiceView } from '../../src/contract/billing';
import { invoiceStateText } from '../../src/islands/billing/format';
import { formatDate, formatMoney } from '../../src/lib/format';
import {
  invoiceRefundedMail,
  paymentFailedMail,
} from '../../functions/services/core/mail/lifecycle-templates';

const invoice = (currency: string, amountPaid: number, refunded: number): InvoiceView => ({
  id: 'in_1',
  number: 'SW-0001',
  created: '2026-07-06T14:05:00.000Z',
  amountPaid,
  currency,
  status: 'paid',
  url: null,
  pdfUrl: '/api/billing/invoices/in_1/pdf',
  taxAmount: 0,
  reverseCharge: false,
  quantity: 1,
  unitAmount: 12900,
  seatsAdded: false,
  refund: { state: 'refunded', amount: refunded, refundedAt: '2026-07-08T10:00:00.000Z' },
});

describe('one amount reads the same in the e-mails and on the pages', () => {
  for (const [currency, paid, part] of [
    ['usd', 12900, 4300],
    ['eur', 12900, 4300],
    ['jpy', 18000, 6000],
  ] as const) {
    it(`${currency.toUpperCase()}: a refund e-mail and Billing & Invoices say the same amount`, async () => {
      const amount = formatMoney(part, currency);
      const mail = await invoiceRefundedMail(
        'ann@example.com',
        'Ann',
        { amountCents: part, currency, invoiceNumber: 'SW-0001' },
        'https://sheetwright.example',
      );
      expect(mail.text).toContain(`refunded ${amount} for invoice SW-0001`);
      expect(invoiceStateText(invoice(currency, paid, part))).toBe(
        `Refunded ${amount} on ${formatDate('2026-07-08T10:00:00.000Z')}`,
      );
    });
  }

  it('writes the failed payment in the same words', async () => {
    const mail = await paymentFailedMail(
      'ann@example.com',
      'Ann',
      { amountCents: 12900, currency: 'eur', nextAttemptAt: null, invoiceUrl: null },
      'https://sheetwright.example',
    );
    expect(mail.text).toContain(`your payment of ${formatMoney(12900, 'eur')}`);
  });
});
