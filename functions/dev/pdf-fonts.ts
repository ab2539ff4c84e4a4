/**
 * The fonts of the local invoice PDF (services/billing/invoice-pdf.ts), so a name or address in
 * any script prints as it was typed: Noto Sans (Latin, Greek, Cyrillic), Noto Sans Arabic,
 * Hebrew, Devanagari and Thai, Noto Sans SC (Chinese characters, Japanese kana) and the Hangul of
 * Noto Sans KR, with the font engine pdf-lib needs to embed them (@pdf-lib/fontkit, which also
 * shapes the text: Arabic letters joined, Indic and Thai marks placed) and the Unicode
 * bidirectional algorithm (bidi-js) for right-to-left text.
 *
 * A development stand-in, handed to adapters/pdf-fonts.ts by the composition root through
 * load.ts, loaded the first time a PDF has letters beyond Latin-1: the engine alone is about
 * 380 KiB gzipped, more than a production Worker has room for, and in production the payment
 * provider makes the invoices' PDFs. The font files are modules of their own in pdf-fonts/
 * (written from the font packages by scripts/pdf-fonts.mjs, git-ignored), each imported only
 * when the text has a letter it draws, so an invoice in Latin letters loads one file and a
 * Chinese name a few of the Chinese font's hundred.
 */
import fontkit from '@pdf-lib/fontkit';
import bidiFactory from 'bidi-js';
// The engine's syllable matcher (Devanagari and other Indic scripts) is a generator compiled for
// the regenerator runtime, which it expects as a global.
import 'regenerator-runtime/runtime.js';
import type { PdfFonts, VisualRun } from '../adapters/pdf-fonts';
import { bold, regular, type FontFile } from './pdf-fonts/index';

const bytes = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));

/** A file's letters, parsed once: sorted [first, last] code point ranges. */
const parsed = new Map<FontFile, [number, number][]>();
function letters(file: FontFile): [number, number][] {
  let list = parsed.get(file);
  if (!list) {
    list = file.letters.split(',').map((range) => {
      const [first = '0', last = first] = range.split('-');
      return [parseInt(first, 16), parseInt(last, 16)];
    });
    parsed.set(file, list);
  }
  return list;
}

function has(file: FontFile, code: number): boolean {
  const list = letters(file);
  let low = 0;
  let high = list.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [first, last] = list[middle] ?? [0, -1];
    if (code < first) high = middle - 1;
    else if (code > last) low = middle + 1;
    else return true;
  }
  return false;
}

const loaded = new Map<FontFile, Promise<Uint8Array>>();

/**
 * The files of `files` that `text` needs, in their order: the first (Latin, the invoice's own
 * words) always, any other only when one of the letters of `text` is first found in it.
 */
function filesFor(files: readonly FontFile[], text: string): Promise<Uint8Array[]> {
  const needed = new Set<FontFile>(files.slice(0, 1));
  for (const char of new Set(text.normalize('NFC'))) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20) continue;
    const file = files.find((candidate) => has(candidate, code));
    if (file) needed.add(file);
  }
  return Promise.all(
    files
      .filter((file) => needed.has(file))
      .map((file) => {
        let data = loaded.get(file);
        if (!data) {
          data = file.load().then((module) => bytes(module.default));
          loaded.set(file, data);
        }
        return data;
      }),
  );
}

const bidi = bidiFactory();
/** A letter of a script written right to left. */
const RIGHT_TO_LEFT =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/**
 * `text` as runs in the order they are seen from left to right (the Unicode bidirectional
 * algorithm, the line's direction from its first strong letter): each run's letters in typed
 * order and whether the run reads right to left.
 */
function visualRuns(text: string): VisualRun[] {
  if (!RIGHT_TO_LEFT.test(text)) return text ? [{ text, rtl: false }] : [];
  // bidi-js works on UTF-16 units: a letter beyond the BMP keeps its two units in one run.
  const embedding = bidi.getEmbeddingLevels(text);
  const { levels } = embedding;
  const indices = [...Array(text.length).keys()];
  for (const [start, end] of bidi.getReorderSegments(text, embedding)) {
    const part = indices.slice(start, end + 1).reverse();
    indices.splice(start, part.length, ...part);
  }
  const runs: { indices: number[]; rtl: boolean }[] = [];
  for (const index of indices) {
    const rtl = ((levels[index] ?? 0) & 1) === 1;
    const last = runs.at(-1);
    const previous = last?.indices.at(-1);
    if (last && last.rtl === rtl && previous !== undefined && index === previous + (rtl ? -1 : 1)) {
      last.indices.push(index);
    } else runs.push({ indices: [index], rtl });
  }
  return runs.map(({ indices: run, rtl }) => {
    const typed = rtl ? [...run].reverse() : run;
    return { text: typed.map((index) => text[index]).join(''), rtl };
  });
}

export function pdfFonts(): PdfFonts {
  return {
    fontkit,
    regular: (text) => filesFor(regular, text),
    bold: (text) => filesFor(bold, text),
    visualRuns,
    mirrored: (char) => bidi.getMirroredCharacter(char) ?? char,
  };
}
