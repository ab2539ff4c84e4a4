import { describe, expect, it } from 'vitest';
import { pagePath, pageSeo, sitemapLocs, sitemapProblems } from '../../scripts/sitemap-check.mjs';

const origin = 'https://sheetwright.example';

describe('sitemapLocs', () => {
  it('reads the URLs of a sitemap, decoding XML entities', () => {
    const xml =
      '<?xml version="1.0"?><urlset><url><loc>https://a.example/</loc></url>' +
      '<url><loc>https://a.example/x?a=1&amp;b=2</loc></url></urlset>';

    expect(sitemapLocs(xml)).toEqual(['https://a.example/', 'https://a.example/x?a=1&b=2']);
  });
});

describe('pageSeo', () => {
  it('reads the canonical URL and a robots noindex from the head', () => {
    const html =
      '<html><head><link rel="canonical" href="https://a.example/login">' +
      '<meta name="robots" content="noindex"></head><body></body></html>';

    expect(pageSeo(html)).toEqual({ canonical: 'https://a.example/login', noindex: true });
  });

  it('finds no noindex on an indexable page and no canonical where there is none', () => {
    expect(pageSeo('<head><meta name="description" content="noindex"></head>')).toEqual({
      canonical: null,
      noindex: false,
    });
  });
});

describe('pagePath', () => {
  it('maps built files to the paths they are served at', () => {
    expect(pagePath('index.html')).toBe('/');
    expect(pagePath('pricing.html')).toBe('/pricing');
    expect(pagePath('dashboard/usage.html')).toBe('/dashboard/usage');
    expect(pagePath('guide/index.html')).toBe('/guide/');
  });
});

describe('sitemapProblems', () => {
  const page = (path: string, extra: { canonical?: string; noindex?: boolean } = {}) => ({
    url: `${origin}${path}`,
    canonical: extra.canonical ?? `${origin}${path}`,
    noindex: extra.noindex ?? false,
  });

  it('accepts a sitemap of exactly the indexable pages', () => {
    const pages = [
      page('/'),
      page('/pricing'),
      page('/login', { noindex: true }),
      page('/overview', { canonical: `${origin}/` }),
    ];

    expect(sitemapProblems([`${origin}/`, `${origin}/pricing`], pages)).toEqual([]);
  });

  it('reports a listed page that is noindex, points elsewhere or does not exist', () => {
    const pages = [
      page('/login', { noindex: true }),
      page('/overview', { canonical: `${origin}/` }),
    ];

    const problems = sitemapProblems(
      [`${origin}/login`, `${origin}/overview`, `${origin}/gone`],
      pages,
    );

    expect(problems).toHaveLength(3);
    expect(problems[0]).toContain('noindex');
    expect(problems[1]).toContain(`canonical URL is ${origin}/`);
    expect(problems[2]).toContain('no page is built there');
  });

  it('reports an indexable page the sitemap leaves out, such as a private page without noindex', () => {
    const problems = sitemapProblems([], [page('/dashboard')]);

    expect(problems).toEqual([expect.stringContaining(`${origin}/dashboard can be indexed`)]);
  });
});
