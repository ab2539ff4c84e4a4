import AxeBuilder from '@axe-core/playwright';
import { Messages } from '../../src/contract/messages';
import {
  islandsReady,
  latestMail,
  logIn,
  newVisitor,
  signUpForTrial,
  uniqueEmail,
} from './auth.helpers';
import { expect, failedLoad, test } from './fixtures';

test.beforeEach(async ({ page }) => {
  await newVisitor(page);
});

test.describe('login page', () => {
  test('has every control of Welcome Back! and no accessibility violations', async ({ page }) => {
    await page.goto('/login');
    await islandsReady(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back!' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await expect(page.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/pricing');
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Remember my email' })).toBeVisible();
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('hunter22');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
  });

  test('prefills the e-mail and shows a known message from the payment page, never unknown text', async ({
    page,
  }) => {
    const query = new URLSearchParams({
      email: 'ada@example.com',
      message: Messages.accountCreatedPleaseLogin,
    });
    await page.goto(`/login?${query.toString()}`);
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.com');
    await expect(page.getByRole('status')).toHaveText(Messages.accountCreatedPleaseLogin);

    await page.goto('/login?message=Your%20account%20is%20locked%2C%20call%20us');
    await islandsReady(page);
    await expect(page.getByText('Your account is locked')).toHaveCount(0);
  });

  test('a wrong password shows the server message and keeps the visitor on /login', async ({
    page,
    allowConsoleError,
  }) => {
    // The refused login answers 401, which the browser logs.
    allowConsoleError(failedLoad(401, '/api/login'));
    await page.goto('/login');
    await islandsReady(page);
    await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('nobody'));
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('alert')).toHaveText(Messages.invalidCredentials);
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Password', { exact: true }).fill('changed');
    await expect(page.getByRole('alert')).toBeHidden();
  });

  test('a stored user that cannot be parsed counts as signed out', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('user', '{broken');
      localStorage.setItem('tokenExpiration', String(Date.now() + 86_400_000));
    });
    await page.goto('/overview');
    await expect(page.getByRole('link', { name: 'SIGN IN' })).toBeVisible();
    await page.goto('/login');
    await islandsReady(page);
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('sessions', () => {
  test('a member logs out to /overview and logs back in, with Remember my email', async ({
    page,
  }) => {
    const { email, password } = await signUpForTrial(page);
    await expect(page.getByRole('link', { name: 'My account', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/overview$/);
    await expect(page.getByRole('link', { name: 'SIGN IN' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

    await page.goto('/login');
    await islandsReady(page);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('checkbox', { name: 'Remember my email' }).check();
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Welcome back, Ada Lovelace!')).toBeVisible();

    // Signed in: /login goes straight back to the dashboard.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/overview$/);
    await page.goto('/login');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    await expect(page.getByRole('checkbox', { name: 'Remember my email' })).toBeChecked();
  });

  test('a member resets a forgotten password with the e-mailed link', async ({ page }) => {
    const { email } = await signUpForTrial(page);
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/overview$/);

    await page.goto('/login');
    await islandsReady(page);
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await islandsReady(page);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('checkbox', { name: 'Verify you are human' }).check();
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();

    const mail = await latestMail(page.request, email, 'password-reset');
    const link = mail.links.find((href) => href.includes('/reset-password?token='));
    expect(link).toBeTruthy();
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await islandsReady(page);
    const fresh = 'Brace-Frame-9032';
    await page.getByLabel('New Password', { exact: true }).fill(fresh);
    await page.getByLabel('Confirm Password', { exact: true }).fill(fresh);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page.getByRole('heading', { name: 'Password Changed' })).toBeVisible();
    await page.getByRole('link', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, email, fresh);
  });

  test('the forgot-password page answers the same for an unknown e-mail', async ({ page }) => {
    await page.goto('/forgot-password');
    await islandsReady(page);
    await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('unknown'));
    // Without the bot check the request is not sent.
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('alert')).toHaveText(Messages.recaptchaNotReady);
    await page.getByRole('checkbox', { name: 'Verify you are human' }).check();
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  });
});
