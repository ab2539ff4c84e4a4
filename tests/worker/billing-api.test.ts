/**
 * Billing & Invoices: GET /api/billing, the customer portal and
 * cancelling at period end, on the local payment provider.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { PaymentProviderError, type PaymentProvider } from '../../functions/adapters/payments';
import type { BillingOverview } from '../../src/contract/billing';
import { plans } from '../../src/site.config';
import type { AuthResponse } from '../../src/contract/user';
import { credentials, queryAll, signUpTrial, START, type AccountApp } from './account-helpers';
import {
  billingRows,
  billingWorld,
  deliver,
  postEmpty,
  upgradedAccount,
  YEAR_MS,
} from './billing-helpers';
import { signedDelivery, stripeEvent, subscriptionObject } from './fake-stripe/events';
import { ORIGIN } from './helpers';

const DAY_MS = 24 * 60 * 60 * 1000;

async function overview(app: AccountApp, headers: Record<string, string>) {
  const response = await app.request('/api/billing', { headers });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json<BillingOverview>();
}

/** Stores an invoice row as the webhook would. */
async function insertInvoice(
  userId: string,
  row: { id: string; created: number; hosted?: string | null; pdf?: string | null },
) {
  await env.DB.prepare(
    `INSERT INTO invoices (id, user_id, number, amount_paid, currency, status, hosted_invoice_url, invoice_pdf, created)
     VALUES (?, ?, NULL, 12900, 'usd', 'paid', ?, ?, ?)`,
  )
    .bind(row.id, userId, row.hosted ?? null, row.pdf ?? null, row.created)
    .run();
}

describe('GET /api/billing', () => {
  it('shows a Trial account its license, no subscription, no invoices and the upgrade action', async () => {
    const world = billingWorld();
    const account = await signUpTrial(world.app);

    expect(await overview(world.app, account.bearer)).toEqual({
      plan: 'Trial',
      licenseStatus: 'active',
      licenseExpiresAt: new Date(START + (plans.trial.durationDays ?? 0) * DAY_MS).toISOString(),
      devices: { active: 0, limit: plans.trial.deviceLimit },
      subscription: null,
      card: null,
      details: null,
      taxIdNote: null,
      invoices: [],
      actions: {
        upgrade: true,
        manageCard: false,
        cancel: false,
        resume: false,
        editDetails: false,
      },
    });
  });

  it('reads a lapsed active license as expired, like the dashboard', async () => {
    const world = billingWorld();
    const account = await signUpTrial(world.app);
    world.app.clock.advance(16 * 24 * 60 * 60);
    // Sessions end before the trial does: sign in again to look.
    const login = await world.app.post('/api/login', {
      email: account.form.email,
      password: account.form.password,
    });
    const { token } = await login.json<AuthResponse>();

    expect((await overview(world.app, credentials(token).bearer)).licenseStatus).toBe('expired');
  });

  it('shows a Standard account its subscription and the invoice with its link', async () => {
    const ONE_SEAT = {
      quantity: 1,
      unitAmount: 12900,
      subtotal: 12900,
      tax: 0,
      taxRateBp: 0,
      reverseCharge: false,
      total: 12900,
      currency: 'usd',
    };
    const world = billingWorld();
    const { account, checkout, paid } = await upgradedAccount(world);
    const suffix = checkout.sessionId.slice('cs_local_'.length);
    const paidAt = paid.session.paidAt ?? 0;

    // A cookie-authenticated GET needs no Origin (it changes nothing).
    const answer = await overview(world.app, { Cookie: account.cookie });

    expect(answer).toEqual({
      plan: 'Standard',
      licenseStatus: 'active',
      licenseExpiresAt: new Date(paidAt + YEAR_MS).toISOString(),
      devices: { active: 0, limit: plans.standard.deviceLimit },
      subscription: {
        status: 'active',
        currentPeriodEnd: new Date(paidAt + YEAR_MS).toISOString(),
        cancelAtPeriodEnd: false,
        paymentFailedAt: null,
        paidBy: 'card',
        // One seat at the list price, no tax (no billing details): this year and the renewal.
        charge: ONE_SEAT,
        renewal: ONE_SEAT,
      },
      // The local test card of the checkout, read when its webhook arrived.
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
      // This checkout was paid without entering details: nothing saved, but a customer to add to.
      details: null,
      taxIdNote: null,
      invoices: [
        {
          id: `in_local_${suffix}`,
          number: expect.stringMatching(/^SW-\d{4}-\d{6}$/) as string,
          created: new Date(paidAt).toISOString(),
          amountPaid: 12900,
          currency: 'usd',
          status: 'paid',
          url: `${ORIGIN}/dev/checkout/invoice?id=in_local_${suffix}`,
          pdfUrl: `/api/billing/invoices/in_local_${suffix}/pdf`,
          taxAmount: 0,
          reverseCharge: false,
          quantity: 1,
          unitAmount: 12900,
          seatsAdded: false,
          // Paid by card: no due date.
          dueAt: null,
          refund: null,
        },
      ],
      actions: { upgrade: false, manageCard: true, cancel: true, resume: false, editDetails: true },
    });
  });

  it('lists invoices newest first, linking the hosted page, else the PDF, else nothing', async () => {
    const world = billingWorld();
    const account = await signUpTrial(world.app);
    const userId = account.auth.user.userId;
    const id = () => `in_${crypto.randomUUID().replaceAll('-', '')}`;
    const [oldest, middle, newest] = [id(), id(), id()];
    await insertInvoice(userId, { id: middle, created: START - 2000, pdf: 'https://pdf.test/2' });
    await insertInvoice(userId, { id: oldest, created: START - 3000 });
    await insertInvoice(userId, {
      id: newest,
      created: START - 1000,
      hosted: 'https://invoice.test/3',
      pdf: 'https://pdf.test/3',
    });

    const { invoices } = await overview(world.app, account.bearer);

    expect(invoices.map((invoice) => [invoice.id, invoice.url])).toEqual([
      [newest, 'https://invoice.test/3'],
      [middle, 'https://pdf.test/2'],
      [oldest, null],
    ]);
  });

  it('answers 401 without a session and 405 for other methods', async () => {
    const world = billingWorld();
    const anonymous = await world.app.request('/api/billing');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const account = await signUpTrial(world.app);
    expect((await postEmpty(world.app, '/api/billing', account.browser)).status).toBe(405);
  });
});

describe('POST /api/billing/portal', () => {
  it("answers the portal for the account's customer, returning to the billing page", async () => {
    const world = billingWorld();
    const { account, checkout } = await upgradedAccount(world);
    const suffix = checkout.sessionId.slice('cs_local_'.length);

    const response = await postEmpty(world.app, '/api/billing/portal', account.browser);

    expect(response.status).toBe(200);
    const { url } = await response.json<{ url: string }>();
    const portal = new URL(url);
    expect(portal.origin + portal.pathname).toBe(`${ORIGIN}/dev/checkout/portal`);
    expect(portal.searchParams.get('customer')).toBe(`cus_local_${suffix}`);
    expect(portal.searchParams.get('return_url')).toBe(`${ORIGIN}/dashboard/billing`);
  });

  it('answers 404 NO_SUBSCRIPTION for an account without a customer', async () => {
    const world = billingWorld();
    const account = await signUpTrial(world.app);

    const response = await postEmpty(world.app, '/api/billing/portal', account.browser);

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      message: 'There is no card subscription on this account.',
      code: 'NO_SUBSCRIPTION',
    });
  });

  it('answers 401 without a session and 403 for a cookie without our Origin', async () => {
    const world = billingWorld();
    const { account } = await upgradedAccount(world);

    expect((await postEmpty(world.app, '/api/billing/portal', {})).status).toBe(401);
    const crossSite = await postEmpty(world.app, '/api/billing/portal', {
      Cookie: account.cookie,
    });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toMatchObject({ code: 'CSRF_REJECTED' });
  });
});

/** The local provider with its cancellation counted, or replaced by a failure. */
function countingCancels(failure?: PaymentProviderError) {
  const calls: string[] = [];
  const world = billingWorld({
    wrap: (local): PaymentProvider => ({
      ...local,
      async cancelAtPeriodEnd(subscriptionId) {
        calls.push(subscriptionId);
        if (failure) throw failure;
        return local.cancelAtPeriodEnd(subscriptionId);
      },
    }),
  });
  return { world, calls };
}

describe('POST /api/billing/cancel', () => {
  it('cancels at period end: cancelling, the license ends with the paid period, nothing refunded', async () => {
    const { world, calls } = countingCancels();
    const { account, checkout, paid } = await upgradedAccount(world);
    const periodEnd = new Date(paid.session.paidAt ?? 0);
    periodEnd.setUTCFullYear(periodEnd.getUTCFullYear() + 1);
    world.app.clock.advance(10 * 24 * 60 * 60);

    const response = await postEmpty(world.app, '/api/billing/cancel', account.browser);

    expect(response.status).toBe(200);
    const answer = await response.json<BillingOverview>();
    expect(answer).toMatchObject({
      plan: 'Standard',
      licenseStatus: 'active',
      licenseExpiresAt: periodEnd.toISOString(),
      subscription: {
        status: 'cancelling',
        currentPeriodEnd: periodEnd.toISOString(),
        cancelAtPeriodEnd: true,
      },
      actions: { upgrade: false, manageCard: true, cancel: false, resume: true },
    });
    expect(calls).toEqual([`sub_local_${checkout.sessionId.slice('cs_local_'.length)}`]);
    const rows = await billingRows(account.auth.user.userId);
    expect(rows.subscriptions[0]).toMatchObject({
      status: 'cancelling',
      cancel_at_period_end: 1,
      current_period_end: periodEnd.getTime(),
    });
    expect(rows.licenses[0]).toMatchObject({ status: 'active', expires_at: periodEnd.getTime() });
  });

  it('keeps the reason the customer gave, and refuses an overlong one without cancelling', async () => {
    const { world } = countingCancels();
    const { account } = await upgradedAccount(world);
    const long = await world.app.post(
      '/api/billing/cancel',
      { reason: 'x'.repeat(501) },
      account.browser,
    );
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({
      message: 'Please keep the reason under 500 characters.',
    });
    expect((await billingRows(account.auth.user.userId)).subscriptions[0]).toMatchObject({
      status: 'active',
    });

    const said = await world.app.post(
      '/api/billing/cancel',
      { reason: '  The project that needed it is finished.  ' },
      account.browser,
    );
    expect(said.status).toBe(200);
    const [row] = await queryAll<{ cancel_reason: string | null; status: string }>(
      'SELECT cancel_reason, status FROM subscriptions WHERE user_id = ?',
      account.auth.user.userId,
    );
    expect(row).toEqual({
      cancel_reason: 'The project that needed it is finished.',
      status: 'cancelling',
    });
  });

  it('answers the same overview a second time without asking the provider again', async () => {
    const { world, calls } = countingCancels();
    const { account } = await upgradedAccount(world);

    const first = await postEmpty(world.app, '/api/billing/cancel', account.browser);
    const second = await postEmpty(world.app, '/api/billing/cancel', account.bearer);

    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(await first.json());
    expect(calls).toHaveLength(1);
  });

  it("is not undone by an older event delivered late, and agrees with Stripe's confirmation", async () => {
    const { world } = countingCancels();
    const { account, checkout, paid } = await upgradedAccount(world);
    const suffix = checkout.sessionId.slice('cs_local_'.length);
    const paidAtSeconds = Math.floor((paid.session.paidAt ?? 0) / 1000);
    const periodEndSeconds = paidAtSeconds + 365 * 24 * 60 * 60;
    world.app.clock.advance(10 * 24 * 60 * 60);
    const cancelled = await postEmpty(world.app, '/api/billing/cancel', account.browser);
    const after = await cancelled.json<BillingOverview>();
    const current = async () =>
      (await world.app.request('/api/billing', { headers: account.bearer })).json();
    const send = async (created: number, overrides: Record<string, unknown>) => {
      const object = subscriptionObject({
        id: `sub_local_${suffix}`,
        customer: `cus_local_${suffix}`,
        metadata: { userId: account.auth.user.userId, plan: 'standard' },
        items: { object: 'list', data: [{ id: 'si_1', current_period_end: periodEndSeconds }] },
        ...overrides,
      });
      const { body, signature } = await signedDelivery(
        stripeEvent('customer.subscription.updated', object, created),
        world.secret,
      );
      const response = await deliver(world.app, body, signature);
      expect(response.status).toBe(200);
    };

    // An "active" update from after the payment but before the cancellation, delivered late.
    await send(paidAtSeconds + 5 * 24 * 60 * 60, { cancel_at_period_end: false });
    expect(await current()).toEqual(after);
    // Stripe's own event for the cancellation says the same as our answer.
    await send(Math.floor(world.app.clock.now / 1000) + 1, {
      cancel_at_period_end: true,
      cancel_at: periodEndSeconds,
    });
    expect(await current()).toEqual(after);
  });

  it('answers 404 NO_SUBSCRIPTION without a subscription, or when it has already ended', async () => {
    const { world, calls } = countingCancels();
    const trial = await signUpTrial(world.app);
    const { account } = await upgradedAccount(world);
    await env.DB.prepare(`UPDATE subscriptions SET status = 'canceled' WHERE user_id = ?`)
      .bind(account.auth.user.userId)
      .run();

    const none = await postEmpty(world.app, '/api/billing/cancel', trial.browser);
    const ended = await postEmpty(world.app, '/api/billing/cancel', account.browser);

    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ code: 'NO_SUBSCRIPTION' });
    expect(ended.status).toBe(404);
    expect(calls).toEqual([]);
  });

  it('answers 503 when the provider is unavailable and changes nothing', async () => {
    const { world } = countingCancels(new PaymentProviderError('unavailable', 'down'));
    const { account } = await upgradedAccount(world);
    const before = await billingRows(account.auth.user.userId);

    const response = await postEmpty(world.app, '/api/billing/cancel', account.browser);

    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: 'PAYMENTS_UNAVAILABLE' });
    expect(await billingRows(account.auth.user.userId)).toEqual(before);
  });

  it('answers 404 when the provider does not know the subscription', async () => {
    const { world } = countingCancels(new PaymentProviderError('not_found', 'gone'));
    const { account } = await upgradedAccount(world);

    const response = await postEmpty(world.app, '/api/billing/cancel', account.browser);

    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'NO_SUBSCRIPTION' });
  });

  it('answers 401 without a session and 403 for a cookie without our Origin, cancelling nothing', async () => {
    const { world, calls } = countingCancels();
    const { account } = await upgradedAccount(world);

    expect((await postEmpty(world.app, '/api/billing/cancel', {})).status).toBe(401);
    const crossSite = await postEmpty(world.app, '/api/billing/cancel', {
      Cookie: account.cookie,
      Origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    expect(calls).toEqual([]);
    expect((await billingRows(account.auth.user.userId)).subscriptions[0]?.status).toBe('active');
  });
});
