/** Audit rows: who did what, when, to what, why, and the values before → after. */
import type { AuditEntry } from '../../contract/admin';
import { formatDateTime } from '../../lib/format';
import type { Column } from '../shared/DataTable';
import { actionLabels, changes, subjectText } from './format';
import { ConsoleTable, customerHref } from './parts';

interface Props {
  entries: readonly AuditEntry[];
  caption: string;
  /** The audit log page names the customer of each row; the customer page does not. */
  showCustomer?: boolean;
}

const columns = (showCustomer: boolean): (Column<AuditEntry> | false)[] => [
  {
    header: 'When',
    rowHeader: true,
    cell: (entry) => <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>,
  },
  {
    header: 'Action',
    cell: (entry) => (
      <>
        <span className="console-strong">{actionLabels[entry.action]}</span>
        <span className="usage-version console-id" title={entry.subject}>
          {subjectText(entry.subject)}
        </span>
      </>
    ),
  },
  {
    header: 'Operator',
    className: 'console-break',
    cell: (entry) => (
      <a
        href={`/admin/audit?operator=${encodeURIComponent(entry.operatorId)}`}
        title="Show only this operator's actions"
      >
        {entry.operatorEmail}
      </a>
    ),
  },
  showCustomer && {
    header: 'Customer',
    className: 'console-break',
    cell: (entry) =>
      entry.userId ? (
        <a href={customerHref(entry.userId)}>
          {entry.customerName || entry.customerEmail ? (
            <>
              <span className="console-strong">{entry.customerName}</span>{' '}
              <span>{entry.customerEmail}</span>
            </>
          ) : (
            <span className="console-id">{entry.userId}</span>
          )}
        </a>
      ) : (
        '—'
      ),
  },
  { header: 'Reason', className: 'console-reason', cell: (entry) => entry.reason },
  {
    header: 'Change',
    className: 'console-change-cell',
    cell: (entry) => (
      <ul className="console-changes">
        {changes(entry.before, entry.after).map((change) => (
          <li key={change.key} title={change.full}>
            <span className="console-change-key">{change.key}:</span>{' '}
            {change.before !== null && change.after !== null
              ? `${change.before} → ${change.after}`
              : (change.after ?? change.before)}
          </li>
        ))}
      </ul>
    ),
  },
];

export function AuditTable({ entries, caption, showCustomer = false }: Props) {
  return (
    <ConsoleTable
      className="console-audit"
      caption={caption}
      columns={columns(showCustomer)}
      rows={entries}
      rowKey={(entry) => entry.id}
    />
  );
}
