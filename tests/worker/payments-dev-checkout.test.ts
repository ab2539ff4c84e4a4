import { env } from 'cloudflare:workers';
import Stripe from 'stripe';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentProvider } from '../../functions/adapters/payments';
import { createLocalPayments, DEV_CHECKOUT_PATH } from '../../functions/adapters/payments/local';
import { createStripePayments } from '../../functions/adapters/payments/stripe';
import { createApp } from '../../functions/app';
import {
  readWebhookEvent,
  type BillingEvent,
} from '../../functions/services/billing/webhook-events';
import { testWebhookSecret } from './fake-stripe/events';
import { createMemoryCheckoutStore } from './fake-stripe/memory-checkout-store';

const ORIGIN = 'https://sheetwright.test';
const SUCCESS_URL = `${ORIGIN}/payment-processing?session_id={CHECKOUT_SESSION_ID}`;
const CANCEL_URL = `${ORIGIN}/pricing`;
/** The local provider's clock: payments happen at this moment. */
const PAID_AT = Date.parse('2026-03-01T12:00:00Z');

/** Billing details as the form posts them. */
const US_BUYER = {
  name: 'Ada Lovelace',
  line1: '1 Main St',
  postal_code: '10001',
  city: 'New York',
  state: 'NY',
  country: 'US',
};
const DE_CONSUMER = {
  name: 'Grete Müller',
  line1: 'Hauptstraße 1',
  postal_code: '10115',
  city: 'Berlin',
  country: 'DE',
};
/** A German VAT ID valid in format and check digit. */
const DE_VAT_ID = 'DE136695976';
const DE_BUSINESS = { ...DE_CONSUMER, company: 'Baubüro Müller GmbH', tax_id: 'de 136 695 976' };

afterEach(() => {
  vi.restoreAllMocks();
});

/** The app with /dev/checkout mounted as the lead will, deliveries captured instead of sent. */
function setup(options: { payments?: PaymentProvider; webhookStatus?: number } = {}) {
  const secret = testWebhookSecret();
  const store = createMemoryCheckoutStore();
  const local = createLocalPayments({ store, webhookSecret: secret, now: () => PAID_AT });
  const deliveries: Request[] = [];
  // The app mounts /dev/checkout itself; the provider and the delivery are replaced.
  const app = createApp({
    adapters: { payments: options.payments ?? local },
    deliverWebhook: async (request) => {
      deliveries.push(request);
      return new Response(null, { status: options.webhookStatus ?? 200 });
    },
  });
  const request = (
    path: string,
    init: RequestInit = {},
    environment: 'development' | 'production' = 'development',
  ) => app.request(new URL(path, ORIGIN).toString(), init, { ...env, ENVIRONMENT: environment });
  const post = (
    action: 'pay' | 'pay-held' | 'cancel' | 'details',
    sessionId: string,
    origin = ORIGIN,
    fields: Record<string, string> = { card_number: '4242 4242 4242 4242' },
  ) =>
    request(`${DEV_CHECKOUT_PATH}/${action}`, {
      method: 'POST',
      headers: { Origin: origin },
      body: new URLSearchParams({ session_id: sessionId, ...fields }),
    });
  /** An open session; with the billing details of a US buyer entered unless `details` is false. */
  const open = async (customerEmail = 'ada@example.com', details = true) => {
    const link = await local.createCheckoutSession({
      pendingSignupId: 'ps_1',
      customerEmail,
      successUrl: SUCCESS_URL,
      cancelUrl: CANCEL_URL,
      plan: 'standard',
    });
    if (details) await post('details', link.id, ORIGIN, US_BUYER);
    return link;
  };
  return { secret, store, local, deliveries, request, post, open };
}

describe('GET /dev/checkout', () => {
  it('shows the product, plan, yearly amount and the e-mail, escaped', async () => {
    const { request, open } = setup();
    const { url } = await open(`o'hara+<b>bold</b>@example.com`);

    const response = await request(url);
    const page = await response.text();

    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(page).toContain('<html lang="en">');
    expect(page).toMatch(/<title>Pay Sheetwright Standard · Sheetwright development<\/title>/);
    expect(page).toContain('<dd>Sheetwright Standard, one year</dd>');
    expect(page).toContain('<dd>$129.00 / year</dd>');
    expect(page).toContain('o&#39;hara+&lt;b&gt;bold&lt;/b&gt;@example.com');
    expect(page).not.toContain('<b>bold</b>');
  });

  it('asks for the billing details first, with labels, and offers Pay only after them; no script', async () => {
    const { request, open } = setup();
    const { url } = await open('ada@example.com', false);

    const response = await request(url);
    // Whitespace-insensitive: the markup's line breaks are formatting, not content.
    const page = (await response.text()).replace(/\s+/g, ' ');

    for (const [id, label] of [
      ['company', 'Company'],
      ['name', 'Name'],
      ['country', 'Country'],
      ['line1', 'Address'],
      ['postal_code', 'Postal code'],
      ['city', 'City'],
      ['tax_id', 'Tax ID'],
    ]) {
      expect(page).toMatch(new RegExp(`<label for="${id}" ?>${label}`));
    }
    expect(page).toContain('<option value="DE" > Germany </option>');
    expect(page).toMatch(/<button type="submit" class="primary"> Continue <\/button>/);
    expect(page).not.toMatch(/>Pay</);
    expect(page).toMatch(/formaction="\/dev\/checkout\/cancel" formnovalidate>Cancel<\/button>/);
    expect(page).not.toContain('<script');
    const csp = response.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
  });

  it('then shows the total and a labelled card number that can be typed', async () => {
    const { request, open } = setup();
    const { url } = await open();

    const page = (await (await request(url)).text()).replace(/\s+/g, ' ');

    expect(page).toContain('<label for="card-number">Card number</label>');
    expect(page).toMatch(
      /<input type="text" id="card-number" name="card_number" value="4242 4242 4242 4242"/,
    );
    expect(page).not.toMatch(/id="card-number"[^>]*readonly/);
    expect(page).toContain('<dd class="total" id="checkout-total">$129.00</dd>');
    expect(page).toMatch(/<button type="submit" class="primary">Pay<\/button>/);
  });

  it('answers 404 for an unknown session', async () => {
    const { request } = setup();

    const response = await request(`${DEV_CHECKOUT_PATH}?session_id=cs_local_unknown`);

    expect(response.status).toBe(404);
  });

  it('is the ordinary site 404 when ENVIRONMENT is production', async () => {
    const { request, open } = setup();
    const { url } = await open();

    const response = await request(url, {}, 'production');

    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('4242');
  });

  it('does not exist when the provider is Stripe, even in development', async () => {
    const stripe = createStripePayments({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      priceId: 'price_1',
    });
    const { request } = setup({ payments: stripe });

    const response = await request(`${DEV_CHECKOUT_PATH}?session_id=cs_local_any`);

    expect(response.status).toBe(404);
  });
});

describe('POST /dev/checkout/pay', () => {
  it('delivers checkout.session.completed and invoice.paid, signed as Stripe signs, then returns to the success URL', async () => {
    const { secret, local, deliveries, post, open } = setup();
    const { id } = await open();

    const response = await post('pay', id);

    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(`${ORIGIN}/payment-processing?session_id=${id}`);
    expect(deliveries).toHaveLength(2);
    const events: BillingEvent[] = [];
    for (const delivery of deliveries) {
      expect(delivery.method).toBe('POST');
      expect(delivery.url).toBe(`${ORIGIN}/api/stripe/webhook`);
      expect(delivery.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
      const body = await delivery.text();
      const signature = delivery.headers.get('Stripe-Signature');
      // Stripe's own verifier accepts it, and so does our provider's.
      const checked = await Stripe.webhooks.constructEventAsync(
        body,
        signature ?? '',
        secret,
        undefined,
        Stripe.createSubtleCryptoProvider(),
      );
      expect(checked.id).toMatch(/^evt_local_/);
      events.push(await readWebhookEvent(local, body, signature));
    }
    const suffix = id.slice('cs_local_'.length);
    expect(events[0]).toMatchObject({
      type: 'checkout.session.completed',
      created: PAID_AT,
      sessionId: id,
      clientReferenceId: 'ps_1',
      reference: { pendingSignupId: 'ps_1' },
      customerId: `cus_local_${suffix}`,
      subscriptionId: `sub_local_${suffix}`,
      customerEmail: 'ada@example.com',
      paymentStatus: 'paid',
      amountTotal: 12900,
      currency: 'usd',
    });
    expect(events[1]).toMatchObject({
      type: 'invoice.paid',
      invoiceId: `in_local_${suffix}`,
      subscriptionId: `sub_local_${suffix}`,
      reference: { pendingSignupId: 'ps_1' },
      billingReason: 'subscription_create',
      amountPaid: 12900,
      // One calendar year of service, as a yearly Stripe price.
      periodEnd: Date.parse('2027-03-01T12:00:00Z'),
    });
    expect(await local.retrieveCheckoutSession(id)).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
    });
  });

  it('delivers nothing on a second click and shows the session as already paid', async () => {
    const { deliveries, post, request, open } = setup();
    const { id } = await open();
    await post('pay', id);

    const again = await post('pay', id);
    const page = await request(again.headers.get('Location') ?? '');

    expect(again.status).toBe(303);
    expect(deliveries).toHaveLength(2);
    expect(await page.text()).toContain('This checkout is already paid');
  });

  it('still returns to the success URL when the webhook fails, leaving fulfillment to the polling page', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { post, open } = setup({ webhookStatus: 500 });
    const { id } = await open();

    const response = await post('pay', id);

    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(`${ORIGIN}/payment-processing?session_id=${id}`);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('"Pay, hold back the return and the webhook" pays, delivers nothing and links back to the payment page', async () => {
    const { deliveries, local, post, open } = setup();
    const { id } = await open();

    const response = await post('pay-held', id);
    const page = await response.text();

    expect(response.status).toBe(200);
    expect(page).toContain('Paid, return held back');
    expect(page).toContain(`href="${ORIGIN}/payment-processing?session_id=${id}"`);
    expect(deliveries).toHaveLength(0);
    expect((await local.retrieveCheckoutSession(id)).status).toBe('complete');
    // Paid once: the ordinary Pay afterwards pays nothing more.
    expect((await post('pay', id)).status).toBe(303);
    expect(deliveries).toHaveLength(0);
  });

  it('refuses a form posted from another site', async () => {
    const { deliveries, local, post, open } = setup();
    const { id } = await open();

    const response = await post('pay', id, 'https://evil.example');

    expect(response.status).toBe(403);
    expect(deliveries).toHaveLength(0);
    expect((await local.retrieveCheckoutSession(id)).status).toBe('open');
  });
});

describe('POST /dev/checkout/cancel', () => {
  it('returns to the cancel URL and leaves the session unpaid', async () => {
    const { deliveries, local, post, open } = setup();
    const { id } = await open();

    const response = await post('cancel', id);

    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(CANCEL_URL);
    expect(deliveries).toHaveLength(0);
    expect((await local.retrieveCheckoutSession(id)).paymentStatus).toBe('unpaid');
  });
});

describe('GET /dev/checkout/invoice and /dev/checkout/portal', () => {
  it('shows a paid invoice and a portal that lists it and links back to the billing page', async () => {
    const { local, post, request, open } = setup();
    const { id } = await open();
    await post('pay', id);
    const { customerId } = await local.retrieveCheckoutSession(id);
    const [invoice] = await local.listInvoices(customerId ?? '');
    const portal = await local.createPortalSession({
      customerId: customerId ?? '',
      returnUrl: `${ORIGIN}/dashboard/billing`,
    });

    const invoicePage = await request(invoice?.hostedInvoiceUrl ?? '');
    const portalPage = await request(portal.url);

    expect(invoicePage.status).toBe(200);
    expect(await invoicePage.text()).toContain('<dd>$129.00</dd>');
    expect(portalPage.status).toBe(200);
    const portalHtml = await portalPage.text();
    expect(portalHtml).toContain('Visa ending in 4242');
    expect(portalHtml).toContain(`href="${invoice?.hostedInvoiceUrl ?? ''}"`);
    expect(portalHtml).toContain(`href="${ORIGIN}/dashboard/billing"`);
  });

  it('refuses a portal return URL on another site', async () => {
    const { request } = setup();

    const response = await request(
      `${DEV_CHECKOUT_PATH}/portal?customer=cus_local_1&return_url=${encodeURIComponent('https://evil.example/')}`,
    );

    expect(response.status).toBe(400);
  });
});

describe('billing details and tax on /dev/checkout', () => {
  it('adds German VAT for a consumer in Germany: $129.00 + $24.51 = $153.51, shown before Pay', async () => {
    const { local, post, request, open } = setup();
    const { id, url } = await open('grete@example.com', false);

    const saved = await post('details', id, ORIGIN, DE_CONSUMER);
    const page = (await (await request(url)).text()).replace(/\s+/g, ' ');

    expect(saved.status).toBe(303);
    expect(page).toContain('<dt>VAT 19% (Germany)</dt> <dd>$24.51</dd>');
    expect(page).toContain('<dd class="total" id="checkout-total">$153.51</dd>');
    expect(await local.retrieveCheckoutSession(id)).toMatchObject({ amountTotal: 15351 });
  });

  it('charges a German business with a valid VAT ID no VAT (reverse charge), and its events say so', async () => {
    const { local, post, request, open, deliveries } = setup();
    const { id, url } = await open('buero@example.com', false);

    await post('details', id, ORIGIN, DE_BUSINESS);
    const page = (await (await request(url)).text()).replace(/\s+/g, ' ');
    await post('pay', id);
    const events = await Promise.all(
      deliveries.map(async (d) =>
        readWebhookEvent(local, await d.text(), d.headers.get('Stripe-Signature')),
      ),
    );

    expect(page).toContain(`reverse charge (VAT ID ${DE_VAT_ID})`);
    expect(page).toContain('<dd class="total" id="checkout-total">$129.00</dd>');
    expect(events[0]).toMatchObject({
      amountTotal: 12900,
      billingDetails: {
        company: 'Baubüro Müller GmbH',
        name: 'Grete Müller',
        country: 'DE',
        taxId: DE_VAT_ID,
      },
    });
    expect(events[1]).toMatchObject({
      amountPaid: 12900,
      taxAmount: 0,
      reverseCharge: true,
      buyer: { name: 'Baubüro Müller GmbH', taxId: DE_VAT_ID },
    });
  });

  it('refuses a malformed VAT ID in plain words before paying, keeping what was typed', async () => {
    const { local, post, open } = setup();
    const { id } = await open('buero@example.com', false);

    const response = await post('details', id, ORIGIN, { ...DE_BUSINESS, tax_id: 'DE12345' });
    const page = (await response.text()).replace(/\s+/g, ' ');

    expect(response.status).toBe(400);
    expect(page).toContain('role="alert">This VAT ID is not valid for Germany.');
    expect(page).toContain('value="DE12345"');
    expect(page).toMatch(/id="tax_id"[^>]*aria-invalid="true"/);
    expect((await local.getCheckout(id))?.billingDetails).toBeNull();
  });

  it('adds nothing outside the EU', async () => {
    const { local, open } = setup();
    const { id } = await open();

    expect(await local.getCheckout(id)).toMatchObject({ amountTax: 0, amountTotal: 12900 });
  });

  it('refuses Pay before the details, changing nothing', async () => {
    const { deliveries, local, post, open } = setup();
    const { id } = await open('ada@example.com', false);

    const response = await post('pay', id);

    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Please enter your billing details first.');
    expect(deliveries).toHaveLength(0);
    expect((await local.retrieveCheckoutSession(id)).status).toBe('open');
  });

  for (const [card, message] of [
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000000000009995', 'Your card has insufficient funds.'],
    ['1234 5678 9012 3456', 'Your card number is incorrect.'],
  ] as [string, string][]) {
    it(`declines ${card} with "${message}" on the checkout page, creating nothing`, async () => {
      const { deliveries, local, post, open } = setup();
      const { id } = await open();

      const response = await post('pay', id, ORIGIN, { card_number: card });
      const page = (await response.text()).replace(/\s+/g, ' ');

      expect(response.status).toBe(402);
      expect(page).toContain(`role="alert">${message}</p>`);
      expect(page).toContain(`value="${card}"`);
      expect(deliveries).toHaveLength(0);
      expect((await local.retrieveCheckoutSession(id)).status).toBe('open');
      // The right card afterwards pays.
      expect((await post('pay', id)).status).toBe(303);
      expect(deliveries).toHaveLength(2);
    });
  }
});
