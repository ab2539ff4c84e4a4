/** The money page's tables: automatic refunds, refunds by operators, failed webhook events. */
import type { AdminInvoice, AdminMail, AutomaticRefund, MoneyOverview } from '../../contract/admin';
import { refundReasonLabel } from './format';
import { ActionButton, Badge, Cell, customerHref } from './parts';
import { formatDateTime, formatMoney } from '../../lib/format';

/** What is being tried again. */
export type Retry =
  | { kind: 'refund'; refund: AutomaticRefund }
  | { kind: 'invoice'; invoice: AdminInvoice; email: string }
  | { kind: 'mail'; mail: AdminMail };

export function AutomaticRefunds({
  refunds,
  onRetry,
}: {
  refunds: readonly AutomaticRefund[];
  onRetry: (retry: Retry) => void;
}) {
  return (
    <div className="usage-table-wrap">
      <table className="usage-table console-table">
        <caption className="visually-hidden">Automatic refunds, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Payer</th>
            <th scope="col">Why</th>
            <th scope="col">Amount</th>
            <th scope="col">Status</th>
            <th scope="col">Date</th>
            <th scope="col">
              <span className="visually-hidden">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {refunds.map((refund) => (
            <tr key={refund.id}>
              <th scope="row" data-label="Payer" className="console-break">
                {refund.userId ? (
                  <a href={customerHref(refund.userId)}>{refund.email}</a>
                ) : (
                  refund.email
                )}
              </th>
              <Cell label="Why">{refundReasonLabel(refund.reason)}</Cell>
              <Cell label="Amount">
                {refund.amount === null
                  ? '—'
                  : formatMoney(refund.amount, refund.currency ?? 'usd')}
              </Cell>
              <Cell label="Status">
                <Badge state={refund.status} />
                {refund.attempts > 1 && (
                  <span className="console-muted"> {refund.attempts} tries</span>
                )}
                {refund.lastError && <span className="console-error-text">{refund.lastError}</span>}
              </Cell>
              <Cell label="Date">{formatDateTime(refund.createdAt)}</Cell>
              <td className="usage-action">
                {refund.status !== 'refunded' && (
                  <ActionButton
                    about={refund.email}
                    onClick={() => onRetry({ kind: 'refund', refund })}
                  >
                    Retry refund...
                  </ActionButton>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function OperatorRefunds({
  rows,
  onRetry,
}: {
  rows: MoneyOverview['operatorRefunds'];
  onRetry: (retry: Retry) => void;
}) {
  return (
    <div className="usage-table-wrap">
      <table className="usage-table console-table">
        <caption className="visually-hidden">Refunds asked for by operators</caption>
        <thead>
          <tr>
            <th scope="col">Customer</th>
            <th scope="col">Invoice</th>
            <th scope="col">Amount</th>
            <th scope="col">Refund</th>
            <th scope="col">
              <span className="visually-hidden">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ invoice, userId, email }) => (
            <tr key={invoice.id}>
              <th scope="row" data-label="Customer" className="console-break">
                <a href={customerHref(userId)}>{email}</a>
              </th>
              <Cell label="Invoice">{invoice.number ?? invoice.id}</Cell>
              <Cell label="Amount">{formatMoney(invoice.amountPaid, invoice.currency)}</Cell>
              <Cell label="Refund">
                {invoice.refund ? <Badge state={invoice.refund.status} /> : '—'}
                {invoice.refund?.refundedAt && ` ${formatDateTime(invoice.refund.refundedAt)}`}
                {invoice.refund?.error && (
                  <span className="console-error-text">{invoice.refund.error}</span>
                )}
              </Cell>
              <td className="usage-action">
                {(invoice.refund?.status === 'failed' || invoice.refund?.status === 'pending') && (
                  <ActionButton
                    about={invoice.number ?? invoice.id}
                    onClick={() => onRetry({ kind: 'invoice', invoice, email })}
                  >
                    Retry refund...
                  </ActionButton>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function FailedWebhooks({ rows }: { rows: MoneyOverview['failedWebhooks'] }) {
  return (
    <div className="usage-table-wrap">
      <table className="usage-table console-table">
        <caption className="visually-hidden">Webhook events whose handling failed</caption>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Error</th>
            <th scope="col">Attempts</th>
            <th scope="col">First failed</th>
            <th scope="col">Last failed</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((event) => (
            <tr key={event.id}>
              <th scope="row" data-label="Event">
                <span className="usage-name">{event.type}</span>
                <span className="usage-version console-break">
                  {event.id}
                  {event.objectId && ` · ${event.objectId}`}
                </span>
              </th>
              <Cell label="Error">
                <span className="console-error-text">{event.error}</span>
              </Cell>
              <Cell label="Attempts">{event.attempts}</Cell>
              <Cell label="First failed">{formatDateTime(event.firstFailedAt)}</Cell>
              <Cell label="Last failed">{formatDateTime(event.lastFailedAt)}</Cell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
