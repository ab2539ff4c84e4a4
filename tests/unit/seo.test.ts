import { describe, expect, it } from 'vitest';
import {
  canonicalPath,
  canonicalUrl,
  disallowedPaths,
  inSitemap,
  isDisallowed,
  robotsTxt,
} from '../../src/lib/seo';
import { jsonLdText, softwareApplication } from '../../src/lib/structured-data';
import { plans, site } from '../../src/site.config';

const origin = 'https://sheetwright.example';

describe('robotsTxt', () => {
  const lines = robotsTxt(origin).split('\n');

  it('keeps every crawler out of the account, console, API, development and auth paths', () => {
    expect(lines[0]).toBe('User-agent: *');
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
      '/activate',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
  });

  it('allows everything else and names the sitemap index by its absolute URL', () => {
    expect(lines.filter((line) => line.startsWith('Disallow:'))).toHaveLength(
      disallowedPaths.length,
    );
    expect(lines.some((line) => line.startsWith('Allow:'))).toBe(false);
    expect(lines).toContain(`Sitemap: ${origin}/sitemap-index.xml`);
  });
});

describe('isDisallowed', () => {
  it('matches a disallowed path and everything below it, as robots.txt prefixes do', () => {
    expect(isDisallowed('/dashboard')).toBe(true);
    expect(isDisallowed('/dashboard/usage')).toBe(true);
    expect(isDisallowed('/admin/customer')).toBe(true);
    expect(isDisallowed('/api/health')).toBe(true);
    expect(isDisallowed('/dev/mailbox')).toBe(true);
  });

  it('leaves public pages open, including ones that merely start like /dev or /api', () => {
    for (const path of [
      '/',
      '/pricing',
      '/guide',
      '/guide/license-manager',
      '/developers',
      '/apis',
    ])
      expect(isDisallowed(path)).toBe(false);
  });
});

describe('canonical URLs', () => {
  it('gives the home page the site root, never /index', () => {
    expect(canonicalPath('/index.html')).toBe('/');
    expect(canonicalPath('/index')).toBe('/');
    expect(canonicalUrl('/', origin)).toBe(`${origin}/`);
    expect(canonicalUrl('/index.html', origin)).toBe(`${origin}/`);
  });

  it('gives a page its clean path on the site', () => {
    expect(canonicalUrl('/pricing.html', origin)).toBe(`${origin}/pricing`);
    expect(canonicalUrl('/dashboard/usage', origin)).toBe(`${origin}/dashboard/usage`);
  });

  it('points /overview, which repeats the home page, at the site root', () => {
    expect(canonicalUrl('/overview', origin)).toBe(`${origin}/`);
  });
});

describe('inSitemap', () => {
  const url = (path: string) => `${origin}${path}`;

  it('lists public pages, future guide pages included', () => {
    for (const path of ['/', '/pricing', '/privacy', '/guide', '/guide/renumber-views'])
      expect(inSitemap(url(path))).toBe(true);
  });

  it('leaves out account, console and auth pages, search results and aliases', () => {
    for (const path of [
      '/dashboard',
      '/dashboard/billing',
      '/admin',
      '/admin/inbox',
      '/login',
      '/signup',
      '/forgot-password',
      '/reset-password',
      '/payment-processing',
      '/invite',
      '/activate',
      '/search',
      '/overview',
    ])
      expect(inSitemap(url(path))).toBe(false);
  });

  it('leaves out files such as feeds and robots.txt', () => {
    expect(inSitemap(url('/changelog/rss.xml'))).toBe(false);
    expect(inSitemap(url('/robots.txt'))).toBe(false);
  });
});

describe('softwareApplication', () => {
  const data = softwareApplication();
  const offers = data['offers'] as { name: string; price: number; priceCurrency: string }[];

  it('describes the plugin as a Windows application at the site root', () => {
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'SoftwareApplication',
      name: site.product,
      operatingSystem: 'Windows',
      url: `${site.url}/`,
    });
    expect(data['applicationCategory']).toEqual(expect.any(String));
  });

  it('offers the plans with a price, at the prices of the site config', () => {
    expect(offers.map((offer) => [offer.name, offer.price, offer.priceCurrency])).toEqual([
      [plans.trial.name, plans.trial.priceUsd, 'USD'],
      [plans.standard.name, plans.standard.priceUsd, 'USD'],
    ]);
  });
});

describe('jsonLdText', () => {
  it('is JSON that cannot close its script element', () => {
    const text = jsonLdText({ name: '</script><script>alert(1)</script>' });

    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});
