/**
 * My Account: license status, plan, dates and key with Copy, the License
 * Manager hint, the installer download, the User ID warning, the upgrade box for Trial users only
 * (a real checkout), and this browser's authentication status. 'Loading user
 * data...' until a user is known.
 */
import { useEffect, useState } from 'react';
import { Messages } from '../../contract/messages';
import type { User } from '../../contract/user';
import {
  capitalize,
  daysUntilLogout,
  describeDaysLeft,
  showsUpgradeBox,
} from '../../lib/auth/account-view';
import { plans, site } from '../../site.config';
import { withErrorBoundary } from '../ErrorBoundary';
import { logout } from '../shared/auth-calls';
import { upgradeBusyText, useUpgrade } from '../shared/upgrade';
import { CopyButton } from './CopyButton';
import { useOrganization } from '../shared/use-organization';
import { OrganizationCard } from './OrganizationCard';
import { useDashboardUser } from './use-dashboard-user';
import { formatDate, formatDateTime } from '../../lib/format';
import '../shared/forms.css';
import './dashboard.css';

/**
 * The Organization card, asked for only once the account is known, so a signed-out visitor's page
 * (about to leave for /login) makes no call that can only fail.
 */
function AccountOrganization() {
  const organization = useOrganization();
  return organization && <OrganizationCard card={organization} />;
}

function MyAccount() {
  const { user, tokenExpiration, loading } = useDashboardUser();
  const upgrade = useUpgrade();
  const known = user !== null && tokenExpiration !== null;

  // The header's DOWNLOAD links to /dashboard#download, which exists only once the user is known,
  // after the browser has already looked for the fragment: scroll to it then.
  useEffect(() => {
    if (!known || window.location.hash !== '#download') return;
    document.getElementById('download')?.scrollIntoView();
  }, [known]);

  if (!user || tokenExpiration === null)
    return <p className="dashboard-loading">{Messages.loadingUser}</p>;

  return (
    <div className="dashboard">
      <nav className="dashboard-actions" aria-label="Account">
        <a className="button button-secondary" href="/dashboard/usage">
          Usage and Sessions
        </a>
        <a className="button button-secondary" href="/dashboard/billing">
          Billing &amp; Invoices
        </a>
        <button type="button" className="button" onClick={() => void logout()} disabled={loading}>
          Log Out
        </button>
      </nav>
      <p className="dashboard-welcome">Welcome back, {user.customerName}!</p>
      <LicenseCard user={user} />
      <AccountOrganization />
      <section className="card dashboard-warning" aria-labelledby="user-id-title">
        <h2 id="user-id-title">Save Your User ID</h2>
        <p>
          Your User ID is <code className="dashboard-code">{user.userId}</code>. Keep a note of it:
          support needs it to find your account, and it cannot be recovered from your license key.
        </p>
      </section>
      {showsUpgradeBox(user.plan) && (
        <section className="card dashboard-upgrade" aria-labelledby="upgrade-title">
          <h2 id="upgrade-title">Upgrade to Standard</h2>
          <p>
            Keep every feature after your trial: {plans.standard.priceLabel} {plans.standard.period}
            , {plans.standard.deviceLimit} active devices, e-mail support and all future updates.
          </p>
          <button
            type="button"
            className="button"
            onClick={upgrade.start}
            // aria-disabled, not disabled: the focused button keeps focus if the call fails.
            aria-disabled={upgrade.busy}
            aria-describedby={upgrade.error ? 'upgrade-error' : undefined}
          >
            {upgrade.busy ? upgradeBusyText : 'Upgrade to Standard'}
          </button>
          {upgrade.error && (
            <p id="upgrade-error" className="form-error" role="alert">
              {upgrade.error}
            </p>
          )}
        </section>
      )}
      <SessionCard user={user} tokenExpiration={tokenExpiration} />
    </div>
  );
}

function LicenseCard({ user }: { user: User }) {
  return (
    <section className="card" aria-labelledby="license-title">
      <h2 id="license-title">Your License</h2>
      <dl className="dashboard-details">
        <div>
          <dt>License Status</dt>
          <dd>
            <span className={`status-badge status-${user.licenseStatus}`}>
              {capitalize(user.licenseStatus)}
            </span>
          </dd>
        </div>
        <div>
          <dt>Subscription</dt>
          <dd>{user.plan}</dd>
        </div>
        <div>
          <dt>Activation Date</dt>
          <dd>{formatDate(user.activationDate)}</dd>
        </div>
        <div>
          <dt>Expiration Date</dt>
          <dd>{formatDate(user.expirationDate)}</dd>
        </div>
        <div className="dashboard-key">
          <dt>License Key</dt>
          <dd>
            <code className="dashboard-code">{user.licenseKey}</code>
            <CopyButton value={user.licenseKey} label="license key" />
          </dd>
        </div>
      </dl>
      <DownloadBlock plan={user.plan} />
      <p className="field-hint">
        After you install the plugin, paste this key into the License Manager on the {site.product}{' '}
        ribbon tab. Each key is activated once per device.
      </p>
    </section>
  );
}

/**
 * The installer link. GET /api/download picks the version: Trial accounts keep the one
 * they signed up with, which the user object does not carry (and which is older than the current
 * version once a release ships), so Trial is told the rule instead of a version number.
 */
function DownloadBlock({ plan }: { plan: User['plan'] }) {
  const trial = plan === 'Trial';
  return (
    <div id="download" className="dashboard-download">
      <h3 id="download-title">
        {trial ? 'Download the installer' : 'Download the latest version'}
      </h3>
      <a className="button" href="/api/download" aria-describedby="download-version">
        Download {site.product}
      </a>
      <p id="download-version" className="dashboard-small">
        {trial
          ? 'The version your trial started with — plugin updates come with Standard'
          : `Latest version ${site.currentVersion}`}
      </p>
    </div>
  );
}

function SessionCard({ user, tokenExpiration }: { user: User; tokenExpiration: number }) {
  // Read once per mount: the dashboard shows whole days, which do not need a ticking clock.
  const [now] = useState(() => Date.now());
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
