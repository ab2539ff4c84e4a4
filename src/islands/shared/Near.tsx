/**
 * A part of a page that loads only when the page is scrolled near it (or at once where the
 * browser cannot tell): until then a block of `minHeight` holds its place, so the page does not
 * jump, empty or holding `placeholder` (a section's card with its heading, so the page reads
 * whole). With lazy-part.tsx, the part's code and data wait for the visit that gets there.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Loaded this far (px) before it scrolls into view, so it is usually there when it arrives. */
const AHEAD = '600px 0px';

interface Props {
  children: ReactNode;
  minHeight: string;
  placeholder?: ReactNode;
}

export function Near({ children, minHeight, placeholder }: Props) {
  const [near, setNear] = useState(false);
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = holder.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
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
  }, [near]);
  if (near) return children;
  return placeholder ? (
    <div ref={holder} style={{ minHeight }}>
      {placeholder}
    </div>
  ) : (
    <div ref={holder} style={{ minHeight }} aria-hidden="true" />
  );
}
