/**
 * Standard for a team paying by invoice, bought from Billing & Invoices: POST /api/billing/invoice,
 * then the page that says the team is ready. Loaded with the bank-transfer form, on demand.
 */
import { invoiceSentPath } from '../../contract/invoice-purchase';
import type { InvoicePurchase } from '../shared/BankTransferDialog';
import { apiCall } from '../shared/api';
import { isUpgradeByInvoiceAnswer } from '../../generated/answers/UpgradeByInvoiceAnswer';

/** Sends the purchase; a failure (ApiFailure) is thrown to the form, which shows it. */
export async function buyByInvoice(purchase: InvoicePurchase): Promise<void> {
  const { invoice } = await apiCall(
    'POST',
    '/api/billing/invoice',
    isUpgradeByInvoiceAnswer,
    purchase,
  );
  window.location.assign(invoiceSentPath(invoice.id));
}
