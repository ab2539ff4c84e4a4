/**
 * The guide as a reader meets it: from the Overview's Documentation card into the index, through a
 * page and on with its next link; the sidebar, Quick Jumps and search; accessibility and phone
 * width on every guide page; and the site's one 'Coming soon...' placeholder.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Every guide page, from the MDX files the build renders. */
const guidePaths = readdirSync(join(import.meta.dirname, '../../src/content/guide'))
  .filter((name) => name.endsWith('.mdx'))
  .map((name) => `/guide/${name.replace(/\.mdx$/, '')}`)
  .sort();

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('the guide', () => {
  test('a reader follows Overview → Documentation into the guide, opens a page and goes on with Next', async ({
    page,
  }) => {
    await page.goto('/overview');
    await page.locator('article').getByRole('link', { name: 'Documentation', exact: true }).click();
    await expect(page).toHaveURL(/\/guide$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Guide');
    await expect(page.locator('article')).not.toContainText('Coming soon...');

    // The index lists each topic with its pages.
    const article = page.locator('article');
    await expect(
      article.getByRole('heading', { level: 2, name: 'Views and sheets' }),
    ).toBeVisible();
    await article.getByRole('link', { name: 'Renumber Views', exact: true }).click();
    await expect(page).toHaveURL(/\/guide\/renumber-views$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Renumber Views');
    for (const section of ['Steps in the ribbon', 'Options', 'Limits', 'Tips'])
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();

    // Previous and next follow the sidebar's order.
    const pager = page.getByRole('navigation', { name: 'Previous and next pages' });
    await expect(pager.getByRole('link', { name: /Previous/ })).toHaveAttribute(
      'href',
      '/guide/ribbon',
    );
    await pager.getByRole('link', { name: /Next/ }).click();
    await expect(page).toHaveURL(/\/guide\/drafting-export$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Drafting Export');
  });

  test('the GUIDE tab stays active on a guide page', async ({ page }) => {
    await page.goto('/guide/license-manager');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(nav.getByRole('link', { name: 'GUIDE', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('the sidebar groups the pages by topic and marks the current one', async ({ page }) => {
    await page.goto('/guide/schedule-link');
    const sidebar = page.getByRole('navigation', { name: 'Guide' }).first();
    await expect(sidebar).toBeVisible();
    const schedules = sidebar.getByRole('list', { name: 'Schedules' });
    await expect(schedules.getByRole('link')).toHaveText(['Schedule Link', 'Dummy Schedules']);
    await expect(schedules.getByRole('link', { name: 'Schedule Link' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    for (const topic of ['Getting started', 'Views and sheets', 'Licensing', 'Help'])
      await expect(sidebar.getByRole('list', { name: topic })).toBeVisible();
    // The documentation links stay above it (the left sidebar outside the dashboard).
    await expect(
      page.getByRole('navigation', { name: 'Documentation' }).getByRole('link', { name: 'FAQ' }),
    ).toBeVisible();
  });

  test('Quick Jumps lists the headings of the page', async ({ page }) => {
    await page.goto('/guide/license-manager');
    const jumps = page.getByRole('navigation', { name: 'Quick Jumps' });
    for (const text of [
      'Working offline',
      'Switch licenses',
      'Free a device',
      'DEVICE_NOT_ACTIVATED',
    ])
      await expect(jumps.getByRole('link', { name: text, exact: true })).toBeVisible();
    await jumps.getByRole('link', { name: 'Working offline', exact: true }).click();
    await expect(page).toHaveURL(/#working-offline$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Working offline' })).toBeInViewport();
  });

  test('on a phone the contents fold into a disclosure that opens on tap', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/guide/wipe-model');
    const toggle = page.getByText('Guide contents');
    await expect(toggle).toBeVisible();
    const link = page.getByRole('link', { name: 'Troubleshooting', exact: true });
    await expect(link).toBeHidden();
    await toggle.click();
    await link.click();
    await expect(page).toHaveURL(/\/guide\/troubleshooting$/);
  });

  test('search finds a guide page and its result leads there', async ({ page }) => {
    await page.goto('/search?q=deactivation');
    const result = page
      .locator('.search-results')
      .getByRole('link', { name: '/guide/license-manager' })
      .first();
    await expect(result).toBeVisible();
    await result.click();
    await expect(page).toHaveURL(/\/guide\/license-manager/);
  });

  test("the 'Coming soon...' placeholder is on exactly one guide page", async ({ request }) => {
    const withPlaceholder: string[] = [];
    for (const path of ['/guide', ...guidePaths]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      // Three dots, not an ellipsis character: the product text, word for word.
      if ((await response.text()).includes('Coming soon...')) withPlaceholder.push(path);
    }
    expect(withPlaceholder).toEqual(['/guide/video-tutorials']);
  });

  test('a guide page says when it last changed and links an editor to its file', async ({
    page,
  }) => {
    await page.goto('/guide/renumber-views');
    const meta = page.locator('footer.meta');
    await expect(meta).toContainText(/Last updated: [A-Z][a-z]+ \d{1,2}, \d{4}/);
    await expect(meta.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
    await expect(meta.getByRole('link', { name: 'Edit this page' })).toHaveAttribute(
      'href',
      'https://github.com/sheetwright/sheetwright-web/edit/main/src/content/guide/renumber-views.mdx',
    );
  });

  for (const path of [
    '/guide/license-manager',
    '/guide/renumber-views',
    '/guide/schedule-link',
    '/guide/drafting-export',
  ]) {
    test(`${path} is illustrated with a responsive AVIF/WebP picture that loads`, async ({
      page,
    }) => {
      await page.goto(path);
      const picture = page.locator('article figure picture').first();
      await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute('srcset', /\d+w/);
      await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute('srcset', /\d+w/);
      const image = picture.locator('img');
      // Width and height reserve the space, so nothing below moves while it loads.
      await expect(image).toHaveAttribute('width', /^\d+$/);
      await expect(image).toHaveAttribute('height', /^\d+$/);
      expect((await image.getAttribute('alt'))?.length).toBeGreaterThan(20);
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      // A phone fetches a narrow file, not the widest one.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.currentSrc))
        .toMatch(/\.avif$/);
    });
  }

  for (const path of ['/guide', ...guidePaths]) {
    test(`${path} has no accessibility violations at desktop and 390 px, and no sideways scroll`, async ({
      page,
    }) => {
      await page.goto(path);
      await expect(page.locator('h1')).toHaveCount(1);
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
    });
  }
});
