/**
 * The customer's money: the subscription (cancel at period end or now) and the invoices with
 * their refunds (refund a paid one), then the automatic refunds of payments we could not apply.
 */
import type { ReactNode } from 'react';
import type { AdminInvoice, AdminSubscription, CustomerDetail } from '../../contract/admin';
import type { Pending } from './customer-actions';
import { maybeDateTime, refundReasonLabel } from './format';
import { ActionButton, Badge, Cell, Empty, Section } from './parts';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';

interface SubscriptionProps {
  subscriptions: readonly AdminSubscription[];
  notice: ReactNode;
  onAction: (pending: Pending) => void;
}

export function SubscriptionSection({ subscriptions, notice, onAction }: SubscriptionProps) {
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

export function InvoicesSection({ invoices, automaticRefunds, notice, onAction }: InvoicesProps) {
  return (
    <Section id="invoices" title="Invoices and refunds" notice={notice}>
      {invoices.length === 0 ? (
        <Empty>No payments.</Empty>
      ) : (
        <div className="usage-table-wrap">
          <table className="usage-table console-table">
            <caption className="visually-hidden">Payments, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Invoice</th>
                <th scope="col">Date</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
                <th scope="col">Refund</th>
                <th scope="col">
                  <span className="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <tr key={invoice.id}>
                  <th scope="row" data-label="Invoice">
                    {invoice.hostedInvoiceUrl ? (
                      <a href={invoice.hostedInvoiceUrl} rel="noreferrer" target="_blank">
                        {invoice.number ?? invoice.id}
                      </a>
                    ) : (
                      (invoice.number ?? invoice.id)
                    )}
                  </th>
                  <Cell label="Date" className="usage-nowrap">
                    {formatDate(invoice.created)}
                  </Cell>
                  <Cell label="Amount">{formatMoney(invoice.amountPaid, invoice.currency)}</Cell>
                  <Cell label="Status">
                    <Badge state={invoice.status} />
                  </Cell>
                  <Cell label="Refund">
                    <RefundState invoice={invoice} />
                  </Cell>
                  <td className="usage-action">
                    {refundable(invoice) && (
                      <ActionButton
                        danger
                        about={invoice.number ?? invoice.id}
                        onClick={() => onAction({ action: 'refund-payment', invoice })}
                      >
                        Refund...
                      </ActionButton>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3 className="console-subtitle">Automatic refunds</h3>
      {automaticRefunds.length === 0 ? (
        <Empty>No payment of this customer was refunded automatically.</Empty>
      ) : (
        <div className="usage-table-wrap">
          <table className="usage-table console-table">
            <caption className="visually-hidden">
              Payments we could not apply and refunded on our own
            </caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Why</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
              </tr>
            </thead>
            <tbody>
              {automaticRefunds.map((refund) => (
                <tr key={refund.id}>
                  <Cell label="Date">{formatDateTime(refund.createdAt)}</Cell>
                  <Cell label="Why">{refundReasonLabel(refund.reason)}</Cell>
                  <Cell label="Amount">
                    {refund.amount === null
                      ? '—'
                      : formatMoney(refund.amount, refund.currency ?? 'usd')}
                  </Cell>
                  <Cell label="Status">
                    <Badge state={refund.status} />
                    {refund.lastError && (
                      <span className="console-error-text">{refund.lastError}</span>
                    )}
                  </Cell>
                  <Cell label="Attempts">{refund.attempts}</Cell>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
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
