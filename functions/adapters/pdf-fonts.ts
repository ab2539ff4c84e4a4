/**
 * The fonts our invoice PDF embeds for letters beyond Latin-1 (services/billing/invoice-pdf.ts),
 * with the font engine pdf-lib needs to embed them and the ordering of right-to-left text: the
 * service asks for them and draws the runs it is given. Only a development build has them
 * (functions/dev/pdf-fonts.ts, loaded on the first such PDF): the composition root
 * (functions/deps.ts) hands them over once, as it is loaded. Without them the PDF draws every
 * letter with a standard font.
 */
import type { PDFDocument, PDFFont } from 'pdf-lib';

/** Fonts embedded in one PDF, each weight a list to try in order, and how a line uses them. */
export interface PdfTypeface {
  regular: PDFFont[];
  bold: PDFFont[];
  /**
   * A line as runs of one font each (of `fonts`, the first that has a letter drawing it), from
   * left to right: right-to-left parts (Arabic, Hebrew) in the order they are seen.
   */
  runs(text: string, fonts: PDFFont[]): { font: PDFFont; text: string }[];
}

/** The development stand-in's fonts, font engine and text ordering. */
export interface PdfFonts {
  /**
   * Embeds in `doc` (subsets: only the letters drawn) the fonts for the invoice's own words and
   * for the scripts `typed` (names, addresses) has, each font loaded when first needed.
   */
  embed(doc: PDFDocument, typed: readonly string[]): Promise<PdfTypeface>;
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
