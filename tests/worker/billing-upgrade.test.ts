/**
 * Trial → Standard upgrade: the upgrade checkout, fulfillment
 * exactly once from the webhook and from polling, and check-payment-completion for upgrades.
 */
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createD1CheckoutStore } from '../../functions/adapters/payments/d1-store';
import { createDb } from '../../functions/db/client';
import { newTrialLicense } from '../../functions/services/core/licenses/licenses';
import { newSession } from '../../functions/services/core/users/sessions';
import type { PaymentCompletionResponse } from '../../src/contract/payments';
import type { MeResponse } from '../../src/contract/user';
import { formatDate } from '../../src/lib/format';
import { limits, site } from '../../src/site.config';
import {
  accountApp,
  credentials,
  queryAll,
  sessionCookieOf,
  signUpTrial,
  uniqueEmail,
} from './account-helpers';
import {
  billingRows,
  billingWorld,
  deliver,
  openUpgrade,
  payLocal,
  poll,
  postEmpty,
  upgradeMails,
  upgradedAccount,
  YEAR_MS,
} from './billing-helpers';
import { callWorker, ORIGIN, payDevCheckout, testDeps } from './helpers';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('POST /api/billing/checkout', () => {
  it('opens a checkout for the signed-in Trial user, named by the user, returning to payment processing or billing', async () => {
    const world = billingWorld();
    const account = await signUpTrial(world.app);

    const checkout = await openUpgrade(world.app, account);

    expect(checkout.checkoutUrl).toBe(`${ORIGIN}/dev/checkout?session_id=${checkout.sessionId}`);
    const session = world.store.sessions.get(checkout.sessionId);
    expect(session).toMatchObject({
      reference: { userId: account.auth.user.userId },
      clientReferenceId: account.auth.user.userId,
      customerEmail: account.form.email,
      successUrl: `${ORIGIN}/payment-processing?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${ORIGIN}/dashboard/billing`,
      status: 'open',
    });
    // Nothing changes before payment.
    expect((await billingRows(account.auth.user.userId)).plan).toBe('Trial');
  });

  it('works with a Bearer token too', async () => {
    const world = billingWorld();
    const account = await signUpTrial(world.app);

    const response = await postEmpty(world.app, '/api/billing/checkout', account.bearer);

    expect(response.status).toBe(200);
  });

  it('reuses the customer of an earlier subscription', async () => {
    const world = billingWorld();
    const account = await signUpTrial(world.app);
    await env.DB.prepare(
      `INSERT INTO subscriptions (id, user_id, stripe_customer_id, stripe_subscription_id, status,
         current_period_end, cancel_at_period_end, updated_from_event_created, created_at, updated_at)
       VALUES (?, ?, 'cus_local_earlier', ?, 'canceled', 0, 1, 0, 0, 0)`,
    )
      .bind(crypto.randomUUID(), account.auth.user.userId, `sub_local_${crypto.randomUUID()}`)
      .run();

    const checkout = await openUpgrade(world.app, account);

    expect(world.store.sessions.get(checkout.sessionId)?.customerId).toBe('cus_local_earlier');
  });

  it('lets a Standard account buy again only after its subscription ended and its license lapsed', async () => {
    const world = billingWorld();
    const { account } = await upgradedAccount(world);
    const userId = account.auth.user.userId;
    expect((await postEmpty(world.app, '/api/billing/cancel', account.browser)).status).toBe(200);

    // Set to end but still running: a second subscription would charge twice for the same year.
    const whileCancelling = await postEmpty(world.app, '/api/billing/checkout', account.browser);
    expect(whileCancelling.status).toBe(409);
    expect(await whileCancelling.json()).toMatchObject({ code: 'ALREADY_STANDARD' });

    // Stripe ends the subscription at the period end; the license lapses with it.
    world.app.clock.advance(366 * 24 * 60 * 60);
    await env.DB.prepare(`UPDATE subscriptions SET status = 'canceled' WHERE user_id = ?`)
      .bind(userId)
      .run();
    // A year later the old browser session has ended: sign in again.
    const login = await world.app.post('/api/login', {
      email: account.form.email,
      password: account.form.password,
    });
    expect(login.status, await login.clone().text()).toBe(200);
    const signedIn = credentials((await login.json<{ token: string }>()).token);
    const overview = await world.app.request('/api/billing', { headers: signedIn.browser });
    expect(await overview.json()).toMatchObject({
      plan: 'Standard',
      licenseStatus: 'expired',
      actions: { upgrade: true, cancel: false },
    });

    const again = await openUpgrade(world.app, { ...account, ...signedIn });
    const paid = await payLocal(world, again.sessionId);
    for (const event of [paid.completed, paid.invoicePaid]) {
      const response = await deliver(world.app, event.payload, event.signature);
      expect(response.status, await response.clone().text()).toBe(200);
    }

    const rows = await billingRows(userId);
    expect(rows.plan).toBe('Standard');
    expect(rows.subscriptions).toHaveLength(2);
    expect(rows.subscriptions.filter((sub) => sub.status === 'active')).toHaveLength(1);
    expect(rows.licenses).toHaveLength(1);
    expect(rows.licenses[0]).toMatchObject({
      license_key: account.auth.user.licenseKey,
      status: 'active',
    });
    expect(rows.licenses[0]?.expires_at).toBeGreaterThanOrEqual(
      world.app.clock.now + YEAR_MS - 1000,
    );
  });

  it('answers 409 ALREADY_STANDARD for a Standard account and ENTERPRISE_PLAN for an Enterprise one', async () => {
    const world = billingWorld();
    const standard = await signUpTrial(world.app);
    const enterprise = await signUpTrial(world.app);
    await env.DB.prepare(`UPDATE users SET plan = 'Standard' WHERE id = ?`)
      .bind(standard.auth.user.userId)
      .run();
    await env.DB.prepare(`UPDATE users SET plan = 'Enterprise' WHERE id = ?`)
      .bind(enterprise.auth.user.userId)
      .run();

    const asStandard = await postEmpty(world.app, '/api/billing/checkout', standard.browser);
    const asEnterprise = await postEmpty(world.app, '/api/billing/checkout', enterprise.browser);

    expect(asStandard.status).toBe(409);
    expect(await asStandard.json()).toEqual({
      message: 'You already have the Standard plan.',
      code: 'ALREADY_STANDARD',
    });
    expect(asEnterprise.status).toBe(409);
    expect(await asEnterprise.json()).toEqual({
      message: 'Your Enterprise plan is all set. Contact us for any change to it.',
      code: 'ENTERPRISE_PLAN',
    });
    expect(world.store.sessions.size).toBe(0);
  });

  it('answers 401 without a session and 403 for a cookie without our Origin, opening nothing', async () => {
    const world = billingWorld();
    const account = await signUpTrial(world.app);

    const anonymous = await postEmpty(world.app, '/api/billing/checkout', {});
    const crossSite = await postEmpty(world.app, '/api/billing/checkout', {
      Cookie: account.cookie,
    });
    const otherSite = await postEmpty(world.app, '/api/billing/checkout', {
      Cookie: account.cookie,
      Origin: 'https://evil.example',
    });

    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toMatchObject({ code: 'CSRF_REJECTED' });
    expect(otherSite.status).toBe(403);
    expect(world.store.sessions.size).toBe(0);
  });

  it('answers 503 PAYMENTS_UNAVAILABLE when card payments are not configured', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // No payments override: production without Stripe settings refuses every call.
    const app = accountApp();
    const account = await signUpTrial(app);

    const response = await postEmpty(app, '/api/billing/checkout', account.browser);

    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: 'PAYMENTS_UNAVAILABLE' });
  });

  it('answers 405 for other methods', async () => {
    const world = billingWorld();
    const response = await world.app.request('/api/billing/checkout');
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('POST');
  });
});

describe('upgrade fulfillment', () => {
  it('turns the same account and license key into Standard through checkout and its webhooks', async () => {
    const world = billingWorld();
    const account = await signUpTrial(world.app);
    const userId = account.auth.user.userId;
    world.app.clock.advance(3 * 24 * 60 * 60);
    const checkout = await openUpgrade(world.app, account);
    const paid = await payLocal(world, checkout.sessionId);

    const completed = await deliver(world.app, paid.completed.payload, paid.completed.signature);
    const invoice = await deliver(world.app, paid.invoicePaid.payload, paid.invoicePaid.signature);

    expect(completed.status).toBe(200);
    expect(await completed.json()).toEqual({ received: true, outcome: 'upgraded' });
    expect(invoice.status).toBe(200);
    const paidAt = world.app.clock.now;
    const rows = await billingRows(userId);
    expect(rows.plan).toBe('Standard');
    expect(rows.licenses).toEqual([
      {
        license_key: account.auth.user.licenseKey,
        plan: 'Standard',
        status: 'active',
        expires_at: paidAt + YEAR_MS,
        app_version: site.currentVersion,
      },
    ]);
    const suffix = checkout.sessionId.slice('cs_local_'.length);
    expect(rows.subscriptions).toEqual([
      {
        stripe_customer_id: `cus_local_${suffix}`,
        stripe_subscription_id: `sub_local_${suffix}`,
        status: 'active',
        current_period_end: paidAt + YEAR_MS,
        cancel_at_period_end: 0,
      },
    ]);
    expect(rows.invoices).toEqual([
      { id: `in_local_${suffix}`, status: 'paid', amount_paid: 12900 },
    ]);
    const mails = upgradeMails(world.app, account.form.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(account.auth.user.licenseKey);
    // The end of the paid year in words, as every e-mail writes dates.
    expect(mails[0]?.text).toContain(`active until ${formatDate(paidAt + YEAR_MS, 'UTC')}`);
    // No welcome e-mail for an existing account (only the trial's own, at signup).
    expect(world.app.mail.filter((m) => m.tag === 'welcome')).toHaveLength(1);

    // The same session now sees a Standard user.
    const me = await world.app.request('/api/me', { headers: account.bearer });
    const { user } = await me.json<MeResponse>();
    expect(user).toMatchObject({
      userId,
      plan: 'Standard',
      licenseStatus: 'active',
      licenseKey: account.auth.user.licenseKey,
      expirationDate: new Date(paidAt + YEAR_MS).toISOString(),
    });
  });

  it('upgrades once when the webhook and polling race (one subscription, one e-mail)', async () => {
    const world = billingWorld();
    const account = await signUpTrial(world.app);
    const checkout = await openUpgrade(world.app, account);
    const { completed } = await payLocal(world, checkout.sessionId);

    const responses = await Promise.all([
      deliver(world.app, completed.payload, completed.signature),
      poll(world.app, checkout.sessionId, account.browser),
      poll(world.app, checkout.sessionId),
      deliver(world.app, completed.payload, completed.signature),
      poll(world.app, checkout.sessionId, account.bearer),
    ]);

    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const rows = await billingRows(account.auth.user.userId);
    expect(rows.plan).toBe('Standard');
    expect(rows.subscriptions).toHaveLength(1);
    expect(rows.licenses).toHaveLength(1);
    expect(upgradeMails(world.app, account.form.email)).toHaveLength(1);
    expect(
      await queryAll('SELECT id FROM stripe_events WHERE id = ?', completed.event.id),
    ).toHaveLength(1);
  });

  it('polling upgrades when the webhook is late; the webhook then only records its event', async () => {
    const world = billingWorld();
    const account = await signUpTrial(world.app);
    const checkout = await openUpgrade(world.app, account);
    const { completed } = await payLocal(world, checkout.sessionId);

    const polled = await poll(world.app, checkout.sessionId);
    const late = await deliver(world.app, completed.payload, completed.signature);

    // Polled without the account's session: done, and nothing about whose account it is.
    expect(await polled.json()).toEqual({ accountCreated: true, upgraded: true });
    expect(await late.json()).toEqual({ received: true, outcome: 'already' });
    expect(upgradeMails(world.app, account.form.email)).toHaveLength(1);
    expect(
      await queryAll('SELECT id FROM stripe_events WHERE id = ?', completed.event.id),
    ).toHaveLength(1);
  });

  it('answers a replayed checkout event as replayed, with no second effect', async () => {
    const world = billingWorld();
    const account = await signUpTrial(world.app);
    const checkout = await openUpgrade(world.app, account);
    const { completed } = await payLocal(world, checkout.sessionId);
    await deliver(world.app, completed.payload, completed.signature);
    const before = await billingRows(account.auth.user.userId);

    const again = await deliver(world.app, completed.payload, completed.signature);

    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, outcome: 'replayed' });
    expect(await billingRows(account.auth.user.userId)).toEqual(before);
    expect(upgradeMails(world.app, account.form.email)).toHaveLength(1);
  });

  it('applies an invoice.paid that arrives before the checkout event once the upgrade exists', async () => {
    const world = billingWorld();
    const account = await signUpTrial(world.app);
    const checkout = await openUpgrade(world.app, account);
    const { completed, invoicePaid } = await payLocal(world, checkout.sessionId);

    const early = await deliver(world.app, invoicePaid.payload, invoicePaid.signature);
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ code: 'NOT_READY' });
    expect((await billingRows(account.auth.user.userId)).invoices).toEqual([]);

    expect((await deliver(world.app, completed.payload, completed.signature)).status).toBe(200);
    const retried = await deliver(world.app, invoicePaid.payload, invoicePaid.signature);

    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ received: true, outcome: 'applied' });
    const rows = await billingRows(account.auth.user.userId);
    expect(rows.invoices).toHaveLength(1);
    expect(rows.licenses[0]).toMatchObject({ plan: 'Standard', status: 'active' });
  });

  it('does not upgrade a deleted account: the payment is refunded, recorded and e-mailed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const world = billingWorld();
    const account = await signUpTrial(world.app);
    const checkout = await openUpgrade(world.app, account);
    const { completed, session } = await payLocal(world, checkout.sessionId);
    await env.DB.prepare('UPDATE users SET is_deleted = 1, deleted_at = ? WHERE id = ?')
      .bind(world.app.clock.now, account.auth.user.userId)
      .run();

    const response = await deliver(world.app, completed.payload, completed.signature);
    const polled = await poll(world.app, checkout.sessionId);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: 'refunded' });
    expect(await polled.json()).toEqual({
      accountCreated: false,
      refund: { reason: 'account_deleted', done: true },
    });
    const rows = await billingRows(account.auth.user.userId);
    expect(rows.plan).toBe('Trial');
    expect(rows.licenses[0]?.plan).toBe('Trial');
    expect(rows.subscriptions).toEqual([]);
    expect(
      await queryAll('SELECT id FROM stripe_events WHERE id = ?', completed.event.id),
    ).toHaveLength(1);
    expect(
      await queryAll(
        'SELECT reason, status FROM payment_refunds WHERE subscription_id = ?',
        session.subscriptionId,
      ),
    ).toEqual([{ reason: 'account_deleted', status: 'refunded' }]);
    expect(world.store.sessions.get(checkout.sessionId)?.refundedAt).toBe(world.app.clock.now);
    expect(upgradeMails(world.app, account.form.email)).toEqual([]);
    expect(
      world.app.mail.filter((m) => m.to === account.form.email && m.tag === 'payment-refunded'),
    ).toHaveLength(1);
  });
});

describe('POST /api/check-payment-completion for an upgrade', () => {
  it('answers accountCreated false while the upgrade is unpaid', async () => {
    const world = billingWorld();
    const account = await signUpTrial(world.app);
    const checkout = await openUpgrade(world.app, account);

    const response = await poll(world.app, checkout.sessionId, account.browser);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ accountCreated: false });
    expect((await billingRows(account.auth.user.userId)).plan).toBe('Trial');
  });

  it("gives the upgrading browser its Standard user and own session's expiry, with no new token", async () => {
    const world = billingWorld();
    const account = await signUpTrial(world.app);
    const checkout = await openUpgrade(world.app, account);
    await payLocal(world, checkout.sessionId);

    const response = await poll(world.app, checkout.sessionId, account.browser);

    expect(response.status).toBe(200);
    const answer = await response.json<PaymentCompletionResponse>();
    expect(answer).toEqual({
      accountCreated: true,
      upgraded: true,
      email: account.form.email,
      user: {
        ...account.auth.user,
        plan: 'Standard',
        expirationDate: new Date(world.app.clock.now + YEAR_MS).toISOString(),
      },
      tokenExpiration: account.auth.tokenExpiration,
    });
    expect(answer).not.toHaveProperty('token');
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(sessionCookieOf(response)).toBeUndefined();

    // A Bearer client polling later gets the same, still without a token.
    const bearer = await poll(world.app, checkout.sessionId, account.bearer);
    expect(await bearer.json()).toMatchObject({ upgraded: true, user: { plan: 'Standard' } });
  });

  it('tells any other caller only that it is done, no e-mail (no session, another user, or a cookie without our Origin)', async () => {
    const world = billingWorld();
    const account = await signUpTrial(world.app);
    const stranger = await signUpTrial(world.app);
    const checkout = await openUpgrade(world.app, account);
    await payLocal(world, checkout.sessionId);
    const onlyDone = { accountCreated: true, upgraded: true };

    const anonymous = await poll(world.app, checkout.sessionId);
    const other = await poll(world.app, checkout.sessionId, stranger.browser);
    const noOrigin = await poll(world.app, checkout.sessionId, { Cookie: account.cookie });
    const badToken = await poll(world.app, checkout.sessionId, credentials('junk').bearer);

    for (const response of [anonymous, other, noOrigin, badToken]) {
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(onlyDone);
    }
  });

  it('answers 404 for a session the provider does not know', async () => {
    const world = billingWorld();
    const response = await poll(world.app, 'cs_local_unknown');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers 429 with Retry-After after too many checks from one IP, and not for another IP', async () => {
    const world = billingWorld();
    const { max } = limits.rateLimits.paymentCompletionPerIp;
    for (let i = 0; i < max; i += 1) {
      expect((await poll(world.app, 'cs_local_unknown')).status).toBe(404);
    }

    const limited = await poll(world.app, 'cs_local_unknown');
    const elsewhere = await poll(world.app, 'cs_local_unknown', {
      'CF-Connecting-IP': `203.0.113.${crypto.randomUUID().slice(0, 8)}`,
    });

    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(elsewhere.status).toBe(404);
  });
});

describe('upgrade through the Worker and /dev/checkout', () => {
  const devEnv = {
    ENVIRONMENT: 'development',
    DEV_STRIPE_WEBHOOK_SECRET: `whsec_${'c'.repeat(40)}`,
  } as const;

  it('Pay delivers the webhooks in process and the same account becomes Standard', async () => {
    // A Trial account and its session, written directly: the Worker's own adapters run here.
    const db = createDb(env.DB);
    const now = Date.now();
    const userId = crypto.randomUUID();
    const email = uniqueEmail();
    const trial = newTrialLicense(userId, now);
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO users (id, customer_name, email, email_normalized, plan, is_deleted, created_at, updated_at)
         VALUES (?, 'Ada', ?, ?, 'Trial', 0, ?, ?)`,
      ).bind(userId, email, email, now, now),
      env.DB.prepare(
        `INSERT INTO licenses (id, user_id, license_key, plan, status, activated_at, expires_at, created_at)
         VALUES (?, ?, ?, 'Trial', 'active', ?, ?, ?)`,
      ).bind(trial.id, userId, trial.licenseKey, now, trial.expiresAt, now),
    ]);
    const session = await newSession(testDeps(now), userId);
    await session.insert;
    const { browser } = credentials(session.token);

    const started = await callWorker(
      '/api/billing/checkout',
      { method: 'POST', headers: browser },
      devEnv,
    );
    expect(started.status, await started.clone().text()).toBe(200);
    const { checkoutUrl, sessionId } = await started.json<{
      checkoutUrl: string;
      sessionId: string;
    }>();
    expect((await callWorker(checkoutUrl, {}, devEnv)).status).toBe(200);
    const paid = await payDevCheckout(sessionId, devEnv);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('Location')).toBe(
      `${ORIGIN}/payment-processing?session_id=${sessionId}`,
    );

    const rows = await billingRows(userId);
    expect(rows.plan).toBe('Standard');
    expect(rows.licenses).toMatchObject([{ license_key: trial.licenseKey, plan: 'Standard' }]);
    expect(rows.subscriptions).toHaveLength(1);
    expect(rows.invoices).toHaveLength(1);
    const mails = await queryAll<{ tag: string }>(
      'SELECT tag FROM outbox WHERE to_email = ?',
      email,
    );
    expect(mails.map((mail) => mail.tag).sort()).toEqual(['receipt', 'upgrade']);
    // The payment page's poll, from the same browser: upgraded, signed in as before.
    const completion = await callWorker(
      '/api/check-payment-completion',
      {
        method: 'POST',
        headers: { ...browser, 'Content-Type': 'application/json' },
        body: JSON.stringify({ sessionId }),
      },
      devEnv,
    );
    expect(await completion.json()).toMatchObject({
      accountCreated: true,
      upgraded: true,
      user: { plan: 'Standard', licenseKey: trial.licenseKey },
      tokenExpiration: session.info.expiresAt,
    });
    // The D1 checkout store is what the Worker used (sessions survive isolates).
    const stored = await createD1CheckoutStore(db).get(sessionId);
    expect(stored?.status).toBe('complete');
  });
});
