/**
 * Usage & Sessions and the download: devices activated by the plugin appear
 * and are freed from the page, other browser sessions are signed out at once, the installer
 * downloads from the dashboard and the header's DOWNLOAD leads to it.
 */
import { stat } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { Messages, SuccessMessages } from '../../src/contract/messages';
import { installer, licensing, site } from '../../src/site.config';
import {
  activateDevice,
  islandsReady,
  licenseKeyFromDashboard,
  logIn,
  newVisitor,
  signUpForTrial,
} from './auth.helpers';
import { expect, failedLoad, test } from './fixtures';

let visitorIp = '';

test.beforeEach(async ({ page }) => {
  ({ ip: visitorIp } = await newVisitor(page));
});

const random = () => Math.random().toString(36).slice(2, 10);
const newDevice = (deviceName: string) => ({
  deviceId: `e2e-machine-${Date.now()}-${random()}`,
  deviceName,
  appVersion: site.currentVersion,
});

/** A plugin call other than activate, from this test's visitor IP; returns status and body. */
async function pluginCall(request: APIRequestContext, path: string, data: object) {
  const response = await request.post(path, {
    data,
    headers: { 'CF-Connecting-IP': visitorIp },
  });
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}

/** Signs the account in from a second browser (its own context, cookies and IP). */
async function signInElsewhere(browser: Browser, email: string, password: string): Promise<Page> {
  // A new context does not inherit the config's `use`, so the base URL is passed on.
  const { baseURL } = test.info().project.use;
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  const page = await context.newPage();
  await newVisitor(page);
  await logIn(page, email, password);
  return page;
}

async function openUsage(page: Page) {
  await page.goto('/dashboard/usage');
  await expect(page.getByRole('heading', { name: 'Active devices' })).toBeVisible();
}

test.describe('Usage & Sessions', () => {
  test('a new member sees no devices, only this browser, and the plan notes', async ({ page }) => {
    await signUpForTrial(page);
    await page.goto('/dashboard/usage');
    const devices = page.getByRole('region', { name: 'Active devices' });
    await expect(devices).toContainText('0 of 1 device');
    await expect(devices).toContainText(
      `No devices yet. Install ${site.product}, open the License Manager and paste your license key.`,
    );
    await expect(devices.getByRole('link', { name: 'Installation' })).toHaveAttribute(
      'href',
      '/installation',
    );
    await expect(devices.getByRole('link', { name: 'download the installer' })).toHaveAttribute(
      'href',
      '/dashboard#download',
    );
    await expect(page.getByRole('region', { name: 'Activation history' })).toContainText(
      'No activations yet.',
    );
    const sessions = page.getByRole('region', { name: 'Active sessions' });
    await expect(sessions).toContainText('This browser');
    await expect(sessions).toContainText('Only this browser is signed in.');
    await expect(page.getByRole('region', { name: 'Usage stats' })).toContainText('Devices in use');
    await expect(page.getByRole('region', { name: 'Feature usage' })).toContainText(
      'No feature usage yet.',
    );
    await expect(
      page.getByRole('region', { name: 'Team activity (for Enterprise)' }),
    ).toContainText('Team activity monitoring is available on the Enterprise plan.');
  });

  test('shows Loading usage... then, when the call fails, the error with Retry', async ({
    page,
    allowConsoleError,
  }) => {
    // The 503 is the test's own, and the browser logs it.
    allowConsoleError(failedLoad(503, '/api/usage'));
    await signUpForTrial(page);
    // Hold the first answer until the loading text has been seen, then fail it.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('/api/usage', async (route) => {
      await held;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Service unavailable.', code: 'INTERNAL' }),
      });
    });
    await page.goto('/dashboard/usage');
    await expect(page.getByRole('status')).toHaveText('Loading usage...');
    release();
    await expect(page.getByRole('alert')).toHaveText('Service unavailable.');
    await page.unroute('/api/usage');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Active devices' })).toBeVisible();
  });

  test('a device activated by the plugin is listed, and replacing it frees it at once', async ({
    page,
  }) => {
    await signUpForTrial(page);
    const licenseKey = await licenseKeyFromDashboard(page);
    const device = newDevice('Drafting PC');
    await activateDevice(page.request, licenseKey, device, visitorIp);

    await openUsage(page);
    const devices = page.getByRole('region', { name: 'Active devices' });
    // Trial allows one device: at the limit, the button offers to replace it.
    await expect(devices).toContainText('1 of 1 device');
    const row = devices.getByRole('row', { name: /Drafting PC/ });
    await expect(row).toContainText(site.currentVersion);
    await expect(row.locator('time')).toHaveText('just now');
    await expect(row.locator('time')).toHaveAttribute('title', /\d{4}/);
    const history = page.getByRole('region', { name: 'Activation history' });
    await expect(history.getByRole('row', { name: /Activated Drafting PC Plugin/ })).toBeVisible();

    // Keep device: nothing changes and focus returns to the button that opened the dialog.
    const replace = row.getByRole('button', { name: 'Replace this device' });
    await replace.click();
    const dialog = page.getByRole('alertdialog', { name: 'Replace this device?' });
    await expect(dialog).toContainText(
      'then activate the license on the new computer in the License Manager',
    );
    await expect(dialog).toContainText(
      `0 of ${licensing.maxDeactivations} deactivations used in the last ${licensing.deactivationWindowDays} days`,
    );
    await expect(dialog.getByRole('button', { name: 'Keep device' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Keep device' }).click();
    await expect(dialog).toBeHidden();
    await expect(replace).toBeFocused();

    await replace.click();
    await dialog.getByRole('button', { name: 'Free this device' }).click();
    await expect(dialog).toBeHidden();
    const notice = devices.getByRole('status');
    await expect(notice).toHaveText(SuccessMessages.deviceDeactivated);
    await expect(notice).toBeFocused();
    await expect(devices).toContainText('0 of 1 device');
    await expect(devices).toContainText('No devices yet.');
    await expect(devices).toContainText(`1 of ${licensing.maxDeactivations} deactivations used`);
    await expect(
      history.getByRole('row', { name: /Deactivated Drafting PC Dashboard/ }),
    ).toBeVisible();

    // The plugin on that computer is told at its next check.
    const check = await pluginCall(page.request, '/api/licenses/validate', {
      licenseKey,
      deviceId: device.deviceId,
    });
    expect(check.status).toBe(200);
    expect(check.body['status']).toBe('DEVICE_NOT_ACTIVATED');
  });

  test('a device is renamed inline; an empty name is refused, Escape cancels, the plugin sees the name', async ({
    page,
  }) => {
    await signUpForTrial(page);
    const licenseKey = await licenseKeyFromDashboard(page);
    const device = newDevice('DESKTOP-7QX2');
    await activateDevice(page.request, licenseKey, device, visitorIp);
    await openUsage(page);
    const devices = page.getByRole('region', { name: 'Active devices' });

    // Escape leaves the name as it was and gives focus back to Rename.
    const rename = devices.getByRole('button', { name: 'Rename DESKTOP-7QX2' });
    await rename.click();
    const field = devices.getByRole('textbox', { name: 'New name for DESKTOP-7QX2' });
    await expect(field).toBeFocused();
    await field.press('Escape');
    await expect(rename).toBeFocused();

    // An empty name is refused in plain words; a real one is saved and announced.
    await rename.click();
    await field.fill('   ');
    await devices.getByRole('button', { name: 'Save' }).click();
    await expect(devices.getByRole('alert')).toHaveText('Please name the device.');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await field.fill('Drafting workstation');
    await field.press('Enter');
    await expect(devices.getByRole('status')).toHaveText(SuccessMessages.deviceRenamed);
    await expect(devices.getByRole('row', { name: /Drafting workstation/ })).toBeVisible();
    const history = page.getByRole('region', { name: 'Activation history' });
    await expect(
      history.getByRole('row', { name: /Renamed DESKTOP-7QX2 → Drafting workstation Dashboard/ }),
    ).toBeVisible();

    // The plugin's list of devices uses the new name.
    const again = await pluginCall(page.request, '/api/licenses/activate', {
      licenseKey,
      deviceId: device.deviceId,
      deviceName: 'DESKTOP-7QX2',
    });
    expect(again.body).toMatchObject({ device: { deviceName: 'Drafting workstation' } });
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
  });

  test('past the deactivation limit, freeing a device shows the limit message', async ({
    page,
    allowConsoleError,
  }) => {
    // The refused deactivation answers 429, which the browser logs.
    allowConsoleError(failedLoad(429, '/api/devices/*/deactivate'));
    await signUpForTrial(page);
    const licenseKey = await licenseKeyFromDashboard(page);
    const device = newDevice('Shared PC');
    // Churn one device through the plugin until the window's deactivations are used up.
    for (let i = 0; i < licensing.maxDeactivations; i += 1) {
      await activateDevice(page.request, licenseKey, device, visitorIp);
      const freed = await pluginCall(page.request, '/api/licenses/deactivate', {
        licenseKey,
        deviceId: device.deviceId,
      });
      expect(freed.status).toBe(200);
    }
    await activateDevice(page.request, licenseKey, device, visitorIp);

    await openUsage(page);
    const devices = page.getByRole('region', { name: 'Active devices' });
    await devices.getByRole('button', { name: /Replace this device/ }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Replace this device?' });
    await expect(dialog).toContainText(
      `${licensing.maxDeactivations} of ${licensing.maxDeactivations} deactivations used`,
    );
    await dialog.getByRole('button', { name: 'Free this device' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(Messages.deactivationLimit);
    await dialog.getByRole('button', { name: 'Keep device' }).click();
    await expect(devices.getByRole('row', { name: /Shared PC/ })).toBeVisible();
  });

  test('a device freed from the plugin while the dialog is open is shown as already freed', async ({
    page,
    allowConsoleError,
  }) => {
    // Freeing the device already freed answers 404, which the browser logs.
    allowConsoleError(failedLoad(404, '/api/devices/*/deactivate'));
    await signUpForTrial(page);
    const licenseKey = await licenseKeyFromDashboard(page);
    const device = newDevice('Site Laptop');
    await activateDevice(page.request, licenseKey, device, visitorIp);
    await openUsage(page);
    const devices = page.getByRole('region', { name: 'Active devices' });
    await devices.getByRole('button', { name: /Replace this device/ }).click();
    const freed = await pluginCall(page.request, '/api/licenses/deactivate', {
      licenseKey,
      deviceId: device.deviceId,
    });
    expect(freed.status).toBe(200);
    await page.getByRole('button', { name: 'Free this device' }).click();
    await expect(devices.getByRole('status')).toHaveText('This device was already deactivated.');
    await expect(devices).toContainText('No devices yet.');
  });

  test('a stored session the server no longer knows is sent to /login', async ({
    page,
    allowConsoleError,
  }) => {
    // The server does not know the session: the page's calls (the usage overview, and the
    // account's summary when it is asked first) answer 401, which the browser logs.
    allowConsoleError(failedLoad(401, '/api/usage'));
    allowConsoleError(failedLoad(401, '/api/me'));
    await signUpForTrial(page);
    // Leave the dashboard first: its own calls would send it to /login once the cookie is gone,
    // and that navigation would abort the one below.
    await page.goto('about:blank');
    // Without its cookie the server knows no session, while storage still says signed in.
    await page.context().clearCookies();
    // The page may leave for /login before its load event: wait for the navigation to commit.
    await page.goto('/dashboard/usage', { waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });

  test('signing out the other sessions ends them at once', async ({
    page,
    browser,
    allowConsoleError,
  }) => {
    // The other browser's session has ended: its calls answer 401, which the browser logs.
    allowConsoleError(failedLoad(401, '/api/me'));
    allowConsoleError(failedLoad(401, '/api/organization'));
    allowConsoleError(failedLoad(401, '/api/account/license'));
    const { email, password } = await signUpForTrial(page);
    const second = await signInElsewhere(browser, email, password);
    const third = await signInElsewhere(browser, email, password);

    await openUsage(page);
    const sessions = page.getByRole('region', { name: 'Active sessions' });
    await expect(sessions.getByRole('row')).toHaveCount(4); // header + 3 sessions
    await expect(sessions.getByText('This browser', { exact: true })).toHaveCount(1);

    // One by one...
    await sessions
      .getByRole('row')
      .getByRole('button', { name: /^Sign out/ })
      .first()
      .click();
    await expect(sessions.getByRole('status')).toHaveText(SuccessMessages.sessionRevoked);
    // The row whose button was pressed is gone: focus moves to the result, not to <body>.
    await expect(sessions.getByRole('status')).toBeFocused();
    await expect(sessions.getByRole('row')).toHaveCount(3);
    // ...or all the others at once.
    await sessions.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await expect(sessions.getByRole('status')).toHaveText(SuccessMessages.sessionsRevoked);
    await expect(sessions).toContainText('Only this browser is signed in.');
    await expect(sessions.getByRole('row')).toHaveCount(2);

    for (const other of [second, third]) {
      await other.goto('/dashboard');
      await expect(other).toHaveURL(/\/login$/);
      await other.context().close();
    }
    // This browser is still signed in.
    await page.reload();
    await expect(sessions).toContainText('Only this browser is signed in.');
  });

  test('has no accessibility violations with a device, two sessions, the dialog and at 390 px', async ({
    page,
    browser,
  }) => {
    const { email, password } = await signUpForTrial(page);
    await activateDevice(
      page.request,
      await licenseKeyFromDashboard(page),
      newDevice('Office PC'),
      visitorIp,
    );
    const second = await signInElsewhere(browser, email, password);
    await openUsage(page);
    await islandsReady(page);
    await expect(
      page.getByRole('region', { name: 'Active sessions' }).getByRole('row'),
    ).toHaveCount(3);
    const axe = async () =>
      (await new AxeBuilder({ page }).analyze()).violations.map(
        (v) => `${v.id}: ${v.help} (${v.nodes.length})`,
      );
    expect(await axe()).toEqual([]);

    await page.getByRole('button', { name: /Replace this device/ }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    expect(await axe()).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('alertdialog')).toBeHidden();
    await expect(page.getByRole('button', { name: /Replace this device/ })).toBeFocused();

    // Phone width: the tables become labelled blocks.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axe()).toEqual([]);
    await second.context().close();
  });
});

test.describe('download', () => {
  test('the dashboard download button saves the installer', async ({ page }) => {
    await signUpForTrial(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('main').locator('a[href="/api/download"]').click(),
    ]);
    expect(download.suggestedFilename()).toBe(installer.fileName(site.currentVersion));
    expect(download.suggestedFilename()).toBe('Sheetwright-Setup-1.0.0.exe');
    expect(await download.failure()).toBeNull();
    const file = await download.path();
    expect((await stat(file)).size).toBeGreaterThan(0);
  });

  test('signed in, the header DOWNLOAD leads to the download on the dashboard', async ({
    page,
  }) => {
    await signUpForTrial(page);
    await page.goto('/overview');
    const link = page.getByRole('banner').getByRole('link', { name: 'DOWNLOAD' });
    await expect(link).toHaveAttribute('href', '/dashboard#download');
    await link.click();
    await expect(page).toHaveURL(/\/dashboard#download$/);
    await expect(page.locator('#download')).toBeInViewport();
  });
});
