/**
 * The confirm before every owner action (remove, free a device, transfer, resend, withdraw): what
 * happens, the safe choice focused first, and the server's message if the action is refused.
 */
import { useState } from 'react';
import { messageFor } from '../shared/api';
import { ConfirmActions } from '../shared/ConfirmActions';
import { Modal } from '../shared/Modal';
import { leftForLogin } from '../shared/session-ended';
import { teamNetwork } from './team-calls';

/** One action waiting for its confirmation. */
export interface PendingAction {
  title: string;
  text: string;
  confirmLabel: string;
  busyLabel: string;
  /** Runs the call; answers the server's one-line result. */
  run: () => Promise<string>;
  /** The account can no longer open the team page afterwards (ownership transferred). */
  leaves?: boolean;
}

export const actionFailed = 'We could not do this. Please try again.';

interface Props {
  open: boolean;
  /** Kept while the dialog closes so its text does not jump. */
  action: PendingAction | null;
  onClose: () => void;
  onDone: (message: string, action: PendingAction) => void;
}

export function TeamConfirm({ open, action, onClose, onDone }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };

  const confirm = async () => {
    if (busy || !action) return;
    setBusy(true);
    setError(null);
    try {
      const message = await action.run();
      setBusy(false);
      onDone(message, action);
    } catch (failure) {
      setBusy(false);
      if (leftForLogin(failure)) return;
      setError(messageFor(failure, actionFailed, teamNetwork));
    }
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title={action?.title ?? ''}
      role="alertdialog"
      dismissible={!busy}
      className="usage-dialog"
    >
      {action && <p>{action.text}</p>}
      <ConfirmActions
        error={error}
        busy={busy}
        keepLabel="Cancel"
        confirmLabel={action?.confirmLabel ?? ''}
        busyLabel={action?.busyLabel ?? ''}
        onKeep={close}
        onConfirm={() => void confirm()}
      />
    </Modal>
  );
}
