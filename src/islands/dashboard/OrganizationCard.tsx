/**
 * The Organization card of My Account for members and owners of an organization
 * (GET /api/organization): its plan (Enterprise, or Standard bought as a team), the organization,
 * its owner, seats in use of those bought, devices per member and the term; a team's owner also
 * reads whether it renews or ends and what a year costs with tax. Owners get the way to their team
 * page. Accounts in no organization see nothing, and a failed call hides the card rather than
 * blocking the account page.
 */
import type { OrganizationCard as Card } from '../../contract/team';
import { chargeSentence } from '../../lib/charges';
import { formatDate } from '../../lib/format';
import { plans } from '../../site.config';

/** "Enterprise", "Standard — team". */
const planName = (card: Card) =>
  card.kind === 'team' ? `${plans.standard.name} — team` : plans.enterprise.name;

/** The term's end: an agreement's, or a team subscription's renewal or end. */
function termLine(card: Card): { label: string; value: string } {
  if (card.kind !== 'team') return { label: 'Agreement ends', value: formatDate(card.termEnd) };
  const subscription = card.subscription;
  const ending = subscription?.ending ?? false;
  return {
    label: ending ? 'Ends on' : 'Renews on',
    value: formatDate(subscription?.on ?? card.termEnd),
  };
}

export function OrganizationCard({ card }: { card: Card }) {
  const term = termLine(card);
  const charge = card.subscription?.charge;
  return (
    <section className="card" aria-labelledby="organization-title">
      <h2 id="organization-title">Organization</h2>
      <dl className="dashboard-details">
        <div>
          <dt>Plan</dt>
          <dd>{planName(card)}</dd>
        </div>
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
            {card.seatsTaken} of {card.seats} {card.seats === 1 ? 'seat' : 'seats'} in use
          </dd>
        </div>
        <div>
          <dt>Devices per member</dt>
          <dd>{card.deviceLimit}</dd>
        </div>
        <div>
          <dt>{term.label}</dt>
          <dd>{term.value}</dd>
        </div>
        {charge && (
          <div>
            <dt>Per year</dt>
            <dd>{chargeSentence(charge)}</dd>
          </div>
        )}
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
