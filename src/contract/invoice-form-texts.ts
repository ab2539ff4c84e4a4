/**
 * Texts of the bank-transfer form (src/islands/shared/BankTransferDialog.tsx): whom the invoice is
 * billed to, then the total, then the confirmation. Only the form reads them, so they load with it.
 */
import { standardSeats } from '../config/seats.ts';

const days = String(standardSeats.invoiceDueDays);
const minimum = String(standardSeats.invoiceMinimum);

export const invoiceFormTitle = 'Pay by bank transfer';
export const invoiceFormIntro =
  'Whom the invoice is billed to. A business in the EU whose VAT ID the EU VAT register confirms pays no VAT (reverse charge).';
export const invoiceSeatsLabel = 'Seats';
export const invoiceSeatsHint = `One seat per person: ${minimum} to ${String(standardSeats.max)} for payment by bank transfer.`;
export const showInvoiceTotal = 'Show the total';
export const workingOutTotal = 'Working out the total...';
export const invoiceSummaryHeading = 'Your invoice';
export const invoiceTotalLabel = 'Total due';
export const invoiceDueLine = `Due ${days} days after the invoice date, by bank transfer to the account printed on the invoice. Your team starts now.`;
export const confirmInvoice = 'Confirm and send the invoice';
export const confirmingInvoice = 'Sending the invoice...';
export const changeInvoiceDetails = 'Change details';
export const invoiceQuoteFailed = 'We could not work out the total. Please try again.';
export const invoicePurchaseFailed = 'We could not send the invoice. Please try again.';
