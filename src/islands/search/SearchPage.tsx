/**
 * The /search?q= page. The query comes from the URL, so the server-rendered
 * first paint is 'Searching...' and the island decides the rest once it runs in the browser.
 */
import { useEffect, useState } from 'react';
import { loadSearchEntries } from '../../lib/search/pagefind-source';
import { queryWords, searchEntries, type SearchResult } from '../../lib/search/rules';
import { search } from '../../site.config';
import { withErrorBoundary } from '../ErrorBoundary';
import { NoResults } from './NoResults';
import { SearchPrompt } from './SearchPrompt';
import { SearchResultList } from './SearchResultList';
import './SearchPage.css';

type View =
  | { kind: 'searching' }
  | { kind: 'prompt' }
  | { kind: 'results'; query: string; words: string[]; results: SearchResult[] }
  | { kind: 'unavailable'; query: string };

function SearchPage() {
  const [view, setView] = useState<View>({ kind: 'searching' });

  useEffect(() => {
    const query = (new URLSearchParams(window.location.search).get('q') ?? '').trim();
    if (!query) {
      // The query exists only in the browser: the server-rendered first paint must say
      // 'Searching...', so the prompt can only be chosen after hydration.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setView({ kind: 'prompt' });
      return;
    }
    let current = true;
    void runSearch(query).then((next) => current && setView(next));
    return () => {
      current = false;
    };
  }, []);

  return (
    <div className="search-page">
      <h1>{view.kind === 'prompt' ? 'Search' : 'Search Results'}</h1>
      {view.kind === 'prompt' ? <SearchPrompt /> : <Outcome view={view} />}
    </div>
  );
}

/**
 * SPEC §2: 'Searching...' for 300 ms. The engine runs only once that delay has passed *and* the
 * index is loaded; a failed load also waits, so the page never flickers between states.
 */
async function runSearch(query: string): Promise<View> {
  const words = queryWords(query);
  // A query with no usable words has no results; it needs no index.
  const entries = words.length > 0 ? loadSearchEntries() : Promise.resolve([]);
  const [loaded] = await Promise.all([
    entries.catch((error: unknown) => {
      console.error('Search index could not be loaded', error);
      return null;
    }),
    new Promise((resolve) => setTimeout(resolve, search.delayMs)),
  ]);
  if (!loaded) return { kind: 'unavailable', query };
  return { kind: 'results', query, words, results: searchEntries(loaded, query) };
}

function Outcome({ view }: { view: Exclude<View, { kind: 'prompt' }> }) {
  return (
    <>
      {/* Announces the outcome politely; the list itself stays out so it is not read aloud whole. */}
      <div className="search-summary" aria-live="polite">
        {view.kind === 'searching' && <p className="search-status">Searching...</p>}
        {view.kind !== 'searching' && <p>You searched for: &quot;{view.query}&quot;</p>}
        {view.kind === 'results' && (
          <p className="search-count">{view.results.length} result(s) found</p>
        )}
        {view.kind === 'results' && view.results.length === 0 && <NoResults />}
        {view.kind === 'unavailable' && <Unavailable />}
      </div>
      {view.kind === 'results' && view.results.length > 0 && (
        <SearchResultList results={view.results} words={view.words} />
      )}
    </>
  );
}

function Unavailable() {
  return (
    <div className="search-error" role="alert">
      <p>
        Search is not available right now: the search index could not be loaded. Please try again
        later.
      </p>
      {import.meta.env.DEV && (
        <p>
          The index exists only in a built site: run <code>npm start</code>, which builds the site
          and its index.
        </p>
      )}
    </div>
  );
}

export default withErrorBoundary(SearchPage);
