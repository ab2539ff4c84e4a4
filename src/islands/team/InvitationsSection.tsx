/**
 * Inviting: the invite box (one address, a pasted list or a CSV file's e-mail column, InviteBox;
 * the server invites as many as the seats allow and says what became of each). Most visits of the
 * page read the table and leave, so the box's code loads when "Invite Colleagues" is pressed (from
 * when the button is pointed at or focused), its field then focused; a failed load says so beside
 * the button, which tries again. Open invitations are rows of the people table (MembersSection),
 * resent or withdrawn there.
 */
import { useEffect, useRef, useState } from 'react';
import type { TeamOverview } from '../../contract/team';
import { seatsFull } from './format';
import type { InviteBox as Box } from './InviteBox';
import { teamNetwork } from './team-calls';

interface Props {
  organization: TeamOverview['organization'];
  /** After invitations were sent: the line to show, and the team is loaded again. */
  onInvited: (message: string) => void;
}

type BoxComponent = typeof Box;
/** The box once loaded, for the page's life (the section mounts again after a team reload). */
let loaded: BoxComponent | null = null;
let loading: Promise<BoxComponent> | null = null;
/** Loads the box once (again after a failed load). */
const loadBox = () =>
  (loading ??= import('./InviteBox').then(
    (module) => (loaded = module.InviteBox),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  ));

export function InvitationsSection({ organization, onInvited }: Props) {
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const [InviteBox, setInviteBox] = useState<BoxComponent | null>(() => loaded);
  const box = useRef<HTMLDivElement>(null);
  const shown = open && InviteBox !== null;

  // Opened by a button that is now gone: the box's field takes the focus.
  useEffect(() => {
    if (shown) box.current?.querySelector('textarea')?.focus();
  }, [shown]);

  const press = () => {
    setFailed(false);
    setOpen(true);
    loadBox().then(
      (component) => setInviteBox(() => component),
      () => {
        setOpen(false);
        setFailed(true);
      },
    );
  };

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
      {shown ? (
        <div ref={box}>
          <InviteBox organization={organization} onInvited={onInvited} />
        </div>
      ) : (
        <>
          <p>Invite colleagues by e-mail: one address, a pasted list or a CSV file.</p>
          <div className="form-actions">
            <button
              type="button"
              className="button"
              onPointerEnter={() => void loadBox().catch(() => undefined)}
              onFocus={() => void loadBox().catch(() => undefined)}
              onClick={press}
              aria-disabled={open}
            >
              {open ? 'Loading...' : 'Invite Colleagues'}
            </button>
          </div>
          {failed && (
            <p className="form-error" role="alert">
              {teamNetwork}
            </p>
          )}
        </>
      )}
    </section>
  );
}
