/**
 * Loads the search index entries in the browser from the Pagefind bundle the build writes to
 * `dist/pagefind/` (`pagefind --site dist --output-subdir pagefind`). Pagefind is used only as the
 * store of every indexed page's text; `rules.ts` applies the search rules (see its header).
 */
import { docsNav, footerNav, tabs } from '../../site.config';
import { entryFromFragment, type PagefindFragment } from './passages';
import type { SearchEntry } from './rules';

/** The part of the Pagefind 1.x module we call. */
interface PagefindModule {
  /** `noWorker` is read by `init()` in Pagefind 1.6's pagefind.js (not in its typed options). */
  options(options: { noWorker?: boolean }): Promise<void>;
  init(): Promise<void>;
  search(term: string | null): Promise<{ results: { data(): Promise<PagefindFragment> }[] } | null>;
}

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
  // Built by Pagefind after `astro build`, so it cannot be bundled: a runtime import on purpose.
  const url = `${import.meta.env.BASE_URL.replace(/\/?$/, '/')}pagefind/pagefind.js`;
  const pagefind = (await import(/* @vite-ignore */ url)) as PagefindModule;
  // One search per page view needs no worker: on the main thread the page skips loading
  // pagefind-worker.js (12 KB gzip, nearly half the /search script budget).
  await pagefind.options({ noWorker: true });
  await pagefind.init();
  // A null term with no filters returns every indexed page (Pagefind 1.x "filter-only" search).
  const found = await pagefind.search(null);
  const fragments = await Promise.all((found?.results ?? []).map((result) => result.data()));
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
