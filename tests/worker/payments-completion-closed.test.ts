/**
 * check-payment-completion tells a checkout that will never be paid from one not paid yet: an
 * unknown session is 404 NOT_FOUND, an expired or replaced one 410 CHECKOUT_CLOSED, and only an
 * open one answers `{ accountCreated: false }`, so the payment page stops asking at once.
 */
import { describe, expect, it } from 'vitest';
import type { StandardCheckoutResponse } from '../../src/contract/payments';
import { Messages } from '../../src/contract/messages';
import { queryAll, signUpTrial, signupForm, verifyEmail } from './account-helpers';
import { billingRows, billingWorld, openUpgrade, poll, type BillingWorld } from './billing-helpers';

/** Verifies a Standard signup form for `email` (a new one by default) and opens its checkout. */
async function openSignupCheckout(world: BillingWorld, email?: string) {
  const form = signupForm({ plan: 'standard', ...(email ? { email } : {}) });
  await verifyEmail(world.app, form);
  const response = await world.app.post('/api/register-email-standard', form);
  expect(response.status, await response.clone().text()).toBe(200);
  return { form, checkout: await response.json<StandardCheckoutResponse>() };
}

const usersWith = (email: string) => queryAll('SELECT id FROM users WHERE email = ?', email);

async function expectClosed(response: Response) {
  expect(response.status).toBe(410);
  expect(await response.json()).toEqual({
    code: 'CHECKOUT_CLOSED',
    message: Messages.checkoutClosed,
  });
}

describe('POST /api/check-payment-completion for a checkout that cannot complete', () => {
  it('answers accountCreated false while a signup checkout is open and unpaid', async () => {
    const world = billingWorld();
    const { checkout } = await openSignupCheckout(world);

    const response = await poll(world.app, checkout.sessionId);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ accountCreated: false });
  });

  it('answers 404 NOT_FOUND for a session id no checkout has', async () => {
    const world = billingWorld();

    const response = await poll(world.app, 'cs_local_unknown_session');

    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers 410 CHECKOUT_CLOSED for a signup checkout expired at the provider, and creates nothing', async () => {
    const world = billingWorld();
    const { form, checkout } = await openSignupCheckout(world);
    await world.local.expireCheckoutSession(checkout.sessionId);

    await expectClosed(await poll(world.app, checkout.sessionId));
    expect(await usersWith(form.email)).toEqual([]);
  });

  it('answers 410 CHECKOUT_CLOSED once an unpaid signup checkout is a day old', async () => {
    const world = billingWorld();
    const { checkout } = await openSignupCheckout(world);
    world.app.clock.advance(24 * 60 * 60 + 1);

    await expectClosed(await poll(world.app, checkout.sessionId));
  });

  it('answers 410 CHECKOUT_CLOSED for a checkout replaced by a newer signup of the same e-mail', async () => {
    const world = billingWorld();
    const first = await openSignupCheckout(world);
    const second = await openSignupCheckout(world, first.form.email);
    expect(second.checkout.sessionId).not.toBe(first.checkout.sessionId);

    await expectClosed(await poll(world.app, first.checkout.sessionId));
    const current = await poll(world.app, second.checkout.sessionId);
    expect(current.status).toBe(200);
    expect(await current.json()).toEqual({ accountCreated: false });
  });

  it('answers 410 CHECKOUT_CLOSED for an expired upgrade checkout and leaves the plan as it was', async () => {
    const world = billingWorld();
    const account = await signUpTrial(world.app);
    const checkout = await openUpgrade(world.app, account);
    await world.local.expireCheckoutSession(checkout.sessionId);

    await expectClosed(await poll(world.app, checkout.sessionId, account.browser));
    expect((await billingRows(account.auth.user.userId)).plan).toBe('Trial');
  });
});
