/**
 * The foot of a confirm dialog: an error line, the safe choice and the action, which stays
 * focusable while busy so focus is not lost if the call fails. The action is destructive (red)
 * unless `tone` says otherwise; the safe choice is focused first unless a field of the dialog
 * asks for focus itself (the console's reason fields come before it).
 */
import type { ReactNode } from 'react';

interface Props {
  error: ReactNode;
  busy: boolean;
  keepLabel: string;
  confirmLabel: string;
  busyLabel: string;
  onKeep: () => void;
  /** Called on click; leave it out when `submit` lets the dialog's form handle the press. */
  onConfirm?: () => void;
  /** `primary` for an action that takes nothing away (extend, reinstate, resend). */
  tone?: 'danger' | 'primary';
  /** The action submits the dialog's <form> (Enter in a field presses it too). */
  submit?: boolean;
}

export function ConfirmActions({
  error,
  busy,
  keepLabel,
  confirmLabel,
  busyLabel,
  onKeep,
  onConfirm,
  tone = 'danger',
  submit = false,
}: Props) {
  return (
    <>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="modal-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={onKeep}
          disabled={busy}
          // showModal() focuses the first [autofocus] element: the safe choice, unless a field
          // before it has one. React's autoFocus only focuses on mount, while the dialog is closed.
          ref={(element) => {
            element?.setAttribute('autofocus', '');
          }}
        >
          {keepLabel}
        </button>
        <button
          type={submit ? 'submit' : 'button'}
          className={tone === 'danger' ? 'button button-danger' : 'button'}
          onClick={onConfirm}
          aria-disabled={busy}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </>
  );
}
