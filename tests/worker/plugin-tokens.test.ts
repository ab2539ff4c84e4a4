/**
 * The signed-in plugin's tokens: the access token reaches the plugin's license calls and nothing
 * else, the refresh token is replaced at every use, and the sign-in ends by revocation, on Usage
 * & Sessions, with a password change or reset, and with the account's deletion.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../functions/db/client';
import { cleanUp } from '../../functions/services/cron/clean-up';
import { SuccessMessages } from '../../src/contract/messages';
import type { TokenResponse } from '../../src/contract/schemas/plugin-sign-in';
import type { UsageOverview } from '../../src/contract/usage';
import { pluginSignIn } from '../../src/site.config';
import { accountApp, botToken, queryAll, signUpTrial } from './account-helpers';
import { act, operator } from './admin-helpers';
import {
  CLIENT_ID,
  bearer,
  expectOAuthError,
  licensesStatus,
  postForm,
  refresh,
  signedInPlugin,
} from './plugin-sign-in-helpers';

describe('the access token', () => {
  it('reaches the plugin license calls', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const tokens = await signedInPlugin(app, account);
    expect(await licensesStatus(app, tokens.access_token)).toBe(200);
  });

  it('is refused by billing, account settings, usage, the console and deletion', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const tokens = await signedInPlugin(app, account);
    const headers = bearer(tokens.access_token);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/me'],
      ['GET', '/api/billing'],
      ['GET', '/api/usage'],
      ['GET', '/api/account/usage-sharing'],
      ['POST', '/api/change-password', { currentPassword: 'x', newPassword: 'Gusset-Plate-7731' }],
      ['GET', '/api/admin/overview'],
      ['DELETE', '/api/delete'],
    ];
    for (const [method, path, json] of calls) {
      const response = await app.request(path, { method, headers, json });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
    // The account is untouched: still there, and its own session still works.
    expect((await app.request('/api/me', { headers: account.bearer })).status).toBe(200);
  });

  it('is refused after its hour, with a Bearer challenge, and a session JWT is refused too', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const tokens = await signedInPlugin(app, account);
    app.clock.advance(3600);
    const expired = await app.request('/api/plugin/licenses', {
      headers: bearer(tokens.access_token),
    });
    expect(expired.status).toBe(401);
    expect(expired.headers.get('WWW-Authenticate')).toContain('error="invalid_token"');
    expect(await licensesStatus(app, account.auth.token)).toBe(401);
    const missing = await app.request('/api/plugin/licenses');
    expect(missing.status).toBe(401);
    expect(missing.headers.get('WWW-Authenticate')).toMatch(/^Bearer /);
  });
});

describe('POST /api/oauth/token with a refresh token', () => {
  it('answers a new pair and retires the old one', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const first = await signedInPlugin(app, account);
    app.clock.advance(3600);

    const response = await refresh(app, first.refresh_token);
    expect(response.status).toBe(200);
    const second = await response.json<TokenResponse>();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect(await licensesStatus(app, second.access_token)).toBe(200);
    expect(await licensesStatus(app, first.access_token)).toBe(401);
  });

  it('ends the sign-in when a replaced refresh token is used again', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const first = await signedInPlugin(app, account);
    const second = await (await refresh(app, first.refresh_token)).json<TokenResponse>();
    // Past the seconds in which the same refresh is a retry (plugin-token-families.test.ts).
    app.clock.advance(pluginSignIn.refreshRetrySeconds + 1);

    await expectOAuthError(await refresh(app, first.refresh_token), 400, 'invalid_grant');
    // Whoever held the newer pair is signed out too: one of the two copies was stolen.
    expect(await licensesStatus(app, second.access_token)).toBe(401);
    await expectOAuthError(await refresh(app, second.refresh_token), 400, 'invalid_grant');
  });

  it('refuses an unknown refresh token, another client and another scope', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const tokens = await signedInPlugin(app, account);
    await expectOAuthError(await refresh(app, 'swpr_not-a-token'), 400, 'invalid_grant');
    await expectOAuthError(
      await postForm(app, '/api/oauth/token', {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        client_id: 'someone-else',
      }),
      401,
      'invalid_client',
    );
    await expectOAuthError(
      await postForm(app, '/api/oauth/token', {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        client_id: CLIENT_ID,
        scope: 'billing',
      }),
      400,
      'invalid_scope',
    );
    // None of those spent the token.
    expect((await refresh(app, tokens.refresh_token)).status).toBe(200);
  });
});

describe('POST /api/oauth/revoke', () => {
  it('ends the sign-in by either token and answers 200 for an unknown one', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const byAccess = await signedInPlugin(app, account);
    const byRefresh = await signedInPlugin(app, account);

    const revoked = await postForm(app, '/api/oauth/revoke', {
      token: byAccess.access_token,
      client_id: CLIENT_ID,
    });
    expect(revoked.status).toBe(200);
    expect(await licensesStatus(app, byAccess.access_token)).toBe(401);
    await expectOAuthError(await refresh(app, byAccess.refresh_token), 400, 'invalid_grant');

    const second = await postForm(app, '/api/oauth/revoke', {
      token: byRefresh.refresh_token,
      token_type_hint: 'refresh_token',
      client_id: CLIENT_ID,
    });
    expect(second.status).toBe(200);
    expect(await licensesStatus(app, byRefresh.access_token)).toBe(401);

    const unknown = await postForm(app, '/api/oauth/revoke', {
      token: 'swpa_unknown',
      client_id: CLIENT_ID,
    });
    expect(unknown.status).toBe(200);
    await expectOAuthError(
      await postForm(app, '/api/oauth/revoke', { client_id: CLIENT_ID }),
      400,
      'invalid_request',
    );
  });
});

describe('Signed-in plugins on Usage & Sessions', () => {
  it('lists the plugin with its computer, approval and last use, and revokes it', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const tokens = await signedInPlugin(app, account, { device_name: 'Office PC' });
    app.clock.advance(120);
    expect(await licensesStatus(app, tokens.access_token)).toBe(200);

    const overview = await (
      await app.request('/api/usage', { headers: account.browser })
    ).json<UsageOverview>();
    expect(overview.plugins).toHaveLength(1);
    const [plugin] = overview.plugins;
    expect(plugin).toMatchObject({ deviceName: 'Office PC', deviceId: 'machine-0001' });
    expect(Date.parse(plugin!.lastUsedAt)).toBe(app.clock.now);
    expect(Date.parse(plugin!.approvedAt)).toBeLessThan(app.clock.now);

    const revoked = await app.request(`/api/plugin-sign-ins/${plugin!.id}`, {
      method: 'DELETE',
      headers: account.browser,
    });
    expect(revoked.status).toBe(200);
    const after = await revoked.json<UsageOverview>();
    expect(after.plugins).toHaveLength(0);
    expect(after.message).toBe(SuccessMessages.pluginSignedOut);
    expect(await licensesStatus(app, tokens.access_token)).toBe(401);
    await expectOAuthError(await refresh(app, tokens.refresh_token), 400, 'invalid_grant');

    const again = await app.request(`/api/plugin-sign-ins/${plugin!.id}`, {
      method: 'DELETE',
      headers: account.browser,
    });
    expect(again.status).toBe(404);
  });

  it('does not let another account revoke it', async () => {
    const app = accountApp();
    const owner = await signUpTrial(app);
    const stranger = await signUpTrial(app);
    const tokens = await signedInPlugin(app, owner);
    const [row] = await queryAll<{ id: string }>(
      'SELECT id FROM plugin_tokens WHERE user_id = ?',
      owner.auth.user.userId,
    );
    const response = await app.request(`/api/plugin-sign-ins/${row!.id}`, {
      method: 'DELETE',
      headers: stranger.browser,
    });
    expect(response.status).toBe(404);
    expect(await licensesStatus(app, tokens.access_token)).toBe(200);
  });
});

describe('what ends every signed-in plugin of the account', () => {
  it('a password change', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const tokens = await signedInPlugin(app, account);
    const changed = await app.request('/api/change-password', {
      method: 'POST',
      headers: account.browser,
      json: { currentPassword: account.form.password, newPassword: 'Gusset-Plate-7731' },
    });
    expect(changed.status).toBe(200);
    expect(await licensesStatus(app, tokens.access_token)).toBe(401);
    await expectOAuthError(await refresh(app, tokens.refresh_token), 400, 'invalid_grant');
  });

  it('a wrong current password does not', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const tokens = await signedInPlugin(app, account);
    const refused = await app.request('/api/change-password', {
      method: 'POST',
      headers: account.browser,
      json: { currentPassword: 'not-my-password', newPassword: 'Gusset-Plate-7731' },
    });
    expect(refused.status).toBe(403);
    expect(await licensesStatus(app, tokens.access_token)).toBe(200);
  });

  it('a password reset', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const tokens = await signedInPlugin(app, account);
    await app.post('/api/forgot-password', {
      email: account.form.email,
      recaptchaToken: botToken('forgot_password'),
    });
    const message = app.mail.filter((m) => m.tag === 'password-reset').at(-1);
    const link = new URL(message?.text.match(/https?:\/\/\S+/)?.[0] ?? '');
    const reset = await app.post('/api/reset-password', {
      token: link.searchParams.get('token'),
      password: 'Gusset-Plate-7731',
    });
    expect(reset.status).toBe(200);
    expect(await licensesStatus(app, tokens.access_token)).toBe(401);
  });

  it('the account deletion', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const tokens = await signedInPlugin(app, account);
    const deleted = await app.request('/api/delete', { method: 'DELETE', headers: account.bearer });
    expect(deleted.status).toBe(200);
    expect(await licensesStatus(app, tokens.access_token)).toBe(401);
    await expectOAuthError(await refresh(app, tokens.refresh_token), 400, 'invalid_grant');
  });
});

describe("the console's sign out everywhere", () => {
  it('ends every signed-in plugin of the customer with the sessions', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const tokens = await signedInPlugin(app, account);
    const admin = await operator(app);
    expect(await licensesStatus(app, tokens.access_token)).toBe(200);

    await act(app, admin, account.auth.user.userId, { action: 'sign-out-everywhere' });

    expect(await licensesStatus(app, tokens.access_token)).toBe(401);
    await expectOAuthError(await refresh(app, tokens.refresh_token), 400, 'invalid_grant');
    expect((await app.request('/api/me', { headers: account.bearer })).status).toBe(401);
  });
});

describe('the OAuth endpoints, asked wrongly for the API as a whole', () => {
  it('answer another method 405 with Allow, in the API error shape', async () => {
    const app = accountApp();
    for (const path of ['/api/oauth/device', '/api/oauth/token', '/api/oauth/revoke']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(405);
      expect(response.headers.get('Allow')).toBe('POST');
      expect(await response.json()).toEqual({
        message: 'Method not allowed.',
        code: 'METHOD_NOT_ALLOWED',
      });
    }
    const metadata = await app.request('/.well-known/oauth-authorization-server', {
      method: 'POST',
    });
    expect(metadata.status).toBe(405);
    expect(metadata.headers.get('Allow')).toBe('GET, HEAD');
  });

  it('refuse a body over 64 KB with 413 and change nothing', async () => {
    const app = accountApp();
    const before = await queryAll('SELECT id FROM device_authorizations');
    const response = await postForm(app, '/api/oauth/device', {
      client_id: CLIENT_ID,
      device_name: 'x'.repeat(70 * 1024),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await queryAll('SELECT id FROM device_authorizations')).toEqual(before);
  });
});

describe('the hourly clean-up', () => {
  it('deletes sign-in requests and ended sign-ins a day after they ended, and keeps live ones', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const ended = await signedInPlugin(app, account);
    const live = await signedInPlugin(app, account);
    await postForm(app, '/api/oauth/revoke', { token: ended.refresh_token, client_id: CLIENT_ID });
    const userId = account.auth.user.userId;

    await cleanUp({ db: createDb(env.DB), now: app.clock.now + 2 * 24 * 3600 * 1000 });

    const tokens = await queryAll('SELECT id FROM plugin_tokens WHERE user_id = ?', userId);
    expect(tokens).toHaveLength(1);
    const requests = await queryAll(
      'SELECT id FROM device_authorizations WHERE user_id = ?',
      userId,
    );
    expect(requests).toHaveLength(0);
    expect(await licensesStatus(app, live.access_token)).toBe(200);
  });
});
