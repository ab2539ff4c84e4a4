/**
 * A lazily loaded card's state before its data is on screen (shared/use-load.ts): a status line
 * while it loads; the problem and a Retry button when loading failed; nothing once it is ready.
 */
import type { LoadState } from './use-load';

interface Props {
  state: LoadState<unknown, string>;
  reload: () => void;
  /** What the status line says while loading. */
  loading?: string;
}

export function LoadStatus({ state, reload, loading = 'Loading...' }: Props) {
  if (state.kind === 'loading') {
    return (
      <p className="usage-empty" role="status">
        {loading}
      </p>
    );
  }
  if (state.kind === 'failed') {
    return (
      <div>
        <p className="form-error" role="alert">
          {state.problem}
        </p>
        <button type="button" className="button button-secondary" onClick={reload}>
          Retry
        </button>
      </div>
    );
  }
  return null;
}
