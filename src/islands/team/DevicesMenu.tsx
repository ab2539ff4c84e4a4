/**
 * A member's devices in the team table's Devices cell: "2 of 3", which opens their list, asked of
 * the server when first opened (GET /api/team/members/:userId/devices) and again after an owner
 * action while open; each device says when it was last seen and has its Free device button.
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { TeamDevice, TeamTableMember } from '../../contract/team';
import { Moment } from '../shared/Moment';
import { messageFor } from '../shared/api';
import { leftForLogin } from '../shared/session-ended';
import { loadMemberDevices, teamNetwork } from './team-calls';

export const devicesLoadFailed = 'We could not load the devices. Please try again.';

type List =
  | { kind: 'loading' }
  | { kind: 'failed'; problem: string }
  | { kind: 'ready'; devices: TeamDevice[]; now: number };

interface Props {
  member: TeamTableMember;
  deviceLimit: number;
  /** Bumped by the page after each owner action: an open list is asked again. */
  version: number;
  /** The Free device button of one device. */
  freeButton: (device: TeamDevice) => ReactNode;
}

export function DevicesMenu({ member, deviceLimit, version, freeButton }: Props) {
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<List>({ kind: 'loading' });
  const { userId, devicesInUse } = member;

  useEffect(() => {
    if (!open) return;
    let current = true;
    // The list shown stays until the new one arrives.
    loadMemberDevices(userId).then(
      (devices) => current && setList({ kind: 'ready', devices, now: Date.now() }),
      (failure: unknown) => {
        if (!current || leftForLogin(failure)) return;
        setList({ kind: 'failed', problem: messageFor(failure, devicesLoadFailed, teamNetwork) });
      },
    );
    return () => {
      current = false;
    };
  }, [open, userId, devicesInUse, version]);

  const text = `${devicesInUse} of ${deviceLimit}`;
  if (devicesInUse === 0) return <>{text}</>;
  return (
    <details className="team-devices-menu" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        {text}
        <span className="visually-hidden"> devices of {member.customerName}</span>
      </summary>
      {list.kind === 'loading' ? (
        <p className="team-muted">Loading devices...</p>
      ) : list.kind === 'failed' ? (
        <p className="form-error">{list.problem}</p>
      ) : (
        <ul aria-label={`Devices of ${member.customerName}`}>
          {list.devices.map((device) => (
            <li key={device.id}>
              <span className="team-device-name">{device.deviceName}</span>
              <span className="team-muted">
                seen <Moment iso={device.lastSeenAt} now={list.now} />
              </span>
              {freeButton(device)}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
