/**
 * The members: name and e-mail, their license's state, last seen and each active device, with
 * the owner's actions (free a device, make owner, remove), each confirmed in a dialog first.
 */
import type { TeamDevice, TeamMember, TeamOverview } from '../../contract/team';
import { capitalize } from '../../lib/auth/account-view';
import { site } from '../../site.config';
import { Moment } from '../shared/Moment';
import { devicesText } from './format';
import { teamAction } from './team-calls';
import type { PendingAction } from './TeamConfirm';
import { formatDate } from '../../lib/format';

interface Props {
  overview: TeamOverview;
  now: number;
  onAsk: (action: PendingAction) => void;
}

const member = (userId: string) => `/api/team/members/${encodeURIComponent(userId)}`;

export function MembersSection({ overview, now, onAsk }: Props) {
  const { members, organization } = overview;
  const freeDevice = (who: TeamMember, device: TeamDevice): PendingAction => ({
    title: 'Free this device?',
    text: `${site.product} on "${device.deviceName}" (${who.customerName}) stops working until the license is activated on it again. The device's place is free for another computer at once.`,
    confirmLabel: 'Free device',
    busyLabel: 'Freeing...',
    run: () => teamAction('POST', `/api/team/devices/${encodeURIComponent(device.id)}/free`),
  });
  const remove = (who: TeamMember): PendingAction => ({
    title: `Remove ${who.customerName}?`,
    text: `${who.customerName} (${who.email}) leaves ${organization.name}: their Enterprise license is revoked, their devices stop working and their seat is free for someone else.`,
    confirmLabel: 'Remove member',
    busyLabel: 'Removing...',
    run: () => teamAction('DELETE', member(who.userId)),
  });
  const transfer = (who: TeamMember): PendingAction => ({
    title: `Make ${who.customerName} the owner?`,
    text: `${who.customerName} (${who.email}) becomes the owner of ${organization.name} and manages the team from now on. You can no longer open this page unless they give ownership back.`,
    confirmLabel: 'Transfer ownership',
    busyLabel: 'Transferring...',
    run: () => teamAction('POST', '/api/team/transfer', { userId: who.userId }),
    leaves: true,
  });

  return (
    <section className="card" aria-labelledby="team-members-title">
      <div className="usage-heading">
        <h2 id="team-members-title">Members</h2>
        <p className="usage-count">{members.length}</p>
      </div>
      {members.length === 0 ? (
        <p className="usage-empty">No members yet. Invite your colleagues below.</p>
      ) : (
        <ul className="team-list">
          {members.map((who) => (
            <li key={who.userId} className="team-member">
              <h3>{who.customerName}</h3>
              <p className="team-email">{who.email}</p>
              <dl className="dashboard-details team-facts">
                <div>
                  <dt>License</dt>
                  <dd>
                    <span className={`status-badge status-${who.licenseStatus}`}>
                      {capitalize(who.licenseStatus)}
                    </span>
                  </dd>
                </div>
                <div>
                  <dt>Joined</dt>
                  <dd>{formatDate(who.joinedAt)}</dd>
                </div>
                <div>
                  <dt>Last seen</dt>
                  <dd>{who.lastSeenAt ? <Moment iso={who.lastSeenAt} now={now} /> : 'Never'}</dd>
                </div>
                <div>
                  <dt>Devices</dt>
                  <dd>
                    {devicesText(who.devices.length)} of {organization.deviceLimit}
                  </dd>
                </div>
              </dl>
              {who.devices.length > 0 && (
                <ul className="team-devices" aria-label={`Devices of ${who.customerName}`}>
                  {who.devices.map((device) => (
                    <li key={device.id}>
                      <span className="team-device-name">{device.deviceName}</span>
                      <span className="team-muted">
                        last seen <Moment iso={device.lastSeenAt} now={now} />
                      </span>
                      <button
                        type="button"
                        className="button button-secondary usage-button"
                        onClick={() => onAsk(freeDevice(who, device))}
                      >
                        Free device
                        <span className="visually-hidden">
                          {' '}
                          {device.deviceName} of {who.customerName}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              <div className="team-actions">
                <button
                  type="button"
                  className="button button-secondary usage-button"
                  onClick={() => onAsk(transfer(who))}
                >
                  Make owner<span className="visually-hidden">: {who.customerName}</span>
                </button>
                <button
                  type="button"
                  className="button button-secondary usage-button"
                  onClick={() => onAsk(remove(who))}
                >
                  Remove<span className="visually-hidden"> {who.customerName}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
