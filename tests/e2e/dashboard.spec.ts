import AxeBuilder from '@axe-core/playwright';
import { Messages } from '../../src/contract/messages';
import { islandsReady, latestMail, logIn, newVisitor, signUpForTrial } from './auth.helpers';
import { expect, failedLoad, test } from './fixtures';

test.beforeEach(async ({ page }) => {
  await newVisitor(page);
});

test.describe('guarded routes', () => {
  for (const route of [
    '/dashboard',
    '/dashboard/settings',
    '/dashboard/usage',
    '/dashboard/billing',
  ]) {
    test(`${route} sends a signed-out visitor to /login, replacing the history entry`, async ({
      page,
    }) => {
      await page.goto('/overview');
      await page.goto(route);
      await expect(page).toHaveURL(/\/login$/);
      await page.goBack();
      await expect(page).toHaveURL(/\/overview$/);
    });
  }

  test('a stored session the server no longer knows is sent to /login', async ({
    page,
    allowConsoleError,
  }) => {
    // The server does not know the session: its calls answer 401, which the browser logs.
    allowConsoleError(failedLoad(401, '/api/me'));
    allowConsoleError(failedLoad(401, '/api/organization'));
    allowConsoleError(failedLoad(401, '/api/account/license'));
    await page.addInitScript(() => {
      const user = {
        userId: 'usr_stale',
        customerName: 'Stale',
        email: 'stale@example.com',
        plan: 'Trial',
        licenseStatus: 'active',
        activationDate: '2025-07-01T00:00:00.000Z',
        expirationDate: '2025-07-16T00:00:00.000Z',
        licenseKey: 'KEY',
        isDeleted: false,
        sessionStartedAt: '2025-07-01T00:00:00.000Z',
        authProvider: 'email',
      };
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('user', JSON.stringify(user));
        localStorage.setItem('tokenExpiration', String(Date.now() + 86_400_000));
      }
    });
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });
});

test.describe('My Account', () => {
  test('shows the license, key with Copy, User ID, upgrade box and session status', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signUpForTrial(page, 'Katherine Johnson');
    await expect(page.getByRole('link', { name: 'Usage and Sessions' })).toHaveAttribute(
      'href',
      '/dashboard/usage',
    );
    await expect(page.getByRole('link', { name: 'Billing & Invoices' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();

    const license = page.getByRole('region', { name: 'Your License' });
    await expect(license).toContainText('License Manager');
    const key = await license.locator('code').innerText();
    await license.getByRole('button', { name: 'Copy license key' }).click();
    await expect(license.getByRole('status')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('user') ?? '{}') as { userId: string },
    );
    await expect(page.getByRole('region', { name: 'Save Your User ID' })).toContainText(
      stored.userId,
    );
    // The upgrade itself (a real checkout) is covered end to end in billing.spec.ts.
    await expect(
      page
        .getByRole('region', { name: 'Upgrade to Standard' })
        .getByRole('button', { name: 'Upgrade to Standard' }),
    ).toBeEnabled();
    await expect(license.getByRole('link', { name: 'Download Sheetwright' })).toHaveAttribute(
      'href',
      '/api/download',
    );
    await expect(license.locator('#download')).toContainText(
      'The version your trial started with — plugin updates come with Standard',
    );

    const session = page.getByRole('region', { name: 'Browser Authentication Status' });
    await expect(session).toContainText('Session started');
    await expect(session).toContainText(/Days until automatic log-out\s*14/);
  });

  test('shows the welcome line from the stored user before React loads, and keeps it', async ({
    page,
  }) => {
    const { name } = await signUpForTrial(page, 'Grace Hopper');
    // The page's scripts are held back: what shows is the prebuilt page and its inline scripts.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_astro/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload({ waitUntil: 'commit' });
    await expect(page.getByText(`Welcome back, ${name}!`)).toBeVisible();
    await expect(page.locator('astro-island[ssr]')).toHaveCount(1);
    await expect(page.getByText(Messages.loadingUser)).toHaveCount(0);

    release();
    await islandsReady(page);
    await expect(page.getByText(`Welcome back, ${name}!`)).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Your License' })).toBeVisible();
  });

  test('has no accessibility violations when signed in', async ({ page }) => {
    await signUpForTrial(page);
    await islandsReady(page);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
  });

  test('Usage and Billing show their topics as sections to a member', async ({ page }) => {
    await signUpForTrial(page);
    await page.getByRole('link', { name: 'Usage and Sessions' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Usage & Sessions' })).toBeVisible();
    for (const item of [
      'Usage stats',
      'Active sessions',
      'Feature usage',
      'Team activity (for Enterprise)',
    ]) {
      await expect(page.getByText(item, { exact: true })).toBeVisible();
    }
    await page.goto('/dashboard/billing');
    await expect(page).toHaveURL(/\/dashboard\/billing$/);
    for (const item of ['Current plan', 'Usage summary', 'Billing history', 'Account management']) {
      await expect(page.getByText(item, { exact: true })).toBeVisible();
    }
  });
});

test.describe('Account Settings', () => {
  test('a member changes the password: a wrong current one is refused, the new one signs in, an e-mail tells the owner', async ({
    page,
    browser,
    request,
    allowConsoleError,
  }) => {
    // The wrong current password is answered 403, which the browser logs.
    allowConsoleError(failedLoad(403, '/api/change-password'));
    const { email, password } = await signUpForTrial(page, 'Pat Password');
    await page.goto('/dashboard/settings');
    await islandsReady(page);
    const card = page.getByRole('region', { name: 'Password' });
    // The form opens from its button, its first field focused; Cancel closes it, focus back.
    const open = card.getByRole('button', { name: 'Change Password' });
    await open.click();
    await expect(card.getByLabel('Current password', { exact: true })).toBeFocused();
    await card.getByRole('button', { name: 'Cancel' }).click();
    await expect(card.locator('form')).toHaveCount(0);
    await expect(open).toBeFocused();
    await open.click();
    await expect(card.locator('form')).toHaveAttribute('method', 'post');

    await card.getByLabel('Current password', { exact: true }).fill('not-my-password');
    await card.getByLabel('New password', { exact: true }).fill('Gusset-Plate-7731');
    await card.getByLabel('Repeat new password', { exact: true }).fill('Gusset-Plate-7731');
    await card.getByRole('button', { name: 'Change Password' }).click();
    await expect(card.getByRole('alert')).toHaveText(Messages.currentPasswordWrong);

    await card.getByLabel('Current password', { exact: true }).fill(password);
    await card.getByRole('button', { name: 'Change Password' }).click();
    await expect(card.getByRole('status')).toContainText('Your password has been changed');
    // Done, the form closes; its button opens it again.
    await expect(card.locator('form')).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Change Password' })).toBeFocused();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
    const mail = await latestMail(request, email, 'password-changed');
    expect(mail.text).toContain('If it was not you');

    // Another browser signs in with the new password.
    const other = await browser.newPage();
    await newVisitor(other);
    await logIn(other, email, 'Gusset-Plate-7731');
    await other.close();
  });

  test('a member deletes the account, is logged out to /overview and cannot log in again', async ({
    page,
    allowConsoleError,
  }) => {
    // The deleted account's login answers 403, which the browser logs.
    allowConsoleError(failedLoad(403, '/api/login'));
    const { email, password } = await signUpForTrial(page);
    await page.goto('/dashboard/settings');
    await islandsReady(page);
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly', '');
    await expect(page.getByText('cannot be changed')).toBeVisible();

    const zone = page.getByRole('region', { name: 'Danger Zone' });
    await zone.getByRole('button', { name: 'Delete Account' }).click();
    await expect(zone.getByText(Messages.deleteConfirm)).toBeVisible();
    await expect(zone.getByText(Messages.deleteConfirm)).toBeFocused();
    await zone.getByRole('button', { name: 'Cancel' }).click();
    await expect(zone.getByRole('button', { name: 'Delete Account' })).toBeFocused();
    await zone.getByRole('button', { name: 'Delete Account' }).click();
    await zone.getByRole('button', { name: 'Yes, Delete My Account' }).click();
    await expect(zone.getByRole('status')).not.toBeEmpty();
    await expect(page).toHaveURL(/\/overview$/, { timeout: 10_000 });
    await expect(page.getByRole('link', { name: 'SIGN IN' })).toBeVisible();

    await page.goto('/login');
    await islandsReady(page);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});
