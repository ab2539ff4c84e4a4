/** Audit rows: who did what, when, to what, why, and the values before → after. */
import type { AuditEntry } from '../../contract/admin';
import { actionLabels, changes } from './format';
import { Cell, customerHref } from './parts';
import { formatDateTime } from '../../lib/format';

interface Props {
  entries: readonly AuditEntry[];
  caption: string;
  /** The audit log page names the customer of each row; the customer page does not. */
  showCustomer?: boolean;
}

export function AuditTable({ entries, caption, showCustomer = false }: Props) {
  return (
    <div className="usage-table-wrap">
      <table className="usage-table console-table console-audit">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Action</th>
            <th scope="col">Operator</th>
            {showCustomer && <th scope="col">Customer</th>}
            <th scope="col">Reason</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <th scope="row" data-label="When">
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </th>
              <Cell label="Action">
                <span className="console-strong">{actionLabels[entry.action]}</span>
                <span className="usage-version console-id">{entry.subject}</span>
              </Cell>
              <Cell label="Operator" className="console-break">
                <a
                  href={`/admin/audit?operator=${encodeURIComponent(entry.operatorId)}`}
                  title="Show only this operator's actions"
                >
                  {entry.operatorEmail}
                </a>
              </Cell>
              {showCustomer && (
                <Cell label="Customer" className="console-id">
                  {entry.userId ? <a href={customerHref(entry.userId)}>{entry.userId}</a> : '—'}
                </Cell>
              )}
              <Cell label="Reason" className="console-reason">
                {entry.reason}
              </Cell>
              <Cell label="Change">
                <ul className="console-changes">
                  {changes(entry.before, entry.after).map((change) => (
                    <li key={change.key}>
                      <span className="console-change-key">{change.key}</span>{' '}
                      {change.before !== null && change.after !== null
                        ? `${change.before} → ${change.after}`
                        : (change.after ?? change.before)}
                    </li>
                  ))}
                </ul>
              </Cell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
