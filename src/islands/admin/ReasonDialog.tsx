/**
 * The confirm step of every console action: what will happen (and the action's own input, given
 * as children), a required reason that is kept in the audit log, and the action. The server
 * checks the reason; its refusal is shown here, next to the form. When the state changed
 * meanwhile (409, 404) or no answer came, the dialog closes and the page reloads (`onStale`).
 * When the action wants a fresh proof of who is at the keyboard (every change, 10 minutes after
 * the last), the call itself asks for it in a dialog on top of this one and sends it again
 * (console-api.ts); cancelled, the refusal is shown here.
 */
import { useId, useState, type ReactNode } from 'react';
import { ConfirmActions } from '../shared/ConfirmActions';
import { Modal } from '../shared/Modal';
import { SignInAgainLink } from './ConsoleAlert';
import { networkAction, problemOf, type Problem } from './console-api';

interface Props<T> {
  open: boolean;
  title: string;
  /** What the action does, and its own fields. */
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  tone: 'danger' | 'primary';
  /** The reason field's label; the inbox asks for a note. */
  reasonLabel?: string;
  reasonHint?: string;
  /** The longest reason the server takes. */
  reasonMax?: number;
  /** The field's height in lines (the inbox's reply is a letter, not a line). */
  reasonRows?: number;
  /** The safe choice's label. */
  keepLabel?: string;
  /** Sends the action with the reason typed. */
  send: (reason: string) => Promise<T>;
  onDone: (result: T) => void;
  onStale: (problem: Problem) => void;
  onClose: () => void;
}

export function ReasonDialog<T>({
  open,
  title,
  children,
  confirmLabel,
  busyLabel,
  tone,
  reasonLabel = 'Reason',
  reasonHint = 'Required. Kept in the audit log with your name.',
  reasonMax = 500,
  reasonRows = 3,
  keepLabel = 'Cancel',
  send,
  onDone,
  onStale,
  onClose,
}: Props<T>) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const fieldId = useId();
  const hintId = useId();

  const close = () => {
    if (busy) return;
    setReason('');
    setProblem(null);
    onClose();
  };

  const submit = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const result = await send(reason);
      setReason('');
      onDone(result);
    } catch (error) {
      const found = problemOf(error, undefined, networkAction);
      if (found.kind === 'stale' || found.kind === 'missing' || found.kind === 'network') {
        setReason('');
        onStale(found);
      } else {
        setProblem(found);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onClose={close} title={title} dismissible={!busy} className="console-dialog">
      <form
        className="console-dialog-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {children}
        <div className="field">
          <label htmlFor={fieldId}>{reasonLabel}</label>
          <textarea
            id={fieldId}
            className="console-textarea"
            rows={reasonRows}
            maxLength={reasonMax}
            value={reason}
            aria-required="true"
            aria-invalid={problem?.kind === 'input'}
            aria-describedby={hintId}
            onChange={(event) => setReason(event.target.value)}
            // The reason comes first: showModal() focuses it (see ConfirmActions).
            ref={(element) => {
              element?.setAttribute('autofocus', '');
            }}
          />
          <p className="field-hint" id={hintId}>
            {reasonHint}
          </p>
        </div>
        <ConfirmActions
          error={
            problem && (
              <>
                {problem.message} {problem.kind === 'signin' && <SignInAgainLink />}
              </>
            )
          }
          busy={busy}
          keepLabel={keepLabel}
          confirmLabel={confirmLabel}
          busyLabel={busyLabel}
          onKeep={close}
          tone={tone}
          submit
        />
      </form>
    </Modal>
  );
}
