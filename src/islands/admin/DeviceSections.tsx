/** The customer's plugin devices (active first, then freed ones) and the activation history. */
import type { ReactNode } from 'react';
import type { AdminDevice, AdminLicense, CustomerDetail } from '../../contract/admin';
import { actionLabel, sourceLabel } from '../usage/format';
import { Moment } from '../usage/Moment';
import type { Pending } from './customer-actions';
import { ActionButton, Badge, Cell, Empty, Section } from './parts';
import { formatDate, formatDateTime } from '../../lib/format';

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
  return (
    <Section id="devices" title="Devices" notice={notice}>
      {devices.length === 0 ? (
        <Empty>No device has been activated.</Empty>
      ) : (
        <div className="usage-table-wrap">
          <table className="usage-table console-table">
            <caption className="visually-hidden">Plugin devices, active first</caption>
            <thead>
              <tr>
                <th scope="col">Device</th>
                <th scope="col">License</th>
                <th scope="col">Activated</th>
                <th scope="col">Last seen</th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {devices.map((device) => (
                <tr key={device.id}>
                  <th scope="row" data-label="Device">
                    <span className="usage-name">{device.deviceName}</span>
                    <span className="usage-version">
                      {device.deviceId} ·{' '}
                      {device.appVersion ? `version ${device.appVersion}` : 'version unknown'}
                    </span>
                  </th>
                  <Cell label="License">
                    <code className="console-key">{keyOf(device.licenseId)}</code>
                  </Cell>
                  <Cell label="Activated" className="usage-nowrap">
                    {formatDate(device.activatedAt)}
                  </Cell>
                  <Cell label="Last seen">
                    <Moment iso={device.lastSeenAt} now={now} />
                  </Cell>
                  <Cell label="State">
                    {device.deactivatedAt === null ? (
                      <Badge state="active" />
                    ) : (
                      <Badge state="neutral">Freed {formatDate(device.deactivatedAt)}</Badge>
                    )}
                  </Cell>
                  <td className="usage-action">
                    {device.deactivatedAt === null && (
                      <ActionButton
                        danger
                        about={device.deviceName}
                        onClick={() => onAction({ action: 'free-device', device })}
                      >
                        Free device...
                      </ActionButton>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

export function HistorySection({ activations }: { activations: CustomerDetail['activations'] }) {
  return (
    <Section id="history" title="Activation history">
      {activations.length === 0 ? (
        <Empty>No activations yet.</Empty>
      ) : (
        <div className="usage-table-wrap">
          <table className="usage-table console-table">
            <caption className="visually-hidden">
              Activations, deactivations and replacements, newest first
            </caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Action</th>
                <th scope="col">Device</th>
                <th scope="col">By</th>
              </tr>
            </thead>
            <tbody>
              {activations.map((event) => (
                <tr key={event.id}>
                  <Cell label="Date" className="usage-nowrap">
                    <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                  </Cell>
                  <Cell label="Action">{actionLabel(event.action)}</Cell>
                  <Cell label="Device">
                    <span className="usage-name">{event.deviceName}</span>
                  </Cell>
                  <Cell label="By">{sourceLabel(event.source)}</Cell>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}
