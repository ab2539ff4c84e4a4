/**
 * Signed-in plugins: the plugins signed in to the account from their ribbon (the device sign-in
 * on /activate), on which computer, when approved and last used. Revoke asks first; the plugin's
 * tokens stop working at once and it must sign in again.
 */
import { useState, type ReactNode } from 'react';
import { Messages } from '../../contract/messages';
import type { PluginSignInView, UsageOverview } from '../../contract/usage';
import { formatDateTime } from '../../lib/format';
import { ApiFailure, messageFor } from '../shared/api';
import { ConfirmActions } from '../shared/ConfirmActions';
import { DataTable, type Column } from '../shared/DataTable';
import { Modal } from '../shared/Modal';
import { Moment } from '../shared/Moment';
import { leftForLogin } from '../shared/session-ended';
import { loadUsage, usageCall } from './use-usage';

export const pluginRevokeFailed = 'We could not sign out that plugin. Please try again.';
export const pluginAlreadySignedOut = 'That plugin was already signed out.';

interface Props {
  plugins: readonly PluginSignInView[];
  now: number;
  /** A success line for this section, rendered (and focused) by the page. */
  notice: ReactNode;
  onRevoked: (overview: UsageOverview) => void;
}

/** How a signed-in plugin's computer is named: what the plugin said, else its machine id. */
export function pluginDeviceName(plugin: PluginSignInView): string {
  return plugin.deviceName ?? plugin.deviceId ?? 'Unnamed computer';
}

export function PluginsSection({ plugins, now, notice, onRevoked }: Props) {
  const [target, setTarget] = useState<PluginSignInView | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const ask = (plugin: PluginSignInView) => {
    setTarget(plugin);
    setError(null);
    setOpen(true);
  };
  const close = () => {
    if (busy) return;
    setOpen(false);
    setError(null);
  };

  const confirm = async () => {
    if (busy || !target) return;
    setBusy(true);
    setError(null);
    try {
      const next = await usageCall(
        'DELETE',
        `/api/plugin-sign-ins/${encodeURIComponent(target.id)}`,
      );
      setOpen(false);
      onRevoked(next);
    } catch (failure) {
      if (leftForLogin(failure)) return;
      // Signed out meanwhile (by the plugin, or another tab): show the list as it is now.
      if (failure instanceof ApiFailure && failure.status === 404) {
        const fresh = await loadUsage().catch(() => null);
        if (fresh) {
          setOpen(false);
          return onRevoked({ ...fresh, message: pluginAlreadySignedOut });
        }
      }
      setError(messageFor(failure, pluginRevokeFailed, Messages.sendNetwork));
    } finally {
      setBusy(false);
    }
  };

  const columns: Column<PluginSignInView>[] = [
    {
      header: 'Computer',
      rowHeader: true,
      cell: (plugin) => (
        <>
          <span className="usage-name">{pluginDeviceName(plugin)}</span>
          <span className="usage-muted">{plugin.clientName}</span>
        </>
      ),
    },
    { header: 'Approved', cell: (plugin) => formatDateTime(plugin.approvedAt) },
    { header: 'Last used', cell: (plugin) => <Moment iso={plugin.lastUsedAt} now={now} /> },
    {
      header: 'Action',
      action: true,
      className: 'usage-action',
      cell: (plugin) => (
        <button
          type="button"
          className="button button-secondary usage-button"
          onClick={() => ask(plugin)}
        >
          Revoke<span className="visually-hidden"> {pluginDeviceName(plugin)}</span>
        </button>
      ),
    },
  ];

  return (
    <section className="card" aria-labelledby="plugins-title">
      <h2 id="plugins-title">Signed-in plugins</h2>
      {notice}
      {plugins.length === 0 ? (
        <p className="usage-empty">
          No plugin is signed in. Sign in from the plugin&apos;s ribbon to manage your licenses
          there.
        </p>
      ) : (
        <DataTable
          caption="Plugins that may manage your licenses"
          className="usage-table"
          columns={columns}
          rows={plugins}
          rowKey={(plugin) => plugin.id}
        />
      )}
      <Modal
        open={open}
        onClose={close}
        title="Revoke this plugin's sign-in?"
        role="alertdialog"
        dismissible={!busy}
        className="usage-dialog"
      >
        {target && (
          <p>
            The plugin on {pluginDeviceName(target)} can no longer list or switch your licenses
            until it signs in again. Its license keeps working on that computer.
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
    </section>
  );
}
