/**
 * Our PDF of an invoice, for the local stand-in (Stripe makes its own in production) and for any
 * invoice the provider gave no PDF, laid out like the provider's: number, dates, service period,
 * seller with its tax registration, buyer, the line, tax (rate, or the reverse-charge note) and
 * total, with the currency's ISO code, from the invoice row as recorded (its buyer snapshot, not
 * the account's current details). pdf-lib is imported on first use: it inflates its fonts'
 * metrics and images when it loads, work a Worker started for any other request should not do
 * (docs/performance.md, "Cold start").
 *
 * Type: Helvetica, one of PDF's standard fonts (Latin-1), for most invoices; for a buyer whose
 * name or address has other letters, where the build has the development stand-ins, Noto fonts
 * embedded through a font engine (adapters/pdf-fonts.ts), so names and addresses in any script
 * print as typed: Latin, Greek, Cyrillic, Arabic and Hebrew (right to left), Devanagari, Thai,
 * Chinese, Japanese and Korean. A production Worker has no room for the engine
 * (docs/performance.md), and there the provider renders the PDFs.
 */
import { and, eq } from 'drizzle-orm';
import type { PDFDocument, PDFFont, PDFPage, RGB } from 'pdf-lib';
import { formatDate, formatMoney } from '../../../src/lib/format';
import { billing, plans, site } from '../../../src/site.config';
import { invoices } from '../../db/schema';
import { fail } from '../../lib/errors';
import { findUserById } from '../core/users/users';
import type { Db } from '../shared/db';
import { countryName, formatRate } from './tax';
import { seatCount } from '../../../src/contract/seat-texts';
import { pdfFonts, type PdfTypeface } from '../../adapters/pdf-fonts';

type InvoiceRow = typeof invoices.$inferSelect;

/** A letter the standard fonts draw (WinAnsi: Latin-1 and a few more). */
function inWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0xff && code !== 0x7f) || '€‘’“”–—•…'.includes(char);
}

/**
 * Text the standard fonts can draw: other letters lose their accents (ł → l is not possible, so
 * it becomes ?); a name is never refused.
 */
function drawable(text: string): string {
  return [...text.normalize('NFC')]
    .map((char) => {
      if (inWinAnsi(char)) return char;
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      return /^[\x20-\x7e]+$/.test(base) ? base : '?';
    })
    .join('');
}

/**
 * The fonts text is drawn with, each weight a list to try in order. A standard font comes alone,
 * with its text made drawable first; embedded fonts come with `runs`, which splits a line into
 * runs of one font each, in the order they are seen (adapters/pdf-fonts.ts).
 */
interface Typeface {
  regular: PDFFont[];
  bold: PDFFont[];
  runs?: PdfTypeface['runs'];
}

/** Lines of text placed top-down on one page. */
class Writer {
  y = 780;
  constructor(
    readonly page: PDFPage,
    readonly type: Typeface,
    readonly rgb: (red: number, green: number, blue: number) => RGB,
  ) {}

  /** `text` as runs of one font each, from left to right. */
  private runs(text: string, fonts: PDFFont[]): { font: PDFFont; text: string }[] {
    const [first] = fonts;
    if (!first) return [];
    return this.type.runs ? this.type.runs(text, fonts) : [{ font: first, text: drawable(text) }];
  }

  text(value: string, options: { x?: number; size?: number; bold?: boolean; right?: number } = {}) {
    const size = options.size ?? 10;
    const runs = this.runs(value, options.bold ? this.type.bold : this.type.regular);
    const width = runs.reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);
    let x = options.right === undefined ? (options.x ?? 56) : options.right - width;
    for (const run of runs) {
      this.page.drawText(run.text, {
        x,
        y: this.y,
        size,
        font: run.font,
        color: this.rgb(0.1, 0.1, 0.1),
      });
      x += run.font.widthOfTextAtSize(run.text, size);
    }
  }

  line(value: string, options: { x?: number; size?: number; bold?: boolean; right?: number } = {}) {
    this.text(value, options);
    this.y -= (options.size ?? 10) + 5;
  }

  /** `value` as lines at `x` no wider than `width` points, broken at spaces (a long name). */
  wrapped(value: string, x: number, width: number) {
    const fits = (text: string) =>
      this.runs(text, this.type.regular).reduce(
        (sum, run) => sum + run.font.widthOfTextAtSize(run.text, 10),
        0,
      ) <= width;
    let current = '';
    for (const word of value.split(' ')) {
      const next = current ? `${current} ${word}` : word;
      if (current && !fits(next)) {
        this.line(current, { x });
        current = word;
      } else current = next;
    }
    this.line(current, { x });
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

/**
 * The typeface of one PDF: the standard Helvetica while every letter of `typed` (what people
 * typed: names, addresses) is one it draws, as on most invoices; else, where the build has them,
 * Noto fonts embedded (only the letters used) for the scripts `typed` has, so names and
 * addresses in any script print as typed (adapters/pdf-fonts.ts). The font engine takes a
 * second or so to load, so only a PDF that needs it waits for it.
 */
async function typefaceOf(
  doc: PDFDocument,
  lib: typeof import('pdf-lib'),
  typed: readonly string[],
): Promise<Typeface> {
  const latin1 = typed.every((text) => [...text.normalize('NFC')].every(inWinAnsi));
  const fonts = latin1 ? undefined : await pdfFonts();
  if (!fonts) {
    return {
      regular: [await doc.embedFont(lib.StandardFonts.Helvetica)],
      bold: [await doc.embedFont(lib.StandardFonts.HelveticaBold)],
    };
  }
  return fonts.embed(doc, typed);
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
  const { PDFDocument, rgb } = pdfLib;
  const doc = await PDFDocument.create();
  const number = row.number ?? row.id;
  doc.setTitle(`Invoice ${number}`);
  doc.setAuthor(billing.seller.name);
  doc.setCreator(site.product);
  const page = doc.addPage([595.28, 841.89]);
  const buyer = buyerLines(row, email);
  const out = new Writer(page, await typefaceOf(doc, pdfLib, buyer), rgb);
  const money = (cents: number) => formatMoney(cents, row.currency);
  const code = row.currency.toUpperCase();
  const subtotal = row.subtotal ?? row.amountPaid - row.taxAmount;

  out.line('Invoice', { size: 22, bold: true });
  out.y -= 6;
  out.line(`Invoice number: ${number}`, { bold: true });
  out.line(`Date of issue: ${formatDate(row.created, 'UTC')}`);
  if (row.periodStart !== null && row.periodEnd !== null) {
    out.line(
      `Service period: ${formatDate(row.periodStart, 'UTC')} – ${formatDate(row.periodEnd, 'UTC')}`,
    );
  }
  out.line(
    row.status === 'paid'
      ? `${money(row.amountPaid)} ${code} paid on ${formatDate(row.created, 'UTC')}`
      : `Status: ${row.status}`,
  );
  out.y -= 12;

  const top = out.y;
  out.line('From', { bold: true });
  for (const text of [
    billing.seller.name,
    ...billing.seller.addressLines,
    site.supportEmail,
    `Tax registration: ${billing.sellerTaxRegistration}`,
  ]) {
    out.line(text);
  }
  const sellerEnd = out.y;
  out.y = top;
  out.line('Billed to', { x: 310, bold: true });
  for (const text of buyer) out.wrapped(text, 310, 539 - 310);
  out.y = Math.min(out.y, sellerEnd) - 16;

  out.text('Description', { bold: true });
  out.line(`Amount (${code})`, { bold: true, right: 539 });
  out.rule();
  const { item, detail } = lineOf(row, subtotal);
  out.text(item);
  out.line(money(subtotal), { right: 539 });
  out.line(detail, { size: 9 });
  out.y -= 4;
  out.rule();
  out.text('Subtotal', { x: 310 });
  out.line(money(subtotal), { right: 539 });
  // The tax line always names its rate, as the provider's invoices do; 0% where none applied.
  if (row.reverseCharge) {
    out.text('VAT 0% (reverse charge)', { x: 310 });
    out.line(money(0), { right: 539 });
  } else if (row.taxAmount > 0) {
    out.text(`VAT${row.taxRateBp === null ? '' : ` ${formatRate(row.taxRateBp)}`}`, { x: 310 });
    out.line(money(row.taxAmount), { right: 539 });
  } else {
    out.text('Tax 0%', { x: 310 });
    out.line(money(0), { right: 539 });
  }
  out.text('Total', { x: 310, bold: true });
  out.line(`${money(row.amountPaid)} ${code}`, { right: 539, bold: true });
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
