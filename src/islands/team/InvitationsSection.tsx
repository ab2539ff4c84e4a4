/**
 * Inviting: the invite form (one e-mail address; the server refuses it when every seat is taken
 * or held, and says so) and the open invitations, each resent with a new link or withdrawn.
 */
import { useId, useState, type FormEvent } from 'react';
import type { TeamOverview, TeamInvitation } from '../../contract/team';
import { emailRule, normalizeEmail } from '../../contract/rules';
import { messageFor } from '../shared/api';
import { leftForLogin } from '../shared/session-ended';
import { seatsFull } from './format';
import { teamAction, teamNetwork } from './team-calls';
import type { PendingAction } from './TeamConfirm';
import { formatDate } from '../../lib/format';

export const inviteFailed = 'We could not send the invitation. Please try again.';

interface Props {
  overview: TeamOverview;
  onAsk: (action: PendingAction) => void;
  /** After a sent invitation: the server's message, and the team is loaded again. */
  onInvited: (message: string) => void;
}

const invitation = (id: string) => `/api/team/invitations/${encodeURIComponent(id)}`;

export function InvitationsSection({ overview, onAsk, onInvited }: Props) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { invitations } = overview;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const address = normalizeEmail(email);
    const problem = emailRule(address);
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      const message = await teamAction('POST', '/api/team/invitations', { email: address });
      setEmail('');
      onInvited(message);
    } catch (failure) {
      if (leftForLogin(failure)) return;
      setError(messageFor(failure, inviteFailed, teamNetwork));
    } finally {
      setBusy(false);
    }
  };

  const resend = (row: TeamInvitation): PendingAction => ({
    title: 'Send the invitation again?',
    text: `${row.email} gets a new e-mail with a new link, valid for 7 days; the link sent before stops working.`,
    confirmLabel: 'Send again',
    busyLabel: 'Sending...',
    run: () => teamAction('POST', `${invitation(row.id)}/resend`),
  });
  const withdraw = (row: TeamInvitation): PendingAction => ({
    title: 'Withdraw the invitation?',
    text: `The link sent to ${row.email} stops working and the seat it held is free again.`,
    confirmLabel: 'Withdraw invitation',
    busyLabel: 'Withdrawing...',
    run: () => teamAction('DELETE', invitation(row.id)),
  });

  return (
    <section className="card" aria-labelledby="team-invite-title">
      <h2 id="team-invite-title">Invitations</h2>
      {seatsFull(overview.organization) && (
        <p className="form-info">
          Every seat is taken or held by an open invitation: remove a member or withdraw an
          invitation to invite someone else, or <a href="/about">ask us for more seats</a>.
        </p>
      )}
      <form className="team-invite" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-email`}>E-mail address of the colleague to invite</label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            required
            maxLength={254}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
          />
        </div>
        <button type="submit" className="button" aria-disabled={busy}>
          {busy ? 'Sending...' : 'Send invitation'}
        </button>
      </form>
      <p id={`${id}-hint`} className="field-hint">
        The e-mail holds a link valid for 7 days. An open invitation holds a seat until it is
        accepted, withdrawn or expires.
      </p>
      {error && (
        <p id={`${id}-error`} className="form-error" role="alert">
          {error}
        </p>
      )}
      <h3 className="team-subtitle">Pending invitations</h3>
      {invitations.length === 0 ? (
        <p className="usage-empty">No pending invitations.</p>
      ) : (
        <ul className="team-list">
          {invitations.map((row) => (
            <li key={row.id} className="team-invitation">
              <span className="team-device-name">{row.email}</span>
              <span className="team-muted">
                Sent {formatDate(row.createdAt)}
                {row.sentCount > 1 ? ` (${row.sentCount} times)` : ''}, expires{' '}
                {formatDate(row.expiresAt)}
              </span>
              <span className="team-row-actions">
                <button
                  type="button"
                  className="button button-secondary usage-button"
                  onClick={() => onAsk(resend(row))}
                >
                  Resend<span className="visually-hidden"> to {row.email}</span>
                </button>
                <button
                  type="button"
                  className="button button-secondary usage-button"
                  onClick={() => onAsk(withdraw(row))}
                >
                  Withdraw<span className="visually-hidden"> the invitation to {row.email}</span>
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
