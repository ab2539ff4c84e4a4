/**
 * Activation history: the audit trail of every activation, deactivation and
 * replacement of the license, newest first, and who did it.
 */
import type { LicenseEventView } from '../../contract/usage';
import { legal } from '../../site.config';
import { actionLabel, sourceLabel } from './format';
import { formatDateTime } from '../../lib/format';

export function HistorySection({ history }: { history: readonly LicenseEventView[] }) {
  return (
    <section className="card" aria-labelledby="history-title">
      <h2 id="history-title">Activation history</h2>
      {history.length === 0 ? (
        <p className="usage-empty">
          No activations yet. Each time a device is activated or freed, it is listed here.
        </p>
      ) : (
        <div className="usage-table-wrap">
          <table className="usage-table">
            <caption className="visually-hidden">
              Activations and deactivations, newest first
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
              {history.map((event) => (
                <tr key={event.id}>
                  <td data-label="Date" className="usage-nowrap">
                    <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                  </td>
                  <td data-label="Action">{actionLabel(event.action)}</td>
                  <td data-label="Device">
                    <span className="usage-name">{event.deviceName}</span>
                  </td>
                  <td data-label="By">{sourceLabel(event.source)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="dashboard-small">
        Newest first. Entries are kept for {legal.retention.usageLogs}.
      </p>
    </section>
  );
}
