/**
 * Operators are held to a second factor: the console (its pages and every /api/admin call)
 * refuses a session that proved none, says how to set one up, and asks again for a fresh proof
 * before money leaves, a subscription ends or a customer's account is deleted.
 */
import { describe, expect, it } from 'vitest';
import { Messages } from '../../src/contract/messages';
import { limits } from '../../src/site.config';
import { accountApp, sessionCookieOf, signUpTrial } from './account-helpers';
import {
  adminGet,
  adminPost,
  confirmIdentity,
  operator,
  operatorWithoutSecondFactor,
} from './admin-helpers';
import { enableTwoStep, nextCode } from './two-step-helpers';

describe('the console and second factors', () => {
  it('refuses an operator without a second factor, in plain words, until one is set up', async () => {
    const app = accountApp();
    const admin = await operatorWithoutSecondFactor(app);

    const refused = await adminGet(app, admin, '/api/admin/session');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      code: 'SECOND_FACTOR_REQUIRED',
      message: Messages.secondFactorRequired,
    });
    const search = await adminGet(app, admin, '/api/admin/search?q=a');
    expect(search.status).toBe(403);
    // The page itself answers 403 too, and still carries the console, which says what to do.
    const page = await app.request('/admin', { headers: admin.browser });
    expect(page.status).toBe(403);
    expect(await page.text()).not.toContain('Fixture not found');

    // Setting up the authenticator app in this session is its second factor.
    await enableTwoStep(app, admin);
    expect((await adminGet(app, admin, '/api/admin/session')).status).toBe(200);
    expect((await app.request('/admin', { headers: admin.browser })).status).toBe(200);
  });

  it('closes again when the second factor is removed, even to a session that proved it', async () => {
    const app = accountApp();
    const admin = await operator(app);
    expect((await adminGet(app, admin, '/api/admin/session')).status).toBe(200);
    const off = await adminPost(app, admin, '/api/two-step/off', {
      code: nextCode(app, admin.twoStep.secret),
    });
    expect(off.status).toBe(200);
    const refused = await adminGet(app, admin, '/api/admin/session');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' });
  });

  it('lets an operator in who signs in with the password and a code', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const password = await app.post('/api/login', admin.form);
    const waiting = password.headers
      .getSetCookie()
      .find((c) => c.startsWith('__Host-sw_second_step='))
      ?.split(';')[0];
    const signedIn = await app.request('/login/code?next=%2Fadmin', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: admin.browser.Origin ?? '',
        'Sec-Fetch-Site': 'same-origin',
        Cookie: waiting ?? '',
      },
      body: new URLSearchParams({ code: nextCode(app, admin.twoStep.secret) }).toString(),
    });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('Location')).toBe('/admin');
    const cookie = `__Host-sw_session=${sessionCookieOf(signedIn) ?? ''}`;
    const session = await app.request('/api/admin/session', {
      headers: { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(session.status).toBe(200);
  });

  it('asks again before deleting a customer’s account once the last proof is 10 minutes old', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const customer = await signUpTrial(app);
    const path = `/api/admin/customers/${customer.auth.user.userId}/actions`;
    const body = { action: 'schedule-deletion', reason: 'Asked by e-mail' };

    app.clock.advance(limits.freshVerificationMinutes * 60 + 1);
    const stale = await adminPost(app, admin, path, body);
    expect(stale.status).toBe(403);
    expect(await stale.json()).toMatchObject({ code: 'FRESH_VERIFICATION_REQUIRED' });
    // Nothing changed.
    const me = await app.request('/api/me', { headers: customer.browser });
    expect(me.status).toBe(200);

    // Every change wants it, however small; reading does not.
    const resend = await adminPost(app, admin, path, {
      action: 'resend-license-mail',
      reason: 'Asked by e-mail',
    });
    expect(resend.status).toBe(403);
    expect(
      (await adminGet(app, admin, `/api/admin/customers/${customer.auth.user.userId}`)).status,
    ).toBe(200);

    await confirmIdentity(app, admin);
    const deleted = await adminPost(app, admin, path, body);
    expect(deleted.status, await deleted.clone().text()).toBe(200);
  });

  it('refuses the password as the fresh proof: an operator always has a stronger factor', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const customer = await signUpTrial(app);
    app.clock.advance(limits.freshVerificationMinutes * 60 + 1);
    const proved = await adminPost(app, admin, '/api/verify-identity', {
      password: admin.form.password,
    });
    expect(proved.status).toBe(403);
    expect(await proved.json()).toMatchObject({ code: 'STRONGER_PROOF_REQUIRED' });
    const deleted = await adminPost(
      app,
      admin,
      `/api/admin/customers/${customer.auth.user.userId}/actions`,
      { action: 'schedule-deletion', reason: 'Asked by e-mail' },
    );
    expect(deleted.status).toBe(403);
  });
});
