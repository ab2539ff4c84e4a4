/**
 * A device's inline Rename on Usage & Sessions, once Rename is pressed (DeviceName.tsx loads it
 * then): the name turns into a field with Save and Cancel (Escape cancels); an empty name is
 * refused here, the server says the rest.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { DeviceView, UsageOverview } from '../../contract/usage';
import { licensing } from '../../site.config';
import { messageFor } from '../shared/api';
import { leftForLogin } from '../shared/session-ended';
import { renameDevice } from './use-usage';

const renameFailed = 'We could not rename the device. Please try again.';
const renameNetwork = 'Network error. Please check your connection and try again.';
export const nameRequired = 'Please name the device.';

interface Props {
  device: DeviceView;
  onRenamed: (overview: UsageOverview) => void;
  /** Cancel, Escape, or Save with the name unchanged: the line is back, Rename focused. */
  onCancel: () => void;
}

export function DeviceRenameForm({ device, onRenamed, onCancel }: Props) {
  const [value, setValue] = useState(device.deviceName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    input.current?.select();
  }, []);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const name = value.trim();
    if (!name) return setError(nameRequired);
    if (name === device.deviceName) return onCancel();
    setBusy(true);
    try {
      // The page shows the result line and moves focus to it.
      onRenamed(await renameDevice(device.id, name));
    } catch (failure) {
      if (!leftForLogin(failure)) setError(messageFor(failure, renameFailed, renameNetwork));
      setBusy(false);
    }
  };

  return (
    <form className="usage-rename-form" onSubmit={(event) => void save(event)} noValidate>
      <label className="visually-hidden" htmlFor={`${id}-name`}>
        New name for {device.deviceName}
      </label>
      <input
        ref={input}
        id={`${id}-name`}
        className="usage-rename-input"
        value={value}
        maxLength={licensing.deviceNameMaxLength}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
      />
      <span className="usage-rename-buttons">
        <button type="submit" className="button usage-button" aria-disabled={busy}>
          {busy ? 'Saving...' : 'Save'}
        </button>
        <button type="button" className="button button-secondary usage-button" onClick={onCancel}>
          Cancel
        </button>
      </span>
      {error && (
        <span id={`${id}-error`} className="form-error usage-rename-error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}
