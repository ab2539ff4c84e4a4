/**
 * Inviting: the invite box (one address, a pasted list or a CSV file's e-mail column, InviteBox;
 * the server invites as many as the seats allow and says what became of each). Open invitations
 * are rows of the people table (MembersSection), resent or withdrawn there.
 */
import type { TeamOverview } from '../../contract/team';
import { seatsFull } from './format';
import { InviteBox } from './InviteBox';

interface Props {
  organization: TeamOverview['organization'];
  /** After invitations were sent: the line to show, and the team is loaded again. */
  onInvited: (message: string) => void;
}

export function InvitationsSection({ organization, onInvited }: Props) {
  return (
    <section className="card" aria-labelledby="team-invite-title">
      <h2 id="team-invite-title">Invitations</h2>
      {seatsFull(organization) && (
        <p className="form-info">
          Every seat is taken or held by an open invitation: remove a member or withdraw an
          invitation to invite someone else, or add seats (a team bought per seat: Seats, above;
          Enterprise: <a href="/about">ask us</a>).
        </p>
      )}
      <InviteBox organization={organization} onInvited={onInvited} />
    </section>
  );
}
