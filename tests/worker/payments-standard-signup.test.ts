/**
 * Standard signup through checkout: the webhook route, the
 * pending signup, and fulfillment exactly once from the webhook and from polling.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createLocalPayments } from '../../functions/adapters/payments/local';
import type { PaymentCompletionResponse } from '../../src/contract/payments';
import {
  accountApp,
  googleToken,
  queryAll,
  sendCode,
  sessionCookieOf,
  signUpTrial,
  signupForm,
  verifyEmail,
  uniqueEmail,
  uniqueFingerprint,
  type AccountApp,
} from './account-helpers';
import {
  checkoutSessionObject,
  signedDelivery,
  stripeEvent,
  testWebhookSecret,
} from './fake-stripe/events';
import { createMemoryCheckoutStore } from './fake-stripe/memory-checkout-store';
import { callWorker, ORIGIN } from './helpers';

const PENDING_COOKIE = '__Host-sw_pending';

function paymentsApp() {
  const secret = testWebhookSecret();
  const store = createMemoryCheckoutStore();
  const payments = createLocalPayments({ store, webhookSecret: secret });
  const app = accountApp({ payments });
  return { app, payments, store, secret };
}

type World = ReturnType<typeof paymentsApp>;

/** Verifies a standard form and starts checkout; returns the answer and the pending cookie. */
async function startStandard(world: World) {
  const form = signupForm({ plan: 'standard' });
  await verifyEmail(world.app, form);
  const response = await world.app.post('/api/register-email-standard', form);
  expect(response.status, await response.clone().text()).toBe(200);
  const body = await response.json<{ checkoutUrl: string; sessionId: string }>();
  const setCookie = response.headers.getSetCookie().find((c) => c.startsWith(`${PENDING_COOKIE}=`));
  const pendingCookie = setCookie?.split(';')[0] ?? '';
  return { form, body, setCookie, pendingCookie };
}

/** Pays the session as /dev/checkout does and returns the signed events (not yet delivered). */
async function pay(world: World, sessionId: string) {
  const paid = await world.payments.completeCheckout(sessionId);
  if (!paid) throw new Error('session could not be paid');
  return paid.events;
}

function deliver(app: AccountApp, payload: string, signature: string) {
  return app.request('/api/stripe/webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  });
}

function poll(app: AccountApp, sessionId: string, headers: Record<string, string> = {}) {
  return app.post('/api/check-payment-completion', { sessionId }, headers);
}

async function countFor(email: string) {
  const users = await queryAll<{ id: string; plan: string }>(
    'SELECT id, plan FROM users WHERE email = ?',
    email,
  );
  const licenses = await queryAll<{ plan: string; expires_at: number; activated_at: number }>(
    'SELECT l.plan, l.expires_at, l.activated_at FROM licenses l JOIN users u ON u.id = l.user_id WHERE u.email = ?',
    email,
  );
  const subscriptions = await queryAll<{ status: string }>(
    'SELECT s.status FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE u.email = ?',
    email,
  );
  return { users, licenses, subscriptions };
}

describe('POST /api/stripe/webhook', () => {
  it('answers 400 INVALID_SIGNATURE for a bad signature and changes nothing', async () => {
    const world = paymentsApp();
    const { form, body } = await startStandard(world);
    const [completed] = await pay(world, body.sessionId);
    const before = await queryAll<{ n: number }>('SELECT count(*) AS n FROM stripe_events');

    const forged = await signedDelivery(completed!.event, testWebhookSecret());
    const response = await deliver(world.app, completed!.payload, forged.signature);

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'INVALID_SIGNATURE' });
    const missing = await world.app.request('/api/stripe/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: completed!.payload,
    });
    expect(missing.status).toBe(400);
    expect((await countFor(form.email)).users).toHaveLength(0);
    expect(await queryAll('SELECT count(*) AS n FROM stripe_events')).toEqual(before);
  });

  it('answers 400 for a stale signature (older than 300 s)', async () => {
    const world = paymentsApp();
    const event = stripeEvent('checkout.session.completed', checkoutSessionObject());
    const stale = await signedDelivery(event, world.secret, Math.floor(Date.now() / 1000) - 600);
    const response = await deliver(world.app, stale.body, stale.signature);
    expect(response.status).toBe(400);
    expect(await queryAll('SELECT id FROM stripe_events WHERE id = ?', event.id)).toEqual([]);
  });

  it('acknowledges and records an event type it does not act on', async () => {
    const world = paymentsApp();
    const event = stripeEvent('customer.created', { id: 'cus_x', object: 'customer' });
    const signed = await signedDelivery(event, world.secret);
    const response = await deliver(world.app, signed.body, signed.signature);
    expect(response.status).toBe(200);
    expect(await queryAll('SELECT type FROM stripe_events WHERE id = ?', event.id)).toEqual([
      { type: 'customer.created' },
    ]);
  });
});

describe('/dev/checkout', () => {
  const devEnv = {
    ENVIRONMENT: 'development',
    DEV_STRIPE_WEBHOOK_SECRET: `whsec_${'a'.repeat(32)}`,
  } as const;

  it('exists in development (an unknown session is its own not-found page) and is listed on /dev/', async () => {
    const page = await callWorker('/dev/checkout?session_id=cs_local_unknown', {}, devEnv);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('Checkout session not found');
    const index = await callWorker('/dev/', {}, devEnv);
    expect(await index.text()).toContain('href="/dev/checkout"');
  });

  it('is the ordinary site 404 in production', async () => {
    const page = await callWorker(
      '/dev/checkout?session_id=cs_local_unknown',
      {},
      {
        ENVIRONMENT: 'production',
      },
    );
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain('Checkout session');
  });

  it('creates a checkout stored in D1 when started through the Worker in development', async () => {
    const response = await callWorker(
      '/api/check-payment-completion',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ sessionId: 'cs_local_nothing' }),
      },
      devEnv,
    );
    expect(response.status).toBe(404);
  });
});

describe('POST /api/register-email-standard', () => {
  it('stores a pending signup, creates the checkout and sets the pending cookie; no account yet', async () => {
    const world = paymentsApp();
    const { form, body, setCookie } = await startStandard(world);

    expect(body.sessionId).toMatch(/^cs_local_/);
    expect(body.checkoutUrl).toContain(`/dev/checkout?session_id=${body.sessionId}`);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Secure/);
    expect(setCookie).toMatch(/Max-Age=7200/);
    const pending = await queryAll<{ id: string; password_hash: string; completed_at: null }>(
      'SELECT id, password_hash, completed_at FROM pending_signups WHERE email = ?',
      form.email,
    );
    expect(pending).toHaveLength(1);
    expect(pending[0]!.password_hash).not.toContain(form.password);
    const session = world.store.sessions.get(body.sessionId)!;
    expect(session.reference).toEqual({ pendingSignupId: pending[0]!.id });
    expect(session.successUrl).toBe(
      `${ORIGIN}/payment-processing?session_id={CHECKOUT_SESSION_ID}`,
    );
    expect(session.cancelUrl).toBe(`${ORIGIN}/pricing`);
    expect((await countFor(form.email)).users).toHaveLength(0);
  });

  it('needs a verification for the standard plan from the same device', async () => {
    const world = paymentsApp();
    const form = signupForm({ plan: 'standard' });
    const unverified = await world.app.post('/api/register-email-standard', form);
    expect(unverified.status).toBe(400);
    expect(await unverified.json()).toMatchObject({ code: 'NOT_VERIFIED' });

    const trialForm = signupForm({ plan: 'trial' });
    await verifyEmail(world.app, trialForm);
    const wrongPlan = await world.app.post('/api/register-email-standard', {
      ...trialForm,
      plan: 'standard',
    });
    expect(wrongPlan.status).toBe(400);
  });

  it('refuses the trial plan on this route', async () => {
    const world = paymentsApp();
    const response = await world.app.post('/api/register-email-standard', signupForm());
    expect(response.status).toBe(400);
  });

  it('answers 409 ACCOUNT_EXISTS for an e-mail with an account (on send, and on register)', async () => {
    const world = paymentsApp();
    const trial = await signUpTrial(world.app);
    const onSend = await sendCode(
      world.app,
      signupForm({ plan: 'standard', email: trial.form.email }),
    );
    expect(onSend.status).toBe(409);

    // An account created between verification and registration.
    const form = signupForm({ plan: 'standard' });
    await verifyEmail(world.app, form);
    await env.DB.prepare(
      `INSERT INTO users (id, customer_name, email, email_normalized, plan, is_deleted, created_at, updated_at)
       VALUES (?, 'X', ?, ?, 'Trial', 0, 0, 0)`,
    )
      .bind(crypto.randomUUID(), form.email, form.email.toLowerCase())
      .run();
    const response = await world.app.post('/api/register-email-standard', form);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'ACCOUNT_EXISTS' });
  });
});

describe('fulfillment, exactly once', () => {
  it('unpaid: accountCreated false; unknown or malformed session: 404', async () => {
    const world = paymentsApp();
    const { body } = await startStandard(world);
    const unpaid = await poll(world.app, body.sessionId);
    expect(unpaid.status).toBe(200);
    expect(await unpaid.json()).toEqual({ accountCreated: false });
    expect((await poll(world.app, 'cs_local_doesnotexist')).status).toBe(404);
    expect((await poll(world.app, 'not a session')).status).toBe(404);
  });

  it('webhook then polling: one account, Standard for a year, welcome e-mail, browser signed in', async () => {
    const world = paymentsApp();
    const { form, body, pendingCookie } = await startStandard(world);
    const events = await pay(world, body.sessionId);
    for (const event of events) {
      const response = await deliver(world.app, event.payload, event.signature);
      expect(response.status).toBe(200);
    }
    const welcome = world.app.mail.filter((m) => m.to === form.email && m.tag === 'welcome');
    expect(welcome).toHaveLength(1);
    expect(welcome[0]!.text).toContain('Standard plan');

    const response = await poll(world.app, body.sessionId, {
      Cookie: pendingCookie,
      Origin: ORIGIN,
    });
    expect(response.status).toBe(200);
    const answer = await response.json<PaymentCompletionResponse>();
    expect(answer).toMatchObject({ accountCreated: true, email: form.email });
    expect(answer.token).toBeTruthy();
    expect(answer.user?.plan).toBe('Standard');
    expect(answer).not.toHaveProperty('tempPassword');
    expect(sessionCookieOf(response)).toBe(answer.token);

    const { users, licenses, subscriptions } = await countFor(form.email);
    expect(users).toEqual([{ id: answer.user!.userId, plan: 'Standard' }]);
    expect(licenses).toHaveLength(1);
    expect(licenses[0]!.plan).toBe('Standard');
    // A year from activation, or the paid period's end from invoice.paid if later (the test's
    // app clock is in the past, the local provider's is real).
    expect(licenses[0]!.expires_at - licenses[0]!.activated_at).toBeGreaterThanOrEqual(
      365 * 24 * 60 * 60 * 1000,
    );
    expect(subscriptions).toEqual([{ status: 'active' }]);
    expect(world.app.mail.filter((m) => m.tag === 'welcome' && m.to === form.email)).toHaveLength(
      1,
    );

    // The account signs in with the password chosen at signup.
    const login = await world.app.post('/api/login', {
      email: form.email,
      password: form.password,
    });
    expect(login.status).toBe(200);
  });

  it('polling then webhook: one account; polling without the cookie is not signed in', async () => {
    const world = paymentsApp();
    const { form, body } = await startStandard(world);
    const events = await pay(world, body.sessionId);

    const response = await poll(world.app, body.sessionId);
    expect(await response.json()).toEqual({ accountCreated: true });
    expect(sessionCookieOf(response)).toBeUndefined();

    for (const event of events) {
      expect((await deliver(world.app, event.payload, event.signature)).status).toBe(200);
    }
    const { users, licenses } = await countFor(form.email);
    expect(users).toHaveLength(1);
    expect(licenses).toHaveLength(1);
    expect(world.app.mail.filter((m) => m.tag === 'welcome' && m.to === form.email)).toHaveLength(
      1,
    );
  });

  it('webhook and polling at once: exactly one user and one license', async () => {
    const world = paymentsApp();
    const { form, body, pendingCookie } = await startStandard(world);
    const [completed] = await pay(world, body.sessionId);
    const responses = await Promise.all([
      deliver(world.app, completed!.payload, completed!.signature),
      poll(world.app, body.sessionId, { Cookie: pendingCookie, Origin: ORIGIN }),
      poll(world.app, body.sessionId),
      deliver(world.app, completed!.payload, completed!.signature),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const { users, licenses, subscriptions } = await countFor(form.email);
    expect(users).toHaveLength(1);
    expect(licenses).toHaveLength(1);
    expect(subscriptions).toHaveLength(1);
    expect(world.app.mail.filter((m) => m.tag === 'welcome' && m.to === form.email)).toHaveLength(
      1,
    );
  });

  it('a replayed event id answers 200 and has no second effect', async () => {
    const world = paymentsApp();
    const { form, body } = await startStandard(world);
    const [completed] = await pay(world, body.sessionId);
    const first = await deliver(world.app, completed!.payload, completed!.signature);
    expect(await first.json()).toMatchObject({ outcome: 'created' });
    const again = await deliver(world.app, completed!.payload, completed!.signature);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ outcome: 'replayed' });
    const { users, licenses } = await countFor(form.email);
    expect(users).toHaveLength(1);
    expect(licenses).toHaveLength(1);
    expect(
      await queryAll('SELECT id FROM stripe_events WHERE id = ?', completed!.event.id),
    ).toHaveLength(1);
  });
});

describe('POST /api/register-google-standard', () => {
  it('starts checkout for a verified Google account; payment creates a Google Standard account', async () => {
    const world = paymentsApp();
    const email = uniqueEmail('example.com', 'grace');
    const sub = `g-${crypto.randomUUID()}`;
    const token = googleToken({ email, sub, name: 'Grace Hopper' });
    const body = {
      googleToken: token,
      agreeToTerms: true,
      fingerprintId: uniqueFingerprint(),
      plan: 'standard',
    };
    const response = await world.app.post('/api/register-google-standard', body);
    expect(response.status, await response.clone().text()).toBe(200);
    const { sessionId } = await response.json<{ sessionId: string }>();
    expect((await countFor(email)).users).toHaveLength(0);

    // The same Google credential cannot start a second checkout.
    expect((await world.app.post('/api/register-google-standard', body)).status).not.toBe(200);

    const [completed] = await pay(world, sessionId);
    expect((await deliver(world.app, completed!.payload, completed!.signature)).status).toBe(200);
    const users = await queryAll<{ plan: string; google_sub: string; password_hash: null }>(
      'SELECT plan, google_sub, password_hash FROM users WHERE email = ?',
      email,
    );
    expect(users).toEqual([{ plan: 'Standard', google_sub: sub, password_hash: null }]);
  });

  it('answers 409 ACCOUNT_EXISTS when the Google account or e-mail has an account', async () => {
    const world = paymentsApp();
    const trial = await signUpTrial(world.app);
    const response = await world.app.post('/api/register-google-standard', {
      googleToken: googleToken({ email: trial.form.email }),
      agreeToTerms: true,
      fingerprintId: uniqueFingerprint(),
      plan: 'standard',
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'ACCOUNT_EXISTS' });
  });
});
