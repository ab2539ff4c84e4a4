import type { APIRequestContext, Page } from '@playwright/test';
import { pageSeo } from '../../scripts/sitemap-check.mjs';
import { plans, site } from '../../src/site.config';
import { expect, test } from './fixtures';

/** The production URL of a path, as canonical links and the sitemap name it. */
const siteUrl = (path: string) => new URL(path, site.url).href;

/** The pages crawlers are kept out of, each also marked noindex. */
const privatePages = [
  '/dashboard',
  '/dashboard/usage',
  '/login',
  '/signup?plan=trial',
  '/forgot-password',
  '/reset-password',
  '/payment-processing',
  '/invite',
];

async function sitemapUrls(request: APIRequestContext): Promise<string[]> {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '');
  const index = await request.get('/sitemap-index.xml');
  expect(index.status()).toBe(200);
  expect(index.headers()['content-type']).toMatch(/xml/);
  const urls: string[] = [];
  for (const sitemap of locs(await index.text())) {
    expect(sitemap.startsWith(site.url)).toBe(true);
    const response = await request.get(new URL(sitemap).pathname);
    expect(response.status()).toBe(200);
    urls.push(...locs(await response.text()));
  }
  return urls;
}

/** The head tags search engines and link previews read. */
async function headTags(page: Page) {
  const content = (selector: string) => page.locator(selector).getAttribute('content');
  return {
    canonical: await page.locator('link[rel="canonical"]').getAttribute('href'),
    robots: await page.locator('meta[name="robots"]').count(),
    ogUrl: await content('meta[property="og:url"]'),
    ogImage: await content('meta[property="og:image"]'),
    ogImageWidth: await content('meta[property="og:image:width"]'),
    ogImageHeight: await content('meta[property="og:image:height"]'),
    twitterCard: await content('meta[name="twitter:card"]'),
  };
}

/** The page's JSON-LD blocks, parsed. */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

test.describe('robots.txt', () => {
  test('is plain text that keeps crawlers out of the private paths and names the sitemap', async ({
    request,
  }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/plain/);
    const lines = (await response.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    for (const path of [
      '/dashboard',
      '/admin',
      '/api/',
      '/dev/',
      '/login',
      '/signup',
      '/forgot-password',
      '/reset-password',
      '/payment-processing',
      '/invite',
    ])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${siteUrl('/sitemap-index.xml')}`);
  });
});

test.describe('sitemap', () => {
  test('lists the public pages and none of the account, console, auth or search pages', async ({
    request,
  }) => {
    const urls = await sitemapUrls(request);
    for (const path of ['/', '/pricing', '/features', '/guide', '/about', '/privacy', '/terms'])
      expect(urls).toContain(siteUrl(path));
    for (const url of urls) {
      const { pathname } = new URL(url);
      expect(pathname).not.toMatch(
        /^\/(dashboard|admin|api|dev|login|signup|forgot-password|reset-password|payment-processing|invite|search|overview|404)\b/,
      );
    }
  });

  test('every listed page answers 200, may be indexed and names itself as canonical', async ({
    page,
    request,
  }) => {
    for (const url of await sitemapUrls(request)) {
      const response = await page.goto(new URL(url).pathname);
      expect(response?.status(), url).toBe(200);
      const tags = await headTags(page);
      expect(tags.robots, url).toBe(0);
      expect(tags.canonical, url).toBe(url);
    }
  });
});

test.describe('page head', () => {
  test('/ names the site root as canonical and og:url, with the share image and a large card', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const tags = await headTags(page);
    expect(tags.canonical).toBe(siteUrl('/'));
    expect(tags.ogUrl).toBe(tags.canonical);
    expect(tags.twitterCard).toBe('summary_large_image');
    expect(tags.ogImage).toBe(siteUrl('/share.png'));
    expect([tags.ogImageWidth, tags.ogImageHeight]).toEqual(['1200', '630']);

    const image = await request.get(new URL(tags.ogImage!).pathname);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    const png = await image.body();
    // A PNG's IHDR chunk holds its width and height as big-endian integers at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    expect(png.length).toBeLessThan(100 * 1024);
  });

  test('/pricing names its own URL as canonical and og:url', async ({ page }) => {
    await page.goto('/pricing');
    const tags = await headTags(page);
    expect(tags.canonical).toBe(siteUrl('/pricing'));
    expect(tags.ogUrl).toBe(tags.canonical);
    expect(tags.robots).toBe(0);
  });

  test('/overview repeats the Overview and names the site root as canonical', async ({ page }) => {
    await page.goto('/overview');
    expect((await headTags(page)).canonical).toBe(siteUrl('/'));
  });

  for (const path of ['/', '/pricing']) {
    test(`${path} describes the plugin as a SoftwareApplication with the config's offers`, async ({
      page,
    }) => {
      const violations: string[] = [];
      page.on('console', (msg) => {
        if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
      });
      await page.goto(path);
      const [app, ...others] = await jsonLd(page);
      expect(others).toEqual([]);
      expect(app).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'SoftwareApplication',
        name: site.product,
        operatingSystem: 'Windows',
        url: siteUrl('/'),
      });
      const offers = app?.['offers'] as { name: string; price: number; priceCurrency: string }[];
      expect(offers.map((o) => [o.name, o.price, o.priceCurrency])).toEqual([
        [plans.trial.name, plans.trial.priceUsd, 'USD'],
        [plans.standard.name, plans.standard.priceUsd, 'USD'],
      ]);
      // A data block is never run, so the CSP (which hashes only executable inline scripts)
      // neither blocks nor reports it.
      await page.waitForLoadState('networkidle');
      expect(violations).toEqual([]);
    });
  }

  // The served HTML, as a crawler reads it (the dashboard sends a signed-out browser to /login).
  for (const path of privatePages) {
    test(`${path} asks search engines not to index it`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(pageSeo(html).noindex).toBe(true);
      expect(html).not.toContain('application/ld+json');
    });
  }
});
