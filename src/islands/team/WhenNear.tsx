/**
 * A section of the team page below the members table whose code loads only when the page is
 * scrolled near it (most visits look at the table and leave): until then, and while its chunk
 * loads, a card with the section's heading holds its place. A chunk that fails to load says so
 * in the card (the network), the rest of the page working on.
 */
import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';
import { teamNetwork } from './team-calls';

/** Loaded this far (px) before it scrolls into view, so it is usually there when it arrives. */
const AHEAD = '600px 0px';

/** The card a deferred section shows before (or instead of) its own. */
function Placeholder({
  title,
  failed,
  holder,
}: {
  title: string;
  failed?: boolean;
  holder?: Ref<HTMLElement>;
}) {
  const id = useId();
  return (
    <section ref={holder} className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {failed ? (
        <p className="form-error" role="alert">
          {teamNetwork}
        </p>
      ) : (
        <p className="usage-empty">Loading...</p>
      )}
    </section>
  );
}

/** `load` as a lazy component; a failed load shows the section's card with the network error. */
export function deferred<P extends object>(
  title: string,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const failed: ComponentType<P> = () => <Placeholder title={title} failed />;
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: failed }),
    ),
  );
}

interface Props {
  title: string;
  /**
   * False while the content above is still loading (the page is short then, and every section
   * would seem near): the section waits until the page has its height.
   */
  watch: boolean;
  children: ReactNode;
}

/**
 * True once `holder` comes within AHEAD of the view (at once where the browser cannot tell), and
 * from then on; it starts watching when `watch` turns true.
 */
export function useNear(holder: RefObject<HTMLElement | null>, watch = true): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!watch || near) return;
    const element = holder.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      const timer = window.setTimeout(() => setNear(true), 0);
      return () => window.clearTimeout(timer);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [holder, watch, near]);
  return near;
}

export function WhenNear({ title, watch, children }: Props) {
  const holder = useRef<HTMLElement>(null);
  const near = useNear(holder, watch);
  const placeholder = <Placeholder title={title} holder={holder} />;
  return near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
