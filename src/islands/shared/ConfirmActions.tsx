/**
 * The foot of a confirm dialog: an error line, the safe choice (focused first) and the
 * destructive action, which stays focusable while busy so focus is not lost if the call fails.
 */
interface Props {
  error: string | null;
  busy: boolean;
  keepLabel: string;
  confirmLabel: string;
  busyLabel: string;
  onKeep: () => void;
  onConfirm: () => void;
}

export function ConfirmActions({
  error,
  busy,
  keepLabel,
  confirmLabel,
  busyLabel,
  onKeep,
  onConfirm,
}: Props) {
  return (
    <>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="modal-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={onKeep}
          disabled={busy}
          // showModal() focuses the [autofocus] element: the safe choice. React's autoFocus only
          // focuses on mount, while the dialog is still closed.
          ref={(element) => {
            element?.setAttribute('autofocus', '');
          }}
        >
          {keepLabel}
        </button>
        <button
          type="button"
          className="button button-danger"
          onClick={onConfirm}
          aria-disabled={busy}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </>
  );
}
