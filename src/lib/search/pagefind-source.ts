/**
 * Loads the search index entries in the browser. The build indexes the site with Pagefind
 * (`pagefind --site dist --output-subdir pagefind`) and `scripts/postbuild.mjs` packs the text
 * of every indexed page (Pagefind's fragments) into one file, `/search-index.json`, which
 * /search preloads from its head: one request that starts with the page, instead of Pagefind's
 * script, WebAssembly, index and one fragment per page one after another. Pagefind is used only
 * as the store of every indexed page's text; `rules.ts` applies the search rules (see its header).
 */
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
  // Written in navigation order (src/lib/search/order.ts): the page needs no navigation of its own.
  const fragments = await response.json<PagefindFragment[]>();
  return fragments.map(entryFromFragment);
}
