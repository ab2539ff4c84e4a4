/**
 * Lockout without denial of service: wrong passwords for an e-mail from browsers that never
 * signed in to that account exhaust only the e-mail's budget; a browser that has signed in
 * before (its known-browser cookie) has a budget of its own, so the owner still gets in there,
 * while guessing stays throttled everywhere.
 */
import { describe, expect, it } from 'vitest';
import { limits } from '../../src/site.config';
import {
  accountApp,
  sessionCookieOf,
  signUpTrial,
  signupForm,
  verifyEmail,
  type AccountApp,
} from './account-helpers';
import { ORIGIN } from './helpers';

const KNOWN_COOKIE = '__Host-sw_known';

/** The `name=value` of the known-browser cookie a response sets, or undefined. */
function knownCookieOf(response: Response): string | undefined {
  const header = response.headers.getSetCookie().find((c) => c.startsWith(`${KNOWN_COOKIE}=`));
  return header?.split(';')[0];
}

function login(app: AccountApp, email: string, password: string, cookie?: string) {
  return app.request('/api/login', {
    method: 'POST',
    json: { email, password },
    // A fresh IP per attempt, so only the per-e-mail and per-browser rules can trip.
    headers: {
      'CF-Connecting-IP': `203.0.113.9-${crypto.randomUUID()}`,
      Origin: ORIGIN,
      ...(cookie ? { Cookie: cookie } : {}),
    },
  });
}

/**
 * Spends the rest of the per-e-mail budget with wrong passwords, as an attacker without a cookie
 * (the owner's own sign-in without a cookie counted too).
 */
async function lockOut(app: AccountApp, email: string) {
  for (let i = 0; i < limits.rateLimits.loginPerEmail.max; i += 1) {
    expect([401, 429]).toContain((await login(app, email, `wrong-password-${i}`)).status);
  }
  expect((await login(app, email, 'wrong-password-x')).status).toBe(429);
}

/** A Trial account that signed in once by password; its browser's known-browser cookie. */
async function ownerWithKnownBrowser(app: AccountApp) {
  const account = await signUpTrial(app);
  const response = await login(app, account.form.email, account.form.password);
  expect(response.status).toBe(200);
  const cookie = knownCookieOf(response);
  expect(cookie).toBeDefined();
  return { account, cookie: cookie! };
}

describe('the known-browser cookie', () => {
  it('is set by every sign-in, HttpOnly, Secure, SameSite=Strict, for a year; not on failure', async () => {
    const app = accountApp();
    const { form } = await signUpTrial(app);
    const signedIn = await login(app, form.email, form.password);
    const header = signedIn.headers.getSetCookie().find((c) => c.startsWith(`${KNOWN_COOKIE}=`));

    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/Secure/i);
    expect(header).toMatch(/SameSite=Strict/i);
    expect(header).toMatch(/Path=\//i);
    expect(header).toContain(`Max-Age=${365 * 24 * 60 * 60}`);
    expect(knownCookieOf(await login(app, form.email, 'wrong-password'))).toBeUndefined();

    // A new value at every sign-in.
    const again = await login(app, form.email, form.password);
    expect(knownCookieOf(again)).toBeDefined();
    expect(knownCookieOf(again)).not.toBe(knownCookieOf(signedIn));
  });

  it('is also set by a signup, and counts there as a known browser', async () => {
    const app = accountApp();
    const form = signupForm();
    await verifyEmail(app, form);
    const signup = await app.post('/api/register-email-trial', form);
    expect(signup.status).toBe(200);
    const cookie = knownCookieOf(signup);
    expect(cookie).toBeDefined();

    await lockOut(app, form.email);
    expect((await login(app, form.email, form.password, cookie)).status).toBe(200);
  });
});

describe('POST /api/login throttling', () => {
  it('after an attacker spent the e-mail’s budget, the owner’s known browser still signs in', async () => {
    const app = accountApp();
    const { account, cookie } = await ownerWithKnownBrowser(app);
    await lockOut(app, account.form.email);

    const owner = await login(app, account.form.email, account.form.password, cookie);

    expect(owner.status).toBe(200);
    expect(sessionCookieOf(owner)).toBeDefined();
  });

  it('without the cookie the correct password is still refused with 429 during the lockout', async () => {
    const app = accountApp();
    const { account } = await ownerWithKnownBrowser(app);
    await lockOut(app, account.form.email);

    const elsewhere = await login(app, account.form.email, account.form.password);

    expect(elsewhere.status).toBe(429);
    expect(elsewhere.headers.get('Retry-After')).toBeTruthy();
    expect(await elsewhere.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
  });

  it('guessing from a known browser is throttled per browser, and does not lock out the e-mail', async () => {
    const app = accountApp();
    const { account, cookie } = await ownerWithKnownBrowser(app);
    const { max } = limits.rateLimits.loginPerKnownBrowser;
    for (let i = 0; i < max; i += 1) {
      expect((await login(app, account.form.email, `guess-${i}`, cookie)).status).toBe(401);
    }

    const throttled = await login(app, account.form.email, account.form.password, cookie);
    expect(throttled.status).toBe(429);
    expect(await throttled.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });

    // Its budget is its own: the e-mail's budget is untouched.
    expect((await login(app, account.form.email, account.form.password)).status).toBe(200);
  });

  it('a forged, altered, expired or other account’s cookie gives no way around the lockout', async () => {
    const app = accountApp();
    const { account, cookie } = await ownerWithKnownBrowser(app);
    const stranger = await ownerWithKnownBrowser(app);
    await lockOut(app, account.form.email);

    const value = cookie.slice(KNOWN_COOKIE.length + 1);
    const [, browserId, issued, mac] = decodeURIComponent(value).split('.');
    const forUser = (userId: string, macOf = mac) =>
      `${KNOWN_COOKIE}=${encodeURIComponent(`${userId}.${browserId}.${issued}.${macOf}`)}`;
    const attempts = {
      otherAccount: stranger.cookie,
      movedToAnotherUser: forUser(stranger.account.auth.user.userId),
      alteredMac: forUser(account.auth.user.userId, `${mac?.slice(0, -2)}AA`),
      garbage: `${KNOWN_COOKIE}=not-a-cookie`,
    };
    for (const [name, attempt] of Object.entries(attempts)) {
      const response = await login(app, account.form.email, account.form.password, attempt);
      expect(response.status, name).toBe(429);
    }
  });

  it('a known-browser cookie is honored for a year only', async () => {
    const app = accountApp();
    const { account, cookie } = await ownerWithKnownBrowser(app);
    app.clock.advance(366 * 24 * 60 * 60);
    await lockOut(app, account.form.email);

    const stale = await login(app, account.form.email, account.form.password, cookie);

    expect(stale.status).toBe(429);
  });

  it('answers a wrong password from a known browser exactly like one from anywhere else', async () => {
    const app = accountApp();
    const { account, cookie } = await ownerWithKnownBrowser(app);

    const known = await login(app, account.form.email, 'wrong-password', cookie);
    const unknown = await login(app, account.form.email, 'wrong-password');

    expect(known.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await known.json()).toEqual(await unknown.json());
  });

  it('logout keeps the browser known', async () => {
    const app = accountApp();
    const { account, cookie } = await ownerWithKnownBrowser(app);
    const session = await login(app, account.form.email, account.form.password, cookie);
    const logout = await app.request('/api/logout', {
      method: 'POST',
      headers: { Cookie: `__Host-sw_session=${sessionCookieOf(session)}`, Origin: ORIGIN },
    });
    expect(logout.status).toBe(200);
    expect(knownCookieOf(logout)).toBeUndefined();

    await lockOut(app, account.form.email);
    const fresh = knownCookieOf(session)!;
    expect((await login(app, account.form.email, account.form.password, fresh)).status).toBe(200);
  });
});
