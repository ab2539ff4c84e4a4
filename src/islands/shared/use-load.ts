/**
 * One page's data (a dashboard or console page, a card): loaded after hydration (the session and
 * the address are read in the browser), loaded again by Retry or after a change made elsewhere
 * (`refresh` keeps the page on screen meanwhile), and replaced by the fresh data an action answers.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { leavingForLogin } from '../../lib/auth/guard';

export type LoadState<T, P> =
  | { kind: 'loading' }
  | { kind: 'failed'; problem: P }
  /** `now`: when it arrived, so relative times are computed once. `refreshing`: a reload runs. */
  | { kind: 'ready'; value: T; now: number; refreshing: boolean };

/**
 * `load` and `describe` must keep their identity between renders (module functions or
 * useCallback): a new `load` loads again. `describe` says what the page shows for a failure, or
 * null when it was dealt with already (the session ended and the browser leaves for /login), which
 * leaves the state as it is.
 */
export function useLoad<T, P>(load: () => Promise<T>, describe: (error: unknown) => P | null) {
  const [state, setState] = useState<LoadState<T, P>>({ kind: 'loading' });
  // Only the newest call may set the state (a slow first answer must not replace a later one).
  const latest = useRef(0);

  const run = useCallback(
    async (keep: boolean) => {
      if (leavingForLogin()) return;
      const call = ++latest.current;
      setState((current) =>
        keep && current.kind === 'ready' ? { ...current, refreshing: true } : { kind: 'loading' },
      );
      try {
        const value = await load();
        if (call === latest.current)
          setState({ kind: 'ready', value, now: Date.now(), refreshing: false });
      } catch (error) {
        const problem = describe(error);
        if (call === latest.current && problem !== null) setState({ kind: 'failed', problem });
      }
    },
    [load, describe],
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
