/**
 * A device's name on Usage & Sessions with a small inline Rename. The form and its call
 * (DeviceRename.tsx) load when Rename is pressed (from when it is pointed at or focused, so they
 * are usually there by the press); meanwhile a short "Loading...", and a failed load says so with
 * Try again.
 */
import { useState } from 'react';
import type { DeviceView, UsageOverview } from '../../contract/usage';
import { lazyPart, preloadOnApproach, useFocusBack } from '../shared/lazy-part';

const DeviceRenameForm = lazyPart(async () => (await import('./DeviceRename')).DeviceRenameForm);

interface Props {
  device: DeviceView;
  onRenamed: (overview: UsageOverview) => void;
}

export function DeviceName({ device, onRenamed }: Props) {
  const [editing, setEditing] = useState(false);
  const [renameButton, focusRename] = useFocusBack(editing);

  if (editing)
    return (
      <DeviceRenameForm
        device={device}
        onRenamed={onRenamed}
        onCancel={() => {
          focusRename();
          setEditing(false);
        }}
      />
    );

  return (
    <span className="usage-name-line">
      <span className="usage-name">{device.deviceName}</span>
      <button
        ref={renameButton}
        type="button"
        className="link-button usage-rename"
        {...preloadOnApproach(DeviceRenameForm)}
        onClick={() => setEditing(true)}
      >
        Rename<span className="visually-hidden"> {device.deviceName}</span>
      </button>
    </span>
  );
}
