/**
 * The invite box of the team page: one address, or a pasted list, or the e-mail column of an
 * uploaded CSV file, loaded when the section's Invite Colleagues is pressed (InvitationsSection).
 * Reading lists and files, sending and the results list are ./bulk-invite, imported on first use
 * (focus, typing, a file chosen).
 */
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { bulkInviteMax } from '../../config/limits';
import type { BulkInviteResponse, TeamOverview } from '../../contract/team';
import { messageFor } from '../shared/api';
import { leftForLogin } from '../shared/session-ended';
import { teamNetwork } from './team-calls';
import './bulk-invite.css';

export const inviteFailed = 'We could not send the invitation. Please try again.';

type BulkModule = typeof import('./bulk-invite');
let loading: Promise<BulkModule> | undefined;
/** The heavier part, once per page (again after a failed load). */
function loadBulk(): Promise<BulkModule> {
  loading ??= import('./bulk-invite').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

interface Props {
  organization: TeamOverview['organization'];
  /** After invitations were sent: the line to show, and the team is loaded again. */
  onInvited: (message: string) => void;
}

export function InviteBox({ organization, onInvited }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const [bulk, setBulk] = useState<BulkModule | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [file, setFile] = useState<{ note: string; failed: boolean } | null>(null);
  const [answer, setAnswer] = useState<BulkInviteResponse | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const seatsLeft = Math.max(
    0,
    organization.seats - organization.seatsTaken - organization.invitationsOpen,
  );
  const preview = bulk && text.trim() ? bulk.previewList(text, seatsLeft) : null;

  const ready = async () => {
    const module = await loadBulk();
    setBulk(() => module);
    return module;
  };
  const warm = () => {
    if (!bulk) ready().catch(() => undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const module = await ready();
      const sent = await module.sendList(text);
      if (sent.kind === 'refused') return setError(sent.message);
      setText('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      setAnswer(sent.kind === 'many' ? sent.answer : null);
      onInvited(sent.kind === 'many' ? `${module.bulkSummary(sent.answer)}.` : sent.message);
    } catch (failure) {
      if (leftForLogin(failure)) return;
      setError(messageFor(failure, inviteFailed, teamNetwork));
    } finally {
      setBusy(false);
    }
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    setFile(null);
    if (!chosen) return;
    try {
      const read = await (await ready()).readCsvFile(chosen);
      if ('problem' in read) return setFile({ note: read.problem, failed: true });
      setText((before) => [before.trimEnd(), ...read.entries].filter(Boolean).join('\n'));
      setError(null);
      const rows = read.entries.length;
      setFile({
        note: `${chosen.name}: ${rows} ${rows === 1 ? 'row' : 'rows'} added to the list above.`,
        failed: false,
      });
    } catch {
      setFile({ note: 'We could not read this file. Please try again.', failed: true });
    }
  };

  const describedBy = (...ids: (string | false | null)[]) => ids.filter(Boolean).join(' ');

  return (
    <>
      <form className="bulk-invite" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-list`}>
            E-mail address of the colleague to invite, or a list of addresses
          </label>
          <textarea
            id={`${id}-list`}
            className="bulk-invite-text"
            rows={3}
            autoComplete="off"
            spellCheck={false}
            value={text}
            onFocus={warm}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
              warm();
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(error && `${id}-error`, `${id}-hint`, `${id}-count`)}
          />
        </div>
        <p id={`${id}-hint`} className="field-hint">
          Separate addresses with commas, semicolons, spaces or new lines; Name
          &lt;name@firm.example&gt; works too. At most {bulkInviteMax} at a time. Each e-mail holds
          a link valid for 7 days, and an open invitation holds a seat until it is accepted,
          withdrawn or expires.
        </p>
        <p
          id={`${id}-count`}
          className={preview?.tooMany ? 'bulk-count bulk-count-over' : 'bulk-count'}
          aria-live="polite"
        >
          {preview?.text}
        </p>
        <div className="field bulk-invite-file">
          <label htmlFor={`${id}-file`}>Upload a CSV</label>
          <input
            ref={fileInput}
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            onFocus={warm}
            onChange={(event) => void upload(event)}
            aria-invalid={file?.failed ? true : undefined}
            aria-describedby={describedBy(file && `${id}-file-note`, `${id}-file-hint`)}
          />
          <p id={`${id}-file-hint`} className="field-hint">
            Its column headed E-mail (or else the first column with addresses) is added to the list;
            at most {bulkInviteMax} rows.
          </p>
          {file && (
            <p
              id={`${id}-file-note`}
              className={file.failed ? 'form-error' : 'form-info'}
              role={file.failed ? 'alert' : undefined}
            >
              {file.note}
            </p>
          )}
        </div>
        <button type="submit" className="button bulk-invite-send" aria-disabled={busy}>
          {busy
            ? 'Sending...'
            : preview && preview.addresses > 1
              ? 'Send invitations'
              : 'Send invitation'}
        </button>
      </form>
      {error && (
        <p id={`${id}-error`} className="form-error bulk-invite-error" role="alert">
          {error}
        </p>
      )}
      {answer && bulk && <bulk.BulkResults answer={answer} onClose={() => setAnswer(null)} />}
    </>
  );
}
