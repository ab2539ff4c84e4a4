import { useEffect, useRef, type RefObject } from 'react';

/** Opens and closes a <dialog> with `open`, returning focus to where it was. */
export function useModalOpen(dialog: RefObject<HTMLDialogElement | null>, open: boolean): void {
  const returnFocus = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      returnFocus.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
    } else if (!open && element.open) {
      element.close();
      const target = returnFocus.current;
      returnFocus.current = null;
      if (target?.isConnected) target.focus();
    }
  }, [dialog, open]);
}
