/**
 * The text of a PDF our invoice code draws (pdf-lib): each content stream of its pages read in
 * drawing order, each `<hex> Tj` string decoded through the font it is drawn with — an embedded
 * font by its ToUnicode map (glyph ids to letters; a glyph shaping split off a letter, such as
 * an Arabic letter's dots, reads as nothing, and glyph 0, the box for a letter the font lacks,
 * as MISSING), a standard font as WinAnsi — one line per string. Enough to read what an invoice says without a text extractor in the test; and the names
 * of the fonts it draws with.
 */
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
} from 'pdf-lib';

const winAnsi = new TextDecoder('windows-1252');
/** What an embedded font's glyph 0 reads as: the empty box drawn for a letter the font lacks. */
export const MISSING = '\uFFFD';
const latin1 = new TextDecoder('latin1');

/** A ToUnicode CMap as glyph id (hex) → text. */
function toUnicodeMap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const text = (hex: string) =>
    String.fromCodePoint(...(hex.match(/..../g) ?? []).map((unit) => parseInt(unit, 16)));
  for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, glyph, unicode] of (block ?? '').matchAll(
      /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g,
    )) {
      map.set((glyph ?? '').toUpperCase(), text(unicode ?? ''));
    }
  }
  for (const [, block] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from, to, unicode] of (block ?? '').matchAll(
      /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g,
    )) {
      const first = parseInt(from ?? '0', 16);
      const base = parseInt(unicode ?? '0', 16);
      for (let glyph = first; glyph <= parseInt(to ?? '0', 16); glyph++) {
        map.set(
          glyph.toString(16).toUpperCase().padStart(4, '0'),
          String.fromCodePoint(base + glyph - first),
        );
      }
    }
  }
  return map;
}

const streamText = (stream: unknown) =>
  stream instanceof PDFRawStream ? latin1.decode(decodePDFRawStream(stream).decode()) : '';

/** The lines of text drawn on the PDF's pages. */
export async function pdfText(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  const lines: string[] = [];
  for (const page of doc.getPages()) {
    const fonts = new Map<string, Map<string, string> | null>();
    const fontDict = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
    for (const [name, ref] of fontDict?.entries() ?? []) {
      const font = doc.context.lookup(ref, PDFDict);
      const cmap = font.lookup(PDFName.of('ToUnicode'));
      fonts.set(name.asString(), cmap ? toUnicodeMap(streamText(cmap)) : null);
    }
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray
        ? contents.asArray().map((ref) => doc.context.lookup(ref as PDFRef))
        : [contents];
    for (const stream of streams) {
      let font: Map<string, string> | null = null;
      for (const [, name, hex] of streamText(stream).matchAll(
        /(\/[^\s/]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g,
      )) {
        if (name !== undefined) {
          font = fonts.get(name) ?? null;
          continue;
        }
        const digits = hex ?? '';
        if (font) {
          lines.push(
            (digits.match(/..../g) ?? [])
              .map((glyph) => (glyph === '0000' ? MISSING : (font?.get(glyph.toUpperCase()) ?? '')))
              .join(''),
          );
        } else {
          lines.push(
            winAnsi.decode(
              Uint8Array.from(digits.match(/../g) ?? [], (pair) => parseInt(pair, 16)),
            ),
          );
        }
      }
    }
  }
  return lines;
}

/**
 * The fonts the PDF's pages draw with, by name (an embedded subset's name is the font's
 * PostScript name with a number added, e.g. "NotoSansArabic-Regular-2917").
 */
export async function pdfFontNames(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  const names = new Set<string>();
  for (const page of doc.getPages()) {
    const fontDict = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
    for (const [, ref] of fontDict?.entries() ?? []) {
      const font = doc.context.lookup(ref, PDFDict);
      const name = font.lookup(PDFName.of('BaseFont'));
      if (name instanceof PDFName) names.add(name.decodeText());
    }
  }
  return [...names].sort();
}

/** Each embedded font's ToUnicode map (glyph id in hex → text), by the font's name. */
export async function pdfToUnicode(pdf: Uint8Array): Promise<Map<string, Map<string, string>>> {
  const doc = await PDFDocument.load(pdf);
  const maps = new Map<string, Map<string, string>>();
  for (const page of doc.getPages()) {
    const fontDict = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
    for (const [, ref] of fontDict?.entries() ?? []) {
      const font = doc.context.lookup(ref, PDFDict);
      const name = font.lookup(PDFName.of('BaseFont'));
      const cmap = font.lookup(PDFName.of('ToUnicode'));
      if (name instanceof PDFName && cmap)
        maps.set(name.decodeText(), toUnicodeMap(streamText(cmap)));
    }
  }
  return maps;
}
