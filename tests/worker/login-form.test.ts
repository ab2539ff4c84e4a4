/**
 * POST /login: the login form sent by a browser without JavaScript. It signs in like POST
 * /api/login, then redirects; a refusal answers the login page with the plain message shown.
 */
import { describe, expect, it } from 'vitest';
import { limits } from '../../src/site.config';
import {
  accountApp,
  queryAll,
  sessionCookieOf,
  signUpTrial,
  uniqueEmail,
  type AccountApp,
} from './account-helpers';
import { callWorker, ORIGIN, ownPageFormPost } from './helpers';

/** The form as a browser on our own page posts it. */
function postForm(
  app: AccountApp,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
  path = '/login',
) {
  return app.request(path, ownPageFormPost(fields, headers));
}

/** The text of the page's error element, or null when it is still hidden and empty. */
function shownError(html: string): string | null {
  const match = html.match(/<p id="login-form-error"([^>]*)>([^<]*)<\/p>/);
  if (!match) throw new Error('The login page has no #login-form-error element');
  return match[1]?.includes('hidden') ? null : (match[2] ?? '');
}

describe('POST /login (the form without JavaScript)', () => {
  it('signs in: the session cookie, the known-browser cookie and a 303 to the dashboard', async () => {
    const app = accountApp();
    const { form, auth } = await signUpTrial(app);

    const response = await postForm(app, { email: form.email, password: form.password });

    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/dashboard');
    const token = sessionCookieOf(response);
    expect(token).toBeTruthy();
    const sessions = await queryAll('SELECT id FROM sessions WHERE user_id = ?', auth.user.userId);
    expect(sessions).toHaveLength(2);
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith('__Host-sw_known='))).toBe(true);

    // No script stored the user: a readable hint (nothing but "1") tells the dashboard to ask.
    const hint = cookies.find((c) => c.startsWith('__Host-sw_signed_in='));
    expect(hint).toMatch(/^__Host-sw_signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);

    // The cookie is a working session: GET /api/me answers the account.
    const me = await app.request('/api/me', { headers: { Cookie: `__Host-sw_session=${token}` } });
    expect(me.status).toBe(200);

    // Logging out clears the hint with the session.
    const logout = await app.request('/api/logout', {
      method: 'POST',
      headers: { Cookie: `__Host-sw_session=${token}; __Host-sw_signed_in=1`, Origin: ORIGIN },
    });
    expect(logout.status).toBe(200);
    expect(
      logout.headers.getSetCookie().some((c) => /^__Host-sw_signed_in=;.*Max-Age=0/.test(c)),
    ).toBe(true);
  });

  it('follows a safe `next` of the query, and never one to another site', async () => {
    const app = accountApp();
    const { form } = await signUpTrial(app);
    const fields = { email: form.email, password: form.password };

    const inside = await postForm(app, fields, {}, '/login?next=%2Fdashboard%2Fusage');
    const outside = await postForm(app, fields, {}, '/login?next=%2F%2Fevil.example');

    expect(inside.headers.get('Location')).toBe('/dashboard/usage');
    expect(outside.headers.get('Location')).toBe('/dashboard');
  });

  it('answers the login page with the message for a wrong password, and no cookie', async () => {
    const app = accountApp();
    const { form } = await signUpTrial(app);

    const response = await postForm(app, { email: form.email, password: 'wrong password' });

    expect(response.status).toBe(401);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(sessionCookieOf(response)).toBeUndefined();
    expect(response.headers.getSetCookie()).toEqual([]);
    const html = await response.text();
    expect(shownError(html)).toBe('Invalid email or password.');
    expect(html).toContain('data-code="INVALID_CREDENTIALS"');
    // The address is written back for the next try; the password never is.
    expect(html).toContain(`name="email" value="${form.email}"`);
    expect(html).not.toContain('wrong password');
  });

  it('keeps the page headers of the assets (its CSP) on a refusal', async () => {
    const app = accountApp();

    const response = await postForm(app, { email: uniqueEmail(), password: 'wrong password' });

    expect(response.headers.get('Content-Security-Policy')).toContain("'sha256-fixture'");
  });

  it('answers a plain message for missing or malformed fields, never a 500', async () => {
    const app = accountApp();
    const cases: [Record<string, string>, Record<string, string>?][] = [
      [{}],
      [{ email: uniqueEmail() }],
      [{ password: 'some password' }],
      [{ email: 'not an address', password: 'some password' }],
      [{ email: uniqueEmail(), password: '' }],
      // Not a form at all.
      [{}, { 'Content-Type': 'application/json' }],
      [{}, { 'Content-Type': 'multipart/form-data; boundary=broken' }],
    ];
    for (const [fields, headers] of cases) {
      const response = await postForm(app, fields, headers);
      expect(response.status, JSON.stringify([fields, headers])).toBe(400);
      const message = shownError(await response.text());
      expect(message).toBeTruthy();
      expect(message).not.toMatch(/zod|invalid_type|expected/i);
    }
  });

  it('refuses a form another site posts (CSRF), before reading it', async () => {
    const app = accountApp();
    const { form } = await signUpTrial(app);
    const fields = { email: form.email, password: form.password };

    const crossSite = await postForm(app, fields, {
      Origin: 'https://evil.example',
      'Sec-Fetch-Site': 'cross-site',
    });
    const noOrigin = await app.request('/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    const sameSiteOtherOrigin = await postForm(app, fields, { 'Sec-Fetch-Site': 'same-site' });

    for (const response of [crossSite, noOrigin, sameSiteOtherOrigin]) {
      expect(response.status).toBe(403);
      expect(sessionCookieOf(response)).toBeUndefined();
      expect(shownError(await response.text())).toBe('Cross-site request refused.');
    }
  });

  it('counts against the same rate limits as /api/login', async () => {
    const app = accountApp();
    const email = uniqueEmail();
    const { max, windowSeconds } = limits.rateLimits.loginPerEmail;
    for (let i = 0; i < max; i += 1) {
      // Half through the API, half through the form: one budget for the e-mail.
      const ip = `203.0.113.${i}-${crypto.randomUUID()}`;
      if (i % 2 === 0) {
        await app.request('/api/login', {
          method: 'POST',
          json: { email, password: 'wrong-password' },
          headers: { 'CF-Connecting-IP': ip },
        });
      } else {
        await postForm(app, { email, password: 'wrong-password' }, { 'CF-Connecting-IP': ip });
      }
    }

    const response = await postForm(app, { email, password: 'wrong-password' });

    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe(String(windowSeconds));
    expect(shownError(await response.text())).toBe(
      'Too many login attempts. Please try again in 15 minutes.',
    );
  });

  it('refuses a body over the size limit with the page', async () => {
    const app = accountApp();

    const response = await postForm(app, { email: uniqueEmail(), password: 'x'.repeat(70_000) });

    expect(response.status).toBe(413);
    expect(shownError(await response.text())).toBeTruthy();
  });

  it('leaves GET /login to the static page', async () => {
    // Through the Worker's real entry: the app hands a path it has no GET for to the assets.
    const response = await callWorker('/login');

    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Security-Policy')).toContain("'sha256-fixture'");
    expect(shownError(await response.text())).toBeNull();
  });

  it("writes the query's safe `next` into the forms, so they carry it without JavaScript", async () => {
    const next = '/activate?user_code=BCDF-GHJK';
    const login = await callWorker(`/login?next=${encodeURIComponent(next)}`);
    const code = await callWorker(`/login/code?next=${encodeURIComponent('/admin/customers')}`);
    const elsewhere = await callWorker(`/login?next=${encodeURIComponent('https://evil.test/')}`);
    const plain = await callWorker('/login');

    const query = `?next=${encodeURIComponent(next)}`;
    const loginHtml = await login.text();
    expect(login.status).toBe(200);
    expect(loginHtml).toContain(`action="/login${query}"`);
    // One button attribute, whatever the case it was written in.
    expect(loginHtml.toLowerCase().match(/formaction=/g)).toHaveLength(1);
    expect(loginHtml.toLowerCase()).toContain(`formaction="/sso/start${query}"`.toLowerCase());
    expect(login.headers.get('Cache-Control')).toBe('no-store');
    expect(login.headers.get('Content-Security-Policy')).toContain("'sha256-fixture'");
    expect(await code.text()).toContain(
      `action="/login/code?next=${encodeURIComponent('/admin/customers')}"`,
    );
    // Another site is never a place to go on to; without `next` the page is as built.
    expect(await elsewhere.text()).toContain('action="/login"');
    expect(await plain.text()).toContain('action="/login"');
    expect(plain.headers.get('Cache-Control')).not.toBe('no-store');
  });
});
