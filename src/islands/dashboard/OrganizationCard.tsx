/**
 * The Organization card of My Account for members and owners of an Enterprise organization
 * (GET /api/organization): the organization, its owner, seats and term; owners get the way to
 * their team page. Accounts in no organization see nothing, and a failed call hides the card
 * rather than blocking the account page.
 */
import type { OrganizationCard as Card } from '../../contract/team';
import { formatDate } from '../../lib/format';

export function OrganizationCard({ card }: { card: Card }) {
  return (
    <section className="card" aria-labelledby="organization-title">
      <h2 id="organization-title">Organization</h2>
      <dl className="dashboard-details">
        <div>
          <dt>Organization</dt>
          <dd>{card.name}</dd>
        </div>
        <div>
          <dt>Owner</dt>
          <dd>{card.isOwner ? 'You' : `${card.ownerName} (${card.ownerEmail})`}</dd>
        </div>
        <div>
          <dt>Seats</dt>
          <dd>
            {card.seatsTaken} of {card.seats} used
          </dd>
        </div>
        <div>
          <dt>Devices per member</dt>
          <dd>{card.deviceLimit}</dd>
        </div>
        <div>
          <dt>Agreement ends</dt>
          <dd>{formatDate(card.termEnd)}</dd>
        </div>
      </dl>
      {card.isOwner ? (
        <a className="button" href="/dashboard/team">
          Manage your team
        </a>
      ) : (
        <p className="dashboard-small">
          Your license is managed by your organization. For more devices or a seat for a colleague,
          ask {card.ownerName || 'the owner'}.
        </p>
      )}
    </section>
  );
}
