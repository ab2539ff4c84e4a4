// The build's check of what it tells search engines (run by scripts/postbuild.mjs): the sitemap
// lists exactly the pages a search engine may keep, which are the built pages without `noindex`
// whose canonical URL is their own. The sitemap is filtered by exclusion (src/lib/seo.ts), so
// this is what catches a private page that lost its `noindex`, or a listed page that points its
// canonical elsewhere, before it is deployed.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

const decodeXml = (text) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * The `<loc>` URLs of a sitemap or a sitemap index.
 * @param {string} xml
 * @returns {string[]}
 */
export function sitemapLocs(xml) {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => decodeXml(match[1] ?? '').trim());
}

/**
 * What a search engine reads in a page's head: its canonical URL (null without one) and whether
 * it asks not to be indexed.
 * @param {string} html
 * @returns {{ canonical: string | null, noindex: boolean }}
 */
export function pageSeo(html) {
  const end = html.indexOf('</head>');
  const head = end === -1 ? html : html.slice(0, end);
  const attribute = (tag, name) =>
    new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag)?.[1] ?? null;
  const tags = head.match(/<(?:link|meta)\b[^>]*>/gi) ?? [];
  const canonicalTag = tags.find((tag) => attribute(tag, 'rel')?.toLowerCase() === 'canonical');
  const noindex = tags.some(
    (tag) =>
      /^(robots|googlebot)$/i.test(attribute(tag, 'name') ?? '') &&
      /\b(noindex|none)\b/i.test(attribute(tag, 'content') ?? ''),
  );
  return {
    canonical: canonicalTag ? decodeXml(attribute(canonicalTag, 'href') ?? '') : null,
    noindex,
  };
}

/**
 * The URL path a built HTML file is served at (`index.html` → `/`, `pricing.html` → `/pricing`).
 * @param {string} file path relative to dist/, with forward slashes
 */
export function pagePath(file) {
  const path = `/${file}`.replace(/\.html$/, '').replace(/(^|\/)index$/, '$1');
  return path === '' ? '/' : path;
}

/**
 * Every way the sitemap disagrees with the pages.
 * @param {string[]} listed the URLs the sitemap lists
 * @param {{ url: string, canonical: string | null, noindex: boolean }[]} pages every built page
 * @returns {string[]}
 */
export function sitemapProblems(listed, pages) {
  const problems = [];
  const byUrl = new Map(pages.map((page) => [page.url, page]));
  const listedSet = new Set(listed);
  for (const url of listed) {
    const page = byUrl.get(url);
    if (!page) problems.push(`${url} is in the sitemap but no page is built there`);
    else if (page.noindex) problems.push(`${url} is in the sitemap but the page is noindex`);
    else if (page.canonical !== url)
      problems.push(`${url} is in the sitemap but its canonical URL is ${page.canonical}`);
  }
  for (const page of pages) {
    if (!page.noindex && page.canonical === page.url && !listedSet.has(page.url))
      problems.push(
        `${page.url} can be indexed (no noindex, its own canonical URL) but is not in the ` +
          'sitemap: give it noindex or list it (src/lib/seo.ts)',
      );
  }
  return problems;
}

/** @param {string} dir @returns {AsyncGenerator<string>} */
async function* htmlFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith('.html')) yield path;
  }
}

/**
 * Reads dist/'s sitemap index, its sitemaps and every page, and throws on any problem.
 * @param {string} distDir
 * @param {string} siteUrl the production origin the pages' URLs are on
 */
export async function checkSitemap(distDir, siteUrl) {
  const index = join(distDir, 'sitemap-index.xml');
  if (!existsSync(index)) throw new Error('dist/sitemap-index.xml is missing');
  const listed = [];
  for (const sitemapUrl of sitemapLocs(await readFile(index, 'utf8'))) {
    const file = join(distDir, new URL(sitemapUrl).pathname);
    listed.push(...sitemapLocs(await readFile(file, 'utf8')));
  }
  const pages = [];
  for await (const file of htmlFiles(distDir)) {
    const path = pagePath(relative(distDir, file).split('\\').join('/'));
    // The 404 page is served for unknown paths, never at /404.
    if (path === '/404') continue;
    pages.push({ url: new URL(path, siteUrl).href, ...pageSeo(await readFile(file, 'utf8')) });
  }
  const problems = sitemapProblems(listed, pages);
  if (problems.length > 0) throw new Error(`The sitemap is wrong:\n  ${problems.join('\n  ')}`);
  console.log(`postbuild: sitemap checked (${listed.length} of ${pages.length} pages listed)`);
}
