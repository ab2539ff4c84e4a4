/**
 * Parts of a page that most visits never open (dialogs, set-up steps, forms behind a button) or
 * never scroll to, loaded when first shown instead of with the page. While the part loads, a short
 * "Loading..." (or the placeholder given) stands in its place; a failed load says so, with a
 * button that tries again. Once loaded, a part renders at once, on every page of the session.
 */
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { partFailed, partLoading } from './part-texts';

export { partFailed, partLoading };

export interface LazyPart<P> {
  (props: P): React.ReactNode;
  /**
   * Starts the load ahead of the first render (while a call the part needs is under way, say);
   * settles when it is done either way: a failed load shows where the part renders.
   */
  preload: () => Promise<void>;
}

/**
 * `load` as a component that loads on first render. A failed load may be tried again. Meanwhile
 * `placeholder` stands in its place (a section's card with its heading, say), or a short
 * "Loading..." status.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  placeholder?: ReactNode,
): LazyPart<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));

  function Part(props: P) {
    const [failed, setFailed] = useState(false);
    const [, setReady] = useState(false);
    const retry = useRef<HTMLButtonElement>(null);
    // What opened the part may be gone (a step replaced its button): focus is not left on <body>.
    useEffect(() => {
      if (failed && document.activeElement === document.body) retry.current?.focus();
    }, [failed]);
    useEffect(() => {
      if (loaded || failed) return;
      let live = true;
      start().then(
        () => live && setReady(true),
        () => live && setFailed(true),
      );
      return () => {
        live = false;
      };
    }, [failed]);

    if (loaded) {
      const Loaded = loaded;
      return <Loaded {...props} />;
    }
    if (!failed)
      return (
        placeholder ?? (
          <p className="dashboard-loading" role="status">
            {partLoading}
          </p>
        )
      );
    return (
      <div className="part-failed">
        <p className="form-error" role="alert">
          {partFailed}
        </p>
        <button
          ref={retry}
          type="button"
          className="button button-secondary"
          onClick={() => setFailed(false)}
        >
          Try again
        </button>
      </div>
    );
  }
  const preload = () =>
    start().then(
      () => undefined,
      () => undefined,
    );
  return Object.assign(Part, { preload });
}

/**
 * A dialog that loads the first time it opens (`open` true) and stays mounted afterwards, so it
 * closes with its own animation and keeps what was typed, as an always-mounted dialog does.
 */
export function lazyDialog<P extends { open: boolean }>(
  load: () => Promise<ComponentType<P>>,
): LazyPart<P> {
  const Part = lazyPart(load);
  function Dialog(props: P) {
    const [used, setUsed] = useState(props.open);
    if (props.open && !used) setUsed(true);
    return used ? <Part {...props} /> : null;
  }
  return Object.assign(Dialog, { preload: Part.preload });
}

/**
 * The button that opens a part in its own place (a form behind Rename or Change Password): the
 * part is gone once it closes, so focus goes back to the button then, not to <body>. The ref
 * goes on the button; the function is called as the part closes.
 */
export function useFocusBack(open: boolean) {
  const ref = useRef<HTMLButtonElement>(null);
  const pending = useRef(false);
  useEffect(() => {
    if (!open && pending.current) ref.current?.focus();
    pending.current = false;
  }, [open]);
  const returnFocus = () => void (pending.current = true);
  return [ref, returnFocus] as const;
}

/**
 * A button's handlers that start loading `part` when the button is pointed at or focused, so the
 * part is usually there by the press.
 */
export const preloadOnApproach = (part: Pick<LazyPart<never>, 'preload'>) => ({
  onPointerEnter: () => void part.preload(),
  onFocus: () => void part.preload(),
});
