/**
 * A modal on the native <dialog>: showModal() makes the page behind inert and keeps
 * focus inside, Escape closes it (unless `dismissible` is false), and focus returns to the
 * element that had it when the modal opened.
 */
import { useId, useRef, type ReactNode } from 'react';
import { useModalOpen } from './use-modal-open';

interface Props {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** `alertdialog` for alerts: messages that interrupt. */
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
