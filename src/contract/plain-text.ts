/**
 * Names (a customer's, a device's, a passkey's, an organization's, a Google profile's) are shown
 * on pages and written into e-mails from our domain, so they must read as one plain line: no line
 * breaks or other control characters, no Unicode line separators, and no bidirectional overrides
 * that can make text read differently from what it holds. And a name must show something: one
 * made only of spaces and characters that draw nothing (zero-width space and joiners, word
 * joiner, byte-order mark, soft hyphen, variation selectors, the Braille blank…) names nobody.
 */
const UNSAFE = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'gu');

/**
 * What draws nothing on its own: white space of every kind, Unicode's default-ignorable code
 * points (the zero-width characters, joiners, BOM, fillers, variation selectors, tags), format
 * and control characters, combining marks with no letter to sit on, and the Braille blank.
 */
const INVISIBLE = /[\s\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\p{Mn}\p{Me}\u2800]/gu;

/** True when `text` is one plain line (see the file comment). */
export function isPlainLine(text: string): boolean {
  return !UNSAFE.test(text);
}

/** True when `text` has at least one character that shows (see the file comment). */
export function hasVisibleText(text: string): boolean {
  return text.replace(INVISIBLE, '').length > 0;
}

/**
 * `text` made one plain line: unsafe characters become spaces, runs of spaces one, trimmed; ''
 * when nothing in it shows.
 */
export function toPlainLine(text: string): string {
  const line = text.replace(UNSAFE_ALL, ' ').replace(/\s+/g, ' ').trim();
  return hasVisibleText(line) ? line : '';
}
