import { env } from 'cloudflare:workers';
import Stripe from 'stripe';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEV_CHECKOUT_PATH, type PaymentProvider } from '../../functions/adapters/payments';
import { createLocalPayments } from '../../functions/adapters/payments/local';
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
  const post = (action: 'pay' | 'pay-held' | 'cancel', sessionId: string, origin = ORIGIN) =>
    request(`${DEV_CHECKOUT_PATH}/${action}`, {
      method: 'POST',
      headers: { Origin: origin },
      body: new URLSearchParams({ session_id: sessionId }),
    });
  const open = (customerEmail = 'ada@example.com') =>
    local.createCheckoutSession({
      pendingSignupId: 'ps_1',
      customerEmail,
      successUrl: SUCCESS_URL,
      cancelUrl: CANCEL_URL,
      plan: 'standard',
    });
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
    expect(page).toContain('<dd>Sheetwright</dd>');
    expect(page).toContain('<dd>Standard</dd>');
    expect(page).toContain('<dd>$129.00 / year</dd>');
    expect(page).toContain('o&#39;hara+&lt;b&gt;bold&lt;/b&gt;@example.com');
    expect(page).not.toContain('<b>bold</b>');
  });

  it('offers a labelled, read-only test card and the Pay and Cancel buttons, with no script', async () => {
    const { request, open } = setup();
    const { url } = await open();

    const response = await request(url);
    // Whitespace-insensitive: the markup's line breaks are formatting, not content.
    const page = (await response.text()).replace(/\s+/g, ' ');

    expect(page).toContain(
      '<label for="card-number">Card number (test card, cannot be changed)</label>',
    );
    expect(page).toMatch(
      /<input type="text" id="card-number" value="4242 4242 4242 4242" readonly autocomplete="off" \/>/,
    );
    expect(page).toMatch(/<button type="submit" class="primary">Pay<\/button>/);
    expect(page).toMatch(
      /<button type="submit" formaction="\/dev\/checkout\/cancel">Cancel<\/button>/,
    );
    expect(page).not.toContain('<script');
    const csp = response.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
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
