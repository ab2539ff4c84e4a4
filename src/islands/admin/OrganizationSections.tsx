/**
 * The organization page's tables: members with their license state and devices (free a device,
 * make owner, remove), open invitations (send again, withdraw) and the team feed.
 */
import type { TeamActivity, TeamInvitation, TeamMember } from '../../contract/team';
import { Moment } from '../usage/Moment';
import { kindLabel, memberLabel } from '../team/format';
import type { OrganizationPending } from './organization-actions';
import { ActionButton, Badge, Cell, customerHref } from './parts';
import { formatDate, formatShortDateTime } from '../../lib/format';

type OnAction = (pending: OrganizationPending) => void;

interface MembersProps {
  members: readonly TeamMember[];
  deviceLimit: number;
  now: number;
  onAction: OnAction;
}

export function MembersTable({ members, deviceLimit, now, onAction }: MembersProps) {
  return (
    <div className="usage-table-wrap">
      <table className="usage-table console-table">
        <caption className="visually-hidden">Members, in the order they joined</caption>
        <thead>
          <tr>
            <th scope="col">Member</th>
            <th scope="col">License</th>
            <th scope="col">Joined</th>
            <th scope="col">Devices</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.userId}>
              <th scope="row" data-label="Member">
                <a className="usage-name" href={customerHref(member.userId)}>
                  {member.customerName}
                </a>
                <span className="usage-version console-break">{member.email}</span>
              </th>
              <Cell label="License">
                <Badge state={member.licenseStatus} />
              </Cell>
              <Cell label="Joined" className="usage-nowrap">
                {formatDate(member.joinedAt)}
              </Cell>
              <Cell label="Devices">
                <span>
                  {member.devices.length} of {deviceLimit}
                </span>
                {member.devices.length > 0 && (
                  <ul className="console-devices" aria-label={`Devices of ${member.customerName}`}>
                    {member.devices.map((device) => (
                      <li key={device.id}>
                        <span className="usage-name">{device.deviceName}</span>
                        <span className="usage-version">
                          last seen <Moment iso={device.lastSeenAt} now={now} />
                        </span>
                        <ActionButton
                          danger
                          about={`${device.deviceName} of ${member.customerName}`}
                          onClick={() => onAction({ action: 'team-free-device', member, device })}
                        >
                          Free...
                        </ActionButton>
                      </li>
                    ))}
                  </ul>
                )}
              </Cell>
              <td className="usage-action">
                <div className="console-actions">
                  <ActionButton
                    about={member.customerName}
                    onClick={() => onAction({ action: 'team-transfer-ownership', member })}
                  >
                    Make owner...
                  </ActionButton>
                  <ActionButton
                    danger
                    about={member.customerName}
                    onClick={() => onAction({ action: 'team-remove-member', member })}
                  >
                    Remove...
                  </ActionButton>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface InvitationsProps {
  invitations: readonly TeamInvitation[];
  onAction: OnAction;
}

export function InvitationsTable({ invitations, onAction }: InvitationsProps) {
  return (
    <div className="usage-table-wrap">
      <table className="usage-table console-table">
        <caption className="visually-hidden">Open invitations, newest first</caption>
        <thead>
          <tr>
            <th scope="col">E-mail</th>
            <th scope="col">Invited</th>
            <th scope="col">Link expires</th>
            <th scope="col">Sent</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invitations.map((invitation) => (
            <tr key={invitation.id}>
              <th scope="row" data-label="E-mail">
                <span className="usage-name console-break">{invitation.email}</span>
              </th>
              <Cell label="Invited" className="usage-nowrap">
                {formatDate(invitation.createdAt)}
              </Cell>
              <Cell label="Link expires" className="usage-nowrap">
                {formatShortDateTime(invitation.expiresAt)}
              </Cell>
              <Cell label="Sent">
                {invitation.sentCount} time{invitation.sentCount === 1 ? '' : 's'}
              </Cell>
              <td className="usage-action">
                <div className="console-actions">
                  <ActionButton
                    about={`to ${invitation.email}`}
                    onClick={() => onAction({ action: 'team-resend-invitation', invitation })}
                  >
                    Send again...
                  </ActionButton>
                  <ActionButton
                    danger
                    about={`to ${invitation.email}`}
                    onClick={() => onAction({ action: 'team-withdraw-invitation', invitation })}
                  >
                    Withdraw...
                  </ActionButton>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface ActivityProps {
  activity: readonly TeamActivity[];
  members: readonly TeamMember[];
}

export function ActivityTable({ activity, members }: ActivityProps) {
  return (
    <div className="usage-table-wrap">
      <table className="usage-table console-table">
        <caption className="visually-hidden">Team activity, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Member</th>
            <th scope="col">Event</th>
            <th scope="col">Detail</th>
          </tr>
        </thead>
        <tbody>
          {activity.map((row, index) => (
            <tr key={`${row.at}-${index}`}>
              <Cell label="When" className="usage-nowrap">
                <time dateTime={row.at}>{formatShortDateTime(row.at)}</time>
              </Cell>
              <Cell label="Member">
                {row.userId ? (
                  <a href={customerHref(row.userId)}>{memberLabel(row, members)}</a>
                ) : (
                  memberLabel(row, members)
                )}
              </Cell>
              <Cell label="Event">{kindLabel(row.kind)}</Cell>
              <Cell label="Detail">
                <span className="console-break">{row.detail || '—'}</span>
              </Cell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
