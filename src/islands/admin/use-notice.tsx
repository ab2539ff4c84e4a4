/**
 * The outcome of a console action, shown where the operator acted: in the section of the page the
 * action belongs to (or at the top of a page without sections), focused so a screen reader reads
 * it and the keyboard continues from it, since the button that opened the dialog may be gone.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

interface Notice<S> {
  text: string;
  ok: boolean;
  /** Where it is shown; undefined on a page without sections. */
  section: S | undefined;
}

export function useNotice<S extends string = never>() {
  const [notice, setNotice] = useState<Notice<S> | null>(null);
  const ref = useRef<HTMLParagraphElement>(null);

  // A new notice is a new object, so the same text twice still moves the focus.
  useEffect(() => {
    if (notice) ref.current?.focus();
  }, [notice]);

  const show = useCallback(
    (text: string, ok: boolean, section?: S) => setNotice({ text, ok, section }),
    [],
  );
  const clear = useCallback(() => setNotice(null), []);

  /** The notice, when it belongs to `section` (leave it out on a page without sections). */
  const noticeFor = (section?: S): ReactNode =>
    notice && notice.section === section ? (
      <p
        ref={ref}
        tabIndex={-1}
        className={notice.ok ? 'form-success console-notice' : 'form-error console-notice'}
        role={notice.ok ? 'status' : 'alert'}
      >
        {notice.text}
      </p>
    ) : null;

  return { show, clear, noticeFor };
}
