import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createPayments,
  PaymentProviderError,
  type LocalPaymentProvider,
} from '../../functions/adapters/payments';
import { createLocalPayments, isLocalPayments } from '../../functions/adapters/payments/local';
import { createMemoryCheckoutStore } from './fake-stripe/memory-checkout-store';
import { testWebhookSecret } from './fake-stripe/events';

const ORIGIN = 'https://sheetwright.test';
const SUCCESS_URL = `${ORIGIN}/payment-processing?session_id={CHECKOUT_SESSION_ID}`;
const CANCEL_URL = `${ORIGIN}/pricing`;

afterEach(() => {
  vi.unstubAllGlobals();
});

function localProvider(now: () => number = Date.now) {
  const store = createMemoryCheckoutStore();
  const payments = createLocalPayments({ store, webhookSecret: testWebhookSecret(), now });
  return { store, payments };
}

async function openSession(payments: LocalPaymentProvider, email = 'ada@example.com') {
  return payments.createCheckoutSession({
    pendingSignupId: 'ps_1',
    customerEmail: email,
    successUrl: SUCCESS_URL,
    cancelUrl: CANCEL_URL,
    plan: 'standard',
  });
}

describe('local payment provider', () => {
  it('is chosen in development when Stripe is not configured', () => {
    const payments = createPayments(
      { ENVIRONMENT: 'development', DEV_STRIPE_WEBHOOK_SECRET: testWebhookSecret() },
      { local: createLocalPayments, localStore: createMemoryCheckoutStore },
    );

    expect(isLocalPayments(payments)).toBe(true);
  });

  it('creates a session at /dev/checkout on the same site without any outside call', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new Error('the local provider must not fetch')));
    const { payments, store } = localProvider();

    const link = await openSession(payments);

    const url = new URL(link.url);
    expect(url.origin).toBe(ORIGIN);
    expect(url.pathname).toBe('/dev/checkout');
    expect(url.searchParams.get('session_id')).toBe(link.id);
    expect(link.id).toMatch(/^cs_local_[A-Za-z0-9]{24}$/);
    expect(store.sessions.get(link.id)).toMatchObject({
      clientReferenceId: 'ps_1',
      reference: { pendingSignupId: 'ps_1' },
      customerEmail: 'ada@example.com',
      amountTotal: 12900,
      currency: 'usd',
      status: 'open',
    });
  });

  it('reports an open session as unpaid, and a paid one as complete with its customer and subscription', async () => {
    const { payments } = localProvider();
    const { id } = await openSession(payments);

    expect(await payments.retrieveCheckoutSession(id)).toMatchObject({
      status: 'open',
      paymentStatus: 'unpaid',
      customerId: null,
      subscriptionId: null,
    });

    await payments.completeCheckout(id);
    const paid = await payments.retrieveCheckoutSession(id);

    expect(paid.customerId).toMatch(/^cus_local_[A-Za-z0-9]{24}$/);
    expect(paid).toEqual({
      id,
      status: 'complete',
      paymentStatus: 'paid',
      clientReferenceId: 'ps_1',
      reference: { pendingSignupId: 'ps_1' },
      customerId: paid.customerId,
      subscriptionId: `sub_local_${id.slice('cs_local_'.length)}`,
      customerEmail: 'ada@example.com',
      amountTotal: 12900,
      currency: 'usd',
      quantity: 1,
    });
  });

  it('expires an unpaid session after 24 hours, as Stripe does', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const { payments } = localProvider(() => now);
    const { id } = await openSession(payments);

    now += 24 * 60 * 60 * 1000 + 1;

    expect((await payments.retrieveCheckoutSession(id)).status).toBe('expired');
    expect(await payments.completeCheckout(id)).toBeNull();
  });

  it('reports unknown session ids as not_found', async () => {
    const { payments } = localProvider();

    const error = await payments
      .retrieveCheckoutSession('cs_local_nothing')
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).code).toBe('not_found');
  });

  it('pays a session once: a second completion returns nothing to deliver', async () => {
    const { payments } = localProvider();
    const { id } = await openSession(payments);

    const first = await payments.completeCheckout(id);
    const second = await payments.completeCheckout(id);

    expect(first?.events.map(({ event }) => event.type)).toEqual([
      'checkout.session.completed',
      'invoice.paid',
    ]);
    expect(second).toBeNull();
  });

  it('keeps the customer id of an upgrading user', async () => {
    const { payments } = localProvider();
    const { id } = await payments.createCheckoutSession({
      userId: 'usr_1',
      customerId: 'cus_local_existing',
      customerEmail: 'ada@example.com',
      successUrl: SUCCESS_URL,
      cancelUrl: CANCEL_URL,
      plan: 'standard',
    });

    await payments.completeCheckout(id);

    expect(await payments.retrieveCheckoutSession(id)).toMatchObject({
      customerId: 'cus_local_existing',
      reference: { userId: 'usr_1' },
    });
  });

  it('lists the paid session as an invoice with a local hosted invoice page', async () => {
    const paidAt = Date.parse('2026-03-01T12:00:00Z');
    const { payments } = localProvider(() => paidAt);
    const { id } = await openSession(payments);
    await payments.completeCheckout(id);
    const { customerId } = await payments.retrieveCheckoutSession(id);

    const invoices = await payments.listInvoices(customerId ?? '');

    expect(invoices[0]?.number).toMatch(/^SW-\d{4}-\d{6}$/);
    expect(invoices).toEqual([
      {
        id: `in_local_${id.slice('cs_local_'.length)}`,
        number: invoices[0]?.number,
        created: paidAt,
        amountPaid: 12900,
        currency: 'usd',
        status: 'paid',
        hostedInvoiceUrl: `${ORIGIN}/dev/checkout/invoice?id=in_local_${id.slice('cs_local_'.length)}`,
        invoicePdf: null,
      },
    ]);
  });

  it('cancels at period end one calendar year after payment', async () => {
    const { payments } = localProvider(() => Date.parse('2026-03-01T12:00:00Z'));
    const { id } = await openSession(payments);
    await payments.completeCheckout(id);
    const { subscriptionId } = await payments.retrieveCheckoutSession(id);

    const result = await payments.cancelAtPeriodEnd(subscriptionId ?? '');

    expect(result).toEqual({
      cancelAtPeriodEnd: true,
      currentPeriodEnd: Date.parse('2027-03-01T12:00:00Z'),
    });
    await expect(payments.cancelAtPeriodEnd('sub_local_unknown')).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('sends the portal to a local imitation that returns to the given page', async () => {
    const { payments } = localProvider();

    const { url } = await payments.createPortalSession({
      customerId: 'cus_local_1',
      returnUrl: `${ORIGIN}/dashboard/billing`,
    });

    const portal = new URL(url);
    expect(portal.origin + portal.pathname).toBe(`${ORIGIN}/dev/checkout/portal`);
    expect(portal.searchParams.get('customer')).toBe('cus_local_1');
    expect(portal.searchParams.get('return_url')).toBe(`${ORIGIN}/dashboard/billing`);
  });

  it('refuses return URLs that are not absolute http(s) URLs', async () => {
    const { payments } = localProvider();

    const error = await payments
      .createCheckoutSession({
        pendingSignupId: 'ps_1',
        customerEmail: 'ada@example.com',
        successUrl: 'javascript:alert(1)',
        cancelUrl: CANCEL_URL,
        plan: 'standard',
      })
      .catch((e: unknown) => e);

    expect((error as PaymentProviderError).code).toBe('rejected');
  });
});
