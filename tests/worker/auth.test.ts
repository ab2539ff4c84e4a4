import { afterEach, describe, expect, it, vi } from 'vitest';
import { parse } from '../../src/contract/shape';
import { type AuthResponse } from '../../src/contract/user';
import { limits } from '../../src/site.config';
import {
  accountApp,
  credentials,
  googleToken,
  queryAll,
  sessionCookieOf,
  signUpTrial,
  uniqueEmail,
  uniqueFingerprint,
} from './account-helpers';
import { isGetSignedInUserAnswer } from '../../src/generated/answers/GetSignedInUserAnswer';
import { isSessionAnswer } from '../../src/generated/answers/SessionAnswer';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('POST /api/login', () => {
  it('signs in with the right password: a new session, its cookie and the user', async () => {
    const app = accountApp();
    const { form, auth: signup } = await signUpTrial(app);

    const response = await app.post('/api/login', { email: form.email, password: form.password });

    expect(response.status).toBe(200);
    const body = parse(isSessionAnswer, await response.json());
    expect(body.user.userId).toBe(signup.user.userId);
    expect(body.token).not.toBe(signup.token);
    expect(sessionCookieOf(response)).toBe(body.token);
    const sessions = await queryAll('SELECT id FROM sessions WHERE user_id = ?', body.user.userId);
    expect(sessions).toHaveLength(2);
  });

  it('accepts the e-mail in another case, or as a Gmail variant', async () => {
    const app = accountApp();
    const local = `ada${crypto.randomUUID().slice(0, 8)}`;
    const { form } = await signUpTrial(app, { email: `${local}@gmail.com` });

    const response = await app.post('/api/login', {
      email: `${local.toUpperCase()}+work@GoogleMail.com`,
      password: form.password,
    });

    expect(response.status).toBe(200);
  });

  it('answers 401 INVALID_CREDENTIALS for a wrong password', async () => {
    const app = accountApp();
    const { form } = await signUpTrial(app);

    const response = await app.post('/api/login', {
      email: form.email,
      password: 'wrong password',
    });

    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      message: 'Invalid email or password.',
      code: 'INVALID_CREDENTIALS',
    });
    expect(sessionCookieOf(response)).toBeUndefined();
  });

  it('answers an unknown e-mail exactly like a wrong password, after running one hash', async () => {
    const app = accountApp();
    const { form } = await signUpTrial(app);
    const deriveBits = vi.spyOn(crypto.subtle, 'deriveBits');

    const wrongPassword = await app.post('/api/login', {
      email: form.email,
      password: 'nope-nope',
    });
    const callsForKnown = deriveBits.mock.calls.length;
    const unknownEmail = await app.post('/api/login', {
      email: uniqueEmail(),
      password: 'nope-nope',
    });
    const callsForUnknown = deriveBits.mock.calls.length - callsForKnown;

    expect(unknownEmail.status).toBe(wrongPassword.status);
    expect(await unknownEmail.json()).toEqual(await wrongPassword.json());
    expect(callsForKnown).toBeGreaterThanOrEqual(1);
    // The decoy hash may be made on first use; the check itself is always one PBKDF2 run.
    expect(callsForUnknown).toBeGreaterThanOrEqual(1);
    expect(
      deriveBits.mock.calls.every(([params]) => (params as Pbkdf2Params).iterations === 100_000),
    ).toBe(true);
  });

  it('answers a Google-only account like a wrong password', async () => {
    const app = accountApp();
    const email = uniqueEmail();
    await app.post('/api/register-google-trial', {
      googleToken: googleToken({ email }),
      agreeToTerms: true,
      fingerprintId: uniqueFingerprint(),
      plan: 'trial',
    });

    const response = await app.post('/api/login', { email, password: 'anything at all' });

    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });

  it('answers 429 with Retry-After after too many attempts for one e-mail', async () => {
    const app = accountApp();
    const email = uniqueEmail();
    const { max, windowSeconds } = limits.rateLimits.loginPerEmail;
    for (let i = 0; i < max; i += 1) {
      // Several IPs, so only the per-e-mail rule can trip.
      await app.request('/api/login', {
        method: 'POST',
        json: { email, password: 'wrong-password' },
        headers: { 'CF-Connecting-IP': `203.0.113.${i}-${crypto.randomUUID()}` },
      });
    }

    const response = await app.post('/api/login', { email, password: 'wrong-password' });

    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe(String(windowSeconds));
    expect(await response.json()).toEqual({
      message: 'Too many login attempts. Please try again in 15 minutes.',
      code: 'TOO_MANY_ATTEMPTS',
    });
  });

  it('answers 429 after too many attempts from one IP', async () => {
    const app = accountApp();
    const { max } = limits.rateLimits.loginPerIp;
    for (let i = 0; i < max; i += 1) {
      await app.post('/api/login', { email: uniqueEmail(), password: 'wrong-password' });
    }

    const response = await app.post('/api/login', { email: uniqueEmail(), password: 'x-wrong' });

    expect(response.status).toBe(429);
    expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('answers 400 VALIDATION_FAILED for a missing password', async () => {
    const app = accountApp();

    const response = await app.post('/api/login', { email: uniqueEmail() });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('answers 400 for malformed JSON', async () => {
    const app = accountApp();

    const response = await app.request('/api/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email":',
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('answers 413 for a body over 64 KB', async () => {
    const app = accountApp();

    const response = await app.post('/api/login', {
      email: uniqueEmail(),
      password: 'x'.repeat(65 * 1024),
    });

    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers 405 for GET', async () => {
    const app = accountApp();

    const response = await app.request('/api/login');

    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('POST');
  });
});

describe('GET /api/me', () => {
  it('answers the signed-in user and the session expiry for the session cookie', async () => {
    const app = accountApp();
    const { auth, browser } = await signUpTrial(app);

    const response = await app.request('/api/me', { headers: browser });

    expect(response.status).toBe(200);
    // The same user as the sign-in answered, and whether the account owns an organization or
    // holds a seat of one.
    expect(parse(isGetSignedInUserAnswer, await response.json())).toEqual({
      user: { ...auth.user, ownsOrganization: false, holdsSeat: false },
      tokenExpiration: auth.tokenExpiration,
    });
  });

  it('accepts the Bearer token too', async () => {
    const app = accountApp();
    const { bearer } = await signUpTrial(app);

    const response = await app.request('/api/me', { headers: bearer });

    expect(response.status).toBe(200);
  });

  it('answers 401 UNAUTHORIZED without a session', async () => {
    const app = accountApp();

    const response = await app.request('/api/me');

    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      message: 'Please log in to continue.',
      code: 'UNAUTHORIZED',
    });
  });

  it('shows the license as expired once the trial has run out', async () => {
    const app = accountApp();
    const { form } = await signUpTrial(app);

    // Sessions last 14 days and the trial 15, so sign in again first.
    app.clock.advance(15 * 24 * 60 * 60);
    const login = await (
      await app.post('/api/login', { email: form.email, password: form.password })
    ).json<AuthResponse>();
    const response = await app.request('/api/me', { headers: credentials(login.token).bearer });

    expect(response.status).toBe(200);
    expect(parse(isGetSignedInUserAnswer, await response.json()).user.licenseStatus).toBe(
      'expired',
    );
  });
});

describe('POST /api/logout', () => {
  it('revokes the session and clears the cookie: login → me → logout → me is 401', async () => {
    const app = accountApp();
    const { form } = await signUpTrial(app);
    const login = await (
      await app.post('/api/login', { email: form.email, password: form.password })
    ).json<AuthResponse>();
    const { browser } = credentials(login.token);
    expect((await app.request('/api/me', { headers: browser })).status).toBe(200);

    const response = await app.request('/api/logout', { method: 'POST', headers: browser });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'You have been logged out.' });
    const cleared = response.headers.getSetCookie().find((c) => c.startsWith('__Host-sw_session='));
    expect(cleared).toMatch(/Max-Age=0/);
    expect((await app.request('/api/me', { headers: browser })).status).toBe(401);
  });

  it('leaves the other sessions of the account signed in', async () => {
    const app = accountApp();
    const { form, bearer: first } = await signUpTrial(app);
    const second = await (
      await app.post('/api/login', { email: form.email, password: form.password })
    ).json<AuthResponse>();

    await app.request('/api/logout', { method: 'POST', headers: credentials(second.token).bearer });

    expect((await app.request('/api/me', { headers: first })).status).toBe(200);
  });

  it('answers 200 without a session, so a stale page can always log out', async () => {
    const app = accountApp();

    const response = await app.request('/api/logout', { method: 'POST' });

    expect(response.status).toBe(200);
  });

  it('refuses a cookie logout from another origin with 403 CSRF_REJECTED', async () => {
    const app = accountApp();
    const { cookie, bearer } = await signUpTrial(app);

    const response = await app.request('/api/logout', {
      method: 'POST',
      headers: { Cookie: cookie, Origin: 'https://evil.example' },
    });

    expect(response.status).toBe(403);
    expect((await app.request('/api/me', { headers: bearer })).status).toBe(200);
  });
});

describe('POST /api/login-google', () => {
  async function googleSignup(app: ReturnType<typeof accountApp>, sub: string, email: string) {
    const response = await app.post('/api/register-google-trial', {
      googleToken: googleToken({ sub, email }),
      agreeToTerms: true,
      fingerprintId: uniqueFingerprint(),
      plan: 'trial',
    });
    expect(response.status).toBe(200);
    return await response.json<AuthResponse>();
  }

  it('signs in the account linked to the Google subject', async () => {
    const app = accountApp();
    const sub = `g-${crypto.randomUUID()}`;
    const signup = await googleSignup(app, sub, uniqueEmail());

    const response = await app.post('/api/login-google', {
      googleAccessToken: googleToken({ sub, email: uniqueEmail() }),
    });

    expect(response.status).toBe(200);
    const body = parse(isSessionAnswer, await response.json());
    expect(body.user.userId).toBe(signup.user.userId);
    expect(sessionCookieOf(response)).toBe(body.token);
  });

  it('answers 404 GOOGLE_USER_NOT_FOUND with the exact product message for an unknown Google account', async () => {
    const app = accountApp();

    const response = await app.post('/api/login-google', { googleAccessToken: googleToken() });

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      message: 'No account is linked to this Google profile.',
      code: 'GOOGLE_USER_NOT_FOUND',
    });
  });

  it('links an e-mail account with the same verified address on first Google sign-in', async () => {
    const app = accountApp();
    const { form, auth } = await signUpTrial(app);
    const sub = `g-${crypto.randomUUID()}`;

    const first = await app.post('/api/login-google', {
      googleAccessToken: googleToken({ sub, email: form.email }),
    });
    const again = await app.post('/api/login-google', {
      googleAccessToken: googleToken({ sub, email: uniqueEmail() }),
    });

    expect(first.status).toBe(200);
    expect((await first.json<AuthResponse>()).user.userId).toBe(auth.user.userId);
    expect(again.status).toBe(200);
  });

  it('does not link an e-mail account that already has another Google account', async () => {
    const app = accountApp();
    const email = uniqueEmail();
    await googleSignup(app, `g-${crypto.randomUUID()}`, email);

    const response = await app.post('/api/login-google', {
      googleAccessToken: googleToken({ email }),
    });

    expect(response.status).toBe(404);
  });

  it('answers 401 GOOGLE_AUTH_FAILED for an invalid token', async () => {
    const app = accountApp();

    const response = await app.post('/api/login-google', { googleAccessToken: 'forged' });

    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      message: 'Google authentication failed. Please try again.',
      code: 'GOOGLE_AUTH_FAILED',
    });
  });

  it('refuses the same ID token twice', async () => {
    const app = accountApp();
    const sub = `g-${crypto.randomUUID()}`;
    await googleSignup(app, sub, uniqueEmail());
    const token = googleToken({ sub });

    const first = await app.post('/api/login-google', { googleAccessToken: token });
    const replay = await app.post('/api/login-google', { googleAccessToken: token });

    expect(first.status).toBe(200);
    expect(replay.status).toBe(401);
  });

  it('answers 403 ACCOUNT_DELETED for an account scheduled for deletion', async () => {
    const app = accountApp();
    const sub = `g-${crypto.randomUUID()}`;
    const signup = await googleSignup(app, sub, uniqueEmail());
    await app.request('/api/delete', {
      method: 'DELETE',
      headers: credentials(signup.token).bearer,
    });

    const response = await app.post('/api/login-google', {
      googleAccessToken: googleToken({ sub }),
    });

    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'ACCOUNT_DELETED' });
  });
});
