/** The organization at a glance: seats used of total, devices per seat and the term. */
import type { TeamOverview } from '../../contract/team';
import { deviceLimitText, heldText, seatsText } from './format';
import { formatDate } from '../../lib/format';
import { SeatsPanel } from '../shared/SeatsPanel';

export function SummarySection({
  organization,
  onSeatsChanged,
}: {
  organization: TeamOverview['organization'];
  /** After seats were added or changed at renewal (a team bought per seat). */
  onSeatsChanged?: (message: string) => void;
}) {
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
