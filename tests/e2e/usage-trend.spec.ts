/**
 * Feature use over time on Usage & Sessions: what the plugin reported (through the real report
 * call) shows per command as a line and a row, most used first, with the change against the
 * previous 30 days in words ("new": nothing before), the numbers per day in a table, for the
 * chosen period and device; it passes axe at a desktop and a phone width.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { site } from '../../src/site.config';
import {
  activateDevice,
  licenseKeyFromDashboard,
  newVisitor,
  signUpForTrial,
} from './auth.helpers';
import { expect, test } from './fixtures';

const DAY_MS = 24 * 60 * 60 * 1000;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);
const random = () => Math.random().toString(36).slice(2, 10);

const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.length})`,
  );

test('shows each command over time, most used first, with its change, and passes axe', async ({
  page,
}, testInfo) => {
  // Two axe runs over long tables on a shared machine.
  test.setTimeout(90_000);
  const { ip } = await newVisitor(page);
  await signUpForTrial(page);
  const licenseKey = await licenseKeyFromDashboard(page);
  const devices = { desk: `e2e-desk-${random()}`, laptop: `e2e-laptop-${random()}` };
  const report = async (
    deviceId: string,
    events: { feature: string; day: string; count: number }[],
  ) => {
    const response = await page.request.post('/api/usage/report', {
      data: { licenseKey, deviceId, batchId: `e2e-${random()}-${random()}`, events },
      headers: { 'CF-Connecting-IP': ip },
    });
    expect(response.status(), await response.text()).toBe(200);
  };
  // A trial has one device: the desk reports, is freed, then the laptop reports.
  const device = (deviceId: string, deviceName: string) => ({
    deviceId,
    deviceName,
    appVersion: site.currentVersion,
  });
  await activateDevice(page.request, licenseKey, device(devices.desk, 'Desk PC'), ip);
  await report(devices.desk, [
    { feature: 'cad-import', day: day(0), count: 4 },
    { feature: 'cad-import', day: day(6), count: 9 },
    { feature: 'sheet-notes', day: day(20), count: 2 },
  ]);
  const freed = await page.request.post('/api/licenses/deactivate', {
    data: { licenseKey, deviceId: devices.desk },
    headers: { 'CF-Connecting-IP': ip },
  });
  expect(freed.status(), await freed.text()).toBe(200);
  await activateDevice(page.request, licenseKey, device(devices.laptop, 'Laptop'), ip);
  await report(devices.laptop, [{ feature: 'renumber-views', day: day(1), count: 30 }]);

  await page.goto('/dashboard/usage');
  const section = page.getByRole('region', { name: 'Feature usage' });
  const trend = section.getByRole('table', { name: /^Use over time on all devices/ });
  // The section loads (code and data) when the page is scrolled near it, below the sessions.
  await section.scrollIntoViewIfNeeded();
  await section.getByRole('heading', { name: 'Use over time' }).scrollIntoViewIfNeeded();
  await expect(trend).toBeVisible();
  const rows = trend.locator('tbody tr');
  await expect(rows.nth(0).locator('th')).toHaveText('Renumber Views');
  await expect(rows.nth(1).locator('th')).toHaveText('CAD Import');
  await expect(rows.nth(2).locator('th')).toHaveText('Sheet Notes');
  await expect(rows.nth(1)).toContainText('13');
  await expect(rows.nth(1)).toContainText('new');
  await expect(section.getByText(/Most used on all devices/)).toContainText(
    'Renumber Views 30 (new in the last 30 days)',
  );
  await expect(
    section.getByRole('img', { name: /^CAD Import per day: most uses \(9\)/ }),
  ).toBeVisible();
  await section.getByText('Show the numbers per day').click();
  const numbers = section.getByRole('table', { name: /^Use over time per day/ });
  await expect(numbers.locator('tbody tr')).toHaveCount(30);
  expect(await axe(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await section.screenshot({ path: testInfo.outputPath('trend-1280.png') });

  // One device, then a year per week (months only where days are no longer kept).
  await section.getByLabel('Device', { exact: true }).selectOption({ label: 'Desk PC' });
  const desk = section.getByRole('table', { name: /^Use over time on Desk PC/ });
  await expect(desk.locator('tbody tr').nth(0).locator('th')).toHaveText('CAD Import');
  await section.getByLabel('Period', { exact: true }).selectOption('365');
  await expect(section.getByRole('table', { name: /per week from/ })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await axe(page)).toEqual([]);
  await section.screenshot({ path: testInfo.outputPath('trend-390.png') });
});
