/**
 * The customer's money: the subscription (cancel at period end or now) and the invoices with
 * their refunds (refund a paid one), then the automatic refunds of payments we could not apply.
 */
import type { ReactNode } from 'react';
import type { AdminInvoice, AdminSubscription, CustomerDetail } from '../../contract/admin';
import type { Pending } from './customer-actions';
import { maybeDateTime, refundReasonLabel } from './format';
import { ActionButton, Badge, ConsoleTable, Empty, Section } from './parts';
import type { Column } from '../shared/DataTable';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';

interface SubscriptionProps {
  subscriptions: readonly AdminSubscription[];
  /** ms: a subscription set to end can be resumed until its paid period is over. */
  now: number;
  notice: ReactNode;
  onAction: (pending: Pending) => void;
}

/** Set to end at period end, and that period still runs: it can renew again. */
export function resumable(subscription: AdminSubscription, now: number): boolean {
  return (
    subscription.status !== 'canceled' &&
    subscription.cancelAtPeriodEnd &&
    subscription.currentPeriodEnd !== null &&
    Date.parse(subscription.currentPeriodEnd) > now
  );
}

export function SubscriptionSection({ subscriptions, now, notice, onAction }: SubscriptionProps) {
  return (
    <Section id="subscription" title="Subscription" notice={notice}>
      {subscriptions.length === 0 ? (
        <Empty>No subscription: the customer has not paid by card.</Empty>
      ) : (
        <div className="console-stack">
          {subscriptions.map((subscription) => (
            <article
              key={subscription.stripeSubscriptionId}
              className="console-item"
              aria-label={`Subscription ${subscription.stripeSubscriptionId}`}
            >
              <dl className="dashboard-details console-details">
                <div>
                  <dt>Status</dt>
                  <dd>
                    <Badge state={subscription.status} />
                  </dd>
                </div>
                <div>
                  <dt>Paid until</dt>
                  <dd>
                    {subscription.currentPeriodEnd
                      ? formatDate(subscription.currentPeriodEnd)
                      : '—'}
                    {subscription.cancelAtPeriodEnd && ' (ends then: cancelled at period end)'}
                  </dd>
                </div>
                <div>
                  <dt>Subscription</dt>
                  <dd>
                    <code>{subscription.stripeSubscriptionId}</code>
                  </dd>
                </div>
                <div>
                  <dt>Stripe customer</dt>
                  <dd>
                    <code>{subscription.stripeCustomerId}</code>
                  </dd>
                </div>
                <div>
                  <dt>Started</dt>
                  <dd>{formatDateTime(subscription.createdAt)}</dd>
                </div>
              </dl>
              {subscription.status !== 'canceled' && (
                <div className="console-actions">
                  {resumable(subscription, now) && (
                    <ActionButton
                      onClick={() => onAction({ action: 'resume-subscription', subscription })}
                    >
                      Resume subscription...
                    </ActionButton>
                  )}
                  <ActionButton
                    danger
                    onClick={() => onAction({ action: 'cancel-subscription', subscription })}
                  >
                    Cancel subscription...
                  </ActionButton>
                </div>
              )}
            </article>
          ))}
        </div>
      )}
    </Section>
  );
}

interface InvoicesProps {
  invoices: readonly AdminInvoice[];
  automaticRefunds: CustomerDetail['automaticRefunds'];
  notice: ReactNode;
  onAction: (pending: Pending) => void;
}

/** A payment can be refunded once it is paid and no refund has been asked for. */
export function refundable(invoice: AdminInvoice): boolean {
  return invoice.status === 'paid' && invoice.refund === null && invoice.amountPaid > 0;
}

const invoiceColumns = (onAction: (pending: Pending) => void): Column<AdminInvoice>[] => [
  {
    header: 'Invoice',
    rowHeader: true,
    cell: (invoice) =>
      invoice.hostedInvoiceUrl ? (
        <a href={invoice.hostedInvoiceUrl} rel="noreferrer" target="_blank">
          {invoice.number ?? invoice.id}
        </a>
      ) : (
        (invoice.number ?? invoice.id)
      ),
  },
  { header: 'Date', className: 'usage-nowrap', cell: (invoice) => formatDate(invoice.created) },
  {
    header: 'Billed to',
    cell: (invoice) =>
      invoice.billedTo === null
        ? '—'
        : `${invoice.billedTo}${invoice.taxId === null ? '' : ` (${invoice.taxId})`}`,
  },
  { header: 'Amount', cell: (invoice) => formatMoney(invoice.amountPaid, invoice.currency) },
  { header: 'Status', cell: (invoice) => <Badge state={invoice.status} /> },
  { header: 'Refund', cell: (invoice) => <RefundState invoice={invoice} /> },
  {
    header: 'Action',
    action: true,
    className: 'usage-action',
    cell: (invoice) =>
      refundable(invoice) && (
        <ActionButton
          danger
          about={invoice.number ?? invoice.id}
          onClick={() => onAction({ action: 'refund-payment', invoice })}
        >
          Refund...
        </ActionButton>
      ),
  },
];

type AutomaticRefund = InvoicesProps['automaticRefunds'][number];

const automaticRefundColumns: Column<AutomaticRefund>[] = [
  { header: 'Date', cell: (refund) => formatDateTime(refund.createdAt) },
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
        {refund.lastError && <span className="console-error-text">{refund.lastError}</span>}
      </>
    ),
  },
  { header: 'Attempts', cell: (refund) => refund.attempts },
];

export function InvoicesSection({ invoices, automaticRefunds, notice, onAction }: InvoicesProps) {
  return (
    <Section id="invoices" title="Invoices and refunds" notice={notice}>
      <ConsoleTable
        caption="Payments, newest first"
        columns={invoiceColumns(onAction)}
        rows={invoices}
        rowKey={(invoice) => invoice.id}
        empty={<Empty>No payments.</Empty>}
      />
      <h3 className="console-subtitle">Automatic refunds</h3>
      <ConsoleTable
        caption="Payments we could not apply and refunded on our own"
        columns={automaticRefundColumns}
        rows={automaticRefunds}
        rowKey={(refund) => refund.id}
        empty={<Empty>No payment of this customer was refunded automatically.</Empty>}
      />
    </Section>
  );
}

function RefundState({ invoice }: { invoice: AdminInvoice }) {
  const { refund } = invoice;
  if (!refund) return <span className="console-muted">None</span>;
  return (
    <>
      <Badge state={refund.status} />
      {refund.amount !== null && ` ${formatMoney(refund.amount, invoice.currency)}`}
      {refund.refundedAt && ` on ${maybeDateTime(refund.refundedAt)}`}
      {refund.error && <span className="console-error-text">{refund.error}</span>}
      {(refund.status === 'failed' || refund.status === 'pending') && (
        <a className="console-block-link" href="/admin/money#operator">
          Retry on the Money page
        </a>
      )}
    </>
  );
}
