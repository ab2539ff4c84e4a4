/**
 * Names (a customer's, a device's, a Google profile's) are shown on pages and written into
 * e-mails from our domain, so they must read as one plain line: no line breaks or other control
 * characters, no Unicode line separators, and no bidirectional overrides that can make text read
 * differently from what it holds.
 */
const UNSAFE = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'gu');

/** True when `text` is one plain line (see the file comment). */
export function isPlainLine(text: string): boolean {
  return !UNSAFE.test(text);
}

/** `text` made one plain line: unsafe characters become spaces, runs of spaces one, trimmed. */
export function toPlainLine(text: string): string {
  return text.replace(UNSAFE_ALL, ' ').replace(/\s+/g, ' ').trim();
}
