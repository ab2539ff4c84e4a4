/**
 * The last section of Usage & Sessions: team activity, which Enterprise accounts arrange with us,
 * and which an organization's owner sees on the Team page. It asks for the account's organization
 * (GET /api/organization), so its code and call wait until the page is scrolled near it (UsagePage).
 */
import type { UsageOverview } from '../../contract/usage';
import { useOrganization } from '../shared/use-organization';

export function TeamActivitySection({ plan }: { plan: UsageOverview['plan'] }) {
  const organization = useOrganization();
  return (
    <section className="card" aria-labelledby="team-title">
      <h2 id="team-title">Team activity (for Enterprise)</h2>
      {organization?.isOwner ? (
        <p>
          You manage {organization.name}: see its members, their devices and the team activity on
          your <a href="/dashboard/team">Team page</a>.
        </p>
      ) : organization ? (
        <p>
          The team activity of {organization.name} is shown to its owner,{' '}
          {organization.ownerName || organization.ownerEmail}.
        </p>
      ) : plan === 'Enterprise' ? (
        <p>
          Team activity monitoring for your Enterprise account is arranged with us.{' '}
          <a href="/about">Contact us</a> to set up usage and activity reports for your team.
        </p>
      ) : (
        <p>
          Team activity monitoring is available on the Enterprise plan.{' '}
          <a href="/pricing">Compare plans</a>
        </p>
      )}
    </section>
  );
}
