/** The customer's plugin devices (active first, then freed ones) and the activation history. */
import type { ReactNode } from 'react';
import type { AdminDevice, AdminLicense, CustomerDetail } from '../../contract/admin';
import { formatDate } from '../../lib/format';
import type { Column } from '../shared/DataTable';
import { licenseEventColumns } from '../usage/HistorySection';
import { Moment } from '../shared/Moment';
import type { Pending } from './customer-actions';
import { ActionButton, Badge, ConsoleTable, Empty, Section } from './parts';

interface DevicesProps {
  devices: readonly AdminDevice[];
  licenses: readonly AdminLicense[];
  now: number;
  notice: ReactNode;
  onAction: (pending: Pending) => void;
}

export function DevicesSection({ devices, licenses, now, notice, onAction }: DevicesProps) {
  const keyOf = (licenseId: string) =>
    licenses.find((license) => license.id === licenseId)?.licenseKey ?? licenseId;
  const columns: Column<AdminDevice>[] = [
    {
      header: 'Device',
      rowHeader: true,
      cell: (device) => (
        <>
          <span className="usage-name">{device.deviceName}</span>
          <span className="usage-version">
            {device.deviceId} ·{' '}
            {device.appVersion ? `version ${device.appVersion}` : 'version unknown'}
          </span>
        </>
      ),
    },
    {
      header: 'License',
      cell: (device) => <code className="console-key">{keyOf(device.licenseId)}</code>,
    },
    {
      header: 'Activated',
      className: 'usage-nowrap',
      cell: (device) => formatDate(device.activatedAt),
    },
    { header: 'Last seen', cell: (device) => <Moment iso={device.lastSeenAt} now={now} /> },
    {
      header: 'State',
      cell: (device) =>
        device.deactivatedAt === null ? (
          <Badge state="active" />
        ) : (
          <Badge state="neutral">Freed {formatDate(device.deactivatedAt)}</Badge>
        ),
    },
    {
      header: 'Action',
      action: true,
      className: 'usage-action',
      cell: (device) =>
        device.deactivatedAt === null && (
          <ActionButton
            danger
            about={device.deviceName}
            onClick={() => onAction({ action: 'free-device', device })}
          >
            Free device...
          </ActionButton>
        ),
    },
  ];
  return (
    <Section id="devices" title="Devices" notice={notice}>
      <ConsoleTable
        caption="Plugin devices, active first"
        columns={columns}
        rows={devices}
        rowKey={(device) => device.id}
        empty={<Empty>No device has been activated.</Empty>}
      />
    </Section>
  );
}

export function HistorySection({ activations }: { activations: CustomerDetail['activations'] }) {
  return (
    <Section id="history" title="Activation history">
      <ConsoleTable
        caption="Activations, deactivations and replacements, newest first"
        columns={licenseEventColumns}
        rows={activations}
        rowKey={(event) => event.id}
        empty={<Empty>No activations yet.</Empty>}
      />
    </Section>
  );
}
