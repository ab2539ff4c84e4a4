import { newVisitor, PASSWORD, signUpForTrial } from './auth.helpers';
import { expect, failedLoad, test } from './fixtures';

/**
 * Forms that hold a password, a code or an e-mail post, never GET, so what a person typed never
 * lands in a URL (history, logs, referrers), even when the form is sent before its island has
 * hydrated. Logging in works with JavaScript off: the form posts to the Worker's POST /login.
 */
test.use({ javaScriptEnabled: false });

test.describe('Forms without JavaScript', () => {
  test('every account form in the served HTML posts', async ({ page }) => {
    const pages = [
      '/login',
      '/login/code',
      '/signup?plan=trial',
      '/forgot-password',
      '/reset-password?token=x',
    ];
    for (const path of pages) {
      await page.goto(path);
      const forms = page.locator('form.account-form');
      await expect(forms.first(), path).toBeAttached();
      for (const form of await forms.all()) {
        expect(await form.getAttribute('method'), path).toBe('post');
      }
    }
    await page.goto('/login');
    await expect(page.locator('form.account-form')).toHaveAttribute('action', '/login');
  });

  test('logging in signs in and lands on the dashboard; the password is in no URL', async ({
    page,
    browser,
  }) => {
    // The account is made with JavaScript on, in a browser of its own.
    const setup = await browser.newContext({ javaScriptEnabled: true });
    const setupPage = await setup.newPage();
    await newVisitor(setupPage);
    const { email, password, name } = await signUpForTrial(setupPage);
    await setup.close();
    await newVisitor(page);
    expect(password).toBe(PASSWORD);

    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log In' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    const leaked = urls.filter((url) => url.includes(password) || url.includes('password='));
    expect(leaked).toEqual([]);
    expect(urls.some((url) => url.includes(encodeURIComponent(email)))).toBe(false);

    // Sent to /login by another page, the form goes back there, without JavaScript too.
    await page.goto('/login?next=%2Fdashboard%2Fbilling');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/dashboard\/billing$/);

    // JavaScript on again, with the cookies of that sign-in and nothing in storage: the dashboard
    // asks the server who is signed in and shows the account instead of sending them to /login.
    const { cookies } = await page.context().storageState();
    const withScripts = await browser.newContext({ javaScriptEnabled: true });
    await withScripts.addCookies(cookies);
    const dashboard = await withScripts.newPage();
    await dashboard.goto('/dashboard');
    await expect(dashboard.getByText(`Welcome back, ${name}!`)).toBeVisible();
    await expect(dashboard).toHaveURL(/\/dashboard$/);
    await withScripts.close();
  });

  test('a wrong password answers the login page with the plain message', async ({
    page,
    allowConsoleError,
  }) => {
    // The refusal is the page itself, answered 401, which Chromium logs.
    allowConsoleError(failedLoad(401, '/login'));
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).fill('nobody@example.com');
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Log In' }).click();

    await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).search).toBe('');
  });
});
