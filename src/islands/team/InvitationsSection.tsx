/**
 * Inviting: the invite box (one address, a pasted list or a CSV file's e-mail column, InviteBox;
 * the server invites as many as the seats allow and says what became of each) and the open
 * invitations, each resent with a new link or withdrawn.
 */
import type { TeamOverview, TeamInvitation } from '../../contract/team';
import { seatsFull } from './format';
import { InviteBox } from './InviteBox';
import { teamAction } from './team-calls';
import type { PendingAction } from './TeamConfirm';
import { formatDate } from '../../lib/format';

interface Props {
  overview: TeamOverview;
  onAsk: (action: PendingAction) => void;
  /** After invitations were sent: the line to show, and the team is loaded again. */
  onInvited: (message: string) => void;
}

const invitation = (id: string) => `/api/team/invitations/${encodeURIComponent(id)}`;

export function InvitationsSection({ overview, onAsk, onInvited }: Props) {
  const { invitations } = overview;

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
      <InviteBox organization={overview.organization} onInvited={onInvited} />
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
