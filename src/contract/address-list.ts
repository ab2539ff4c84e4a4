/**
 * Lists of e-mail addresses the owner pastes or uploads on the team page, read the same way by
 * the island (to count them before sending) and by the Worker (to invite them): POST
 * /api/team/invitations/bulk. No schema library: the team page's bundle loads this on first use.
 *
 * - Entries are separated by commas, semicolons, spaces and new lines, except inside "…" and <…>,
 *   so `Ann Lee <ann@firm.example>` and `"Lee, Ann" <ann@firm.example>` are one entry each.
 * - An entry is an address when the address it holds (the part in <…>, else the whole) passes
 *   `emailRule`; it is compared trimmed and lower-case.
 * - The same address twice (case aside) is listed once, in its first place, and reported once as
 *   a duplicate.
 */
// Explicit .ts extensions: the reference client runs the contract under plain Node.
import { limits } from '../site.config.ts';
import { emailRule, normalizeEmail } from './rules.ts';

/** Addresses invited in one go at most; a longer list is refused whole. */
export const bulkInviteMax = limits.bulkInviteMax;

/** One entry of a list: what was written, and its address (lower-case) or null when it has none. */
export interface ListedEntry {
  input: string;
  email: string | null;
}

/** A list read: its entries in their first place, and each address given more than once (once). */
export interface AddressList {
  entries: ListedEntry[];
  duplicates: string[];
}

const hardSeparator = /[,;\n\r]/;
const space = /\s/;

/** The pasted text as entries, in the order written (names kept with their <address>). */
export function splitAddressList(text: string): string[] {
  const entries: string[] = [];
  // Pieces of a name waiting for its <address> ("Ann", "Lee", or a quoted "Lee, Ann").
  let names: string[] = [];
  // The bare address just written in this segment: `ann@x <ann@x>` is one entry, not two.
  let bare = null as string | null;
  let word = '';

  const flushNames = () => {
    if (names.length > 0) entries.push(names.join(' '));
    names = [];
  };
  const endWord = () => {
    if (!word) return;
    if (word.includes('@')) {
      flushNames();
      entries.push(word);
      bare = word;
    } else {
      names.push(word);
      bare = null;
    }
    word = '';
  };

  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (char === '"' || char === '<') {
      endWord();
      const close = text.indexOf(char === '"' ? '"' : '>', i + 1);
      const end = close < 0 ? text.length : close + 1;
      const piece = text.slice(i, end);
      i = end - 1;
      if (char === '"') {
        names.push(piece);
        bare = null;
        continue;
      }
      const inside = piece.replace(/^<|>$/g, '').trim().toLowerCase();
      if (names.length === 0 && bare !== null && bare.toLowerCase() === inside) {
        bare = null;
        continue;
      }
      entries.push([...names, piece].join(' '));
      names = [];
      bare = null;
    } else if (hardSeparator.test(char)) {
      endWord();
      flushNames();
      bare = null;
    } else if (space.test(char)) {
      endWord();
    } else {
      word += char;
    }
  }
  endWord();
  flushNames();
  return entries;
}

/** The address an entry holds (`a@b`, `Name <a@b>`, `"Last, First" <a@b>`), or null. */
export function readAddress(entry: string): string | null {
  const open = entry.lastIndexOf('<');
  const close = entry.lastIndexOf('>');
  let candidate = entry;
  if (open >= 0) {
    // Nothing may follow the <address>, and it must be closed.
    if (close < open || entry.slice(close + 1).trim()) return null;
    candidate = entry.slice(open + 1, close);
  }
  const email = normalizeEmail(candidate);
  return emailRule(email) === null ? email : null;
}

/**
 * The entries read, without empty ones and without repeats. `identity` says when two addresses
 * are the same (the Worker also folds what a provider ignores, such as Gmail's dots and +tags).
 */
export function collectAddresses(
  entries: readonly string[],
  identity: (email: string) => string = (email) => email,
): AddressList {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  const list: ListedEntry[] = [];
  const duplicates: string[] = [];
  for (const raw of entries) {
    const input = raw.trim();
    if (!input) continue;
    const email = readAddress(input);
    const key = email === null ? `\0${input.toLowerCase()}` : identity(email);
    if (seen.has(key)) {
      if (!repeated.has(key)) duplicates.push(email ?? input);
      repeated.add(key);
      continue;
    }
    seen.add(key);
    list.push({ input, email });
  }
  return { entries: list, duplicates };
}

/** Pasted text read at once: `collectAddresses(splitAddressList(text))`. */
export function readAddressList(text: string): AddressList {
  return collectAddresses(splitAddressList(text));
}

/**
 * Rows of a CSV file: fields quoted with "…" may hold the delimiter, new lines and "" for a quote;
 * lines end in CRLF or LF; a leading byte-order mark is dropped. The delimiter is a comma, or a
 * semicolon when the first line has more of those (spreadsheets in many countries save so).
 */
export function parseCsv(text: string): string[][] {
  const source = text.replace(/^\uFEFF/, '');
  const firstLine = source.split(/\r?\n/, 1)[0]?.replace(/"[^"]*"/g, '') ?? '';
  const count = (char: string) => firstLine.split(char).length - 1;
  const delimiter = count(';') > count(',') ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i]!;
    if (quoted) {
      if (char !== '"') field += char;
      else if (source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === delimiter) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field || row.length > 0) rows.push([...row, field]);
  // Blank lines are no rows.
  return rows.filter((cells) => cells.some((cell) => cell.trim()));
}

/** A header naming the e-mail column: "Email", "E-mail", "E-mail address", any case. */
const emailHeader = /^e[-\s]?mail(\s*address(es)?)?$/i;

/** What a CSV file gives the invite list. */
export type CsvAddresses =
  | { ok: true; entries: string[] }
  /** No column holds an address. */
  | { ok: false; problem: 'no-column' }
  /** More rows with an entry than `bulkInviteMax`. */
  | { ok: false; problem: 'too-many'; rows: number };

/**
 * The entries of a CSV file's e-mail column: the column whose header is e-mail (see `emailHeader`),
 * else the first column holding an address (its first row is a header unless it is an address).
 * Empty cells are skipped; over `bulkInviteMax` rows is refused whole.
 */
export function addressesFromCsv(text: string): CsvAddresses {
  const rows = parseCsv(text);
  const header = rows[0] ?? [];
  let column = header.findIndex((cell) => emailHeader.test(cell.trim()));
  let body = rows.slice(1);
  if (column < 0) {
    const width = Math.max(0, ...rows.map((cells) => cells.length));
    for (let index = 0; index < width && column < 0; index += 1) {
      if (rows.some((cells) => readAddress(cells[index] ?? '') !== null)) column = index;
    }
    if (column < 0) return { ok: false, problem: 'no-column' };
    if (readAddress(header[column] ?? '') !== null) body = rows;
  }
  const entries = body.map((cells) => (cells[column] ?? '').trim()).filter(Boolean);
  if (entries.length > bulkInviteMax)
    return { ok: false, problem: 'too-many', rows: entries.length };
  return { ok: true, entries };
}
