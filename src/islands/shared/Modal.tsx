/**
 * A modal on the native <dialog>: showModal() makes the page behind inert and keeps
 * focus inside, Escape closes it (unless `dismissible` is false), and focus returns to the
 * element that had it when the modal opened.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface Props {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** `alertdialog` for messages that interrupt (SPEC §8 alerts). */
  role?: 'dialog' | 'alertdialog';
  dismissible?: boolean;
  className?: string;
}

export function Modal({
  open,
  onClose,
  title,
  children,
  role = 'dialog',
  dismissible = true,
  className = '',
}: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useModalOpen(dialog, open);

  return (
    <dialog
      ref={dialog}
      className={`modal ${className}`}
      aria-labelledby={titleId}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onClose();
      }}
    >
      <div className="modal-body">
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}

/** Opens and closes a <dialog> with `open`, returning focus to where it was. */
export function useModalOpen(
  dialog: React.RefObject<HTMLDialogElement | null>,
  open: boolean,
): void {
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
