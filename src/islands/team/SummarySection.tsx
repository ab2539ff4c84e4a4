/** The organization at a glance: seats used of total, devices per seat and the term. */
import { useState } from 'react';
import type { TeamOverview } from '../../contract/team';
import { teamNetwork } from './team-calls';
import { deviceLimitText, heldText, seatsText } from './format';
import { formatDate } from '../../lib/format';
import { SeatsPanel } from '../shared/SeatsPanel';

export function SummarySection({
  organization,
  onSeatsChanged,
  onTakeSeat,
}: {
  organization: TeamOverview['organization'];
  /** After seats were added or changed at renewal (a team bought per seat). */
  onSeatsChanged?: (message: string) => void;
  /** Asks to confirm that the owner takes a free seat themselves (rejects when offline). */
  onTakeSeat?: () => Promise<void>;
}) {
  const [offline, setOffline] = useState(false);
  const free = organization.seats - organization.seatsTaken - organization.invitationsOpen;
  const held = heldText(organization.invitationsOpen);
  return (
    <>
      <section className="card" aria-labelledby="team-summary-title">
        <h2 id="team-summary-title">{organization.name}</h2>
        <dl className="dashboard-details">
          <div>
            <dt>Seats</dt>
            <dd>
              {seatsText(organization.seatsTaken, organization.seats)}
              {held && <span className="team-muted"> ({held})</span>}
            </dd>
          </div>
          <div>
            <dt>Your seat</dt>
            <dd>
              {organization.ownerHoldsSeat ? (
                'You hold a seat'
              ) : (
                <>
                  You hold no seat{' '}
                  {onTakeSeat && free > 0 && (
                    <button
                      type="button"
                      className="button button-secondary usage-button"
                      onClick={() => {
                        setOffline(false);
                        onTakeSeat().catch(() => setOffline(true));
                      }}
                    >
                      Take a seat
                    </button>
                  )}
                  {offline && (
                    <span className="form-error" role="alert">
                      {' '}
                      {teamNetwork}
                    </span>
                  )}
                </>
              )}
            </dd>
          </div>
          <div>
            <dt>Device limit</dt>
            <dd>{deviceLimitText(organization.deviceLimit)}</dd>
          </div>
          <div>
            <dt>Term ends</dt>
            <dd>
              {formatDate(organization.termEnd)}
              <span className="team-muted"> (started {formatDate(organization.termStart)})</span>
            </dd>
          </div>
        </dl>
      </section>
      <SeatsPanel {...(onSeatsChanged ? { onChanged: onSeatsChanged } : {})} />
    </>
  );
}
