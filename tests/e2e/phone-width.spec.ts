/**
 * Every page fits a 390 px wide phone: the document never scrolls sideways, signed out (public,
 * guide, legal, changelog, search, sign-in, signup and payment pages, the 404 page) and signed in
 * (every dashboard page). The secondary navigation shows all its links inside the screen.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { islandsReady, newVisitor, signUpForTrial } from './auth.helpers';
import { expect, failedLoad, publicRoutes, test } from './fixtures';

const PHONE = { width: 390, height: 844 };

/** Every guide page, from the MDX files the build renders. */
const guidePaths = readdirSync(join(import.meta.dirname, '../../src/content/guide'))
  .filter((name) => name.endsWith('.mdx'))
  .map((name) => `/guide/${name.replace(/\.mdx$/, '')}`)
  .sort();

/** The pages a signed-out visitor can open, beyond the public ones. */
const signedOutRoutes = [
  ...publicRoutes,
  ...guidePaths,
  '/search?q=no-such-word-anywhere',
  '/login',
  '/login/code',
  '/signup?plan=trial',
  '/signup?plan=standard',
  '/forgot-password',
  '/reset-password?token=not-a-real-token',
  '/payment-processing',
  '/invite',
];

const dashboardRoutes = [
  '/dashboard',
  '/dashboard/settings',
  '/dashboard/usage',
  '/dashboard/billing',
  '/dashboard/team',
];

/** How far the document is wider than the screen, in CSS pixels (0 when it fits). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** Loads `route` and waits until its islands have rendered what they fetch. */
async function openSettled(page: Page, route: string) {
  await page.goto(route);
  await islandsReady(page);
  await page.waitForLoadState('networkidle');
}

test.describe('at 390 px', () => {
  test.use({ viewport: PHONE });

  for (const route of signedOutRoutes) {
    test(`${route} does not scroll sideways`, async ({ page }) => {
      await newVisitor(page);
      await openSettled(page, route);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    });
  }

  test('the 404 page and a payment page with an unknown checkout do not scroll sideways', async ({
    page,
    allowConsoleError,
  }) => {
    // Both answer 404 on purpose, which the browser logs.
    allowConsoleError(failedLoad(404, '/no-such-page'));
    allowConsoleError(failedLoad(404, '/api/check-payment-completion'));
    await newVisitor(page);
    for (const route of ['/no-such-page', '/payment-processing?session_id=cs_local_nothing']) {
      await openSettled(page, route);
      expect(await sidewaysOverflow(page), route).toBeLessThanOrEqual(0);
    }
  });

  test('every dashboard page, signed in, does not scroll sideways', async ({
    page,
    allowConsoleError,
  }, testInfo) => {
    // The team page asks for the team, which a Trial account without an organization may not see.
    allowConsoleError(failedLoad(403, '/api/team'));
    await newVisitor(page);
    await signUpForTrial(page, 'Phone Person');
    for (const route of dashboardRoutes) {
      await openSettled(page, route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('Loading user data...')).toHaveCount(0);
      expect.soft(await sidewaysOverflow(page), route).toBeLessThanOrEqual(0);
      const name = route.slice(1).replaceAll('/', '-');
      await page.screenshot({ path: testInfo.outputPath(`${name}-390.png`), fullPage: true });
    }
    await expectLinksOnScreen(page, 'Dashboard');
  });

  test("the API reference's field names read whole, never a letter a line", async ({
    page,
  }, testInfo) => {
    await page.goto('/developers/api');
    const names = page.locator('table.fields td:first-child code');
    expect(await names.count()).toBeGreaterThan(10);
    // Each name takes one line, unless it is wider than the whole screen.
    const squeezed = await names.evaluateAll((codes) =>
      codes
        .filter((code) => {
          const lineHeight = parseFloat(getComputedStyle(code).lineHeight) || 20;
          return (
            code.getBoundingClientRect().height > lineHeight * 1.5 && code.textContent.length < 30
          );
        })
        .map((code) => code.textContent),
    );
    expect(squeezed).toEqual([]);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.locator('table.fields').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('developers-api-390.png') });
  });

  test('/activate signed out does not scroll sideways and says a plugin is waiting', async ({
    page,
  }) => {
    await newVisitor(page);
    await openSettled(page, '/activate?user_code=BCDF-GHJK');
    await expect(page.getByText(/plugin is waiting for you to sign in/)).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });

  test('the documentation tabs show every link inside the screen', async ({ page }) => {
    for (const route of ['/features', '/overview']) {
      await page.goto(route);
      await expectLinksOnScreen(page, 'Documentation');
    }
  });
});

/** Every link of the navigation landmark `name` is visible and wholly inside the screen's width. */
async function expectLinksOnScreen(page: Page, name: string) {
  const links = page.getByRole('navigation', { name }).getByRole('link');
  expect(await links.count()).toBeGreaterThan(2);
  for (const link of await links.all()) {
    await expect(link).toBeVisible();
    const box = await link.boundingBox();
    expect(box, await link.innerText()).not.toBeNull();
    expect(box!.x, await link.innerText()).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, await link.innerText()).toBeLessThanOrEqual(PHONE.width);
  }
}
