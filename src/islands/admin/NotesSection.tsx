/**
 * The customer page's internal notes: what operators want colleagues to know about this customer,
 * newest first, never shown to the customer. Adding needs only the text; deleting (the author's
 * own notes only) asks to confirm. Both answer the whole customer, so the page redraws from it.
 */
import { useId, useState } from 'react';
import { type CustomerActionResult, type CustomerNote } from '../../contract/admin';
import { ConsoleMessages } from '../../contract/messages';
import { formatDateTime } from '../../lib/format';
import { limits } from '../../site.config';
import { ConfirmActions } from '../shared/ConfirmActions';
import { Modal } from '../shared/Modal';
import { SignInAgainLink } from './ConsoleAlert';
import { adminDelete, adminPost, networkAction, problemOf, type Problem } from './console-api';
import { ActionButton, Empty, Section } from './parts';
import { useNotice } from './use-notice';
import { isActOnCustomerAnswer } from '../../generated/answers/ActOnCustomerAnswer';

const emptyNote = 'Write the note first: it is empty.';
const maxNote = limits.customerNoteMaxLength;

interface Props {
  userId: string;
  notes: readonly CustomerNote[];
  /** The customer as the answer shows it. */
  onDetail: (result: CustomerActionResult) => void;
  /** The note or the customer changed meanwhile, or no answer came: reload the page. */
  onStale: () => void;
}

export function NotesSection({ userId, notes, onDetail, onStale }: Props) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [doomed, setDoomed] = useState<CustomerNote | null>(null);
  const notice = useNotice();
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();
  const base = `/api/admin/customers/${encodeURIComponent(userId)}/notes`;

  /** A refusal stays by the form; anything that may have changed the page reloads it. */
  const failed = (error: unknown) => {
    const found = problemOf(error, undefined, networkAction);
    if (found.kind === 'stale' || found.kind === 'missing' || found.kind === 'network') {
      notice.show(found.message || ConsoleMessages.staleState, false);
      onStale();
      return null;
    }
    return found;
  };

  const add = async () => {
    if (busy) return;
    if (!text.trim()) {
      setProblem({ kind: 'input', message: emptyNote });
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const result = await adminPost(base, isActOnCustomerAnswer, { text });
      setText('');
      onDetail(result);
      notice.show(result.message, true);
    } catch (error) {
      setProblem(failed(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section id="notes" title="Notes" notice={notice.noticeFor()}>
      <p className="dashboard-small console-lead">
        Internal: only operators see these notes, never the customer.
      </p>
      <form
        className="console-note-form"
        method="post"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <div className="field">
          <label htmlFor={fieldId}>New note</label>
          <textarea
            id={fieldId}
            className="console-textarea"
            rows={3}
            maxLength={maxNote}
            value={text}
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
            onChange={(event) => setText(event.target.value)}
          />
          <p className="field-hint" id={hintId}>
            Up to {maxNote.toLocaleString('en-US')} characters. Kept with your name until you delete
            it or the account is purged.
          </p>
        </div>
        {problem && (
          <p className="form-error" role="alert" id={errorId}>
            {problem.message} {problem.kind === 'signin' && <SignInAgainLink />}
          </p>
        )}
        <div className="console-actions">
          <button type="submit" className="button" aria-disabled={busy}>
            {busy ? 'Adding...' : 'Add note'}
          </button>
        </div>
      </form>
      {notes.length === 0 ? (
        <Empty>No notes on this customer yet.</Empty>
      ) : (
        <ul className="console-messages console-notes" aria-label="Notes, newest first">
          {notes.map((note) => (
            <li key={note.id} className="console-item">
              <p className="console-message-text">{note.text}</p>
              <p className="console-message-meta">
                <span className="console-break">
                  {note.authorName ? `${note.authorName} (${note.authorEmail})` : note.authorEmail}
                </span>{' '}
                · <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
              </p>
              {note.mine && (
                <div className="console-actions">
                  <ActionButton
                    danger
                    onClick={() => setDoomed(note)}
                    about={`the note of ${formatDateTime(note.createdAt)}`}
                  >
                    Delete...
                  </ActionButton>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <DeleteNoteDialog
        note={doomed}
        send={(note) =>
          adminDelete(`${base}/${encodeURIComponent(note.id)}`, isActOnCustomerAnswer)
        }
        onDone={(result) => {
          setDoomed(null);
          onDetail(result);
          notice.show(result.message, true);
        }}
        onFailed={(error) => {
          const found = failed(error);
          if (!found) setDoomed(null);
          return found;
        }}
        onClose={() => setDoomed(null)}
      />
    </Section>
  );
}

interface DeleteProps {
  note: CustomerNote | null;
  send: (note: CustomerNote) => Promise<CustomerActionResult>;
  onDone: (result: CustomerActionResult) => void;
  /** The problem to show in the dialog, or null when the page took it over. */
  onFailed: (error: unknown) => Problem | null;
  onClose: () => void;
}

function DeleteNoteDialog({ note, send, onDone, onFailed, onClose }: DeleteProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  const close = () => {
    if (busy) return;
    setProblem(null);
    onClose();
  };

  const confirm = async () => {
    if (busy || !note) return;
    setBusy(true);
    setProblem(null);
    try {
      onDone(await send(note));
    } catch (error) {
      setProblem(onFailed(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={note !== null}
      onClose={close}
      title="Delete this note?"
      role="alertdialog"
      dismissible={!busy}
      className="console-dialog"
    >
      <div className="console-dialog-form">
        <p>The note is deleted for every operator. The audit log keeps that you deleted it.</p>
        {note && <blockquote className="console-quote">{note.text}</blockquote>}
        <ConfirmActions
          error={
            problem && (
              <>
                {problem.message} {problem.kind === 'signin' && <SignInAgainLink />}
              </>
            )
          }
          busy={busy}
          keepLabel="Keep note"
          confirmLabel="Delete note"
          busyLabel="Deleting..."
          onKeep={close}
          onConfirm={() => void confirm()}
        />
      </div>
    </Modal>
  );
}
