/**
 * A list the API answers a page at a time, newest first (search results, the inbox, the audit
 * log): `start` loads the first page of a new query, `more` appends the next one.
 */
import { useCallback, useRef, useState } from 'react';
import { problemOf, type Problem } from './console-api';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Fetches the page after `cursor` (null: the first). */
export type PageFetch<T> = (cursor: string | null) => Promise<Page<T>>;

export type PagedState<T> =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'failed'; problem: Problem }
  | {
      kind: 'ready';
      items: T[];
      nextCursor: string | null;
      loadingMore: boolean;
      moreProblem: Problem | null;
    };

/** `keyOf` names an item, so one the next page repeats (exact matches come again) shows once. */
export function usePaged<T>(fallback: string, keyOf?: (item: T) => string) {
  const [state, setState] = useState<PagedState<T>>({ kind: 'idle' });
  const source = useRef<PageFetch<T> | null>(null);

  const start = useCallback(
    async (fetchPage: PageFetch<T>) => {
      source.current = fetchPage;
      setState({ kind: 'loading' });
      try {
        const page = await fetchPage(null);
        if (source.current !== fetchPage) return;
        setState({ kind: 'ready', ...page, loadingMore: false, moreProblem: null });
      } catch (error) {
        if (source.current === fetchPage) {
          setState({ kind: 'failed', problem: problemOf(error, fallback) });
        }
      }
    },
    [fallback],
  );

  const more = useCallback(async () => {
    const fetchPage = source.current;
    if (state.kind !== 'ready' || state.loadingMore || !state.nextCursor || !fetchPage) return;
    const { items, nextCursor } = state;
    setState({ ...state, loadingMore: true, moreProblem: null });
    try {
      const page = await fetchPage(nextCursor);
      if (source.current !== fetchPage) return;
      const seen = new Set(keyOf ? items.map(keyOf) : []);
      const fresh = keyOf ? page.items.filter((item) => !seen.has(keyOf(item))) : page.items;
      setState({
        kind: 'ready',
        items: [...items, ...fresh],
        nextCursor: page.nextCursor,
        loadingMore: false,
        moreProblem: null,
      });
    } catch (error) {
      if (source.current !== fetchPage) return;
      setState({
        kind: 'ready',
        items,
        nextCursor,
        loadingMore: false,
        moreProblem: problemOf(error, fallback),
      });
    }
  }, [state, fallback, keyOf]);

  const reset = useCallback(() => {
    source.current = null;
    setState({ kind: 'idle' });
  }, []);

  return { state, start, more, reset };
}
