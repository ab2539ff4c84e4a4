/**
 * The fonts of the local invoice PDF (services/billing/invoice-pdf.ts): Noto Sans, so a name in
 * Latin, Greek or Cyrillic script prints as it was typed, and the font engine pdf-lib needs to
 * embed them (@pdf-lib/fontkit), which keeps only the letters a PDF uses. A development stand-in,
 * handed to adapters/pdf-fonts.ts by the composition root through load.ts, and loaded the first
 * time a PDF needs it: the engine alone is about 380 KiB gzipped, more than a production Worker
 * has room for, and in production the payment provider makes the invoices' PDFs.
 */
import fontkit from '@pdf-lib/fontkit';
import type { PdfFonts } from '../adapters/pdf-fonts';
import { bold, regular } from './pdf-fonts-data';

const bytes = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));

export function pdfFonts(): PdfFonts {
  return { fontkit, regular: regular.map(bytes), bold: bold.map(bytes) };
}
