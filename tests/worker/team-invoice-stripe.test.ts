/**
 * createInvoicedSubscription of the Stripe provider against the fake Stripe server: the customer
 * with the billing details, tax ID and the PO number as an invoice custom field, then a
 * `send_invoice` subscription due in 30 days with the checkout's metadata; what it answers about
 * the first invoice, and a retry with the same key making nothing twice.
 */
import { describe, expect, it } from 'vitest';
import type { InvoicedSubscriptionInput } from '../../functions/adapters/payments/types';
import { GERMAN_COMPANY } from './billing-helpers';
import { createFakeStripe, FAKE_PRICE_ID, stripeAgainst } from './fake-stripe/server';

const input: InvoicedSubscriptionInput = {
  userId: 'user-0001',
  plan: 'standard',
  customerEmail: 'grete@example.com',
  details: GERMAN_COMPANY,
  quantity: 40,
  poNumber: 'PO-4711/2026',
  idempotencyKey: 'invoice:user-0001:attempt-1',
  returnUrl: 'https://sheetwright.test/dashboard/billing',
};

describe('Stripe createInvoicedSubscription', () => {
  it('creates the customer and a send_invoice subscription due in 30 days, with our metadata', async () => {
    const fake = createFakeStripe();
    const stripe = stripeAgainst(fake);
    const made = await stripe.createInvoicedSubscription(input);

    const [customer, subscription, ...rest] = fake.requests;
    expect(rest).toEqual([]);
    expect(customer?.method).toBe('POST');
    expect(customer?.path).toBe('/v1/customers');
    expect(customer?.headers.get('Idempotency-Key')).toBe('invoice:user-0001:attempt-1:customer');
    expect(Object.fromEntries(customer?.form ?? [])).toEqual({
      email: 'grete@example.com',
      name: 'Baubüro Müller GmbH',
      'address[line1]': 'Hauptstraße 1',
      'address[line2]': '',
      'address[postal_code]': '10115',
      'address[city]': 'Berlin',
      'address[state]': '',
      'address[country]': 'DE',
      'invoice_settings[custom_fields][0][name]': 'PO number',
      'invoice_settings[custom_fields][0][value]': 'PO-4711/2026',
      'metadata[userId]': 'user-0001',
      'metadata[plan]': 'standard',
      'tax_id_data[0][type]': 'eu_vat',
      'tax_id_data[0][value]': 'DE136695976',
    });
    expect(subscription?.path).toBe('/v1/subscriptions');
    expect(subscription?.headers.get('Idempotency-Key')).toBe(
      'invoice:user-0001:attempt-1:subscription',
    );
    expect(Object.fromEntries(subscription?.form ?? [])).toEqual({
      customer: made.customerId,
      'items[0][price]': FAKE_PRICE_ID,
      'items[0][quantity]': '40',
      collection_method: 'send_invoice',
      days_until_due: '30',
      'metadata[userId]': 'user-0001',
      'metadata[plan]': 'standard',
      'metadata[contactName]': 'Grete Müller',
      'metadata[company]': 'Baubüro Müller GmbH',
      'expand[0]': 'latest_invoice',
    });

    expect(made.subscriptionId).toMatch(/^sub_/);
    expect(made.invoiceId).toMatch(/^in_/);
    expect(made.hostedInvoiceUrl).toContain(made.invoiceId);
    expect(made).toMatchObject({ amountDue: 516_000, quantity: 40, poNumber: 'PO-4711/2026' });
    expect(made.dueAt - made.created).toBe(30 * 24 * 60 * 60 * 1000);
  });

  it('makes nothing twice when retried with the same key', async () => {
    const fake = createFakeStripe();
    const stripe = stripeAgainst(fake);
    const first = await stripe.createInvoicedSubscription(input);
    const second = await stripe.createInvoicedSubscription(input);
    expect(second.subscriptionId).toBe(first.subscriptionId);
    expect(second.invoiceId).toBe(first.invoiceId);
  });

  it('refuses fewer than 5 seats before calling Stripe', async () => {
    const fake = createFakeStripe();
    const stripe = stripeAgainst(fake);
    await expect(stripe.createInvoicedSubscription({ ...input, quantity: 4 })).rejects.toThrow(
      /seats/,
    );
    expect(fake.requests).toEqual([]);
  });
});
