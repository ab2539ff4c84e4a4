import AxeBuilder from '@axe-core/playwright';
import { expect, failedLoad, publicRoutes, test } from './fixtures';

test.describe('public pages', () => {
  for (const route of publicRoutes) {
    test(`${route} answers 200 and logs no console error`, async ({ page }) => {
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      await expect(page.locator('h1')).toHaveCount(1);
      await page.waitForLoadState('networkidle');
    });

    test(`${route} has no accessibility violations`, async ({ page }) => {
      // Axe walks every node: the API reference is long, and a busy 2-core machine takes its time.
      test.setTimeout(150_000);
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
    });
  }

  test('static pages carry the security headers and HTML is revalidated', async ({ request }) => {
    const response = await request.get('/pricing');
    const headers = response.headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain("object-src 'none'");
    expect(headers['strict-transport-security']).toContain('max-age=31536000');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cache-control']).toContain('must-revalidate');
  });

  test('hashed assets are cached as immutable', async ({ page, request }) => {
    await page.goto('/pricing');
    const src = await page
      .locator('link[rel=stylesheet], script[type=module][src]')
      .first()
      .evaluate((el) => el.getAttribute('href') ?? el.getAttribute('src'));
    expect(src).toMatch(/^\/_astro\//);
    const response = await request.get(src!);
    expect(response.headers()['cache-control']).toContain('immutable');
  });

  test('an unknown path shows the 404 page inside the main layout', async ({
    page,
    allowConsoleError,
  }) => {
    // The browser logs the page's own 404 status.
    allowConsoleError(failedLoad(404, '/no-such-page'));
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('the privacy policy shows its last-updated date and the retention figures', async ({
    page,
  }) => {
    await page.goto('/privacy');
    await expect(page.getByText('Last updated: June 21, 2025')).toBeVisible();
    const text = await page.locator('article').innerText();
    for (const figure of ['3 years', '7 years', '12 months', '24', '72'])
      expect(text).toContain(figure);
  });

  test('the changelog lists Beta 1.0.0 and Alpha 0.1.0 with their dates', async ({ page }) => {
    await page.goto('/changelog');
    await expect(page.getByRole('heading', { name: /Beta 1\.0\.0/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Alpha 0\.1\.0/ })).toBeVisible();
    await expect(page.locator('time[datetime="2025-06-17"]')).toBeVisible();
    await expect(page.locator('time[datetime="2025-05-23"]')).toBeVisible();
  });

  test('the changelog links its RSS feed, which announces every stable release with its notes', async ({
    page,
    request,
  }) => {
    await page.goto('/changelog');
    const feedLink = page.locator('head link[rel="alternate"][type="application/rss+xml"]');
    await expect(feedLink).toHaveAttribute('href', '/changelog/rss.xml');
    // Each release's heading is the anchor the feed and the plugin's update check link to.
    await expect(page.locator('h2[id="v1.0.0"]')).toContainText('Beta 1.0.0');

    const response = await request.get('/changelog/rss.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('xml');
    const xml = await response.text();
    const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((match) => match[1] ?? '');
    expect(items.map((item) => /<title>(.*?)<\/title>/.exec(item)?.[1])).toEqual([
      'Sheetwright Beta 1.0.0',
      'Sheetwright Alpha 0.1.0',
    ]);
    expect(items[0]).toContain('<link>https://sheetwright.example/changelog#v1.0.0</link>');
    expect(items[0]).toContain('<pubDate>Tue, 17 Jun 2025 00:00:00 GMT</pubDate>');
    expect(items[0]).toContain('two-way schedule links');
    // The full notes travel in the feed, not only the summary.
    expect(items[0]).toContain('Wipe Model purge tool');
  });
});
