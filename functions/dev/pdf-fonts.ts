/**
 * The fonts of the local invoice PDF (services/billing/invoice-pdf.ts), so a name or address in
 * any script prints as it was typed: Noto Sans (Latin, Greek, Cyrillic), Noto Sans Arabic,
 * Hebrew, Devanagari and Thai, Noto Sans SC (Chinese characters, Japanese kana) and the Hangul of
 * Noto Sans KR, with the font engine pdf-lib needs to embed them (@pdf-lib/fontkit, which also
 * shapes the text: Arabic letters joined, Devanagari conjuncts and vowel signs formed), and the
 * Unicode bidirectional algorithm (bidi-js) for the order of right-to-left text. A letter none of
 * the fonts has is drawn as the first font's empty box.
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
import type { PDFDocument, PDFFont } from 'pdf-lib';
import type { PdfFonts, PdfTypeface } from '../adapters/pdf-fonts';
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
          // A failed import is tried again by the next PDF.
          data.catch(() => loaded.delete(file));
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
function visualRuns(text: string): { text: string; rtl: boolean }[] {
  if (!RIGHT_TO_LEFT.test(text)) return text ? [{ text, rtl: false }] : [];
  // bidi-js works on UTF-16 units: a letter beyond the BMP keeps its two units in one run.
  const embedding = bidi.getEmbeddingLevels(text);
  const { levels } = embedding;
  const indices = [...Array(text.length).keys()];
  for (const [start = 0, end = start] of bidi.getReorderSegments(text, embedding)) {
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

type Run = { font: PDFFont; text: string };

/** The letters each embedded font has, read once per font. */
const covers = new WeakMap<PDFFont, Set<number>>();
function cover(font: PDFFont): Set<number> {
  let set = covers.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    covers.set(font, set);
  }
  return set;
}

/**
 * `text` in typed order as runs of one font each: a letter is drawn with the first font that
 * has it (the first font, with its empty box, when none has); a mark, space, digit or sign stays
 * with the run before it when that run's font has it, so runs are few and a vowel sign or accent
 * is shaped with its letter.
 */
function fontRuns(text: string, fonts: PDFFont[], first: PDFFont): Run[] {
  const runs: Run[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const last = runs.at(-1);
    const font =
      last && !/\p{L}/u.test(char) && cover(last.font).has(code)
        ? last.font
        : (fonts.find((candidate) => cover(candidate).has(code)) ?? first);
    if (last?.font === font) last.text += char;
    else runs.push({ font, text: char });
  }
  return runs;
}

/**
 * A line as runs of one font each, from left to right. A right-to-left part (as the
 * bidirectional algorithm orders the line) has its runs in reverse; the font engine lays out a
 * run with Arabic or Hebrew letters right to left itself (and joins Arabic letters), and the rest
 * of such a part (a space or bracket between two fonts' letters) is reversed, mirrored, here.
 */
function runs(text: string, fonts: PDFFont[]): Run[] {
  const [first] = fonts;
  if (!first) return [];
  return visualRuns(text.normalize('NFC')).flatMap((part) => {
    const typed = fontRuns(part.text, fonts, first);
    if (!part.rtl) return typed;
    return typed.reverse().map((run) =>
      RIGHT_TO_LEFT.test(run.text)
        ? run
        : {
            font: run.font,
            text: [...run.text]
              .reverse()
              .map((char) => bidi.getMirroredCharacter(char) ?? char)
              .join(''),
          },
    );
  });
}

/**
 * Embeds the fonts `typed` needs in `doc`, subsets of the letters drawn: Noto Sans (the
 * invoice's own words, and Latin, Greek and Cyrillic names) and the files of other scripts whose
 * letters `typed` has. Bold has Latin only: other letters in a bold line are drawn regular.
 */
async function embed(doc: PDFDocument, typed: readonly string[]): Promise<PdfTypeface> {
  doc.registerFontkit(fontkit);
  const embedded = async (files: Promise<Uint8Array[]>) =>
    Promise.all((await files).map((file) => doc.embedFont(file, { subset: true })));
  const [regularFonts, boldFonts] = await Promise.all([
    embedded(filesFor(regular, typed.join('\n'))),
    embedded(filesFor(bold, '')),
  ]);
  return { regular: regularFonts, bold: [...boldFonts, ...regularFonts], runs };
}

export function pdfFonts(): PdfFonts {
  return { embed };
}
