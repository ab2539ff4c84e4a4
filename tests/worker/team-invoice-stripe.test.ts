/**
 * Teams paying by invoice against the fake Stripe server. createInvoicedSubscription: the customer
 * with the billing details, tax ID and the PO number as an invoice custom field, then a
 * `send_invoice` subscription due in 30 days with the checkout's metadata; what it answers about
 * the first invoice, and a retry with the same key making nothing twice. The upgrade route's
 * exact requests (its idempotency key made from the purchase). voidInvoicedSubscription: the open
 * invoice voided and the subscription cancelled, each once.
 */
import { describe, expect, it } from 'vitest';
import type { InvoicedSubscriptionInput } from '../../functions/adapters/payments/types';
import type { InvoiceUpgradeResponse } from '../../src/contract/invoice-purchase';
import { accountApp, queryAll, signUpTrial } from './account-helpers';
import { GERMAN_COMPANY } from './billing-helpers';
import { createFakeStripe, FAKE_PRICE_ID, stripeAgainst } from './fake-stripe/server';
import { PO, purchaseOf, upgradeByInvoice } from './invoice-helpers';

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

describe('POST /api/billing/invoice on Stripe (fake server)', () => {
  it('sends exactly the customer and the send_invoice subscription, keyed by the purchase, once for a double submit', async () => {
    const fake = createFakeStripe();
    const app = accountApp({ payments: stripeAgainst(fake) });
    const account = await signUpTrial(app);
    const userId = account.auth.user.userId;
    const purchase = purchaseOf(40);
    const [first, second] = await Promise.all([
      upgradeByInvoice(app, account, purchase),
      upgradeByInvoice(app, account, purchase),
    ]);
    expect([first.status, second.status], await first.clone().text()).toEqual([200, 200]);

    const customers = fake.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/customers',
    );
    const subscriptions = fake.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/subscriptions',
    );
    const keyPattern = new RegExp(`^invoice-upgrade:${userId}:${purchase.purchaseId}:[0-9a-f]{24}`);
    for (const request of [...customers, ...subscriptions]) {
      expect(request.headers.get('Idempotency-Key')).toMatch(keyPattern);
    }
    expect(Object.fromEntries(customers[0]?.form ?? [])).toEqual({
      email: account.form.email,
      name: 'Baubüro Müller GmbH',
      'address[line1]': 'Hauptstraße 1',
      'address[line2]': '',
      'address[postal_code]': '10115',
      'address[city]': 'Berlin',
      'address[state]': '',
      'address[country]': 'DE',
      'invoice_settings[custom_fields][0][name]': 'PO number',
      'invoice_settings[custom_fields][0][value]': PO,
      'metadata[userId]': userId,
      'metadata[plan]': 'standard',
      'tax_id_data[0][type]': 'eu_vat',
      'tax_id_data[0][value]': 'DE136695976',
    });
    const form = Object.fromEntries(subscriptions[0]?.form ?? []);
    expect(form).toMatchObject({
      'items[0][price]': FAKE_PRICE_ID,
      'items[0][quantity]': '40',
      collection_method: 'send_invoice',
      days_until_due: '30',
      'metadata[userId]': userId,
      'metadata[plan]': 'standard',
      'metadata[company]': 'Baubüro Müller GmbH',
    });
    // Both answers name one invoice, recorded open; one subscription and one team.
    const answers = await Promise.all([first, second].map((r) => r.json<InvoiceUpgradeResponse>()));
    expect(answers[0]?.invoice.id).toBe(answers[1]?.invoice.id);
    expect(answers[0]?.invoice.url).toMatch(/^https:\/\/invoice\.stripe\.test\/i\/in_/);
    const rows = await queryAll<{ stripe_subscription_id: string; collection_method: string }>(
      'SELECT stripe_subscription_id, collection_method FROM subscriptions WHERE user_id = ?',
      userId,
    );
    expect(rows).toEqual([
      {
        stripe_subscription_id: expect.stringMatching(/^sub_/) as string,
        collection_method: 'send_invoice',
      },
    ]);
    const teams = await queryAll<{ seats: number }>(
      'SELECT seats FROM organizations WHERE owner_user_id = ?',
      userId,
    );
    expect(teams).toEqual([{ seats: 40 }]);
  });
});

describe('Stripe voidInvoicedSubscription', () => {
  it('voids the open invoice and cancels the subscription, each once, with our key', async () => {
    const fake = createFakeStripe();
    const stripe = stripeAgainst(fake);
    const made = await stripe.createInvoicedSubscription(input);
    const from = fake.requests.length;
    const call = {
      subscriptionId: made.subscriptionId,
      invoiceId: made.invoiceId,
      idempotencyKey: 'refund-row-0001',
      reason: 'account_exists',
    };
    await stripe.voidInvoicedSubscription(call);
    const sent = fake.requests.slice(from).map((r) => ({
      method: r.method,
      path: r.path,
      key: r.headers.get('Idempotency-Key'),
      form: Object.fromEntries(r.form),
      query: Object.fromEntries(r.query),
    }));
    expect(sent).toEqual([
      { method: 'GET', path: `/v1/invoices/${made.invoiceId}`, key: null, form: {}, query: {} },
      {
        method: 'POST',
        path: `/v1/invoices/${made.invoiceId}/void`,
        key: 'refund-row-0001:void',
        form: {},
        query: {},
      },
      {
        method: 'GET',
        path: `/v1/subscriptions/${made.subscriptionId}`,
        key: null,
        form: {},
        query: {},
      },
      {
        method: 'DELETE',
        path: `/v1/subscriptions/${made.subscriptionId}`,
        key: 'refund-row-0001:cancel',
        form: {},
        query: {
          prorate: 'false',
          invoice_now: 'false',
          'cancellation_details[comment]': 'account_exists',
        },
      },
    ]);
    expect(fake.invoiceStatus(made.invoiceId)).toBe('void');
    expect(fake.subscriptionStatus(made.subscriptionId)).toBe('canceled');
    // Again (a retry of the record): both are as asked already, nothing is sent but the reads.
    const again = fake.requests.length;
    await stripe.voidInvoicedSubscription(call);
    expect(fake.requests.slice(again).map((r) => r.method)).toEqual(['GET', 'GET']);
  });

  it('refuses to void an invoice that was paid meanwhile', async () => {
    const fake = createFakeStripe();
    const stripe = stripeAgainst(fake);
    const { subscriptionId, invoiceId } = await stripe.createInvoicedSubscription(input);
    fake.onNext('GET', `/v1/invoices/${invoiceId}`, () => fake.markInvoicePaid(invoiceId));
    await expect(
      stripe.voidInvoicedSubscription({
        subscriptionId,
        invoiceId,
        idempotencyKey: 'refund-row-0002',
        reason: 'already_paying',
      }),
    ).rejects.toThrow(/paid/);
    expect(fake.subscriptionStatus(subscriptionId)).toBe('active');
  });
});
