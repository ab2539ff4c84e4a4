/**
 * The storefront: the landing hero of `/` and `/overview` inside the first screen of a phone and
 * a laptop, with the Overview's own content below it, and the plan comparison readable on a
 * phone without sideways scrolling while it stays a table.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

const SCREENS = [
  { name: 'a laptop', width: 1280, height: 800 },
  { name: 'a phone', width: 390, height: 844 },
] as const;

/** `locator` is visible and wholly inside the first screen (no scrolling needed). */
async function expectInFirstScreen(page: Page, locator: Locator) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  const screen = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(screen.width);
  expect(box!.y + box!.height).toBeLessThanOrEqual(screen.height);
}

test.describe('the landing hero', () => {
  for (const screen of SCREENS) {
    for (const route of ['/', '/overview']) {
      test(`${route} on ${screen.name} shows the name, both ways in and the picture in the first screen`, async ({
        page,
      }) => {
        await page.setViewportSize({ width: screen.width, height: screen.height });
        await page.goto(route);
        const hero = page.getByRole('region', { name: 'Sheetwright' });
        await expect(hero.getByRole('heading', { level: 1 })).toHaveText('Sheetwright');
        await expect(hero.getByText('Automation for the repetitive work')).toBeVisible();

        const trial = hero.getByRole('link', { name: 'Start Free Trial' });
        await expect(trial).toHaveAttribute('href', '/signup?plan=trial');
        await expectInFirstScreen(page, trial);
        const pricing = hero.getByRole('link', { name: 'See pricing' });
        await expect(pricing).toHaveAttribute('href', '/pricing');
        await expectInFirstScreen(page, pricing);

        const picture = hero.getByRole('img', { name: /MS Office Link/ });
        await expectInFirstScreen(page, picture);
        // Loaded, not a broken image, and sized in the HTML so nothing moves when it arrives.
        await expect
          .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
          .toBeGreaterThan(0);
        await expect(picture).toHaveAttribute('width', /^\d+$/);
        await expect(picture).toHaveAttribute('height', /^\d+$/);
      });
    }
  }

  test('the picture is the eager, high-priority AVIF/WebP the largest paint needs, inlined on phones', async ({
    page,
  }) => {
    await page.goto('/');
    const picture = page.locator('.hero picture');
    const sources = picture.locator('source:not([media])');
    await expect(sources.and(page.locator('[type="image/avif"]'))).toHaveAttribute(
      'srcset',
      /400w.*640w/,
    );
    await expect(sources.and(page.locator('[type="image/webp"]'))).toHaveAttribute(
      'srcset',
      /400w.*640w/,
    );
    await expect(picture.locator('source[media]')).toHaveAttribute(
      'srcset',
      /^data:image\/avif;base64,/,
    );
    const img = picture.locator('img');
    await expect(img).toHaveAttribute('fetchpriority', 'high');
    await expect(img).toHaveAttribute('loading', 'eager');
  });

  test('on a phone the picture needs no request of its own', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const images: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') images.push(request.url());
    });
    await page.goto('/');
    const img = page.locator('.hero img');
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.currentSrc.slice(0, 22)))
      .toBe('data:image/avif;base64');
    expect(images.filter((url) => url.includes('/_astro/ms-office-link'))).toEqual([]);
  });

  test('following Start Free Trial opens the trial signup', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Free Trial' }).click();
    await expect(page).toHaveURL(/\/signup\?plan=trial$/);
  });

  test("the Overview's welcome, cards and sections follow below the hero", async ({ page }) => {
    await page.goto('/');
    const heroBottom = await page
      .locator('.hero')
      .evaluate((el) => el.getBoundingClientRect().bottom);
    const article = page.locator('article');
    const welcome = article.getByRole('heading', { level: 2, name: 'Welcome to Sheetwright' });
    await expect(welcome).toBeVisible();
    expect((await welcome.boundingBox())!.y).toBeGreaterThanOrEqual(heroBottom);
    for (const [card, href] of [
      ['Getting Started', '/installation'],
      ['Discover', '/features'],
      ['Documentation', '/guide'],
    ] as const)
      await expect(article.getByRole('link', { name: card, exact: true })).toHaveAttribute(
        'href',
        href,
      );
    for (const section of [
      'No Expertise Required',
      'In-App License Management',
      'Why Sheetwright?',
    ])
      await expect(article.getByRole('heading', { level: 2, name: section })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  });
});

test.describe('the plan comparison', () => {
  test('on a phone shows all three plans without scrolling sideways, and stays a table', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/pricing');
    const table = page.getByRole('table', { name: /Plan comparison/ });
    const wrap = page.locator('.table-wrap');
    expect(await wrap.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

    for (const plan of ['Free Trial', 'Standard', 'Enterprise']) {
      const head = table.getByRole('columnheader', { name: plan });
      await head.scrollIntoViewIfNeeded();
      await expectInsideWidth(head, 390);
    }
    const support = table.getByRole('row', { name: /Support/ });
    for (const value of ['Documentation', 'E-mail', 'Priority'])
      await expectInsideWidth(support.getByRole('cell', { name: value }), 390);

    // Details stay folded until their row is chosen.
    const details = page.getByText('Trial users have the documentation and FAQ.');
    await expect(details).toBeHidden();
    await support.getByRole('button', { name: 'Support' }).click();
    await expect(details).toBeVisible();
    await expect(support.getByRole('button', { name: 'Support' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  test('on a laptop is the four-column table', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/pricing');
    const head = page.locator('.comparison thead');
    expect(await head.evaluate((el) => getComputedStyle(el).display)).toBe('table-header-group');
    await expect(page.getByRole('columnheader', { name: 'Feature' })).toBeVisible();
  });
});

async function expectInsideWidth(locator: Locator, width: number) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}
