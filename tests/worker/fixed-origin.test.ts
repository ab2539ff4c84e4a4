/**
 * The site's own address comes from configuration, never from the request: in production a
 * request for another host is refused before any route runs, and the addresses the Worker hands
 * out (the device flow's verification URI, the OAuth issuer) are the configured origin's.
 * The tests' configured origin is ORIGIN (SITE_ORIGIN in vitest.config.ts).
 */
import { describe, expect, it } from 'vitest';
import { site } from '../../src/site.config';
import { accountApp, botToken, queryAll, signUpTrial } from './account-helpers';
import { ORIGIN } from './helpers';
import { CLIENT_ID, postForm } from './plugin-sign-in-helpers';

const EVIL = 'https://evil.example';

const deviceForm = { client_id: CLIENT_ID, scope: 'licenses', device_name: 'Drafting PC' };

describe('the site origin', () => {
  it('refuses a request for another host with 421 and a sentence naming the site, storing nothing', async () => {
    const app = accountApp();
    const response = await postForm(app, `${EVIL}/api/oauth/device`, deviceForm);
    expect(response.status).toBe(421);
    expect(await response.json()).toEqual({
      code: 'WRONG_HOST',
      message: `This address does not serve Sheetwright. Open ${ORIGIN} instead.`,
    });
    const rows = await queryAll('SELECT 1 FROM device_authorizations WHERE ip = ?', app.ip);
    expect(rows).toHaveLength(0);
  });

  it('refuses the OAuth metadata and the native login form for another host too', async () => {
    const app = accountApp();
    const metadata = await app.request(`${EVIL}/.well-known/oauth-authorization-server`);
    expect(metadata.status).toBe(421);
    const login = await app.request(`${EVIL}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40example.com&password=x',
    });
    expect(login.status).toBe(421);
    expect(await login.text()).toBe(
      `This address does not serve Sheetwright. Open ${ORIGIN} instead.`,
    );
  });

  it('sends no reset e-mail when asked through another host', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const sent = app.mail.length;
    const response = await app.post(
      `${EVIL}/api/forgot-password`,
      { email: account.form.email, recaptchaToken: botToken('forgot_password') },
      { Origin: EVIL },
    );
    expect(response.status).toBe(421);
    expect(app.mail).toHaveLength(sent);
  });

  it('hands out addresses of the configured origin', async () => {
    const app = accountApp();
    const started = await postForm(app, '/api/oauth/device', deviceForm);
    expect(started.status).toBe(200);
    const body = await started.json<{ verification_uri: string }>();
    expect(body.verification_uri).toBe(`${ORIGIN}/activate`);
    const metadata = await app.request('/.well-known/oauth-authorization-server');
    expect((await metadata.json<{ issuer: string }>()).issuer).toBe(ORIGIN);
  });

  it('is site.url when no SITE_ORIGIN is set, and then the test address is another host', async () => {
    const app = accountApp({ env: { SITE_ORIGIN: '' } });
    const metadata = await app.request(`${site.url}/.well-known/oauth-authorization-server`);
    expect(metadata.status).toBe(200);
    expect((await metadata.json<{ issuer: string }>()).issuer).toBe(site.url);
    const elsewhere = await app.request('/.well-known/oauth-authorization-server');
    expect(elsewhere.status).toBe(421);
  });

  it('follows the address the site was opened at locally, whatever its port', async () => {
    const app = accountApp({ env: { ENVIRONMENT: 'development' } });
    const started = await postForm(app, 'http://localhost:8899/api/oauth/device', deviceForm);
    expect(started.status).toBe(200);
    const body = await started.json<{ verification_uri: string }>();
    expect(body.verification_uri).toBe('http://localhost:8899/activate');
  });
});
