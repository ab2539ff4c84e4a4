/**
 * The plugin's sign-in from its ribbon, end to end against the running Worker: an off-the-shelf
 * OAuth client (oauth4webapi) finds the endpoints by discovery, asks for a code, is approved
 * through the API by a signed-in account and gets, refreshes and revokes its tokens; then the
 * /activate page as a customer uses it (enter the code, confirm, approve or deny), checked with
 * axe at 1280 and 390 px, signing in first when needed; and the Signed-in plugins list on Usage
 * & Sessions with its Revoke.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import * as oauth from 'oauth4webapi';
import type { DeviceAuthorizationResponse } from '../../src/contract/schemas/plugin-sign-in';
import { DEVICE_CODE_GRANT } from '../../src/contract/schemas/plugin-sign-in';
import { pluginSignIn } from '../../src/site.config';
import { islandsReady, newVisitor, signUpForTrial } from './auth.helpers';
import { expect, failedLoad, test } from './fixtures';

let visitorIp = '';

test.beforeEach(async ({ page }) => {
  ({ ip: visitorIp } = await newVisitor(page));
});

const baseUrl = () => test.info().project.use.baseURL ?? 'http://localhost:8787';

/** The plugin's device request, from this test's IP. */
async function startSignIn(request: APIRequestContext, deviceName: string) {
  const response = await request.post('/api/oauth/device', {
    form: {
      client_id: pluginSignIn.clientId,
      device_name: deviceName,
      device_id: 'e2e-machine-01',
    },
    headers: { 'CF-Connecting-IP': visitorIp },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as DeviceAuthorizationResponse;
}

/** One poll of the token endpoint; its status and OAuth error (if any). */
async function poll(request: APIRequestContext, deviceCode: string) {
  const response = await request.post('/api/oauth/token', {
    form: {
      grant_type: DEVICE_CODE_GRANT,
      device_code: deviceCode,
      client_id: pluginSignIn.clientId,
    },
    headers: { 'CF-Connecting-IP': visitorIp },
  });
  const body = (await response.json()) as { error?: string; access_token?: string };
  return { status: response.status(), error: body.error, accessToken: body.access_token };
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`);
}

/** Checks the page with axe and takes its picture at both widths, ending at 1280 px. */
async function checkBothWidths(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test.describe('An off-the-shelf OAuth client', () => {
  test('discovers the endpoints, is approved by the account and gets, refreshes and revokes its tokens', async ({
    page,
  }) => {
    const account = await signUpForTrial(page);
    const issuer = new URL(baseUrl());
    // Every request from this test's own IP, so rate limits never join one test to another.
    const withIp = (
      url: string,
      init: {
        method?: string;
        headers?: HeadersInit;
        body?: BodyInit | undefined;
        redirect?: RequestRedirect;
        signal?: AbortSignal | undefined;
      } = {},
    ) => {
      const headers = new Headers(init.headers);
      headers.set('CF-Connecting-IP', visitorIp);
      return fetch(url, { ...init, headers, body: init.body ?? null, signal: init.signal ?? null });
    };
    const options = { [oauth.allowInsecureRequests]: true, [oauth.customFetch]: withIp };
    const client: oauth.Client = { client_id: pluginSignIn.clientId };
    const none = oauth.None();

    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...options }),
    );
    expect(as.device_authorization_endpoint).toBe(`${baseUrl()}/api/oauth/device`);

    const started = await oauth.processDeviceAuthorizationResponse(
      as,
      client,
      await oauth.deviceAuthorizationRequest(
        as,
        client,
        none,
        { scope: 'licenses', device_name: 'Library PC' },
        options,
      ),
    );
    expect(started.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(started.interval).toBe(5);

    const pollOnce = async () =>
      oauth.processDeviceCodeResponse(
        as,
        client,
        await oauth.deviceCodeGrantRequest(as, client, none, started.device_code, options),
      );
    const pending = await pollOnce().catch((error: unknown) => error);
    expect(pending).toBeInstanceOf(oauth.ResponseBodyError);
    expect((pending as oauth.ResponseBodyError).error).toBe('authorization_pending');

    // The account approves through the API with a signed-in session (Bearer).
    const login = await page.request.post('/api/login', {
      data: { email: account.email, password: account.password },
      headers: { 'CF-Connecting-IP': visitorIp },
    });
    const { token } = (await login.json()) as { token: string };
    const approved = await page.request.post('/api/device-authorizations/approve', {
      data: { userCode: started.user_code },
      headers: { Authorization: `Bearer ${token}`, 'CF-Connecting-IP': visitorIp },
    });
    expect(approved.status()).toBe(200);

    const tokens = await pollOnce();
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.scope).toBe('licenses');
    const licenses = await withIp(`${baseUrl()}/api/plugin/licenses`, {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    });
    expect(licenses.status).toBe(200);
    expect((await licenses.json<{ licenses: unknown[] }>()).licenses).toHaveLength(1);

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, none, tokens.refresh_token!, options),
    );
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);

    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, none, refreshed.refresh_token!, options),
    );
    const after = await withIp(`${baseUrl()}/api/plugin/licenses`, {
      headers: { Authorization: `Bearer ${refreshed.access_token}` },
    });
    expect(after.status).toBe(401);
  });
});

test.describe('/activate', () => {
  test('the customer enters the code, sees the computer, approves, and the plugin is listed', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const account = await signUpForTrial(page);
    const started = await startSignIn(page.request, 'Drafting PC 7');

    await page.goto('/activate');
    await islandsReady(page);
    await expect(page.getByRole('heading', { name: 'Sign in to the plugin' })).toBeVisible();
    await expect(page).toHaveTitle(/^Sign in to the plugin/);
    await expect(page.getByText(/plugin is waiting for your approval/)).toBeVisible();
    await checkBothWidths(page, 'activate-enter');

    await page.getByLabel('Code from the plugin').fill(started.user_code.toLowerCase());
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(
      page.getByRole('heading', { name: 'Allow this plugin to manage your licenses?' }),
    ).toBeVisible();
    await expect(page.getByText('Drafting PC 7')).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
    await checkBothWidths(page, 'activate-confirm');

    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('heading', { name: 'The plugin is signed in' })).toBeVisible();
    await checkBothWidths(page, 'activate-approved');
    const tokens = await poll(page.request, started.device_code);
    expect(tokens.status).toBe(200);

    await page.goto('/dashboard/usage');
    const plugins = page.getByRole('region', { name: 'Signed-in plugins' });
    await expect(plugins).toContainText('Drafting PC 7');
    await checkBothWidths(page, 'usage-plugins');
    await plugins.getByRole('button', { name: /Revoke/ }).click();
    const dialog = page.getByRole('alertdialog', { name: "Revoke this plugin's sign-in?" });
    await expect(dialog).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(plugins).toContainText('The plugin has been signed out.');
    await expect(plugins).toContainText('No plugin is signed in.');
    const after = await page.request.get('/api/plugin/licenses', {
      headers: { Authorization: `Bearer ${tokens.accessToken}`, 'CF-Connecting-IP': visitorIp },
    });
    expect(after.status()).toBe(401);
  });

  test('the code from the link is filled in, and Deny tells the plugin access_denied', async ({
    page,
  }) => {
    await signUpForTrial(page);
    const started = await startSignIn(page.request, 'Unknown laptop');
    await page.goto(
      new URL(started.verification_uri_complete).pathname +
        new URL(started.verification_uri_complete).search,
    );
    await islandsReady(page);
    await expect(page.getByLabel('Code from the plugin')).toHaveValue(started.user_code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Deny' }).click();
    await expect(page.getByRole('heading', { name: 'Sign-in denied' })).toBeVisible();
    await checkBothWidths(page, 'activate-denied');
    expect((await poll(page.request, started.device_code)).error).toBe('access_denied');
  });

  test('a wrong code is refused in plain words', async ({ page, allowConsoleError }) => {
    allowConsoleError(failedLoad(404, '/api/device-authorizations/lookup'));
    await signUpForTrial(page);
    await page.goto('/activate');
    await islandsReady(page);
    await page.getByLabel('Code from the plugin').fill('BBBB-BBBB');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'This code is not valid. Check it in the plugin, or start again there.',
    );
    await page.getByLabel('Code from the plugin').fill('1234');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Enter the 8 letters the plugin shows, for example BCDF-GHJK.',
    );
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a visitor without a session is told the plugin waits, signs in and comes back to the code', async ({
    page,
    browser,
  }) => {
    const account = await signUpForTrial(page);
    const started = await startSignIn(page.request, 'Site office PC');
    const context = await browser.newContext({ baseURL: baseUrl() });
    const other = await context.newPage();
    await newVisitor(other);
    const target = new URL(started.verification_uri_complete);
    await other.goto(target.pathname + target.search);
    await islandsReady(other);
    // Before signing in: the plugin is waiting, with its code, and one way on.
    await expect(other.getByRole('heading', { name: 'Sign in to the plugin' })).toBeVisible();
    await expect(other.getByText(/plugin is waiting for you to sign in/)).toBeVisible();
    await expect(other.getByText(started.user_code, { exact: true })).toBeVisible();
    await checkBothWidths(other, 'activate-signed-out');
    await other.getByRole('link', { name: 'Log in to continue' }).click();
    await expect(other).toHaveURL(/\/login\?next=%2Factivate%3Fuser_code%3D/);
    await islandsReady(other);
    // On the sign-in page too.
    await expect(other.getByRole('status')).toHaveText(/plugin is waiting: log in to approve/);
    await other.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await other.getByLabel('Password', { exact: true }).fill(account.password);
    await other.getByRole('button', { name: 'Log In' }).click();
    await expect(other).toHaveURL(/\/activate\?user_code=/);
    await islandsReady(other);
    await expect(other.getByLabel('Code from the plugin')).toHaveValue(started.user_code);
    // And after: the plugin is still waiting, for this approval.
    await expect(other.getByText(/plugin is waiting for your approval/)).toBeVisible();
    await context.close();
  });
});
