/** The money page's tables: automatic refunds, refunds by operators, failed webhook events. */
import type { AdminInvoice, AdminMail, AutomaticRefund, MoneyOverview } from '../../contract/admin';
import { formatDateTime, formatMoney } from '../../lib/format';
import type { Column } from '../shared/DataTable';
import { refundReasonLabel } from './format';
import { ActionButton, Badge, ConsoleTable, customerHref } from './parts';

/** What is being tried again. */
export type Retry =
  | { kind: 'refund'; refund: AutomaticRefund }
  | { kind: 'invoice'; invoice: AdminInvoice; email: string }
  | { kind: 'mail'; mail: AdminMail };

type OnRetry = (retry: Retry) => void;

const automaticColumns = (onRetry: OnRetry): Column<AutomaticRefund>[] => [
  {
    header: 'Payer',
    rowHeader: true,
    className: 'console-break',
    cell: (refund) =>
      refund.userId ? <a href={customerHref(refund.userId)}>{refund.email}</a> : refund.email,
  },
  { header: 'Why', cell: (refund) => refundReasonLabel(refund.reason) },
  {
    header: 'Amount',
    cell: (refund) =>
      refund.amount === null ? '—' : formatMoney(refund.amount, refund.currency ?? 'usd'),
  },
  {
    header: 'Status',
    cell: (refund) => (
      <>
        <Badge state={refund.status} />
        {refund.attempts > 1 && <span className="console-muted"> {refund.attempts} tries</span>}
        {refund.lastError && <span className="console-error-text">{refund.lastError}</span>}
      </>
    ),
  },
  { header: 'Date', cell: (refund) => formatDateTime(refund.createdAt) },
  {
    header: 'Action',
    action: true,
    className: 'usage-action',
    cell: (refund) =>
      refund.status !== 'refunded' && (
        <ActionButton about={refund.email} onClick={() => onRetry({ kind: 'refund', refund })}>
          Retry refund...
        </ActionButton>
      ),
  },
];

export function AutomaticRefunds({
  refunds,
  onRetry,
}: {
  refunds: readonly AutomaticRefund[];
  onRetry: OnRetry;
}) {
  return (
    <ConsoleTable
      caption="Automatic refunds, newest first"
      columns={automaticColumns(onRetry)}
      rows={refunds}
      rowKey={(refund) => refund.id}
    />
  );
}

type OperatorRefund = MoneyOverview['operatorRefunds'][number];

const operatorColumns = (onRetry: OnRetry): Column<OperatorRefund>[] => [
  {
    header: 'Customer',
    rowHeader: true,
    className: 'console-break',
    cell: ({ userId, email }) => <a href={customerHref(userId)}>{email}</a>,
  },
  { header: 'Invoice', cell: ({ invoice }) => invoice.number ?? invoice.id },
  { header: 'Amount', cell: ({ invoice }) => formatMoney(invoice.amountPaid, invoice.currency) },
  {
    header: 'Refund',
    cell: ({ invoice }) => (
      <>
        {invoice.refund ? <Badge state={invoice.refund.status} /> : '—'}
        {invoice.refund?.refundedAt && ` ${formatDateTime(invoice.refund.refundedAt)}`}
        {invoice.refund?.error && (
          <span className="console-error-text">{invoice.refund.error}</span>
        )}
      </>
    ),
  },
  {
    header: 'Action',
    action: true,
    className: 'usage-action',
    cell: ({ invoice, email }) =>
      (invoice.refund?.status === 'failed' || invoice.refund?.status === 'pending') && (
        <ActionButton
          about={invoice.number ?? invoice.id}
          onClick={() => onRetry({ kind: 'invoice', invoice, email })}
        >
          Retry refund...
        </ActionButton>
      ),
  },
];

export function OperatorRefunds({
  rows,
  onRetry,
}: {
  rows: MoneyOverview['operatorRefunds'];
  onRetry: OnRetry;
}) {
  return (
    <ConsoleTable
      caption="Refunds asked for by operators"
      columns={operatorColumns(onRetry)}
      rows={rows}
      rowKey={({ invoice }) => invoice.id}
    />
  );
}

const webhookColumns: Column<MoneyOverview['failedWebhooks'][number]>[] = [
  {
    header: 'Event',
    rowHeader: true,
    cell: (event) => (
      <>
        <span className="usage-name">{event.type}</span>
        <span className="usage-version console-break">
          {event.id}
          {event.objectId && ` · ${event.objectId}`}
        </span>
      </>
    ),
  },
  { header: 'Error', cell: (event) => <span className="console-error-text">{event.error}</span> },
  { header: 'Attempts', cell: (event) => event.attempts },
  { header: 'First failed', cell: (event) => formatDateTime(event.firstFailedAt) },
  { header: 'Last failed', cell: (event) => formatDateTime(event.lastFailedAt) },
];

export function FailedWebhooks({ rows }: { rows: MoneyOverview['failedWebhooks'] }) {
  return (
    <ConsoleTable
      caption="Webhook events whose handling failed"
      columns={webhookColumns}
      rows={rows}
      rowKey={(event) => event.id}
    />
  );
}
