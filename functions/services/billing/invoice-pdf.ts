/**
 * Our PDF of an invoice, for the local stand-in (Stripe makes its own in production) and for any
 * invoice the provider gave no PDF: number, dates, seller, buyer, the line, tax (rate, or the
 * reverse-charge note) and total, from the invoice row as recorded (its buyer snapshot, not the
 * account's current details). pdf-lib with a standard font: nothing to fetch, nothing embedded.
 * pdf-lib is imported on first use: it inflates its fonts' metrics and images when it loads, work
 * a Worker started for any other request should not do (docs/performance.md, "Cold start").
 */
import { and, eq } from 'drizzle-orm';
import type { PDFFont, PDFPage, RGB } from 'pdf-lib';
import { formatDate, formatMoney } from '../../../src/lib/format';
import { billing, plans, site } from '../../../src/site.config';
import { invoices } from '../../db/schema';
import { fail } from '../../lib/errors';
import { findUserById } from '../core/users/users';
import type { Db } from '../shared/db';
import { countryName, formatRate } from './tax';
import { seatCount } from '../../../src/contract/seat-texts';

type InvoiceRow = typeof invoices.$inferSelect;

/**
 * Text the standard fonts can draw (WinAnsi: Latin-1 and a few more): other letters lose their
 * accents (ł → l is not possible, so it becomes ?); a name is never refused.
 */
function drawable(text: string): string {
  return [...text.normalize('NFC')]
    .map((char) => {
      const code = char.codePointAt(0) ?? 0;
      if (code >= 0x20 && code <= 0xff && code !== 0x7f) return char;
      if ('€‘’“”–—•…'.includes(char)) return char;
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      return /^[\x20-\x7e]+$/.test(base) ? base : '?';
    })
    .join('');
}

/** Lines of text placed top-down on one page. */
class Writer {
  y = 780;
  constructor(
    readonly page: PDFPage,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    readonly rgb: (red: number, green: number, blue: number) => RGB,
  ) {}

  text(value: string, options: { x?: number; size?: number; bold?: boolean; right?: number } = {}) {
    const font = options.bold ? this.bold : this.regular;
    const size = options.size ?? 10;
    const safe = drawable(value);
    const x =
      options.right === undefined
        ? (options.x ?? 56)
        : options.right - font.widthOfTextAtSize(safe, size);
    this.page.drawText(safe, { x, y: this.y, size, font, color: this.rgb(0.1, 0.1, 0.1) });
  }

  line(value: string, options: { x?: number; size?: number; bold?: boolean; right?: number } = {}) {
    this.text(value, options);
    this.y -= (options.size ?? 10) + 5;
  }

  rule() {
    this.page.drawLine({
      start: { x: 56, y: this.y + 4 },
      end: { x: 539, y: this.y + 4 },
      thickness: 0.5,
      color: this.rgb(0.6, 0.6, 0.6),
    });
    this.y -= 10;
  }
}

/** The buyer block: company, person, address, country and tax ID as on the invoice. */
function buyerLines(row: InvoiceRow, email: string): string[] {
  const buyer = row.buyer;
  if (!buyer) return [email];
  return [
    ...(buyer.company ? [buyer.company] : []),
    buyer.name,
    buyer.line1,
    ...(buyer.line2 ? [buyer.line2] : []),
    [buyer.postalCode, buyer.city, buyer.state].filter(Boolean).join(' '),
    countryName(buyer.country),
    ...(buyer.taxId ? [`VAT ID: ${buyer.taxId}`] : []),
    email,
  ];
}

/**
 * The invoice's one line: what was bought (a year of Standard, or seats added during a term) and
 * its seats at their unit price and service period, e.g. "12 seats × $129.00, Mar 1, 2026 – Mar
 * 1, 2027". Rows from before seats were sold are one seat at the list price.
 */
function lineOf(row: InvoiceRow, subtotal: number): { item: string; detail: string } {
  const seats = row.quantity ?? 1;
  const unit = row.unitAmount ?? Math.round(subtotal / seats);
  const added = row.billingReason === 'subscription_update';
  const item = added
    ? `${site.product} ${plans.standard.name}: ${seatCount(seats)} added for the rest of the term`
    : `${site.product} ${plans.standard.name}, one year`;
  const period =
    row.periodStart !== null && row.periodEnd !== null
      ? `, ${formatDate(row.periodStart, 'UTC')} – ${formatDate(row.periodEnd, 'UTC')}`
      : '';
  return {
    item,
    detail: `${seatCount(seats)} × ${formatMoney(unit, row.currency)}${added ? ' (prorated)' : ''}${period}`,
  };
}

let pdfLib: typeof import('pdf-lib') | undefined;

/** The PDF of one recorded invoice. */
export async function renderInvoicePdf(row: InvoiceRow, email: string): Promise<Uint8Array> {
  pdfLib ??= await import('pdf-lib');
  const { PDFDocument, StandardFonts, rgb } = pdfLib;
  const doc = await PDFDocument.create();
  const number = row.number ?? row.id;
  doc.setTitle(`Invoice ${number}`);
  doc.setAuthor(billing.seller.name);
  doc.setCreator(site.product);
  const page = doc.addPage([595.28, 841.89]);
  const out = new Writer(
    page,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
    rgb,
  );
  const money = (cents: number) => formatMoney(cents, row.currency);
  const subtotal = row.subtotal ?? row.amountPaid - row.taxAmount;

  out.line('Invoice', { size: 22, bold: true });
  out.y -= 6;
  out.line(`Invoice number: ${number}`, { bold: true });
  out.line(`Date of issue: ${formatDate(row.created, 'UTC')}`);
  out.line(
    row.status === 'paid' ? `Paid on ${formatDate(row.created, 'UTC')}` : `Status: ${row.status}`,
  );
  out.y -= 12;

  const top = out.y;
  out.line('From', { bold: true });
  for (const text of [billing.seller.name, ...billing.seller.addressLines, site.supportEmail]) {
    out.line(text);
  }
  const sellerEnd = out.y;
  out.y = top;
  out.line('Billed to', { x: 310, bold: true });
  for (const text of buyerLines(row, email)) out.line(text, { x: 310 });
  out.y = Math.min(out.y, sellerEnd) - 16;

  out.text('Description', { bold: true });
  out.line('Amount', { bold: true, right: 539 });
  out.rule();
  const { item, detail } = lineOf(row, subtotal);
  out.text(item);
  out.line(money(subtotal), { right: 539 });
  out.line(detail, { size: 9 });
  out.y -= 4;
  out.rule();
  out.text('Subtotal', { x: 310 });
  out.line(money(subtotal), { right: 539 });
  if (row.reverseCharge) {
    out.text('VAT', { x: 310 });
    out.line(`${money(0)} (reverse charge)`, { right: 539 });
  } else if (row.taxAmount > 0) {
    out.text(`VAT${row.taxRateBp === null ? '' : ` ${formatRate(row.taxRateBp)}`}`, { x: 310 });
    out.line(money(row.taxAmount), { right: 539 });
  }
  out.text('Total', { x: 310, bold: true });
  out.line(money(row.amountPaid), { right: 539, bold: true });
  if (row.status === 'paid') {
    out.text('Amount paid', { x: 310 });
    out.line(money(row.amountPaid), { right: 539 });
  }
  if (row.refundStatus === 'refunded' && row.refundedAt !== null) {
    out.text(`Refunded on ${formatDate(row.refundedAt, 'UTC')}`, { x: 310 });
    out.line(money(row.refundAmount ?? row.amountPaid), { right: 539 });
  }
  out.y -= 16;
  if (row.reverseCharge) out.line(billing.reverseChargeNote, { size: 9 });
  out.line(`Questions about this invoice: ${site.supportEmail}`, { size: 9 });
  return doc.save();
}

/**
 * The PDF of invoice `invoiceId` for account `userId` (its owner), or for any account when
 * `userId` is null (an operator). 404 for an invoice that is not theirs, as for one that does not
 * exist, so ids cannot be probed.
 */
export async function invoicePdfFor(
  db: Db,
  invoiceId: string,
  userId: string | null,
): Promise<{ number: string; pdf: Uint8Array }> {
  const [found] = await db
    .select()
    .from(invoices)
    .where(
      userId === null
        ? eq(invoices.id, invoiceId)
        : and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)),
    )
    .limit(1);
  if (!found) throw fail('NOT_FOUND', { message: 'No such invoice.' });
  const owner = await findUserById(db, found.userId);
  return {
    number: found.number ?? found.id,
    pdf: await renderInvoicePdf(found, owner?.email ?? ''),
  };
}
