/**
 * Helpers for the billing and upgrade tests: a world with the local payment provider on a memory
 * store whose clock is the app's clock, a signed-in Trial account, and the steps of an upgrade
 * (open the checkout, pay it, deliver its webhooks, poll for completion).
 */
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { newTrialLicense } from '../../functions/services/core/licenses/licenses';
import { newSession } from '../../functions/services/core/users/sessions';
import type { PaymentProvider } from '../../functions/adapters/payments';
import { createLocalPayments } from '../../functions/adapters/payments/local';
import { quoteTax } from '../../functions/services/billing/tax';
import type { BillingDetails } from '../../src/contract/billing';
import type { StandardCheckoutResponse } from '../../src/contract/payments';
import {
  accountApp,
  credentials,
  queryAll,
  uniqueEmail,
  signUpTrial,
  type AccountApp,
  type SignedInAccount,
} from './account-helpers';
import { testWebhookSecret } from './fake-stripe/events';
import { callWorker, testDeps } from './helpers';
import { createMemoryCheckoutStore } from './fake-stripe/memory-checkout-store';

/** A German company with a valid VAT ID: billed with a reverse-charge note, no VAT. */
export const GERMAN_COMPANY: BillingDetails = {
  company: 'Baubüro Müller GmbH',
  name: 'Grete Müller',
  line1: 'Hauptstraße 1',
  line2: null,
  postalCode: '10115',
  city: 'Berlin',
  state: null,
  country: 'DE',
  taxId: 'DE136695976',
};

/** One calendar year after START-based payments (2026 is not a leap year): 365 days. */
export const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export interface BillingWorld {
  app: AccountApp;
  local: ReturnType<typeof createLocalPayments>;
  store: ReturnType<typeof createMemoryCheckoutStore>;
  secret: string;
}

/**
 * The local provider paying at the app's clock, so event times, period ends and the upgrade's
 * expiry line up. `wrap` may replace some of its methods (to count or fail calls).
 */
export function billingWorld(
  options: { wrap?: (local: PaymentProvider) => PaymentProvider } = {},
): BillingWorld {
  const secret = testWebhookSecret();
  const store = createMemoryCheckoutStore();
  // The app's clock exists only once the app is built with this provider: read it through a hop.
  let clock = () => Date.now();
  // Taxed as the Worker wires it (deps.ts), for the invoices the stand-in makes itself.
  const local = createLocalPayments({
    store,
    webhookSecret: secret,
    quoteTax,
    now: () => clock(),
  });
  const app = accountApp({ payments: options.wrap ? options.wrap(local) : local });
  clock = () => app.clock.now;
  return { app, local, store, secret };
}

export function deliver(app: AccountApp, payload: string, signature: string) {
  return app.request('/api/stripe/webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  });
}

export function poll(app: AccountApp, sessionId: string, headers: Record<string, string> = {}) {
  return app.post('/api/check-payment-completion', { sessionId }, headers);
}

/** POST with no body, as the billing page's buttons send it. */
export function postEmpty(app: AccountApp, path: string, headers: Record<string, string>) {
  return app.request(path, { method: 'POST', headers });
}

/** Opens the upgrade checkout for a signed-in account (as its browser) and expects success. */
export async function openUpgrade(app: AccountApp, account: SignedInAccount) {
  const response = await postEmpty(app, '/api/billing/checkout', account.browser);
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json<StandardCheckoutResponse>();
}

/** Pays a local session as /dev/checkout's Pay does; returns the signed events, undelivered. */
export async function payLocal(world: BillingWorld, sessionId: string) {
  const paid = await world.local.completeCheckout(sessionId);
  if (!paid) throw new Error(`session ${sessionId} could not be paid`);
  const [completed, invoicePaid] = paid.events;
  if (!completed || !invoicePaid) throw new Error('expected two events');
  return { session: paid.session, completed, invoicePaid };
}

/** A Trial account upgraded through checkout and both webhooks. */
export async function upgradedAccount(world: BillingWorld) {
  const account = await signUpTrial(world.app);
  const checkout = await openUpgrade(world.app, account);
  const paid = await payLocal(world, checkout.sessionId);
  for (const event of [paid.completed, paid.invoicePaid]) {
    const response = await deliver(world.app, event.payload, event.signature);
    expect(response.status, await response.clone().text()).toBe(200);
  }
  return { account, checkout, paid };
}

/**
 * A Trial account upgraded through checkout and both webhooks, having entered `details` on the
 * checkout (so its invoice and the account carry them); the invoice id with it.
 */
export async function upgradedWithDetails(world: BillingWorld, details: BillingDetails) {
  const account = await signUpTrial(world.app);
  const { sessionId } = await openUpgrade(world.app, account);
  await world.local.saveCheckoutDetails(sessionId, details, quoteTax(12900, details));
  const paid = await payLocal(world, sessionId);
  for (const event of [paid.completed, paid.invoicePaid]) {
    const response = await deliver(world.app, event.payload, event.signature);
    expect(response.status, await response.clone().text()).toBe(200);
  }
  return { account, sessionId, invoiceId: sessionId.replace('cs_local_', 'in_local_') };
}

/** What the database holds for one user: plan, licenses, subscriptions and invoices. */
export async function billingRows(userId: string) {
  const [user] = await queryAll<{ plan: string }>('SELECT plan FROM users WHERE id = ?', userId);
  const licenses = await queryAll<{
    license_key: string;
    plan: string;
    status: string;
    expires_at: number;
    app_version: string;
  }>(
    'SELECT license_key, plan, status, expires_at, app_version FROM licenses WHERE user_id = ?',
    userId,
  );
  const subscriptions = await queryAll<{
    stripe_customer_id: string;
    stripe_subscription_id: string;
    status: string;
    current_period_end: number;
    cancel_at_period_end: number;
  }>(
    'SELECT stripe_customer_id, stripe_subscription_id, status, current_period_end, cancel_at_period_end FROM subscriptions WHERE user_id = ?',
    userId,
  );
  const invoices = await queryAll<{ id: string; status: string; amount_paid: number }>(
    'SELECT id, status, amount_paid FROM invoices WHERE user_id = ? ORDER BY created DESC',
    userId,
  );
  return { plan: user?.plan, licenses, subscriptions, invoices };
}

/** The upgrade e-mails the app sent to `email`. */
export function upgradeMails(app: AccountApp, email: string) {
  return app.mail.filter((message) => message.to === email && message.tag === 'upgrade');
}

/**
 * A signed-in Trial account, written directly, and its open upgrade checkout on the real Worker
 * with the local checkout on D1 (`devEnv` turns on development).
 */
export async function trialWithDevCheckout(devEnv: Partial<Env>) {
  const now = Date.now();
  const userId = crypto.randomUUID();
  const email = uniqueEmail();
  const trial = newTrialLicense(userId, now);
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO users (id, customer_name, email, email_normalized, plan, is_deleted, created_at, updated_at)
       VALUES (?, 'Grete', ?, ?, 'Trial', 0, ?, ?)`,
    ).bind(userId, email, email, now, now),
    env.DB.prepare(
      `INSERT INTO licenses (id, user_id, license_key, plan, status, activated_at, expires_at, created_at)
       VALUES (?, ?, ?, 'Trial', 'active', ?, ?, ?)`,
    ).bind(trial.id, userId, trial.licenseKey, now, trial.expiresAt, now),
  ]);
  const session = await newSession(testDeps(now), userId);
  await session.insert;
  const { browser, cookie } = credentials(session.token);
  const started = await callWorker(
    '/api/billing/checkout',
    { method: 'POST', headers: browser },
    devEnv,
  );
  expect(started.status, await started.clone().text()).toBe(200);
  const { sessionId } = await started.json<{ sessionId: string }>();
  return { userId, email, browser, cookie, sessionId };
}
