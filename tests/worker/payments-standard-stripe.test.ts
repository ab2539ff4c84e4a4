/**
 * Standard signup against the fake Stripe server: the Checkout Session the API
 * creates for a pending signup, and check-payment-completion asking Stripe for it when the
 * webhook is late.
 */
import { describe, expect, it } from 'vitest';
import type { PaymentCompletionResponse } from '../../src/contract/payments';
import { accountApp, queryAll, sessionCookieOf, signupForm, verifyEmail } from './account-helpers';
import { createFakeStripe, stripeAgainst } from './fake-stripe/server';
import { ORIGIN } from './helpers';

function stripeWorld() {
  const fake = createFakeStripe();
  const payments = stripeAgainst(fake);
  return { fake, app: accountApp({ payments }) };
}

describe('standard signup on Stripe (fake server)', () => {
  it('creates a subscription Checkout Session for the pending signup, then fulfills by polling', async () => {
    const { fake, app } = stripeWorld();
    const form = signupForm({ plan: 'standard' });
    await verifyEmail(app, form);
    const response = await app.post('/api/register-email-standard', form);
    expect(response.status, await response.clone().text()).toBe(200);
    const { sessionId, checkoutUrl } = await response.json<{
      sessionId: string;
      checkoutUrl: string;
    }>();
    expect(checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const pendingCookie =
      response.headers
        .getSetCookie()
        .find((c) => c.startsWith('__Host-sw_pending='))
        ?.split(';')[0] ?? '';

    const created = fake.requests.find(
      (r) => r.method === 'POST' && r.path === '/v1/checkout/sessions',
    );
    const [pending] = await queryAll<{ id: string }>(
      'SELECT id FROM pending_signups WHERE email = ?',
      form.email,
    );
    expect(created?.form.get('mode')).toBe('subscription');
    expect(created?.form.get('client_reference_id')).toBe(pending!.id);
    expect(created?.form.get('customer_email')).toBe(form.email);
    expect(created?.form.get('success_url')).toBe(
      `${ORIGIN}/payment-processing?session_id={CHECKOUT_SESSION_ID}`,
    );
    expect(created?.form.get('cancel_url')).toBe(`${ORIGIN}/pricing`);

    // Not paid yet.
    const unpaid = await app.post('/api/check-payment-completion', { sessionId });
    expect(await unpaid.json()).toEqual({ accountCreated: false });

    fake.completeSession(sessionId, { customer: 'cus_fake1', subscription: 'sub_fake1' });
    const paid = await app.post(
      '/api/check-payment-completion',
      { sessionId },
      { Cookie: pendingCookie, Origin: ORIGIN },
    );
    const answer = await paid.json<PaymentCompletionResponse>();
    expect(answer).toMatchObject({ accountCreated: true, email: form.email });
    expect(answer.user?.plan).toBe('Standard');
    expect(sessionCookieOf(paid)).toBe(answer.token);
    expect(
      fake.requests.some(
        (r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${sessionId}`,
      ),
    ).toBe(true);
    expect(
      await queryAll(
        'SELECT stripe_customer_id, status FROM subscriptions WHERE stripe_subscription_id = ?',
        'sub_fake1',
      ),
    ).toEqual([{ stripe_customer_id: 'cus_fake1', status: 'active' }]);
  });

  it('answers 404 for a session id Stripe does not know', async () => {
    const { app } = stripeWorld();
    const response = await app.post('/api/check-payment-completion', { sessionId: 'cs_test_nope' });
    expect(response.status).toBe(404);
  });
});
