/**
 * A signed-in plugin's refresh tokens form one family: every token the sign-in was ever given.
 * Presenting any token of the family that was already replaced means two parties hold it, so the
 * whole family ends, with its access token. A retry of the same refresh a few seconds later (a
 * lost answer, a network retry, calls racing each other) gets the same new pair instead.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../functions/db/client';
import { cleanUp } from '../../functions/services/cron/clean-up';
import type { TokenResponse } from '../../src/contract/schemas/plugin-sign-in';
import { pluginSignIn } from '../../src/site.config';
import { accountApp, queryAll, signUpTrial, type AccountApp } from './account-helpers';
import {
  CLIENT_ID,
  expectOAuthError,
  licensesStatus,
  postForm,
  refresh,
  signedInPlugin,
} from './plugin-sign-in-helpers';

/** Refreshes with `refreshToken`, asserting success; the new pair. */
async function refreshed(app: AccountApp, refreshToken: string): Promise<TokenResponse> {
  const response = await refresh(app, refreshToken);
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json<TokenResponse>();
}

/** Seconds safely past the window in which a retry gets the same answer. */
const PAST_RETRY = pluginSignIn.refreshRetrySeconds + 1;

describe('reusing a replaced refresh token', () => {
  it('ends the whole family when the token is two rotations old', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const r0 = await signedInPlugin(app, account);
    app.clock.advance(60);
    const r1 = await refreshed(app, r0.refresh_token);
    app.clock.advance(60);
    const r2 = await refreshed(app, r1.refresh_token);
    expect(await licensesStatus(app, r2.access_token)).toBe(200);

    app.clock.advance(60);
    await expectOAuthError(await refresh(app, r0.refresh_token), 400, 'invalid_grant');

    // Whoever holds the newest pair is signed out too: one of the two copies was stolen.
    expect(await licensesStatus(app, r2.access_token)).toBe(401);
    await expectOAuthError(await refresh(app, r2.refresh_token), 400, 'invalid_grant');
  });

  it('ends the family when the token is one rotation old and its retry window has passed', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const r0 = await signedInPlugin(app, account);
    const r1 = await refreshed(app, r0.refresh_token);

    app.clock.advance(PAST_RETRY);
    await expectOAuthError(await refresh(app, r0.refresh_token), 400, 'invalid_grant');

    expect(await licensesStatus(app, r1.access_token)).toBe(401);
    await expectOAuthError(await refresh(app, r1.refresh_token), 400, 'invalid_grant');
  });

  it('ends the family when the pair a retry would answer was already refreshed', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const r0 = await signedInPlugin(app, account);
    const r1 = await refreshed(app, r0.refresh_token);
    const r2 = await refreshed(app, r1.refresh_token);

    // Within the window, but r1 is spent: r0 is no retry of the plugin's latest refresh.
    await expectOAuthError(await refresh(app, r0.refresh_token), 400, 'invalid_grant');
    expect(await licensesStatus(app, r2.access_token)).toBe(401);
  });

  it('leaves other sign-ins of the account alone', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const stolen = await signedInPlugin(app, account);
    const other = await signedInPlugin(app, account, { device_id: 'machine-0002' });
    await refreshed(app, stolen.refresh_token);
    app.clock.advance(PAST_RETRY);

    await expectOAuthError(await refresh(app, stolen.refresh_token), 400, 'invalid_grant');
    expect(await licensesStatus(app, other.access_token)).toBe(200);
    expect((await refresh(app, other.refresh_token)).status).toBe(200);
  });
});

describe('revoking with an earlier refresh token', () => {
  it('ends the sign-in it belonged to', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const r0 = await signedInPlugin(app, account);
    const r1 = await refreshed(app, r0.refresh_token);
    const revoked = await postForm(app, '/api/oauth/revoke', {
      token: r0.refresh_token,
      client_id: CLIENT_ID,
    });
    expect(revoked.status).toBe(200);
    expect(await licensesStatus(app, r1.access_token)).toBe(401);
  });
});

describe('retrying a refresh', () => {
  it('answers the same new pair within the retry window, and the family stays alive', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const r0 = await signedInPlugin(app, account);
    const first = await refreshed(app, r0.refresh_token);

    app.clock.advance(pluginSignIn.refreshRetrySeconds - 1);
    const retried = await refreshed(app, r0.refresh_token);

    expect(retried.access_token).toBe(first.access_token);
    expect(retried.refresh_token).toBe(first.refresh_token);
    expect(await licensesStatus(app, first.access_token)).toBe(200);
    const next = await refreshed(app, first.refresh_token);
    expect(await licensesStatus(app, next.access_token)).toBe(200);
  });

  it('answers ten concurrent refreshes with one token with one pair', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const r0 = await signedInPlugin(app, account);

    const responses = await Promise.all(
      Array.from({ length: 10 }, () => refresh(app, r0.refresh_token)),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses).toEqual(Array.from({ length: 10 }, () => 200));
    const pairs = await Promise.all(responses.map((response) => response.json<TokenResponse>()));
    expect(new Set(pairs.map((pair) => pair.refresh_token)).size).toBe(1);
    expect(new Set(pairs.map((pair) => pair.access_token)).size).toBe(1);

    const [pair] = pairs;
    expect(await licensesStatus(app, pair!.access_token)).toBe(200);
    expect((await refresh(app, pair!.refresh_token)).status).toBe(200);
  });

  it('is a reuse when it comes from another address, and ends the family', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const r0 = await signedInPlugin(app, account);
    const r1 = await refreshed(app, r0.refresh_token);

    const elsewhere = await app.request('/api/oauth/token', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'CF-Connecting-IP': '203.0.113.77',
      },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: r0.refresh_token,
        client_id: CLIENT_ID,
      }).toString(),
    });
    await expectOAuthError(elsewhere, 400, 'invalid_grant');
    expect(await licensesStatus(app, r1.access_token)).toBe(401);
  });

  it('is no longer possible once the hourly clean-up cleared the copy of its answer', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const r0 = await signedInPlugin(app, account);
    const r1 = await refreshed(app, r0.refresh_token);
    const report = await cleanUp({
      db: createDb(env.DB),
      now: app.clock.now + PAST_RETRY * 1000,
    });
    expect(report['pluginRefreshRetryCopies']).toBeGreaterThanOrEqual(1);
    const [row] = await queryAll<{ successor_sealed: string | null }>(
      'SELECT successor_sealed FROM plugin_refresh_tokens WHERE plugin_token_id = (SELECT id FROM plugin_tokens WHERE user_id = ?)',
      account.auth.user.userId,
    );
    expect(row).toEqual({ successor_sealed: null });
    // The row itself stays: the old token still ends the family.
    app.clock.advance(PAST_RETRY);
    await expectOAuthError(await refresh(app, r0.refresh_token), 400, 'invalid_grant');
    expect(await licensesStatus(app, r1.access_token)).toBe(401);
  });

  it('keeps no usable token in clear in the database', async () => {
    const app = accountApp();
    const account = await signUpTrial(app);
    const r0 = await signedInPlugin(app, account);
    const r1 = await refreshed(app, r0.refresh_token);

    const dump = JSON.stringify([
      await queryAll('SELECT * FROM plugin_tokens'),
      await queryAll('SELECT * FROM plugin_refresh_tokens'),
    ]);
    for (const token of [r0.refresh_token, r0.access_token, r1.refresh_token, r1.access_token]) {
      expect(dump).not.toContain(token);
      expect(dump).not.toContain(token.slice(5));
    }
  });
});
