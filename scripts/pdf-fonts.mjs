// Writes functions/dev/pdf-fonts/ (git-ignored): the fonts the local invoice PDF embeds for names
// and addresses in any script, one module per font file (its bytes as base64, so the Worker and
// its tests load it as a module, without a file system) and an index of which letters each file
// has, so a PDF loads only the files its text needs (functions/dev/pdf-fonts.ts).
//
//   node scripts/pdf-fonts.mjs          writes the folder (when the packages or this script changed)
//
// `npm start` (through the development build, scripts/build-worker.mjs), vitest and `astro sync`
// (so type checks see the index) run it; it takes 20 to 50 seconds once, and then only compares
// a stamp (this script and the packages' versions) until a font package is upgraded.
//
// The fonts, all Noto (SIL Open Font License 1.1), from the @fontsource packages:
//   @fontsource/noto-sans                      Latin, Latin Extended, Greek, Cyrillic (regular), Latin (bold)
//   @fontsource-variable/noto-sans-arabic      Arabic
//   @fontsource-variable/noto-sans-hebrew      Hebrew
//   @fontsource-variable/noto-sans-devanagari  Devanagari (Hindi, Marathi, Nepali)
//   @fontsource-variable/noto-sans-thai        Thai
//   @fontsource-variable/noto-sans-sc          Chinese characters, Japanese kana, CJK punctuation
//                                              (about a hundred files of a few hundred letters each)
//   @fontsource-variable/noto-sans-kr          Korean Hangul (its files that have Hangul)
// The static packages of the CJK fonts are tens of megabytes; the variable ones a few.
//
// A variable package's files are WOFF2 with a weight axis, and the font engine (@pdf-lib/fontkit)
// can neither subset WOFF2 (it copies glyph data as stored, and WOFF2 stores it transformed) nor
// make an instance of a WOFF2 font; the CJK fonts' default instance is also their thinnest
// weight. So each such file is converted here, with fontkit: its glyphs decoded point for point
// into a TrueType font that keeps the variation tables; of that, the instance at weight 400,
// every outline (composite glyphs flattened) written as a static TrueType font without the
// variation tables and hinting, packed as WOFF (zlib), which the engine reads and subsets. The
// substitution tables (GSUB, GDEF) are kept, so Arabic letters join and Devanagari conjuncts and
// vowel signs take their forms; pdf-lib draws each glyph at its advance without the positioning
// table's offsets, so a mark is where its outline puts it (right for the fonts' usual marks).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { deflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';

const root = fileURLToPath(new URL('..', import.meta.url));
export const outDir = join(root, 'functions', 'dev', 'pdf-fonts');
const modules = join(root, 'node_modules');

/**
 * The font files, in the order a letter is looked up: the first that has it draws it. `only`
 * keeps a file's letters to some blocks (Korean files lend Hangul only: Chinese characters come
 * from the Chinese font); `except` takes blocks away (the Chinese font's few Hangul syllables
 * would mix with the Korean font's in one name).
 */
const HANGUL = [
  [0x1100, 0x11ff],
  [0x3130, 0x318f],
  [0xa960, 0xa97f],
  [0xac00, 0xd7ff],
];
const SOURCES = [
  {
    name: 'noto-sans',
    pkg: '@fontsource/noto-sans',
    files: ['latin', 'latin-ext', 'greek', 'cyrillic'].map(
      (subset) => `noto-sans-${subset}-400-normal.woff`,
    ),
  },
  {
    name: 'noto-sans-arabic',
    family: 'Noto Sans Arabic',
    pkg: '@fontsource-variable/noto-sans-arabic',
    files: ['noto-sans-arabic-arabic-wght-normal.woff2'],
  },
  {
    name: 'noto-sans-hebrew',
    family: 'Noto Sans Hebrew',
    pkg: '@fontsource-variable/noto-sans-hebrew',
    files: ['noto-sans-hebrew-hebrew-wght-normal.woff2'],
  },
  {
    name: 'noto-sans-devanagari',
    family: 'Noto Sans Devanagari',
    pkg: '@fontsource-variable/noto-sans-devanagari',
    files: ['noto-sans-devanagari-devanagari-wght-normal.woff2'],
  },
  {
    name: 'noto-sans-thai',
    family: 'Noto Sans Thai',
    pkg: '@fontsource-variable/noto-sans-thai',
    files: ['noto-sans-thai-thai-wght-normal.woff2'],
  },
  {
    name: 'noto-sans-sc',
    family: 'Noto Sans SC',
    pkg: '@fontsource-variable/noto-sans-sc',
    files: numbered('@fontsource-variable/noto-sans-sc', 'noto-sans-sc'),
    except: HANGUL,
  },
  {
    name: 'noto-sans-kr',
    family: 'Noto Sans KR',
    pkg: '@fontsource-variable/noto-sans-kr',
    files: numbered('@fontsource-variable/noto-sans-kr', 'noto-sans-kr'),
    only: HANGUL,
  },
];
/** Bold: Latin only (the invoice's own headings and totals); other letters of a bold line are drawn regular. */
const BOLD = {
  name: 'noto-sans-bold',
  pkg: '@fontsource/noto-sans',
  files: ['noto-sans-latin-700-normal.woff'],
};

/** A CJK package's numbered files (its unicode-range slices), in number order. */
function numbered(pkg, prefix) {
  const dir = join(modules, pkg, 'files');
  if (!existsSync(dir)) return [];
  const pattern = new RegExp(`^${prefix}-(\\d+)-wght-normal\\.woff2$`);
  return readdirSync(dir)
    .map((file) => [file, pattern.exec(file)?.[1]])
    .filter(([, number]) => number !== undefined)
    .sort((a, b) => Number(a[1]) - Number(b[1]))
    .map(([file]) => file);
}

const inBlocks = (code, blocks) => blocks.some(([from, to]) => code >= from && code <= to);

/** Code points as ranges "20-7e,a0-ff" (hex), the compact form the index keeps. */
function ranges(codes) {
  const sorted = [...codes].sort((a, b) => a - b);
  const parts = [];
  let start = sorted[0];
  let end = start;
  for (const code of sorted.slice(1)) {
    if (code === end + 1) end = code;
    else {
      parts.push(start === end ? start.toString(16) : `${start.toString(16)}-${end.toString(16)}`);
      start = end = code;
    }
  }
  if (start !== undefined)
    parts.push(start === end ? start.toString(16) : `${start.toString(16)}-${end.toString(16)}`);
  return parts.join(',');
}

// ---- TrueType / WOFF writing ----------------------------------------------------------------

const KEEP = ['cmap', 'head', 'hhea', 'maxp', 'OS/2', 'name', 'post', 'GSUB', 'GPOS', 'GDEF'];

function tableBytes(font, tag) {
  const entry = font.directory.tables[tag];
  if (!entry) return undefined;
  const stream = font._getTableStream(tag);
  return Buffer.from(stream.readBuffer(entry.length));
}

/**
 * A simple TrueType glyph record of `points` (x, y, on the curve or not, last of its contour),
 * without instructions and with every coordinate in two bytes: WOFF's zlib packs them.
 */
function simpleGlyph(points) {
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const ends = points.flatMap((point, index) => (point.endContour ? [index] : []));
  const data = Buffer.alloc(10 + 2 * ends.length + 2 + points.length * 5);
  data.writeInt16BE(ends.length, 0);
  [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].forEach((value, at) =>
    data.writeInt16BE(value, 2 + 2 * at),
  );
  let at = 10;
  for (const end of ends) at = data.writeUInt16BE(end, at);
  at = data.writeUInt16BE(0, at); // no instructions
  for (const point of points) at = data.writeUInt8(point.onCurve ? 1 : 0, at);
  let last = 0;
  for (const x of xs) {
    at = data.writeInt16BE(x - last, at);
    last = x;
  }
  last = 0;
  for (const y of ys) {
    at = data.writeInt16BE(y - last, at);
    last = y;
  }
  return data;
}

/**
 * The points of a TrueType outline as fontkit draws it (moves, lines, quadratic curves; each
 * contour closed), rounded to whole units.
 */
function pathPoints(path) {
  const points = [];
  const end = () => {
    const last = points.at(-1);
    if (last) last.endContour = true;
  };
  for (const { command, args } of path.commands) {
    const [a, b, c, d] = args.map(Math.round);
    if (command === 'moveTo') {
      end();
      points.push({ x: a, y: b, onCurve: true });
    } else if (command === 'lineTo') points.push({ x: a, y: b, onCurve: true });
    else if (command === 'quadraticCurveTo') {
      points.push({ x: a, y: b, onCurve: false }, { x: c, y: d, onCurve: true });
    } else if (command !== 'closePath') throw new Error(`unexpected outline command ${command}`);
  }
  end();
  return points;
}

/**
 * A name table for the instance: the family as `family`, subfamily Regular (the variable files
 * call their default instance by its weight, "Noto Sans SC Thin"), with the original copyright,
 * version and license address.
 */
function nameTable(source, family) {
  const records = source.name.records;
  const english = (key) => {
    const values = records[key];
    return values ? (values.en ?? Object.values(values)[0]) : undefined;
  };
  const postscript = `${family.replace(/ /g, '')}-Regular`;
  const version = english('version') ?? 'Version 1.0';
  const names = [
    [0, english('copyright')],
    [1, family],
    [2, 'Regular'],
    [3, `${version};${postscript}`],
    [4, `${family} Regular`],
    [5, version],
    [6, postscript],
    [14, english('licenseURL')],
  ].filter(([, value]) => value);
  const strings = names.map(([, value]) => Buffer.from(value, 'utf16le').swap16());
  const header = Buffer.alloc(6 + 12 * names.length);
  header.writeUInt16BE(names.length, 2);
  header.writeUInt16BE(header.length, 4);
  let offset = 0;
  names.forEach(([id], index) => {
    const at = 6 + 12 * index;
    header.writeUInt16BE(3, at); // Windows
    header.writeUInt16BE(1, at + 2); // Unicode BMP
    header.writeUInt16BE(0x409, at + 4); // English
    header.writeUInt16BE(id, at + 6);
    header.writeUInt16BE(strings[index].length, at + 8);
    header.writeUInt16BE(offset, at + 10);
    offset += strings[index].length;
  });
  return Buffer.concat([header, ...strings]);
}

/**
 * A static TrueType font from `font` (fontkit, any format): each glyph's outline as fontkit gives
 * it (with the variation applied when `font` is an instance), composites flattened, no hinting.
 */
function staticTrueType(font, source, family) {
  const glyphs = [];
  const metrics = [];
  let maxPoints = 0;
  let maxContours = 0;
  for (let id = 0; id < font.numGlyphs; id++) {
    const glyph = font.getGlyph(id);
    const points = pathPoints(glyph.path);
    const data = points.length === 0 ? Buffer.alloc(0) : simpleGlyph(points);
    if (points.length > 0) {
      maxContours = Math.max(maxContours, data.readInt16BE(0));
      maxPoints = Math.max(maxPoints, points.length);
    }
    glyphs.push(Buffer.concat([data, Buffer.alloc(data.length % 2)]));
    metrics.push([
      Math.round(glyph.advanceWidth),
      points.length === 0 ? 0 : Math.min(...points.map((point) => point.x)),
    ]);
  }
  const loca = Buffer.alloc(4 * (glyphs.length + 1));
  let offset = 0;
  glyphs.forEach((data, index) => {
    loca.writeUInt32BE(offset, 4 * index);
    offset += data.length;
  });
  loca.writeUInt32BE(offset, 4 * glyphs.length);
  const hmtx = Buffer.alloc(4 * metrics.length);
  metrics.forEach(([advance, bearing], index) => {
    hmtx.writeUInt16BE(advance, 4 * index);
    hmtx.writeInt16BE(bearing, 4 * index + 2);
  });
  const tables = { glyf: Buffer.concat(glyphs), loca, hmtx };
  for (const tag of KEEP) {
    const bytes = tableBytes(source, tag);
    if (bytes) tables[tag] = bytes;
  }
  if (!tables.cmap || !tables.head || !tables.hhea || !tables.maxp) {
    throw new Error(`${font.postscriptName}: a table the PDF needs is missing`);
  }
  tables.head.writeUInt32BE(0, 8); // checksum adjustment: not checked by PDF readers
  tables.head.writeInt16BE(1, 50); // long loca offsets
  tables.hhea.writeUInt16BE(metrics.length, 34); // every glyph has its own metrics
  tables.hhea.writeUInt16BE(Math.max(...metrics.map(([advance]) => advance)), 10);
  if (tables.maxp.readUInt32BE(0) === 0x00010000) {
    tables.maxp.writeUInt16BE(maxPoints, 6);
    tables.maxp.writeUInt16BE(maxContours, 8);
    for (const at of [10, 12, 28, 30]) tables.maxp.writeUInt16BE(0, at); // no composites left
  }
  tables.name = nameTable(source, family);
  if (tables.post) {
    // Version 3: no glyph names (CJK fonts name tens of thousands of glyphs).
    tables.post = Buffer.from(tables.post.subarray(0, 32));
    tables.post.writeUInt32BE(0x00030000, 0);
  }
  return tables;
}

function checksum(data) {
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  let sum = 0;
  for (let at = 0; at < padded.length; at += 4) sum = (sum + padded.readUInt32BE(at)) >>> 0;
  return sum;
}

/** The tables as a WOFF 1 file (each table zlib-compressed where that makes it smaller). */
function woff(tables) {
  const tags = Object.keys(tables).sort();
  const pad = (length) => (4 - (length % 4)) % 4;
  const entries = tags.map((tag) => {
    const data = tables[tag];
    const compressed = deflateSync(data, { level: 9 });
    const stored = compressed.length < data.length ? compressed : data;
    return { tag, data, stored };
  });
  const headerSize = 44 + 20 * tags.length;
  let offset = headerSize;
  const sfntSize =
    12 +
    16 * tags.length +
    entries.reduce((sum, { data }) => sum + data.length + pad(data.length), 0);
  const directory = Buffer.alloc(20 * tags.length);
  entries.forEach(({ tag, data, stored }, index) => {
    directory.write(tag.padEnd(4, ' '), 20 * index, 'latin1');
    directory.writeUInt32BE(offset, 20 * index + 4);
    directory.writeUInt32BE(stored.length, 20 * index + 8);
    directory.writeUInt32BE(data.length, 20 * index + 12);
    directory.writeUInt32BE(checksum(data), 20 * index + 16);
    offset += stored.length + pad(stored.length);
  });
  const header = Buffer.alloc(44);
  header.write('wOFF', 0, 'latin1');
  header.writeUInt32BE(0x00010000, 4);
  header.writeUInt32BE(offset, 8);
  header.writeUInt16BE(tags.length, 12);
  header.writeUInt32BE(sfntSize, 16);
  header.writeUInt16BE(1, 20);
  const body = entries.flatMap(({ stored }) => [stored, Buffer.alloc(pad(stored.length))]);
  return Buffer.concat([header, directory, ...body]);
}

/** The tables as a TrueType (sfnt) file. */
function sfnt(tables) {
  const tags = Object.keys(tables).sort();
  const pad = (length) => (4 - (length % 4)) % 4;
  const header = Buffer.alloc(12 + 16 * tags.length);
  header.writeUInt32BE(0x00010000, 0);
  header.writeUInt16BE(tags.length, 4);
  const power = 2 ** Math.floor(Math.log2(tags.length));
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(tags.length * 16 - power * 16, 10);
  let offset = header.length;
  const body = [];
  tags.forEach((tag, index) => {
    const data = tables[tag];
    header.write(tag.padEnd(4, ' '), 12 + 16 * index, 'latin1');
    header.writeUInt32BE(checksum(data), 12 + 16 * index + 4);
    header.writeUInt32BE(offset, 12 + 16 * index + 8);
    header.writeUInt32BE(data.length, 12 + 16 * index + 12);
    body.push(data, Buffer.alloc(pad(data.length)));
    offset += data.length + pad(data.length);
  });
  return Buffer.concat([header, ...body]);
}

/**
 * A WOFF2 font (fontkit) as a TrueType file with every table, the variation tables too: the
 * glyph outlines decoded from WOFF2's transformed form into plain TrueType glyph records, point
 * for point, so the variations still apply to them.
 */
function woff2ToTrueType(font) {
  font.getGlyph(0); // decodes the transformed glyph table
  const decoded = font._transformedGlyphs;
  const glyphs = decoded.map((glyph, id) => {
    if (glyph.numberOfContours > 0) return simpleGlyph(glyph.points);
    if (glyph.numberOfContours < 0) {
      const box = font.getGlyph(id).bbox;
      const parts = [Buffer.alloc(10)];
      parts[0].writeInt16BE(-1, 0);
      [box.minX, box.minY, box.maxX, box.maxY].forEach((value, at) =>
        parts[0].writeInt16BE(Math.round(value), 2 + 2 * at),
      );
      glyph.components.forEach((component, index) => {
        const more = index < glyph.components.length - 1 ? 0x20 : 0;
        const twoByTwo = component.scale01 !== 0 || component.scale10 !== 0;
        const xAndY = !twoByTwo && component.scaleX !== component.scaleY;
        const scale = !twoByTwo && !xAndY && component.scaleX !== 1;
        const scales = twoByTwo
          ? [component.scaleX, component.scale01, component.scale10, component.scaleY]
          : xAndY
            ? [component.scaleX, component.scaleY]
            : scale
              ? [component.scaleX]
              : [];
        const record = Buffer.alloc(8 + 2 * scales.length);
        const flags = 0x1 | 0x2 | more | (twoByTwo ? 0x80 : xAndY ? 0x40 : scale ? 0x8 : 0);
        record.writeUInt16BE(flags, 0);
        record.writeUInt16BE(component.glyphID, 2);
        record.writeInt16BE(component.dx, 4);
        record.writeInt16BE(component.dy, 6);
        scales.forEach((value, at) => record.writeInt16BE(Math.round(value * 16384), 8 + 2 * at));
        parts.push(record);
      });
      return Buffer.concat(parts);
    }
    return Buffer.alloc(0);
  });
  const padded = glyphs.map((data) => Buffer.concat([data, Buffer.alloc(data.length % 2)]));
  const loca = Buffer.alloc(4 * (padded.length + 1));
  let offset = 0;
  padded.forEach((data, index) => {
    loca.writeUInt32BE(offset, 4 * index);
    offset += data.length;
  });
  loca.writeUInt32BE(offset, 4 * padded.length);
  const tables = { glyf: Buffer.concat(padded), loca };
  for (const [tag, entry] of Object.entries(font.directory.tables)) {
    if (tag === 'glyf' || tag === 'loca' || tag === 'DSIG') continue;
    if (entry.transformed) throw new Error(`${font.postscriptName}: ${tag} is transformed`);
    tables[tag] = tableBytes(font, tag);
  }
  tables.head.writeInt16BE(1, 50); // long loca offsets
  return sfnt(tables);
}

/** The file as the PDF embeds it: WOFF 1 as it is, a variable WOFF2 converted at weight 400. */
function converted(bytes, family) {
  const font = fontkit.create(bytes);
  if (!bytes.subarray(0, 4).equals(Buffer.from('wOF2'))) return { font, bytes };
  const trueType = fontkit.create(woff2ToTrueType(font));
  const instance = trueType.variationAxes.wght ? trueType.getVariation({ wght: 400 }) : trueType;
  const out = woff(staticTrueType(instance, trueType, family));
  return { font: fontkit.create(out), bytes: out };
}

// ---- the folder ---------------------------------------------------------------------------------

const version = (pkg) =>
  existsSync(join(modules, pkg, 'package.json'))
    ? JSON.parse(readFileSync(join(modules, pkg, 'package.json'), 'utf8')).version
    : 'absent';

/** What the folder is made from: this script and the packages' versions. */
function stamp() {
  const hash = createHash('sha256').update(readFileSync(fileURLToPath(import.meta.url)));
  for (const { pkg } of [...SOURCES, BOLD]) hash.update(`${pkg}@${version(pkg)}\n`);
  return hash.digest('hex');
}

const stampFile = join(outDir, 'stamp.txt');

/** Whether the folder is what the packages give. */
export function pdfFontsAreCurrent() {
  return existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp();
}

/** Writes the folder when it is not current; answers whether it did. */
export function writePdfFonts() {
  if (pdfFontsAreCurrent()) return false;
  const missing = [...SOURCES, BOLD].filter(({ pkg }) => version(pkg) === 'absent');
  if (missing.length > 0) {
    throw new Error(`pdf-fonts: install ${missing.map(({ pkg }) => pkg).join(', ')} (npm ci)`);
  }
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const entry = (source, file, index) => {
    const { font, bytes } = converted(
      readFileSync(join(modules, source.pkg, 'files', file)),
      source.family,
    );
    const codes = font.characterSet.filter(
      (code) =>
        code >= 0x20 &&
        (!source.only || inBlocks(code, source.only)) &&
        (!source.except || !inBlocks(code, source.except)),
    );
    if (codes.length === 0) return undefined;
    const module = source.files.length > 1 ? `${source.name}-${index}` : source.name;
    writeFileSync(
      join(outDir, `${module}.ts`),
      `// Generated by scripts/pdf-fonts.mjs from ${source.pkg}/files/${file} (SIL Open Font License 1.1).\n` +
        `export default '${bytes.toString('base64')}';\n`,
    );
    return `  { letters: '${ranges(codes)}', load: () => import('./${module}') },`;
  };
  const list = (sources) =>
    sources
      .flatMap((source) => source.files.map((file, index) => entry(source, file, index)))
      .filter(Boolean)
      .join('\n');
  writeFileSync(
    join(outDir, 'index.ts'),
    `// Generated by scripts/pdf-fonts.mjs from the @fontsource Noto packages: do not edit.\n` +
      `/** A font file: the letters it has (hex code point ranges) and its bytes as base64, loaded when asked. */\n` +
      `export interface FontFile {\n  letters: string;\n  load: () => Promise<{ default: string }>;\n}\n\n` +
      `/** Regular, in the order to try them: the first file that has a letter draws it. */\n` +
      `export const regular: readonly FontFile[] = [\n${list(SOURCES)}\n];\n\n` +
      `/** Bold: Latin only. */\n` +
      `export const bold: readonly FontFile[] = [\n${list([BOLD])}\n];\n`,
  );
  writeFileSync(stampFile, stamp());
  return true;
}

// Run only as a script, so the build, vitest and Astro's config can import writePdfFonts.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now();
  const wrote = writePdfFonts();
  console.log(
    wrote
      ? `pdf-fonts: wrote ${readdirSync(outDir).length - 2} fonts to ${dirname(join(outDir, 'x')).slice(root.length)}/ in ${Date.now() - started} ms`
      : 'pdf-fonts: up to date',
  );
}
