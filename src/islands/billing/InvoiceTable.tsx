/**
 * Billing history: one row per invoice, newest first, each with its seats and their price, its
 * tax and total, a link to its hosted page and its PDF.
 */
import type { InvoiceView } from '../../contract/billing';
import { formatDate, formatMoney } from '../../lib/format';
import { DataTable, type Column } from '../shared/DataTable';
import { invoiceNumber, invoiceSeatsText, invoiceStateText, invoiceTaxText } from './format';

const columns: readonly Column<InvoiceView>[] = [
  { header: 'Date', cell: (invoice) => formatDate(invoice.created) },
  { header: 'Number', cell: invoiceNumber },
  { header: 'Seats', cell: invoiceSeatsText },
  { header: 'Amount', cell: (invoice) => formatMoney(invoice.amountPaid, invoice.currency) },
  { header: 'Tax', cell: invoiceTaxText },
  { header: 'Status', cell: invoiceStateText },
  {
    header: 'Invoice',
    action: true,
    cell: (invoice) => (
      <>
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
        )}{' '}
        <a
          href={invoice.pdfUrl}
          download
          aria-label={`Download invoice ${invoiceNumber(invoice)} as PDF`}
        >
          PDF
        </a>
      </>
    ),
  },
];

export function InvoiceTable({ invoices }: { invoices: readonly InvoiceView[] }) {
  return (
    <DataTable
      caption="Invoices, newest first"
      className="billing-table"
      wrapClassName="billing-table-wrap"
      columns={columns}
      rows={invoices}
      rowKey={(invoice) => invoice.id}
      empty={<p className="billing-empty">No invoices yet.</p>}
    />
  );
}
