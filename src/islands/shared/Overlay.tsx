/**
 * Full-screen overlay while an auth call runs ('Logging You In', 'Verifying
 * Information', 'Creating Your Account'). A modal <dialog> so it covers an open modal too, keeps
 * the page inert, cannot be dismissed, and announces its text as a busy status.
 */
import { useRef } from 'react';
import { useModalOpen } from './use-modal-open';

export type OverlayText =
  | 'Logging You In'
  | 'Verifying Information'
  | 'Creating Your Account'
  | 'Redirecting you to secure checkout...';

export function Overlay({ text }: { text: OverlayText | null }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useModalOpen(dialog, text !== null);
  return (
    <dialog
      ref={dialog}
      className="overlay"
      aria-label={text ?? 'Working'}
      onCancel={(event) => event.preventDefault()}
    >
      <div className="overlay-content" role="status" aria-live="polite" aria-busy="true">
        <span className="spinner" aria-hidden="true" />
        <p className="overlay-text">{text}</p>
        <p className="overlay-note">Please wait...</p>
      </div>
    </dialog>
  );
}
