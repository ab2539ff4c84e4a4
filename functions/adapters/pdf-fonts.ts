/**
 * The fonts our invoice PDF embeds for letters beyond Latin-1 (services/billing/invoice-pdf.ts),
 * with the font engine pdf-lib needs to embed them and the ordering of right-to-left text. Only
 * a development build has them (functions/dev/pdf-fonts.ts, loaded on the first such PDF): the
 * composition root (functions/deps.ts) hands them over once, as it is loaded. Without them the
 * PDF draws every letter with a standard font.
 */
import type { PDFDocument } from 'pdf-lib';

/** Part of a line as it is seen: its letters in typed order, and whether it reads right to left. */
export interface VisualRun {
  text: string;
  rtl: boolean;
}

/** The engine, and the font files a text needs, loaded per script when it has their letters. */
export interface PdfFonts {
  fontkit: Parameters<PDFDocument['registerFontkit']>[0];
  /** The regular font files that draw `text`, in the order to try them for a letter. */
  regular(text: string): Promise<Uint8Array[]>;
  /** The bold ones (Latin only: other letters of a bold line are drawn regular). */
  bold(text: string): Promise<Uint8Array[]>;
  /** A line as runs from left to right (the Unicode bidirectional algorithm). */
  visualRuns(text: string): VisualRun[];
  /** The letter drawn for `char` in right-to-left text: "(" for ")" and so on. */
  mirrored(char: string): string;
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
