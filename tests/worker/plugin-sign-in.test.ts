/**
 * The plugin's sign-in from its ribbon (OAuth device authorization grant): the device request,
 * the customer's decision on /activate, the polling answers, and the metadata a standard client
 * discovers the endpoints with. Through the real Worker and D1.
 */
import { describe, expect, it } from 'vitest';
import type { DeviceRequestView } from '../../src/contract/plugin-sign-in';
import type {
  AuthorizationServerMetadata,
  TokenResponse,
} from '../../src/contract/schemas/plugin-sign-in';
import { DEVICE_CODE_GRANT } from '../../src/contract/schemas/plugin-sign-in';
import { pluginSignIn } from '../../src/site.config';
import { accountApp, queryAll, signUpTrial } from './account-helpers';
import { ORIGIN } from './helpers';
import {
  CLIENT_ID,
  decide,
  expectOAuthError,
  poll,
  postForm,
  startSignIn,
} from './plugin-sign-in-helpers';

describe('GET /.well-known/oauth-authorization-server', () => {
  it('names the issuer, the endpoints, the grants and the one scope', async () => {
    const app = accountApp();
    const response = await app.request('/.well-known/oauth-authorization-server');
    expect(response.status).toBe(200);
    const metadata = await response.json<AuthorizationServerMetadata>();
    expect(metadata).toMatchObject({
      issuer: ORIGIN,
      device_authorization_endpoint: `${ORIGIN}/api/oauth/device`,
      token_endpoint: `${ORIGIN}/api/oauth/token`,
      revocation_endpoint: `${ORIGIN}/api/oauth/revoke`,
      grant_types_supported: [DEVICE_CODE_GRANT, 'refresh_token'],
      scopes_supported: ['licenses'],
      token_endpoint_auth_methods_supported: ['none'],
    });
  });
});

describe('POST /api/oauth/device', () => {
  it('answers a device code, an 8-letter user code without look-alikes and where to enter it', async () => {
    const app = accountApp();
    const started = await startSignIn(app);
    expect(started.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(started.verification_uri).toBe(`${ORIGIN}/activate`);
    expect(started.verification_uri_complete).toBe(
      `${ORIGIN}/activate?user_code=${started.user_code}`,
    );
    expect(started.expires_in).toBe(600);
    expect(started.interval).toBe(5);
    expect(started.device_code.length).toBeGreaterThanOrEqual(43);
    // Neither code is stored as it is.
    const rows = await queryAll<Record<string, unknown>>(
      "SELECT * FROM device_authorizations WHERE device_name = 'Drafting PC' AND ip = ?",
      app.ip,
    );
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(started.device_code);
    expect(stored).not.toContain(started.user_code.replace('-', ''));
  });

  it('defaults the scope to licenses when none is asked', async () => {
    const app = accountApp();
    const response = await postForm(app, '/api/oauth/device', { client_id: CLIENT_ID });
    expect(response.status).toBe(200);
  });

  it('refuses an unknown client with invalid_client and another scope with invalid_scope', async () => {
    const app = accountApp();
    await expectOAuthError(
      await postForm(app, '/api/oauth/device', { client_id: 'someone-else' }),
      401,
      'invalid_client',
    );
    await expectOAuthError(
      await postForm(app, '/api/oauth/device', { client_id: CLIENT_ID, scope: 'licenses billing' }),
      400,
      'invalid_scope',
    );
  });

  it('refuses JSON, a missing client_id and a repeated parameter with invalid_request', async () => {
    const app = accountApp();
    await expectOAuthError(
      await app.post('/api/oauth/device', { client_id: CLIENT_ID }),
      400,
      'invalid_request',
    );
    await expectOAuthError(
      await postForm(app, '/api/oauth/device', { scope: 'licenses' }),
      400,
      'invalid_request',
    );
    const repeated = await app.request('/api/oauth/device', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `client_id=${CLIENT_ID}&client_id=${CLIENT_ID}`,
    });
    await expectOAuthError(repeated, 400, 'invalid_request');
    await expectOAuthError(
      await postForm(app, '/api/oauth/device', { client_id: CLIENT_ID, device_name: 'a\nb' }),
      400,
      'invalid_request',
    );
  });

  it('limits sign-in requests per IP with a 429 and Retry-After', async () => {
    const app = accountApp();
    const max = 30;
    for (let i = 0; i < max; i += 1) {
      expect((await postForm(app, '/api/oauth/device', { client_id: CLIENT_ID })).status).toBe(200);
    }
    const refused = await postForm(app, '/api/oauth/device', { client_id: CLIENT_ID });
    await expectOAuthError(refused, 429, 'invalid_request');
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});

describe('POST /api/oauth/token with a device code', () => {
  it('answers authorization_pending until the customer approves, then the tokens once', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const started = await startSignIn(app);

    await expectOAuthError(await poll(app, started.device_code), 400, 'authorization_pending');

    const lookup = await decide(app, account, 'lookup', started.user_code.toLowerCase());
    expect(lookup.status).toBe(200);
    expect(await lookup.json<DeviceRequestView>()).toMatchObject({
      userCode: started.user_code,
      clientName: pluginSignIn.clientName,
      deviceName: 'Drafting PC',
      deviceId: 'machine-0001',
      accountEmail: account.form.email,
    });
    const approved = await decide(app, account, 'approve', started.user_code);
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ status: 'approved' });

    app.clock.advance(5);
    const tokens = await poll(app, started.device_code);
    expect(tokens.status).toBe(200);
    expect(tokens.headers.get('Cache-Control')).toContain('no-store');
    const body = await tokens.json<TokenResponse>();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'licenses' });
    expect(body.access_token).not.toBe(body.refresh_token);

    // Single use: the same device code again is invalid_grant.
    app.clock.advance(5);
    await expectOAuthError(await poll(app, started.device_code), 400, 'invalid_grant');
    // Only hashes are stored.
    const stored = JSON.stringify(await queryAll('SELECT * FROM plugin_tokens'));
    expect(stored).not.toContain(body.access_token);
    expect(stored).not.toContain(body.refresh_token);
  });

  it('answers access_denied once the customer denied, and issues nothing', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const started = await startSignIn(app);
    const denied = await decide(app, account, 'deny', started.user_code);
    expect(denied.status).toBe(200);
    expect(await denied.json()).toMatchObject({ status: 'denied' });

    await expectOAuthError(await poll(app, started.device_code), 400, 'access_denied');
    // A denied request cannot be approved afterwards.
    const late = await decide(app, account, 'approve', started.user_code);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ code: 'SIGN_IN_CODE_DECIDED' });
    const rows = await queryAll(
      'SELECT id FROM plugin_tokens WHERE user_id = ?',
      account.auth.user.userId,
    );
    expect(rows).toHaveLength(0);
  });

  it('answers expired_token after 10 minutes, and the code can no longer be approved', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const started = await startSignIn(app);
    app.clock.advance(600);

    await expectOAuthError(await poll(app, started.device_code), 400, 'expired_token');
    const late = await decide(app, account, 'approve', started.user_code);
    expect(late.status).toBe(410);
    expect(await late.json()).toMatchObject({ code: 'SIGN_IN_CODE_EXPIRED' });
  });

  it('answers slow_down to a poll sooner than the interval, and the interval grows by 5 seconds', async () => {
    const app = accountApp();
    const started = await startSignIn(app);
    await expectOAuthError(await poll(app, started.device_code), 400, 'authorization_pending');
    app.clock.advance(2);
    await expectOAuthError(await poll(app, started.device_code), 400, 'slow_down');
    // Now 10 seconds: 5 after the last poll is still too soon.
    app.clock.advance(5);
    await expectOAuthError(await poll(app, started.device_code), 400, 'slow_down');
    app.clock.advance(15);
    await expectOAuthError(await poll(app, started.device_code), 400, 'authorization_pending');
  });

  it('refuses an unknown device code, another client and a missing or unknown grant type', async () => {
    const app = accountApp();
    const started = await startSignIn(app);
    await expectOAuthError(await poll(app, 'not-a-device-code'), 400, 'invalid_grant');
    await expectOAuthError(
      await postForm(app, '/api/oauth/token', {
        grant_type: DEVICE_CODE_GRANT,
        device_code: started.device_code,
        client_id: 'someone-else',
      }),
      401,
      'invalid_client',
    );
    await expectOAuthError(
      await postForm(app, '/api/oauth/token', {
        device_code: started.device_code,
        client_id: CLIENT_ID,
      }),
      400,
      'invalid_request',
    );
    await expectOAuthError(
      await postForm(app, '/api/oauth/token', { grant_type: 'password', client_id: CLIENT_ID }),
      400,
      'unsupported_grant_type',
    );
    await expectOAuthError(
      await postForm(app, '/api/oauth/token', {
        grant_type: DEVICE_CODE_GRANT,
        client_id: CLIENT_ID,
      }),
      400,
      'invalid_request',
    );
  });
});

describe('POST /api/device-authorizations/*', () => {
  it('needs a signed-in session and our Origin', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const started = await startSignIn(app);
    const anonymous = await app.post('/api/device-authorizations/approve', {
      userCode: started.user_code,
    });
    expect(anonymous.status).toBe(401);
    const crossSite = await app.request('/api/device-authorizations/approve', {
      method: 'POST',
      headers: { Cookie: account.cookie, Origin: 'https://evil.example' },
      json: { userCode: started.user_code },
    });
    expect(crossSite.status).toBe(403);
    await expectOAuthError(await poll(app, started.device_code), 400, 'authorization_pending');
  });

  it('answers a plain error for a malformed code and SIGN_IN_CODE_UNKNOWN for a wrong one', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const malformed = await decide(app, account, 'lookup', 'ABCD-1234');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const unknown = await decide(app, account, 'lookup', 'BBBB-BBBB');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'SIGN_IN_CODE_UNKNOWN' });
  });

  it('limits code look-ups per account, so codes cannot be guessed', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const started = await startSignIn(app);
    const max = 15;
    for (let i = 0; i < max; i += 1) {
      expect((await decide(app, account, 'lookup', 'BBBB-BBBB')).status).toBe(404);
    }
    // Over the budget even the right code is refused, and nothing is approved.
    const refused = await decide(app, account, 'approve', started.user_code);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    await expectOAuthError(await poll(app, started.device_code), 400, 'authorization_pending');
  });
});
