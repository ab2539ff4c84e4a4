/**
 * Forms used before their island's scripts have loaded. The scripts (`/_astro/*.js`) are held
 * back while the person types into the prebuilt form, then released: hydration keeps every value
 * typed (src/islands/shared/keep-typed.ts), and the person signs in or goes on without typing
 * again. A form sent before the scripts load is answered with its page again (the Worker's
 * functions/routes/early-forms.ts), saying nothing was done yet and keeping the address.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { ApiMessages } from '../../src/contract/messages';
import type { DeviceAuthorizationResponse } from '../../src/contract/schemas/plugin-sign-in';
import { pluginSignIn } from '../../src/site.config';
import {
  islandsReady,
  startTrialAndVerify,
  newVisitor,
  PASSWORD,
  signUpForTrial,
  uniqueEmail,
} from './auth.helpers';
import { expect, test } from './fixtures';

let visitorIp = '';

test.beforeEach(async ({ page }) => {
  ({ ip: visitorIp } = await newVisitor(page));
});

/**
 * Holds every island script of the pages `page` opens until the returned function is called;
 * the pages show their prebuilt HTML meanwhile, and the islands hydrate once it is.
 */
async function holdIslandScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/*.js', async (route) => {
    await held;
    // The page may have been left while its script waited.
    await route.continue().catch(() => {});
  });
  return release;
}

/** Opens `path` with its island scripts held; the form is there, not yet hydrated. */
async function openBeforeHydration(page: Page, path: string): Promise<() => void> {
  const release = await holdIslandScripts(page);
  await page.goto(path, { waitUntil: 'commit' });
  await expect(page.locator('form.account-form')).toBeVisible();
  await expect(page.locator('astro-island[ssr]')).not.toHaveCount(0);
  return release;
}

/** A new account, logged out again: the next page starts signed out. */
async function accountSignedOut(page: Page) {
  const account = await signUpForTrial(page);
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/overview$/);
  return account;
}

/** The plugin's device request, from this test's IP. */
async function startPluginSignIn(request: APIRequestContext) {
  const response = await request.post('/api/oauth/device', {
    form: { client_id: pluginSignIn.clientId, device_name: 'Site Office PC' },
    headers: { 'CF-Connecting-IP': visitorIp },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as DeviceAuthorizationResponse;
}

test.describe('Forms typed into before their scripts load', () => {
  test('/login keeps the e-mail and password typed before hydration and signs in with them', async ({
    page,
  }) => {
    const { email, name } = await accountSignedOut(page);
    const release = await openBeforeHydration(page, '/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox', { name: 'Remember my email' }).check();

    release();
    await islandsReady(page);
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue(PASSWORD);
    await expect(page.getByRole('checkbox', { name: 'Remember my email' })).toBeChecked();

    // Sent by the island (POST /api/login), with what hydration kept.
    const call = page.waitForRequest((request) => request.url().endsWith('/api/login'));
    await page.getByRole('button', { name: 'Log In' }).click();
    await call;
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(`Welcome back, ${name}!`)).toBeVisible();
  });

  test('/signup keeps its first step typed before hydration and goes on to the e-mail code', async ({
    page,
  }) => {
    const name = 'Katherine Johnson';
    const email = uniqueEmail('early');
    const release = await openBeforeHydration(page, '/signup?plan=trial');
    await page.getByLabel('Full Name').fill(name);
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();

    release();
    await islandsReady(page);
    await expect(page.getByLabel('Full Name')).toHaveValue(name);
    await expect(page.getByLabel('Email Address')).toHaveValue(email);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue(PASSWORD);
    await expect(page.getByLabel('Confirm Password', { exact: true })).toHaveValue(PASSWORD);
    await expect(page.getByRole('checkbox', { name: /I agree to the Terms/ })).toBeChecked();

    // The bot check is the island's own; nothing typed has to be typed again.
    await page.getByRole('checkbox', { name: 'Verify you are human' }).check();
    await startTrialAndVerify(page, email, name);
  });

  test('/activate keeps the user code typed before hydration and continues to approval', async ({
    page,
  }) => {
    const account = await signUpForTrial(page);
    const started = await startPluginSignIn(page.request);
    const release = await openBeforeHydration(page, '/activate');
    await page.getByLabel('Code from the plugin').fill(started.user_code.toLowerCase());

    release();
    await islandsReady(page);
    await expect(page.getByLabel('Code from the plugin')).toHaveValue(
      started.user_code.toLowerCase(),
    );
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(
      page.getByRole('heading', { name: 'Allow this plugin to manage your licenses?' }),
    ).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('heading', { name: 'The plugin is signed in' })).toBeVisible();
  });

  test('/forgot-password sent before its scripts load answers its page, keeping the address', async ({
    page,
  }) => {
    const { email } = await accountSignedOut(page);
    const release = await openBeforeHydration(page, '/forgot-password');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    // The browser sends the form itself: a POST to the page, nothing in the URL.
    const answered = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && response.url().endsWith('/forgot-password'),
    );
    await page.getByRole('textbox', { name: 'Email' }).press('Enter');
    const answer = await answered;
    expect(answer.status()).toBe(200);
    expect(new URL(page.url()).search).toBe('');
    const notice = page.getByRole('status').filter({ hasText: ApiMessages.formSentBeforeLoaded });
    await expect(notice).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);

    release();
    await islandsReady(page);
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    await page.getByRole('checkbox', { name: 'Verify you are human' }).check();
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    await expect(notice).toHaveCount(0);
  });
});
