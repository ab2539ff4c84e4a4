/**
 * What search engines are told about the site, in one place so the answers never disagree:
 * which paths crawlers stay out of (`/robots.txt`, src/pages/robots.txt.ts), which pages the
 * sitemap lists (the @astrojs/sitemap filter in astro.config.mjs) and the canonical URL of a
 * page (src/components/Head.astro).
 *
 * The sitemap is filtered by exclusion: a new public page (a guide page, a legal page) is listed
 * without touching this file. scripts/postbuild.mjs then checks the built sitemap against the
 * pages themselves (no `noindex`, canonical URL = sitemap URL), so a mistake fails the build.
 */
import { routePath } from './paths.ts';

/**
 * Paths crawlers are kept out of (`Disallow` in robots.txt, which matches by prefix): the
 * account pages, the operator console, the API, the development tools and the pages of signing
 * in, signing up and paying. Their pages also carry `noindex` (the Bare, Dashboard and Console
 * layouts and /payment-processing), for crawlers that reach them through a link anyway.
 * `/api/` and `/dev/` keep their slash: nothing is served at `/api` or `/dev` themselves, and
 * without it a future public page such as `/developers` would be blocked too.
 */
export const disallowedPaths = [
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
] as const;

/**
 * Pages that repeat another page: their canonical URL is that page's. `/overview` shows the
 * same Overview as `/`; the site root is the one search engines keep.
 */
const canonicalAliases: Readonly<Record<string, string>> = { '/overview': '/' };

/**
 * Public pages left out of the sitemap although crawlers may open them: /search is a results
 * page for whatever was typed (thin, endless variants), so it is `noindex`.
 */
const unlistedPaths: ReadonlySet<string> = new Set(['/search']);

/** Whether robots.txt keeps crawlers out of `path` (a URL path such as `/dashboard/usage`). */
export function isDisallowed(path: string): boolean {
  return disallowedPaths.some((prefix) => path.startsWith(prefix));
}

/** The path search engines should keep for a page: `/` for `/index.html` and for `/overview`. */
export function canonicalPath(pathname: string): string {
  const path = routePath(pathname);
  return canonicalAliases[path] ?? path;
}

/** The absolute canonical URL of the page at `pathname` on the site at `site`. */
export function canonicalUrl(pathname: string, site: string | URL): string {
  return new URL(canonicalPath(pathname), site).href;
}

/**
 * Whether a built page belongs in the sitemap (`url` is absolute, as @astrojs/sitemap passes
 * it): an HTML page crawlers may open, that is not unlisted and is its own canonical URL.
 */
export function inSitemap(url: string): boolean {
  const path = routePath(new URL(url).pathname);
  // Endpoints (a feed, robots.txt itself) are files, not pages.
  if (/\.[a-z0-9]+$/i.test(path)) return false;
  return !isDisallowed(path) && !unlistedPaths.has(path) && canonicalPath(path) === path;
}

/** Where the sitemap integration writes its index (its default `filenameBase` is `sitemap`). */
export const sitemapIndexPath = '/sitemap-index.xml';

/** The text of `/robots.txt` for the site at `site`: every crawler, the rules above, the sitemap. */
export function robotsTxt(site: string | URL): string {
  return [
    'User-agent: *',
    ...disallowedPaths.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${new URL(sitemapIndexPath, site).href}`,
    '',
  ].join('\n');
}

/**
 * The picture link previews show (`og:image`): public/share.png, drawn from the product's name
 * and tagline by `node scripts/make-share-image.mjs`. 1200×630 is the size Facebook, LinkedIn
 * and X's large card ask for.
 */
export const shareImage = {
  path: '/share.png',
  width: 1200,
  height: 630,
} as const;
