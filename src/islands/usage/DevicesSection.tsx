/**
 * Active devices: the plugin installations holding the license, against the
 * license's limit, each renamed or freed from here. At the limit the button offers to replace the device.
 */
import { useState, type ReactNode } from 'react';
import type { DeviceView, UsageOverview } from '../../contract/usage';
import { site } from '../../site.config';
import { DataTable, type Column } from '../shared/DataTable';
import { lazyDialog } from '../shared/lazy-part';
import { DeviceName } from './DeviceName';
import { atDeviceLimit, deactivationsText, deviceCountText } from './format';
import { Moment } from '../shared/Moment';
import { formatDate } from '../../lib/format';

// Loaded when a device is first deactivated or replaced.
const DeactivateDialog = lazyDialog(
  async () => (await import('./DeactivateDialog')).DeactivateDialog,
);

interface Props {
  overview: UsageOverview;
  now: number;
  /** A success line for this section, rendered (and focused) by the page. */
  notice: ReactNode;
  onDeactivated: (overview: UsageOverview) => void;
  onRenamed: (overview: UsageOverview) => void;
}

export function DevicesSection({ overview, now, notice, onDeactivated, onRenamed }: Props) {
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState<DeviceView | null>(null);
  const replacing = atDeviceLimit(overview);
  const { devices } = overview;
  const columns: Column<DeviceView>[] = [
    {
      header: 'Device',
      rowHeader: true,
      cell: (device) => (
        <>
          <DeviceName key={device.deviceName} device={device} onRenamed={onRenamed} />
          {/* Under the name rather than its own column: the row keeps room for the button at
              1280 px inside the dashboard's three columns. */}
          <span className="usage-version">
            {device.appVersion ? `Version ${device.appVersion}` : 'Version unknown'}
          </span>
        </>
      ),
    },
    {
      header: 'Activated',
      className: 'usage-nowrap',
      cell: (device) => formatDate(device.activatedAt),
    },
    { header: 'Last seen', cell: (device) => <Moment iso={device.lastSeenAt} now={now} /> },
    {
      header: 'Action',
      action: true,
      className: 'usage-action',
      cell: (device) => (
        <button
          type="button"
          className="button button-secondary usage-button"
          onClick={() => {
            setTarget(device);
            setOpen(true);
          }}
        >
          {replacing ? 'Replace this device' : 'Deactivate'}
          <span className="visually-hidden"> {device.deviceName}</span>
        </button>
      ),
    },
  ];

  return (
    <section className="card" aria-labelledby="devices-title">
      <div className="usage-heading">
        <h2 id="devices-title">Active devices</h2>
        <p className="usage-count">{deviceCountText(overview, devices.length)}</p>
      </div>
      {notice}
      <DataTable
        caption="Devices using your license"
        className="usage-table"
        columns={columns}
        rows={devices}
        rowKey={(device) => device.id}
        empty={
          <p className="usage-empty">
            No devices yet. Install {site.product}, open the License Manager and paste your license
            key. See <a href="/installation">Installation</a> or{' '}
            <a href="/dashboard#download">download the installer</a>.
          </p>
        }
      />
      {replacing && devices.length > 0 && (
        <p className="dashboard-small">
          Your license is on as many devices as your plan allows. To move it to a new computer,
          replace a device here, then activate the license there.
        </p>
      )}
      <p className="dashboard-small">{deactivationsText(overview.deactivations)}.</p>
      <DeactivateDialog
        open={open}
        device={target}
        replacing={replacing}
        deactivations={overview.deactivations}
        onClose={() => setOpen(false)}
        onDone={(next) => {
          setOpen(false);
          onDeactivated(next);
        }}
      />
    </section>
  );
}
