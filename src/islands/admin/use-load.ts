/**
 * One console page's data: loaded after hydration (the address is read in the browser), loaded
 * again by Retry or after a change made elsewhere (`refresh` keeps the page on screen meanwhile),
 * and replaced by the fresh data an action answers.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { problemOf, type Problem } from './console-api';

export type LoadState<T> =
  | { kind: 'loading' }
  | { kind: 'failed'; problem: Problem }
  /** `now`: when it arrived, so relative times are computed once. `refreshing`: a reload runs. */
  | { kind: 'ready'; value: T; now: number; refreshing: boolean };

export function useLoad<T>(load: () => Promise<T>, fallback: string) {
  const [state, setState] = useState<LoadState<T>>({ kind: 'loading' });
  // Only the newest call may set the state (a slow first answer must not replace a later one).
  const latest = useRef(0);

  const run = useCallback(
    async (keep: boolean) => {
      const call = ++latest.current;
      setState((current) =>
        keep && current.kind === 'ready' ? { ...current, refreshing: true } : { kind: 'loading' },
      );
      try {
        const value = await load();
        if (call === latest.current)
          setState({ kind: 'ready', value, now: Date.now(), refreshing: false });
      } catch (error) {
        if (call === latest.current)
          setState({ kind: 'failed', problem: problemOf(error, fallback) });
      }
    },
    [load, fallback],
  );

  useEffect(() => {
    // From a task, not the effect body, so the first state change is not a cascade.
    const timer = window.setTimeout(() => void run(false), 0);
    return () => window.clearTimeout(timer);
  }, [run]);

  const replace = useCallback((value: T) => {
    latest.current += 1;
    setState({ kind: 'ready', value, now: Date.now(), refreshing: false });
  }, []);

  return {
    state,
    /** Loads again from scratch (Retry). */
    reload: useCallback(() => void run(false), [run]),
    /** Loads again while the current data stays on screen. */
    refresh: useCallback(() => void run(true), [run]),
    replace,
  };
}
