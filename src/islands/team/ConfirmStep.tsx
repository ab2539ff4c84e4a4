/**
 * A confirm step inside a section rather than a dialog (single sign-on's Require and Disconnect,
 * the SCIM token's Replace and Revoke): the question, the safe choice and the action, which stays
 * focusable while busy so focus is not lost if the call fails.
 */
import './confirm-step.css';

interface Props {
  question: string;
  keepLabel: string;
  confirmLabel: string;
  /** `danger` for an action that takes something away (disconnect, revoke). */
  tone: 'danger' | 'primary';
  busy: boolean;
  onKeep: () => void;
  onConfirm: () => void;
}

export function ConfirmStep({
  question,
  keepLabel,
  confirmLabel,
  tone,
  busy,
  onKeep,
  onConfirm,
}: Props) {
  return (
    <div className="confirm-step">
      <p>{question}</p>
      <div className="team-row-actions">
        <button type="button" className="button button-secondary" disabled={busy} onClick={onKeep}>
          {keepLabel}
        </button>
        <button
          type="button"
          className={tone === 'danger' ? 'button button-danger' : 'button'}
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) onConfirm();
          }}
        >
          {busy ? 'Working...' : confirmLabel}
        </button>
      </div>
    </div>
  );
}
