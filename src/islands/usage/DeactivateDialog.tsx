/**
 * The confirm before a device is freed from the dashboard: what stops working,
 * how many deactivations the window still allows, and at the device limit the replace path (free
 * this one, then activate the new computer in the License Manager). POST answers the new overview.
 */
import { useState } from 'react';
import { ErrorCode } from '../../contract/error-codes';
import { Messages } from '../../contract/messages';
import type { DeviceView, UsageOverview } from '../../contract/usage';
import { ApiFailure, messageFor } from '../shared/api';
import { ConfirmActions } from '../shared/ConfirmActions';
import { Modal } from '../shared/Modal';
import { deactivateConfirmText, deactivationsExhausted, deactivationsText } from './format';
import { leftForLogin } from '../shared/session-ended';
import { loadUsage, usageCall } from './use-usage';

export const deactivateFailed = 'We could not deactivate the device. Please try again.';
export const alreadyDeactivated = 'This device was already deactivated.';

interface Props {
  open: boolean;
  /** The device being confirmed; kept while the dialog closes so its text does not jump. */
  device: DeviceView | null;
  replacing: boolean;
  deactivations: UsageOverview['deactivations'];
  onClose: () => void;
  /** The server's new overview after the device was freed (or was already gone). */
  onDone: (overview: UsageOverview) => void;
}

export function DeactivateDialog({
  open,
  device,
  replacing,
  deactivations,
  onClose,
  onDone,
}: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };

  const confirm = async () => {
    if (busy || !device) return;
    setBusy(true);
    setError(null);
    try {
      const path = `/api/devices/${encodeURIComponent(device.id)}/deactivate`;
      onDone(await usageCall('POST', path));
    } catch (failure) {
      if (leftForLogin(failure)) return;
      // Freed meanwhile (from the plugin or another tab): show the list as it is now.
      if (failure instanceof ApiFailure && failure.status === 404) {
        const fresh = await loadUsage().catch(() => null);
        if (fresh) return onDone({ ...fresh, message: alreadyDeactivated });
      }
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  const action = replacing ? 'Free this device' : 'Deactivate device';
  return (
    <Modal
      open={open}
      onClose={close}
      title={replacing ? 'Replace this device?' : 'Deactivate this device?'}
      role="alertdialog"
      dismissible={!busy}
      className="usage-dialog"
    >
      {device && <p>{deactivateConfirmText(device.deviceName, replacing)}</p>}
      <p>
        Deactivations are limited so a license cannot be shared: {deactivationsText(deactivations)}.
      </p>
      {deactivationsExhausted(deactivations) && !error && (
        <p className="form-info">{Messages.deactivationLimit}</p>
      )}
      <ConfirmActions
        error={error}
        busy={busy}
        keepLabel="Keep device"
        confirmLabel={action}
        busyLabel="Deactivating..."
        onKeep={close}
        onConfirm={() => void confirm()}
      />
    </Modal>
  );
}

/** The limit has its own fixed message whatever the server wrote; others show the server's. */
function errorText(failure: unknown): string {
  if (failure instanceof ApiFailure && failure.code === ErrorCode.DEACTIVATION_LIMIT)
    return Messages.deactivationLimit;
  return messageFor(failure, deactivateFailed, Messages.sendNetwork);
}
