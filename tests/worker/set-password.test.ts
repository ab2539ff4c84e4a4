/**
 * A Google-only account sets its first password in Account Settings: no current password exists,
 * so a recent proof of who is at the keyboard (the Google sign-in itself, or a code) stands in.
 */
import { describe, expect, it } from 'vitest';
import { limits } from '../../src/site.config';
import type { AuthResponse } from '../../src/contract/user';
import {
  accountApp,
  credentials,
  googleToken,
  sessionCookieOf,
  signUpTrial,
  uniqueFingerprint,
  type AccountApp,
} from './account-helpers';
import { enableTwoStep, nextCode } from './two-step-helpers';

/** A Google-only trial account, signed in by its Google signup. */
async function googleAccount(app: AccountApp) {
  const email = `g-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const response = await app.post('/api/register-google-trial', {
    googleToken: googleToken({ email }),
    agreeToTerms: true,
    fingerprintId: uniqueFingerprint(),
    plan: 'trial',
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const auth = await response.json<AuthResponse>();
  expect(auth.user.authProvider).toBe('google');
  return { email, auth, ...credentials(auth.token) };
}

describe('POST /api/set-password', () => {
  it('sets a first password right after the Google sign-in; the e-mail says so', async () => {
    const app = accountApp();
    const who = await googleAccount(app);
    const response = await app.post(
      '/api/set-password',
      { newPassword: 'Beam-Span-47' },
      who.browser,
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const login = await app.post('/api/login', { email: who.email, password: 'Beam-Span-47' });
    expect(sessionCookieOf(login)).toBeTruthy();
    const mail = app.mail.filter((m) => m.tag === 'password-changed' && m.to === who.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain('A password was set for your Sheetwright account');

    // Once set, it is changed with the current password, never set again.
    const again = await app.post(
      '/api/set-password',
      { newPassword: 'Other-Beam-48' },
      who.browser,
    );
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'PASSWORD_ALREADY_SET' });
  });

  it('wants a recent proof, and takes a code from the authenticator app', async () => {
    const app = accountApp();
    const who = await googleAccount(app);
    const { secret } = await enableTwoStep(app, who);
    app.clock.advance(limits.freshVerificationMinutes * 60 + 1);
    const stale = await app.post('/api/set-password', { newPassword: 'Beam-Span-47' }, who.browser);
    expect(stale.status).toBe(403);
    expect(await stale.json()).toMatchObject({ code: 'FRESH_VERIFICATION_REQUIRED' });
    const noPassword = await app.post(
      '/api/verify-identity',
      { password: 'anything' },
      who.browser,
    );
    expect(noPassword.status).toBe(409);

    app.clock.advance(limits.freshVerificationMinutes * 60 + 1);
    const proved = await app.post(
      '/api/verify-identity',
      { code: nextCode(app, secret) },
      who.browser,
    );
    expect(proved.status, await proved.clone().text()).toBe(200);
    const set = await app.post('/api/set-password', { newPassword: 'Beam-Span-47' }, who.browser);
    expect(set.status, await set.clone().text()).toBe(200);
  });

  it('refuses a common or short password and an account that has one', async () => {
    const app = accountApp();
    const who = await googleAccount(app);
    const short = await app.post('/api/set-password', { newPassword: 'abc' }, who.browser);
    expect(short.status).toBe(400);
    const common = await app.post('/api/set-password', { newPassword: 'password123' }, who.browser);
    expect(common.status).toBe(400);
    const emailAccount = await signUpTrial(app);
    const has = await app.post(
      '/api/set-password',
      { newPassword: 'Beam-Span-47' },
      emailAccount.browser,
    );
    expect(has.status).toBe(409);
  });
});
