/** Billing history: one row per invoice, newest first, each with a link to its hosted page. */
import type { InvoiceView } from '../../contract/billing';
import { invoiceNumber, invoiceStateText } from './format';
import { formatDate, formatMoney } from '../../lib/format';

export function InvoiceTable({ invoices }: { invoices: readonly InvoiceView[] }) {
  if (invoices.length === 0) return <p className="billing-empty">No invoices yet.</p>;
  return (
    <div className="billing-table-wrap">
      <table className="billing-table">
        <caption className="visually-hidden">Invoices, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Number</th>
            <th scope="col">Amount</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Invoice</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.id}>
              <td data-label="Date">{formatDate(invoice.created)}</td>
              <td data-label="Number">{invoiceNumber(invoice)}</td>
              <td data-label="Amount">{formatMoney(invoice.amountPaid, invoice.currency)}</td>
              <td data-label="Status">{invoiceStateText(invoice)}</td>
              <td>
                {invoice.url ? (
                  <a
                    href={invoice.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`View invoice ${invoiceNumber(invoice)} (opens in a new tab)`}
                  >
                    View invoice
                  </a>
                ) : (
                  <span className="billing-muted">No link</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
