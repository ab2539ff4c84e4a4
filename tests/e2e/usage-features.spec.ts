/**
 * Feature usage on Usage & Sessions: what the plugin reported (through the real report call) is
 * shown as a chart and a table with exactly the reported numbers, per period and per device; with
 * nothing reported, the section says how the plugin reports; Account Settings turns sharing off.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { featureUsage, site } from '../../src/site.config';
import {
  activateDevice,
  licenseKeyFromDashboard,
  newVisitor,
  signUpForTrial,
} from './auth.helpers';
import { expect, test } from './fixtures';

let visitorIp = '';

test.beforeEach(async ({ page }) => {
  ({ ip: visitorIp } = await newVisitor(page));
});

const DAY_MS = 24 * 60 * 60 * 1000;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);
const random = () => Math.random().toString(36).slice(2, 10);

async function report(
  request: APIRequestContext,
  licenseKey: string,
  deviceId: string,
  events: { feature: string; day: string; count: number }[],
) {
  const response = await request.post('/api/usage/report', {
    data: { licenseKey, deviceId, batchId: `e2e-${random()}-${random()}`, events },
    headers: { 'CF-Connecting-IP': visitorIp },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(((await response.json()) as { status: string }).status).toBe('VALID');
}

/** Column `index` of the table's rows, by command. */
const byCommand = (rows: string[][], index: number): Record<string, string> =>
  Object.fromEntries(rows.map((row) => [row[0] ?? '', row[index] ?? '']));

/** The feature table's rows as [command, uses, last used]. */
async function tableRows(page: Page): Promise<string[][]> {
  const section = page.getByRole('region', { name: 'Feature usage' });
  const rows = section.getByRole('table', { name: /^Uses per command/ }).locator('tbody tr');
  return rows.evaluateAll((trs) =>
    trs.map((tr) =>
      [...tr.querySelectorAll('th, td')].map((cell) => {
        // Narrow screens label each cell (data-label); the text is the value.
        return (cell.textContent ?? '').trim();
      }),
    ),
  );
}

const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.length})`,
  );

const labels = featureUsage.features.map((feature) => feature.label);

test.describe('Feature usage', () => {
  test('shows exactly what the plugin reported, by period and device, and passes axe', async ({
    page,
  }) => {
    await signUpForTrial(page);
    const licenseKey = await licenseKeyFromDashboard(page);
    const deviceId = `e2e-machine-${Date.now()}-${random()}`;
    await activateDevice(
      page.request,
      licenseKey,
      { deviceId, deviceName: 'Drafting PC', appVersion: site.currentVersion },
      visitorIp,
    );
    await report(page.request, licenseKey, deviceId, [
      { feature: 'renumber-views', day: day(0), count: 12 },
      { feature: 'renumber-views', day: day(3), count: 30 },
      { feature: 'cad-import', day: day(1), count: 4 },
      { feature: 'wipe-model', day: day(29), count: 1 },
    ]);

    await page.goto('/dashboard/usage');
    const section = page.getByRole('region', { name: 'Feature usage' });
    await expect(section.getByRole('table', { name: /^Uses per command/ })).toBeVisible();
    const rows = await tableRows(page);
    const uses = byCommand(rows, 1);
    // Most used first; the unused in ribbon order.
    const unused = labels.filter(
      (label) => !['Renumber Views', 'CAD Import', 'Wipe Model'].includes(label),
    );
    expect(rows.map((row) => row[0])).toEqual([
      'Renumber Views',
      'CAD Import',
      'Wipe Model',
      ...unused,
    ]);
    expect(uses).toMatchObject({
      'Renumber Views': '42',
      'CAD Import': '4',
      'Wipe Model': '1',
      'Schedule Link': '0',
    });
    const lastUsed = byCommand(rows, 2);
    expect(lastUsed['Schedule Link']).toBe('Never');
    await expect(section.getByRole('img', { name: /Renumber Views 42/ })).toBeVisible();
    await expect(section.getByText('Uses in the last 30 days')).toBeVisible();
    expect(await axe(page)).toEqual([]);

    // The other periods include the same days.
    await section.getByLabel('Period').selectOption('365');
    await expect(section.getByText('Uses in the last 365 days')).toBeVisible();
    await expect(
      section.getByRole('table', { name: /over the last 365 days/ }).locator('tbody tr'),
    ).toHaveCount(labels.length);
    expect(byCommand(await tableRows(page), 1)).toMatchObject({
      'Renumber Views': '42',
      'Wipe Model': '1',
    });
  });

  test('says how the plugin reports when nothing was reported', async ({ page }) => {
    await signUpForTrial(page);
    await page.goto('/dashboard/usage');
    const section = page.getByRole('region', { name: 'Feature usage' });
    await expect(section).toContainText('No feature usage yet.');
    await expect(section.getByRole('table')).toHaveCount(0);
    expect(await axe(page)).toEqual([]);
  });

  test('Account Settings turns sharing off and on', async ({ page }) => {
    await signUpForTrial(page);
    await page.goto('/dashboard/settings');
    const sharing = page.getByRole('checkbox', { name: 'Share feature usage' });
    await expect(sharing).toBeChecked();
    expect(await axe(page)).toEqual([]);
    await sharing.uncheck();
    await expect(page.getByRole('status').filter({ hasText: 'sharing is off' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Share feature usage' })).not.toBeChecked();
    await page.goto('/dashboard/usage');
    await expect(page.getByRole('region', { name: 'Feature usage' })).toContainText(
      'feature usage sharing is off',
    );
    await page.goto('/dashboard/settings');
    await page.getByRole('checkbox', { name: 'Share feature usage' }).check();
    await expect(page.getByRole('status').filter({ hasText: 'sharing is on' })).toBeVisible();
  });
});
