/**
 * The upgrade and billing calls against the fake Stripe server: every Stripe
 * request the new code makes, checked for method, path and form body, and Stripe's failures
 * turned into honest answers.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { BillingOverview } from '../../src/contract/billing';
import type { PaymentCompletionResponse } from '../../src/contract/payments';
import { accountApp, signUpTrial, type AccountApp, type SignedInAccount } from './account-helpers';
import { billingRows, poll, postEmpty, upgradeMails } from './billing-helpers';
import {
  createFakeStripe,
  FAKE_PRICE_ID,
  stripeAgainst,
  type FakeStripe,
  type RecordedRequest,
} from './fake-stripe/server';
import { ORIGIN } from './helpers';

/** The paid period the fake's subscription reports (seconds), after the app's clock. */
const PERIOD_END = 1_805_000_000;

function stripeWorld() {
  const fake = createFakeStripe();
  return { fake, app: accountApp({ payments: stripeAgainst(fake) }) };
}

/** The requests since `from`, as method, path and form. */
function sent(fake: FakeStripe, from = 0) {
  return fake.requests.slice(from).map((request: RecordedRequest) => ({
    method: request.method,
    path: request.path,
    form: Object.fromEntries(request.form),
  }));
}

/** A Trial account upgraded on the fake: checkout, Stripe completes it, the poll fulfills. */
async function upgradeOnStripe(fake: FakeStripe, app: AccountApp, account: SignedInAccount) {
  const started = await postEmpty(app, '/api/billing/checkout', account.browser);
  expect(started.status, await started.clone().text()).toBe(200);
  const { sessionId } = await started.json<{ sessionId: string }>();
  const ids = {
    customer: `cus_${crypto.randomUUID().replaceAll('-', '')}`,
    subscription: `sub_${crypto.randomUUID().replaceAll('-', '')}`,
  };
  fake.completeSession(sessionId, ids);
  fake.addSubscription(ids.subscription, { customer: ids.customer, currentPeriodEnd: PERIOD_END });
  const completion = await poll(app, sessionId, account.browser);
  expect(completion.status).toBe(200);
  return { sessionId, ids, completion: await completion.json<PaymentCompletionResponse>() };
}

describe('upgrade on Stripe (fake server)', () => {
  it('creates a subscription Checkout Session for the user, then fulfills by retrieving it', async () => {
    const { fake, app } = stripeWorld();
    const account = await signUpTrial(app);
    const userId = account.auth.user.userId;

    const { sessionId, ids, completion } = await upgradeOnStripe(fake, app, account);

    expect(sent(fake)).toEqual([
      {
        method: 'POST',
        path: '/v1/checkout/sessions',
        form: {
          mode: 'subscription',
          'line_items[0][price]': FAKE_PRICE_ID,
          'line_items[0][quantity]': '1',
          // The buyer may change the seats on Stripe's page, within what one purchase holds.
          'line_items[0][adjustable_quantity][enabled]': 'true',
          'line_items[0][adjustable_quantity][minimum]': '1',
          'line_items[0][adjustable_quantity][maximum]': '250',
          client_reference_id: userId,
          customer_email: account.form.email,
          success_url: `${ORIGIN}/payment-processing?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${ORIGIN}/dashboard/billing`,
          'metadata[userId]': userId,
          'metadata[plan]': 'standard',
          'subscription_data[metadata][userId]': userId,
          'subscription_data[metadata][plan]': 'standard',
          // What a firm's invoice needs: the address and a tax ID, asked on Stripe's page.
          billing_address_collection: 'required',
          'tax_id_collection[enabled]': 'true',
        },
      },
      { method: 'GET', path: `/v1/checkout/sessions/${sessionId}`, form: {} },
      // The paid invoices of the new subscription, in case its invoice.paid event was lost.
      expect.objectContaining({ method: 'GET', path: '/v1/invoices' }),
    ]);
    expect(completion).toMatchObject({
      accountCreated: true,
      upgraded: true,
      user: { plan: 'Standard', licenseKey: account.auth.user.licenseKey },
    });
    const rows = await billingRows(userId);
    expect(rows.plan).toBe('Standard');
    expect(rows.subscriptions).toMatchObject([
      { stripe_customer_id: ids.customer, stripe_subscription_id: ids.subscription },
    ]);
    expect(upgradeMails(app, account.form.email)).toHaveLength(1);
  });

  it('sends the customer of an earlier subscription instead of the e-mail', async () => {
    const { fake, app } = stripeWorld();
    const account = await signUpTrial(app);
    await env.DB.prepare(
      `INSERT INTO subscriptions (id, user_id, stripe_customer_id, stripe_subscription_id, status,
         current_period_end, cancel_at_period_end, updated_from_event_created, created_at, updated_at)
       VALUES (?, ?, 'cus_returning', ?, 'canceled', 0, 1, 0, 0, 0)`,
    )
      .bind(crypto.randomUUID(), account.auth.user.userId, `sub_${crypto.randomUUID()}`)
      .run();

    const response = await postEmpty(app, '/api/billing/checkout', account.browser);

    expect(response.status).toBe(200);
    const [created] = sent(fake);
    expect(created?.form['customer']).toBe('cus_returning');
    expect(created?.form).not.toHaveProperty('customer_email');
  });

  it('answers 503 when Stripe fails to create the session', async () => {
    const { fake, app } = stripeWorld();
    const account = await signUpTrial(app);
    fake.failNext({
      status: 500,
      body: { error: { type: 'api_error', message: 'Something went wrong on our end.' } },
      headers: { 'Stripe-Should-Retry': 'false' },
    });

    const response = await postEmpty(app, '/api/billing/checkout', account.browser);

    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: 'PAYMENTS_UNAVAILABLE' });
  });

  it('answers accountCreated false while Stripe reports the session open', async () => {
    const { fake, app } = stripeWorld();
    const account = await signUpTrial(app);
    const started = await postEmpty(app, '/api/billing/checkout', account.browser);
    const { sessionId } = await started.json<{ sessionId: string }>();

    const response = await poll(app, sessionId, account.browser);

    expect(await response.json()).toEqual({ accountCreated: false });
    expect(sent(fake).at(-1)).toEqual({
      method: 'GET',
      path: `/v1/checkout/sessions/${sessionId}`,
      form: {},
    });
  });
});

describe('billing on Stripe (fake server)', () => {
  it('opens the customer portal for the account’s customer, returning to the billing page', async () => {
    const { fake, app } = stripeWorld();
    const account = await signUpTrial(app);
    const { ids } = await upgradeOnStripe(fake, app, account);
    const from = fake.requests.length;

    const response = await postEmpty(app, '/api/billing/portal', account.browser);

    expect(response.status).toBe(200);
    expect(sent(fake, from)).toEqual([
      {
        method: 'POST',
        path: '/v1/billing_portal/sessions',
        form: { customer: ids.customer, return_url: `${ORIGIN}/dashboard/billing` },
      },
    ]);
    const { url } = await response.json<{ url: string }>();
    expect(url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/);
  });

  it('cancels at period end on Stripe once; the license ends when Stripe says the period ends', async () => {
    const { fake, app } = stripeWorld();
    const account = await signUpTrial(app);
    const { ids } = await upgradeOnStripe(fake, app, account);
    const from = fake.requests.length;

    const first = await postEmpty(app, '/api/billing/cancel', account.browser);
    const second = await postEmpty(app, '/api/billing/cancel', account.browser);

    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(sent(fake, from)).toEqual([
      {
        method: 'POST',
        path: `/v1/subscriptions/${ids.subscription}`,
        form: { cancel_at_period_end: 'true' },
      },
    ]);
    const overview = await first.json<BillingOverview>();
    expect(overview.licenseExpiresAt).toBe(new Date(PERIOD_END * 1000).toISOString());
    expect(overview.subscription).toMatchObject({
      status: 'cancelling',
      currentPeriodEnd: new Date(PERIOD_END * 1000).toISOString(),
      cancelAtPeriodEnd: true,
      paymentFailedAt: null,
      // One seat at the list price, no tax recorded: $129 a year.
      renewal: { quantity: 1, total: 12900 },
    });
  });

  it('answers 404 NO_SUBSCRIPTION when Stripe does not know the subscription, and 503 when it is down', async () => {
    const { fake, app } = stripeWorld();
    const account = await signUpTrial(app);
    const { sessionId } = await postEmpty(app, '/api/billing/checkout', account.browser).then((r) =>
      r.json<{ sessionId: string }>(),
    );
    // Paid, but the fake has no such subscription: Stripe answers 404 to the update.
    fake.completeSession(sessionId, { customer: 'cus_known', subscription: 'sub_unknown' });
    await poll(app, sessionId, account.browser);
    fake.failNext({
      status: 500,
      body: { error: { type: 'api_error', message: 'Something went wrong on our end.' } },
      headers: { 'Stripe-Should-Retry': 'false' },
    });

    const down = await postEmpty(app, '/api/billing/cancel', account.browser);
    const missing = await postEmpty(app, '/api/billing/cancel', account.browser);

    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ code: 'PAYMENTS_UNAVAILABLE' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'NO_SUBSCRIPTION' });
    expect((await billingRows(account.auth.user.userId)).subscriptions[0]?.status).toBe('active');
  });
});
