/**
 * /dashboard/team for an account that owns no organization: what the page is for and where the
 * person's own things are, instead of an error. A member is told who manages their team.
 */
import { TeamMessages } from '../../contract/messages';
import type { OrganizationCard } from '../../contract/team';

export function NotOwner({ card: organization }: { card: OrganizationCard | null }) {
  return (
    <div className="dashboard">
      <section className="card" aria-labelledby="not-owner-title">
        <h2 id="not-owner-title">For your organization&apos;s owner</h2>
        <p>{TeamMessages.teamPageForOwner}</p>
        <p>
          {organization?.isMember
            ? `${organization.name} is managed by ${organization.ownerName || 'its owner'}` +
              (organization.ownerEmail ? ` (${organization.ownerEmail})` : '') +
              '. Ask them for a seat for a colleague or more devices.'
            : 'Your license, devices and sessions are on your own pages.'}
        </p>
        <div className="team-row-actions">
          <a className="button" href="/dashboard">
            Back to My Account
          </a>
          <a className="button button-secondary" href="/dashboard/usage">
            Usage &amp; Sessions
          </a>
        </div>
      </section>
    </div>
  );
}
