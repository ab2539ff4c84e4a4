/**
 * Activation history: the audit trail of every activation, deactivation and
 * replacement of the license, newest first, and who did it.
 */
import type { LicenseEventView } from '../../contract/usage';
import { legal } from '../../site.config';
import { actionLabel, sourceLabel } from './format';
import { formatDateTime } from '../../lib/format';
import { DataTable, type Column } from '../shared/DataTable';

/** The columns of an activation history, for the customer's Usage page and the console alike. */
export const licenseEventColumns: readonly Column<
  Pick<LicenseEventView, 'at' | 'action' | 'deviceName' | 'source'>
>[] = [
  {
    header: 'Date',
    className: 'usage-nowrap',
    cell: (event) => <time dateTime={event.at}>{formatDateTime(event.at)}</time>,
  },
  { header: 'Action', cell: (event) => actionLabel(event.action) },
  { header: 'Device', cell: (event) => <span className="usage-name">{event.deviceName}</span> },
  { header: 'By', cell: (event) => sourceLabel(event.source) },
];

export function HistorySection({ history }: { history: readonly LicenseEventView[] }) {
  return (
    <section className="card" aria-labelledby="history-title">
      <h2 id="history-title">Activation history</h2>
      <DataTable
        caption="Activations and deactivations, newest first"
        className="usage-table"
        columns={licenseEventColumns}
        rows={history}
        rowKey={(event) => event.id}
        empty={
          <p className="usage-empty">
            No activations yet. Each time a device is activated or freed, it is listed here.
          </p>
        }
      />
      <p className="dashboard-small">
        Newest first. Entries are kept for {legal.retention.usageLogs}.
      </p>
    </section>
  );
}
