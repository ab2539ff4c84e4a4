/**
 * Loads the search index entries in the browser. The build indexes the site with Pagefind
 * (`pagefind --site dist --output-subdir pagefind`) and `scripts/postbuild.mjs` packs the text
 * of every indexed page (Pagefind's fragments) into one file, `/search-index.json`, which
 * /search preloads from its head: one request that starts with the page, instead of Pagefind's
 * script, WebAssembly, index and one fragment per page one after another. Pagefind is used only
 * as the store of every indexed page's text; `rules.ts` applies the search rules (see its header).
 */
import { docsNav, footerNav, tabs } from '../../site.config';
import { entryFromFragment, type PagefindFragment } from './passages';
import type { SearchEntry } from './rules';

/** The packed index, relative to the site's base; /search preloads the same URL. */
export const SEARCH_INDEX_PATH = 'search-index.json';

// Loaded once and kept in memory for the page's session; every later search reuses it.
let cached: Promise<SearchEntry[]> | undefined;

/** Every searchable page of the built site, in navigation order. Rejects when there is no index. */
export function loadSearchEntries(): Promise<SearchEntry[]> {
  cached ??= load().catch((error: unknown) => {
    cached = undefined; // a failed load (offline, no build yet) may be retried
    throw error;
  });
  return cached;
}

async function load(): Promise<SearchEntry[]> {
  const url = `${import.meta.env.BASE_URL.replace(/\/?$/, '/')}${SEARCH_INDEX_PATH}`;
  // The same request mode and credentials as the page's <link rel="preload" as="fetch">, so the
  // browser hands over the preloaded answer instead of fetching again.
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`The search index answered ${response.status}`);
  const fragments = await response.json<PagefindFragment[]>();
  return orderByNavigation(fragments.map(entryFromFragment));
}

// Pagefind's own order is its internal page order; navigation order is what a reader expects.
const navigation: readonly string[] = [...tabs, ...docsNav, ...footerNav].map((link) => link.href);

/**
 * Entries in navigation order (tabs, sidebar, footer). A page below a navigation entry, such as
 * `/guide/renumber-views` below `/guide`, follows that entry; the rest come last, by path.
 */
export function orderByNavigation(entries: SearchEntry[]): SearchEntry[] {
  const rank = (path: string) => {
    const at = navigation.indexOf(path);
    if (at !== -1) return at;
    const parent = navigation.indexOf(path.replace(/\/[^/]*$/, ''));
    return parent === -1 ? navigation.length : parent + 0.5;
  };
  return entries.sort((a, b) => rank(a.path) - rank(b.path) || a.path.localeCompare(b.path));
}
