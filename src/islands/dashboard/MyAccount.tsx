/**
 * My Account: the license (status, plan, dates, devices, key with Copy, download), the
 * Organization card of an organization's owner or member, the User ID warning, the upgrade box for
 * Trial users only (a real checkout; not for the owner of a running organization), and this
 * browser's authentication status. An owner's page leads with the organization and shows their
 * own license only when they hold a seat. 'Loading user data...' in the page's final layout until
 * a user is known.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { User } from '../../contract/user';
import { daysUntilLogout, describeDaysLeft, showsUpgradeBox } from '../../lib/auth/account-view';
import { formatDate, formatDateTime } from '../../lib/format';
import { plans } from '../../site.config';
import { withErrorBoundary } from '../ErrorBoundary';
import { logout } from '../shared/logout';
import { AccountSkeleton, CardPlaceholder } from './AccountSkeleton';
import { LicenseCard } from './LicenseCard';
import { OrganizationCard } from './OrganizationCard';
import { useAccountExtras } from './use-account-extras';
import { useDashboardUser } from './use-dashboard-user';
import '../shared/forms.css';
import './dashboard.css';

// Only Trial accounts see the upgrade box: its button's code (the checkout call) loads with it. A
// failed load leaves the box's link in its place.
const UpgradeButton = lazy(() =>
  import('./UpgradeButton').then(
    (module) => ({ default: module.UpgradeButton }),
    () => ({ default: UpgradeLink }),
  ),
);

function MyAccount() {
  const { user, tokenExpiration, loading } = useDashboardUser();
  if (!user || tokenExpiration === null) return <AccountSkeleton />;
  return <AccountPanel user={user} tokenExpiration={tokenExpiration} loggingOut={loading} />;
}

interface PanelProps {
  user: User;
  tokenExpiration: number;
  loggingOut: boolean;
}

/**
 * The page once the account is known, so a signed-out visitor's page (about to leave for /login)
 * makes no call that can only fail.
 */
function AccountPanel({ user, tokenExpiration, loggingOut }: PanelProps) {
  const extras = useAccountExtras();
  // Read once per mount: the page shows whole days, which do not need a ticking clock.
  const [now] = useState(() => Date.now());

  // The header's DOWNLOAD links to /dashboard#download, which exists only once the user is known,
  // after the browser has already looked for the fragment: scroll to it then.
  useEffect(() => {
    if (window.location.hash === '#download') document.getElementById('download')?.scrollIntoView();
  }, []);

  const organization = extras?.organization ?? null;
  // Until the organization arrives, the stored user says whether one is coming (and where).
  const owner = organization ? organization.isOwner : user.ownsOrganization === true;
  const expected = owner || user.plan === 'Enterprise';
  const organizationCard = organization ? (
    <OrganizationCard card={organization} />
  ) : extras === null && expected ? (
    <CardPlaceholder size="organization" />
  ) : null;
  // An owner manages seats and holds none unless they joined too: their own (old) license is not
  // what the page is about, so it shows only for a seat.
  const holdsSeat = organization ? organization.isMember : user.holdsSeat === true;
  // The owner of a running organization is not offered a plan for themselves instead.
  const organizationRuns = organization ? Date.parse(organization.termEnd) > now : owner;
  const upgradeBox = showsUpgradeBox(user.plan) && !(owner && organizationRuns);
  const license =
    owner && !holdsSeat ? null : (
      <LicenseCard
        user={user}
        license={extras?.license ?? null}
        loading={extras === null}
        now={now}
      />
    );

  return (
    <div className="dashboard">
      <nav className="dashboard-actions" aria-label="Account">
        <a className="button button-secondary" href="/dashboard/usage">
          Usage and Sessions
        </a>
        <a className="button button-secondary" href="/dashboard/billing">
          Billing &amp; Invoices
        </a>
        {owner && (
          <a className="button button-secondary" href="/dashboard/team">
            Team
          </a>
        )}
        <button
          type="button"
          className="button button-quiet dashboard-logout"
          onClick={() => void logout()}
          disabled={loggingOut}
        >
          Log Out
        </button>
      </nav>
      {/* The same words as the page's inline script writes into the skeleton before the first
          paint (src/pages/dashboard.astro), so the line does not change when the panel replaces it. */}
      <p className="dashboard-welcome">Welcome back, {user.customerName}!</p>
      {owner ? organizationCard : license}
      {owner ? license : organizationCard}
      <section className="card dashboard-warning" aria-labelledby="user-id-title">
        <h2 id="user-id-title">Save Your User ID</h2>
        <p>
          Your User ID is <code className="dashboard-code">{user.userId}</code>. Keep a note of it:
          support needs it to find your account, and it cannot be recovered from your license key.
        </p>
      </section>
      {upgradeBox && <UpgradeBox />}
      <SessionCard user={user} tokenExpiration={tokenExpiration} now={now} />
    </div>
  );
}

/**
 * Trial accounts only: the offer, and its button once its code is there. Until then (or should it
 * fail to load) the same words link to the Standard signup, whose dialog offers a signed-in Trial
 * account the same checkout.
 */
function UpgradeBox() {
  return (
    <section className="card dashboard-upgrade" aria-labelledby="upgrade-title">
      <h2 id="upgrade-title">Upgrade to Standard</h2>
      <p>
        Keep every feature after your trial: {plans.standard.priceLabel} {plans.standard.period},{' '}
        {plans.standard.deviceLimit} active devices, e-mail support and all future updates.
      </p>
      <Suspense fallback={<UpgradeLink />}>
        <UpgradeButton />
      </Suspense>
    </section>
  );
}

function UpgradeLink() {
  return (
    <a className="button" href="/signup?plan=standard">
      Upgrade to Standard
    </a>
  );
}

interface SessionProps {
  user: User;
  tokenExpiration: number;
  now: number;
}

function SessionCard({ user, tokenExpiration, now }: SessionProps) {
  const days = daysUntilLogout(tokenExpiration, now);
  return (
    <section className="card" aria-labelledby="session-title">
      <h2 id="session-title">Browser Authentication Status</h2>
      <dl className="dashboard-details">
        <div>
          <dt>Status</dt>
          <dd>Signed in as {user.email}</dd>
        </div>
        <div>
          <dt>Session started</dt>
          <dd>{formatDateTime(user.sessionStartedAt)}</dd>
        </div>
        <div>
          <dt>Days until automatic log-out</dt>
          <dd>
            {days} (automatic log-out {describeDaysLeft(days)}, on {formatDate(tokenExpiration)})
          </dd>
        </div>
      </dl>
    </section>
  );
}

export default withErrorBoundary(MyAccount);
