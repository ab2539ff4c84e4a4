import { dictionary } from '@zxcvbn-ts/language-common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parse } from '../../src/contract/shape';
import { type AuthResponse } from '../../src/contract/user';
import { limits, plans, site } from '../../src/site.config';
import { isValidLicenseKey } from '../../functions/services/core/licenses/license-keys';
import {
  accountApp,
  googleToken,
  queryAll,
  sendCode,
  sessionCookieOf,
  signUpTrial,
  signupForm,
  uniqueEmail,
  uniqueFingerprint,
  verifyEmail,
  START,
} from './account-helpers';
import { isSessionAnswer } from '../../src/generated/answers/SessionAnswer';

const DAY_MS = 24 * 60 * 60 * 1000;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('POST /api/register-email-trial', () => {
  it('creates the user, a 15-day Trial license with a valid key, and a session, and signs in', async () => {
    const app = accountApp();
    const form = signupForm({ email: uniqueEmail('Example.com', 'Ada') });
    await verifyEmail(app, form);

    const response = await app.post('/api/register-email-trial', form);

    expect(response.status).toBe(200);
    const body = parse(isSessionAnswer, await response.json());
    expect(body.user).toMatchObject({
      customerName: 'Ada Lovelace',
      email: form.email.toLowerCase(),
      plan: 'Trial',
      licenseStatus: 'active',
      activationDate: new Date(START).toISOString(),
      expirationDate: new Date(START + (plans.trial.durationDays ?? 0) * DAY_MS).toISOString(),
      isDeleted: false,
      sessionStartedAt: new Date(START).toISOString(),
      authProvider: 'email',
    });
    expect(isValidLicenseKey(body.user.licenseKey)).toBe(true);
    expect(body.tokenExpiration).toBe(START + limits.sessionDays * DAY_MS);

    const [license] = await queryAll<{ app_version: string; expires_at: number }>(
      'SELECT app_version, expires_at FROM licenses WHERE user_id = ?',
      body.user.userId,
    );
    expect(license).toEqual({ app_version: site.currentVersion, expires_at: START + 15 * DAY_MS });
    const sessions = await queryAll('SELECT id FROM sessions WHERE user_id = ?', body.user.userId);
    expect(sessions).toHaveLength(1);
  });

  it('sets an HttpOnly, Secure, SameSite=Lax __Host- cookie that lasts as long as the session', async () => {
    const app = accountApp();
    const form = signupForm();
    await verifyEmail(app, form);

    const response = await app.post('/api/register-email-trial', form);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('__Host-sw_session='));

    expect(cookie).toBeDefined();
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain(`Max-Age=${limits.sessionDays * 24 * 60 * 60}`);
    expect(cookie).not.toContain('Domain');
    expect(sessionCookieOf(response)).toBe((await response.json<AuthResponse>()).token);
  });

  it('e-mails the license key and a download link to the dashboard', async () => {
    const app = accountApp();

    const { form, auth } = await signUpTrial(app);

    const welcome = app.mail.find((m) => m.tag === 'welcome');
    expect(welcome?.to).toBe(form.email);
    expect(welcome?.text).toContain(auth.user.licenseKey);
    expect(welcome?.text).toContain('https://sheetwright.test/dashboard');
  });

  it('still signs the new account in when the welcome e-mail cannot be sent', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = accountApp();
    const form = signupForm();
    await verifyEmail(app, form);
    const failing = accountApp({ mailFails: true });

    // Same database, another app whose mailer is down: the verification is shared through D1.
    const response = await failing.post('/api/register-email-trial', form);

    expect(response.status).toBe(200);
    expect(log).toHaveBeenCalled();
  });

  it('stores the password as a versioned PBKDF2-SHA256 hash at 100 000 iterations', async () => {
    const app = accountApp();

    const { auth, form } = await signUpTrial(app);

    const [user] = await queryAll<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE id = ?',
      auth.user.userId,
    );
    expect(user?.password_hash).toMatch(/^pbkdf2-sha256\$100000\$[\w-]{22}\$[\w-]{43}$/);
    expect(user?.password_hash).not.toContain(form.password);
  });

  it('answers 400 NOT_VERIFIED when the e-mail was never verified', async () => {
    const app = accountApp();
    const form = signupForm();
    await sendCode(app, form);

    const response = await app.post('/api/register-email-trial', form);

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'Please verify your e-mail address first.',
      code: 'NOT_VERIFIED',
    });
  });

  it('answers 400 NOT_VERIFIED when the verification is older than the signup window', async () => {
    const app = accountApp();
    const form = signupForm();
    await verifyEmail(app, form);

    app.clock.advance(limits.verifiedSignupWindowSeconds + 1);
    const response = await app.post('/api/register-email-trial', form);

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'NOT_VERIFIED' });
  });

  it('answers 400 NOT_VERIFIED when the fingerprint differs from the verified one', async () => {
    const app = accountApp();
    const form = signupForm();
    await verifyEmail(app, form);

    const response = await app.post('/api/register-email-trial', {
      ...form,
      fingerprintId: uniqueFingerprint(),
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'NOT_VERIFIED' });
  });

  it('uses a verification once: registering again answers 400 NOT_VERIFIED', async () => {
    const app = accountApp();
    const { form } = await signUpTrial(app);

    const response = await app.post('/api/register-email-trial', form);

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'NOT_VERIFIED' });
  });

  it('refuses one of the 10 000 most common passwords with 400 WEAK_PASSWORD', async () => {
    const app = accountApp();
    const form = signupForm({ password: 'password1' });
    await verifyEmail(app, form);

    const response = await app.post('/api/register-email-trial', form);

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'This password is too common. Please choose a less predictable one.',
      code: 'WEAK_PASSWORD',
    });
  });

  it('refuses the 10 000th most common password and accepts the 10 001st and a strong one', async () => {
    const ranked = dictionary['passwords-common'];
    const app = accountApp();
    const register = async (password: string) => {
      const form = signupForm({ password });
      await verifyEmail(app, form);
      return app.post('/api/register-email-trial', form);
    };

    const refused = await register(ranked[9_999]!);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'WEAK_PASSWORD' });
    expect((await register(ranked[10_000]!)).status).toBe(200);
    expect((await register('Truss-Gusset-4821')).status).toBe(200);
  });

  it('answers 400 with the exact product message for a password under 6 characters', async () => {
    const app = accountApp();

    const response = await app.post('/api/register-email-trial', signupForm({ password: 'a1b2' }));

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'Password must be at least 6 characters long.',
      code: 'VALIDATION_FAILED',
    });
  });

  it('answers 400 with the exact product message when the terms are not accepted', async () => {
    const app = accountApp();

    const response = await app.post(
      '/api/register-email-trial',
      signupForm({ agreeToTerms: false }),
    );

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'Please agree to the terms and conditions',
      code: 'VALIDATION_FAILED',
    });
  });

  it('refuses the standard plan, which registers through checkout', async () => {
    const app = accountApp();

    const response = await app.post('/api/register-email-trial', signupForm({ plan: 'standard' }));

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it.each([
    ['dots', (local: string) => `${local.slice(0, 3)}.${local.slice(3)}@gmail.com`],
    ['a +tag', (local: string) => `${local}+trial2@gmail.com`],
    ['googlemail.com', (local: string) => `${local}@googlemail.com`],
    ['capitals', (local: string) => `${local.toUpperCase()}@GMAIL.com`],
  ])(
    'treats a Gmail address with %s as the same mailbox (409 ACCOUNT_EXISTS)',
    async (_, variant) => {
      const app = accountApp();
      const local = `ada${crypto.randomUUID().slice(0, 8).replace(/-/g, '')}`;
      await signUpTrial(app, { email: `${local}@gmail.com` });

      const response = await sendCode(app, signupForm({ email: variant(local) }));

      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({ code: 'ACCOUNT_EXISTS' });
    },
  );

  it.each(['outlook.com', 'hotmail.com', 'live.com', 'icloud.com', 'proton.me', 'fastmail.com'])(
    'treats a +tag address at %s as the same mailbox (409 ACCOUNT_EXISTS)',
    async (domain) => {
      const app = accountApp();
      const local = `ada${crypto.randomUUID().slice(0, 8).replace(/-/g, '')}`;
      await signUpTrial(app, { email: `${local}+first@${domain}` });

      const response = await sendCode(app, signupForm({ email: `${local}+second@${domain}` }));

      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({ code: 'ACCOUNT_EXISTS' });
    },
  );

  it('answers DUPLICATE_TRIAL for a Gmail variant of an e-mail whose account was deleted', async () => {
    const app = accountApp();
    const local = `ada${crypto.randomUUID().slice(0, 8).replace(/-/g, '')}`;
    const first = await signUpTrial(app, { email: `${local}@gmail.com` });
    // The trial ledger outlives the account: simulate the cron purge of the deleted account.
    await queryAll(
      'UPDATE users SET email_normalized = ? WHERE id = ?',
      `purged-${local}`,
      first.auth.user.userId,
    );

    const response = await sendCode(app, signupForm({ email: `${local}+again@gmail.com` }));

    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'DUPLICATE_TRIAL' });
  });

  it('lets the UNIQUE constraint refuse a trial even when the pre-check is raced', async () => {
    const app = accountApp();
    const formA = signupForm();
    const formB = signupForm({ fingerprintId: formA.fingerprintId });
    await verifyEmail(app, formA);
    // Both verified before either registered: the pre-check alone would let both through.
    await verifyEmail(app, formB);

    const [a, b] = await Promise.all([
      app.post('/api/register-email-trial', formA),
      app.post('/api/register-email-trial', formB),
    ]);

    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(await loser.json()).toMatchObject({ code: 'DUPLICATE_TRIAL' });
    const users = await queryAll(
      'SELECT id FROM users WHERE email_normalized IN (?, ?)',
      formA.email,
      formB.email,
    );
    expect(users).toHaveLength(1);
  });
});

describe('POST /api/register-google-trial', () => {
  it('creates a Google account with a Trial license and a session, without a password', async () => {
    const app = accountApp();
    const email = uniqueEmail();

    const response = await app.post('/api/register-google-trial', {
      googleToken: googleToken({ email, name: 'Grace Hopper' }),
      agreeToTerms: true,
      fingerprintId: uniqueFingerprint(),
      plan: 'trial',
    });

    expect(response.status).toBe(200);
    const body = parse(isSessionAnswer, await response.json());
    expect(body.user).toMatchObject({
      customerName: 'Grace Hopper',
      email,
      plan: 'Trial',
      authProvider: 'google',
    });
    expect(sessionCookieOf(response)).toBe(body.token);
    const [user] = await queryAll<{ password_hash: string | null }>(
      'SELECT password_hash FROM users WHERE id = ?',
      body.user.userId,
    );
    expect(user?.password_hash).toBeNull();
    expect(app.mail.find((m) => m.tag === 'welcome')?.text).toContain(body.user.licenseKey);
  });

  it('answers 401 GOOGLE_AUTH_FAILED with the exact product message for an invalid token', async () => {
    const app = accountApp();

    const response = await app.post('/api/register-google-trial', {
      googleToken: 'forged',
      agreeToTerms: true,
      fingerprintId: uniqueFingerprint(),
      plan: 'trial',
    });

    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      message: 'Google authentication failed. Please try again.',
      code: 'GOOGLE_AUTH_FAILED',
    });
  });

  it('answers 401 GOOGLE_AUTH_FAILED when Google has not verified the address', async () => {
    const app = accountApp();

    const response = await app.post('/api/register-google-trial', {
      googleToken: googleToken({ emailVerified: false }),
      agreeToTerms: true,
      fingerprintId: uniqueFingerprint(),
      plan: 'trial',
    });

    expect(response.status).toBe(401);
  });

  it('answers 409 ACCOUNT_EXISTS when the e-mail already has an account', async () => {
    const app = accountApp();
    const { form } = await signUpTrial(app);

    const response = await app.post('/api/register-google-trial', {
      googleToken: googleToken({ email: form.email }),
      agreeToTerms: true,
      fingerprintId: uniqueFingerprint(),
      plan: 'trial',
    });

    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'ACCOUNT_EXISTS' });
  });

  it('answers 409 DUPLICATE_TRIAL for a Google account that already had a trial', async () => {
    const app = accountApp();
    const sub = `g-${crypto.randomUUID()}`;
    const first = await app.post('/api/register-google-trial', {
      googleToken: googleToken({ sub }),
      agreeToTerms: true,
      fingerprintId: uniqueFingerprint(),
      plan: 'trial',
    });
    expect(first.status).toBe(200);
    // The account is purged later; the ledger still remembers the Google subject.
    const { user } = await first.json<AuthResponse>();
    await queryAll(
      'UPDATE users SET google_sub = NULL, email_normalized = ? WHERE id = ?',
      `purged-${sub}`,
      user.userId,
    );

    const response = await app.post('/api/register-google-trial', {
      googleToken: googleToken({ sub }),
      agreeToTerms: true,
      fingerprintId: uniqueFingerprint(),
      plan: 'trial',
    });

    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'DUPLICATE_TRIAL' });
  });

  it('answers 409 DUPLICATE_TRIAL for a device that had an e-mail trial', async () => {
    const app = accountApp();
    const { form } = await signUpTrial(app);

    const response = await app.post('/api/register-google-trial', {
      googleToken: googleToken(),
      agreeToTerms: true,
      fingerprintId: form.fingerprintId,
      plan: 'trial',
    });

    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'DUPLICATE_TRIAL' });
  });

  it('refuses a replayed ID token with 401 GOOGLE_AUTH_FAILED', async () => {
    const app = accountApp();
    const token = googleToken();
    const body = { googleToken: token, agreeToTerms: true, plan: 'trial' };
    expect(
      (
        await app.post('/api/register-google-trial', {
          ...body,
          fingerprintId: uniqueFingerprint(),
        })
      ).status,
    ).toBe(200);

    const response = await app.post('/api/login-google', { googleAccessToken: token });

    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'GOOGLE_AUTH_FAILED' });
  });
});
