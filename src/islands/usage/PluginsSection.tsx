/**
 * Signed-in plugins: the plugins signed in to the account from their ribbon (the device sign-in
 * on /activate), on which computer, when approved and last used. Revoke asks first; the plugin's
 * tokens stop working at once and it must sign in again.
 */
import { useState, type ReactNode } from 'react';
import type { PluginSignInView, UsageOverview } from '../../contract/usage';
import { formatDateTime } from '../../lib/format';
import { DataTable, type Column } from '../shared/DataTable';
import { lazyDialog } from '../shared/lazy-part';
import { Moment } from '../shared/Moment';

/** How a signed-in plugin's computer is named: what the plugin said, else its machine id. */
export function pluginDeviceName(plugin: PluginSignInView): string {
  return plugin.deviceName ?? plugin.deviceId ?? 'Unnamed computer';
}

// Loaded when a plugin's sign-in is first revoked.
const RevokePluginDialog = lazyDialog(
  async () => (await import('./RevokePluginDialog')).RevokePluginDialog,
);

interface Props {
  plugins: readonly PluginSignInView[];
  now: number;
  /** A success line for this section, rendered (and focused) by the page. */
  notice: ReactNode;
  onRevoked: (overview: UsageOverview) => void;
}

export function PluginsSection({ plugins, now, notice, onRevoked }: Props) {
  const [target, setTarget] = useState<PluginSignInView | null>(null);
  const [open, setOpen] = useState(false);

  const ask = (plugin: PluginSignInView) => {
    setTarget(plugin);
    setOpen(true);
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
      <RevokePluginDialog
        open={open}
        plugin={target && { id: target.id, name: pluginDeviceName(target) }}
        onClose={() => setOpen(false)}
        onRevoked={(next) => {
          setOpen(false);
          onRevoked(next);
        }}
      />
    </section>
  );
}
