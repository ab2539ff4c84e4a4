/**
 * My Account's license: status, plan, dates (with a Trial's days left and a subscription's
 * "Renews on" or "Ends on" beside the Expiration Date), devices in use against the license's
 * limit, the key with Copy, the installer download and the License Manager hint.
 */
import type { AccountLicense } from '../../contract/account';
import type { User } from '../../contract/user';
import { capitalize, daysLeft, daysLeftText } from '../../lib/auth/account-view';
import { devicesOfLimit, formatDate } from '../../lib/format';
import { site } from '../../site.config';
import { CopyButton } from '../shared/CopyButton';

interface Props {
  user: User;
  /** Null while loading or when it could not be read: its lines keep their place. */
  license: AccountLicense | null;
  loading: boolean;
  now: number;
}

/** The line under the Expiration Date: a Trial's days left, or a subscription's next step. */
function expiryNote(user: User, license: AccountLicense | null, now: number): string | null {
  if (user.licenseStatus !== 'active') return null;
  if (user.plan === 'Trial') return daysLeftText(daysLeft(user.expirationDate, now));
  const renewal = license?.renewal;
  if (!renewal) return null;
  return `${renewal.kind === 'renews' ? 'Renews on' : 'Ends on'} ${formatDate(renewal.on)}`;
}

export function LicenseCard({ user, license, loading, now }: Props) {
  const note = expiryNote(user, license, now);
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
          <dd>
            {formatDate(user.expirationDate)}
            {note && <span className="dashboard-note">{note}</span>}
          </dd>
        </div>
        <div>
          <dt>Devices</dt>
          <dd>
            {license ? (
              <>
                {devicesOfLimit(license.devices.active, license.devices.limit)}{' '}
                <a className="dashboard-note" href="/dashboard/usage">
                  Manage devices
                </a>
              </>
            ) : (
              <span className="dashboard-note">{loading ? 'Loading...' : 'Unknown'}</span>
            )}
          </dd>
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
