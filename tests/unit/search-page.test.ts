/** The /search page script's rules that need no DOM: the query, the delay, links and sections. */
import { describe, expect, it, vi } from 'vitest';
import type { SearchEntry, SearchResult } from '../../src/lib/search/rules';
import {
  arrowTarget,
  queryFrom,
  searchPath,
  resultHref,
  resultSection,
  runSearch,
  type SearchDeps,
} from '../../src/scripts/search-page';
import { search } from '../../src/site.config';

const entries: SearchEntry[] = [
  {
    page: 'features',
    path: '/features',
    title: 'Features',
    content: ['Renumber Views. Renumber views on a sheet.', 'Wipe Model. Clean a model.'],
    sections: [
      { id: 'renumber-views', heading: 'Renumber Views' },
      { id: 'wipe-model', heading: 'Wipe Model' },
    ],
  },
  {
    page: 'guide/renumber-views',
    path: '/guide/renumber-views',
    title: 'Renumber Views',
    content: ['Renumber Views. Number views in click order.'],
  },
];

/** Deps whose delay is recorded and whose index load is the given promise. */
function deps(load: () => Promise<SearchEntry[]>) {
  const waits: number[] = [];
  const d: SearchDeps = {
    load: vi.fn(load),
    wait: async (ms) => {
      waits.push(ms);
    },
  };
  return { d, waits };
}

describe('queryFrom', () => {
  it('reads and trims q from the query string', () => {
    expect(queryFrom('?q=%20%20renumber%20views%20')).toBe('renumber views');
    expect(queryFrom('?q=a%26b')).toBe('a&b');
  });

  it('is empty without q or with only spaces, which shows the prompt', () => {
    expect(queryFrom('')).toBe('');
    expect(queryFrom('?x=1')).toBe('');
    expect(queryFrom('?q=%20%20')).toBe('');
  });
});

describe('runSearch', () => {
  it('waits 300 ms before searching and returns each matching page once, with its passages', async () => {
    const { d, waits } = deps(async () => entries);
    const outcome = await runSearch('number model', d);
    expect(waits).toEqual([300]);
    expect(outcome).toMatchObject({ kind: 'results', words: ['number', 'model'] });
    const pages = outcome.kind === 'results' ? outcome.results : [];
    // The page whose title holds a query word comes first.
    expect(pages.map((p) => [p.path, p.passages.map((r) => r.anchor)])).toEqual([
      ['/guide/renumber-views', [undefined]],
      ['/features', ['renumber-views', 'wipe-model']],
    ]);
  });

  it('does not load the index for a query without usable words, and still waits', async () => {
    const { d, waits } = deps(async () => entries);
    const outcome = await runSearch('a', d);
    expect(d.load).not.toHaveBeenCalled();
    expect(waits).toEqual([search.delayMs]);
    expect(outcome).toEqual({ kind: 'results', query: 'a', words: [], results: [] });
  });

  it('says unavailable when the index cannot be loaded', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { d, waits } = deps(async () => {
      throw new Error('offline');
    });
    expect(await runSearch('license', d)).toEqual({ kind: 'unavailable', query: 'license' });
    expect(waits).toEqual([search.delayMs]);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});

describe('result links and sections', () => {
  const result: SearchResult = {
    page: 'features',
    path: '/features',
    title: 'Features',
    snippet: { text: 'x', cutStart: false, cutEnd: false },
    originalText: 'x',
  };

  it('links to the page, or to its section with the anchor encoded', () => {
    expect(resultHref(result)).toBe('/features');
    expect(resultHref({ ...result, anchor: 'wipe model' })).toBe('/features#wipe%20model');
  });

  it('names a section only when it is not the page title', () => {
    expect(resultSection(result)).toBeUndefined();
    expect(resultSection({ ...result, section: 'Features' })).toBeUndefined();
    expect(resultSection({ ...result, section: 'Wipe Model' })).toBe('Wipe Model');
  });
});

describe('searching as the visitor types', () => {
  it('skips the page-load delay when asked, and keeps the rules', async () => {
    const { d, waits } = deps(async () => entries);
    const found = await runSearch('renumber', d, { wait: false });
    expect(waits).toEqual([]);
    expect(found.kind === 'results' && found.results.map((r) => r.path)).toEqual([
      '/guide/renumber-views',
      '/features',
    ]);
    // Under the minimum length: no results, and no index needed.
    const short = await runSearch('r', d, { wait: false });
    expect(short).toEqual({ kind: 'results', query: 'r', words: [], results: [] });
  });

  it('keeps the address in step with the box', () => {
    expect(searchPath('wipe model')).toBe('/search?q=wipe%20model');
    expect(searchPath('')).toBe('/search');
  });

  it('moves with the arrow keys from the box through the results and back', () => {
    expect(arrowTarget('ArrowDown', -1, 3)).toBe(0);
    expect(arrowTarget('ArrowDown', 1, 3)).toBe(2);
    expect(arrowTarget('ArrowDown', 2, 3)).toBeNull();
    expect(arrowTarget('ArrowDown', -1, 0)).toBeNull();
    expect(arrowTarget('ArrowUp', 0, 3)).toBe(-1);
    expect(arrowTarget('ArrowUp', -1, 3)).toBeNull();
    expect(arrowTarget('Enter', 0, 3)).toBeNull();
  });
});
