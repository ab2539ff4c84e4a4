/**
 * The fonts our invoice PDF embeds for letters beyond Latin-1 (services/billing/invoice-pdf.ts),
 * with the font engine pdf-lib needs to embed them. Only a development build has them
 * (functions/dev/pdf-fonts.ts, loaded on the first such PDF): the composition root
 * (functions/deps.ts) hands them over once, as it is loaded. Without them the PDF draws every
 * letter with a standard font.
 */
import type { PDFDocument } from 'pdf-lib';

/** The engine, and each weight's font files in the order to try them. */
export interface PdfFonts {
  fontkit: Parameters<PDFDocument['registerFontkit']>[0];
  regular: Uint8Array[];
  bold: Uint8Array[];
}

let load: (() => Promise<PdfFonts>) | undefined;

/** Called once by the composition root with the development stand-ins' fonts, if any. */
export function providePdfFonts(loader: (() => Promise<PdfFonts>) | undefined): void {
  load = loader;
}

/** The fonts, loaded on first use; undefined where the build has none (production). */
export function pdfFonts(): Promise<PdfFonts> | undefined {
  return load?.();
}
