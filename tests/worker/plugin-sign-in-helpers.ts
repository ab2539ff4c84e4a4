/**
 * Helpers for the plugin's sign-in tests: the OAuth endpoints called as the plugin calls them
 * (form-encoded), the customer's approval on /activate (signed in, JSON with our Origin), and a
 * signed-in plugin's tokens in one step.
 */
import { expect } from 'vitest';
import type {
  DeviceAuthorizationResponse,
  OAuthErrorBody,
  TokenResponse,
} from '../../src/contract/schemas/plugin-sign-in';
import { DEVICE_CODE_GRANT } from '../../src/contract/schemas/plugin-sign-in';
import { pluginSignIn } from '../../src/site.config';
import type { AccountApp, SignedInAccount } from './account-helpers';

export const CLIENT_ID = pluginSignIn.clientId;

/** POST `path` with form-encoded `params`, as an OAuth client does. */
export function postForm(app: AccountApp, path: string, params: Record<string, string>) {
  return app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
}

/** Starts a sign-in as the plugin does, asserting success. */
export async function startSignIn(
  app: AccountApp,
  extra: Record<string, string> = {},
): Promise<DeviceAuthorizationResponse> {
  const response = await postForm(app, '/api/oauth/device', {
    client_id: CLIENT_ID,
    scope: 'licenses',
    device_name: 'Drafting PC',
    device_id: 'machine-0001',
    ...extra,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json<DeviceAuthorizationResponse>();
}

/** One poll of the token endpoint with a device code. */
export function poll(app: AccountApp, deviceCode: string) {
  return postForm(app, '/api/oauth/token', {
    grant_type: DEVICE_CODE_GRANT,
    device_code: deviceCode,
    client_id: CLIENT_ID,
  });
}

/** Asserts an OAuth error answer. */
export async function expectOAuthError(response: Response, status: number, error: string) {
  expect(response.status, await response.clone().text()).toBe(status);
  const body = await response.json<OAuthErrorBody>();
  expect(body.error).toBe(error);
  expect(body.error_description.length).toBeGreaterThan(0);
}

/** The customer's call on /activate: look up, approve or deny the code, signed in by cookie. */
export function decide(
  app: AccountApp,
  account: SignedInAccount,
  step: 'lookup' | 'approve' | 'deny',
  userCode: string,
) {
  return app.request(`/api/device-authorizations/${step}`, {
    method: 'POST',
    headers: account.browser,
    json: { userCode },
  });
}

/** A plugin signed in to `account`: started, approved, tokens taken. */
export async function signedInPlugin(
  app: AccountApp,
  account: SignedInAccount,
  extra: Record<string, string> = {},
): Promise<TokenResponse> {
  const started = await startSignIn(app, extra);
  const approved = await decide(app, account, 'approve', started.user_code);
  expect(approved.status, await approved.clone().text()).toBe(200);
  const tokens = await poll(app, started.device_code);
  expect(tokens.status, await tokens.clone().text()).toBe(200);
  return tokens.json<TokenResponse>();
}

/** Headers of the plugin calling with an access token. */
export function bearer(accessToken: string): Record<string, string> {
  return { Authorization: `Bearer ${accessToken}` };
}

/** The status of the plugin's license list with `accessToken`: 200 while it works, else 401. */
export async function licensesStatus(app: AccountApp, accessToken: string): Promise<number> {
  return (await app.request('/api/plugin/licenses', { headers: bearer(accessToken) })).status;
}

/** POST /api/oauth/token with a refresh token. */
export function refresh(app: AccountApp, refreshToken: string) {
  return postForm(app, '/api/oauth/token', {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: CLIENT_ID,
  });
}
