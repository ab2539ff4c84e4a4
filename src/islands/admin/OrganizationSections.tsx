/**
 * The organization page's tables: members with their license state and devices (free a device,
 * make owner, remove), open invitations (send again, withdraw) and the team feed.
 */
import type { TeamActivity, TeamInvitation, TeamMember } from '../../contract/team';
import { formatDate, formatShortDateTime } from '../../lib/format';
import type { Column } from '../shared/DataTable';
import { kindLabel, memberLabel } from '../team/feed-format';
import { Moment } from '../shared/Moment';
import type { OrganizationPending } from './organization-actions';
import { ActionButton, Badge, ConsoleTable, customerHref } from './parts';

type OnAction = (pending: OrganizationPending) => void;

interface MembersProps {
  members: readonly TeamMember[];
  deviceLimit: number;
  now: number;
  onAction: OnAction;
}

export function MembersTable({ members, deviceLimit, now, onAction }: MembersProps) {
  const columns: Column<TeamMember>[] = [
    {
      header: 'Member',
      rowHeader: true,
      cell: (member) => (
        <>
          <a className="usage-name" href={customerHref(member.userId)}>
            {member.customerName}
          </a>
          <span className="usage-version console-break">{member.email}</span>
        </>
      ),
    },
    { header: 'License', cell: (member) => <Badge state={member.licenseStatus} /> },
    { header: 'Joined', className: 'usage-nowrap', cell: (member) => formatDate(member.joinedAt) },
    {
      header: 'Devices',
      cell: (member) => (
        <>
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
        </>
      ),
    },
    {
      header: 'Actions',
      action: true,
      className: 'usage-action',
      cell: (member) => (
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
      ),
    },
  ];
  return (
    <ConsoleTable
      caption="Members, in the order they joined"
      columns={columns}
      rows={members}
      rowKey={(member) => member.userId}
    />
  );
}

interface InvitationsProps {
  invitations: readonly TeamInvitation[];
  onAction: OnAction;
}

export function InvitationsTable({ invitations, onAction }: InvitationsProps) {
  const columns: Column<TeamInvitation>[] = [
    {
      header: 'E-mail',
      rowHeader: true,
      cell: (invitation) => <span className="usage-name console-break">{invitation.email}</span>,
    },
    {
      header: 'Invited',
      className: 'usage-nowrap',
      cell: (invitation) => formatDate(invitation.createdAt),
    },
    {
      header: 'Link expires',
      className: 'usage-nowrap',
      cell: (invitation) => formatShortDateTime(invitation.expiresAt),
    },
    {
      header: 'Sent',
      cell: (invitation) => (
        <>
          {invitation.sentCount} time{invitation.sentCount === 1 ? '' : 's'}
        </>
      ),
    },
    {
      header: 'Actions',
      action: true,
      className: 'usage-action',
      cell: (invitation) => (
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
      ),
    },
  ];
  return (
    <ConsoleTable
      caption="Open invitations, newest first"
      columns={columns}
      rows={invitations}
      rowKey={(invitation) => invitation.id}
    />
  );
}

interface ActivityProps {
  activity: readonly TeamActivity[];
  members: readonly TeamMember[];
}

export function ActivityTable({ activity, members }: ActivityProps) {
  const columns: Column<TeamActivity>[] = [
    {
      header: 'When',
      className: 'usage-nowrap',
      cell: (row) => <time dateTime={row.at}>{formatShortDateTime(row.at)}</time>,
    },
    {
      header: 'Member',
      cell: (row) =>
        row.userId ? (
          <a href={customerHref(row.userId)}>{memberLabel(row, members)}</a>
        ) : (
          memberLabel(row, members)
        ),
    },
    { header: 'Event', cell: (row) => kindLabel(row.kind) },
    {
      header: 'Detail',
      cell: (row) => <span className="console-break">{row.detail || '—'}</span>,
    },
  ];
  return (
    <ConsoleTable
      caption="Team activity, newest first"
      columns={columns}
      rows={activity}
      rowKey={(row, index) => `${row.at}-${index}`}
    />
  );
}
