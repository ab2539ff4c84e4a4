/**
 * Revoke a plugin's sign-in (Signed-in plugins on Usage & Sessions): asks first; the plugin's
 * tokens stop working at once and it must sign in again. Loaded when first opened.
 */
import { useState } from 'react';
import { Messages } from '../../contract/messages';
import type { UsageOverview } from '../../contract/usage';
import { ApiFailure, messageFor } from '../shared/api';
import { ConfirmActions } from '../shared/ConfirmActions';
import { Modal } from '../shared/Modal';
import { leftForLogin } from '../shared/session-ended';
import { loadUsage, usageCall } from './use-usage';

export const pluginRevokeFailed = 'We could not sign out that plugin. Please try again.';
export const pluginAlreadySignedOut = 'That plugin was already signed out.';

interface Props {
  open: boolean;
  /**
   * The plugin being confirmed, by its sign-in's id and its computer's name; kept while the dialog
   * closes so its text does not jump.
   */
  plugin: { id: string; name: string } | null;
  onClose: () => void;
  /** The server's new overview after the sign-in ended (or was already gone). */
  onRevoked: (overview: UsageOverview) => void;
}

export function RevokePluginDialog({ open, plugin, onClose, onRevoked }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };

  const confirm = async () => {
    if (busy || !plugin) return;
    setBusy(true);
    setError(null);
    try {
      const next = await usageCall(
        'DELETE',
        `/api/plugin-sign-ins/${encodeURIComponent(plugin.id)}`,
      );
      onRevoked(next);
    } catch (failure) {
      if (leftForLogin(failure)) return;
      // Signed out meanwhile (by the plugin, or another tab): show the list as it is now.
      if (failure instanceof ApiFailure && failure.status === 404) {
        const fresh = await loadUsage().catch(() => null);
        if (fresh) return onRevoked({ ...fresh, message: pluginAlreadySignedOut });
      }
      setError(messageFor(failure, pluginRevokeFailed, Messages.sendNetwork));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title="Revoke this plugin's sign-in?"
      role="alertdialog"
      dismissible={!busy}
      className="usage-dialog"
    >
      {plugin && (
        <p>
          The plugin on {plugin.name} can no longer list or switch your licenses until it signs in
          again. Its license keeps working on that computer.
        </p>
      )}
      <ConfirmActions
        error={error}
        busy={busy}
        keepLabel="Keep signed in"
        confirmLabel="Revoke"
        busyLabel="Revoking..."
        onKeep={close}
        onConfirm={() => void confirm()}
      />
    </Modal>
  );
}
