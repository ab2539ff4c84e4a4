/**
 * JSON Schema patterns for fields the Worker trims before checking, so the published document
 * accepts exactly what the server does: whitespace around the value is forgiven, and the lengths
 * count the trimmed value. `\s` is the whitespace `String.prototype.trim` removes.
 */

/**
 * A value of `min` to `max` characters once trimmed (min at least 1), each matching `char` (a
 * character class such as `[^\\u0000-\\u001F]`; any character by default).
 */
export function trimmedPattern(min: number, max: number, char = '[\\s\\S]'): string {
  // The first and last characters of the trimmed value are not whitespace.
  const edge = `(?!\\s)${char}`;
  const inner = `${char}{${Math.max(0, min - 2)},${max - 2}}`;
  const body = min <= 1 ? `${edge}(?:${inner}${edge})?` : `${edge}${inner}${edge}`;
  return `^\\s*${body}\\s*$`;
}
