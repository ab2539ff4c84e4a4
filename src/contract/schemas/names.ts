/**
 * What every name a person types must be — a customer's, a contact's, a device's, a passkey's, an
 * organization's: one plain line that shows something (../plain-text.ts). Each schema keeps its
 * own length and "empty" texts and adds these two checks through `plainName`.
 */
import type { z } from 'zod';
// Explicit .ts extensions: the reference client runs the contract under plain Node.
import { Messages } from '../messages.ts';
import { hasVisibleText, isPlainLine } from '../plain-text.ts';
import { trimmedPattern } from './patterns.ts';

/** One character `isPlainLine` allows, as a JSON Schema character class. */
export const PLAIN_LINE_CHAR =
  '[^\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069]';
/** `isPlainLine` as a JSON Schema pattern: none of the characters it refuses. */
const PLAIN_LINE_PATTERN = `^${PLAIN_LINE_CHAR}*$`;

/** `name` (trimmed, with its lengths) refusing line breaks and names that show nothing. */
export function plainName(name: z.ZodString, notPlain: string = Messages.nameNotPlain) {
  const { minLength, maxLength } = name;
  return (
    name
      .refine(isPlainLine, notPlain)
      .refine(hasVisibleText, Messages.nameInvisible)
      // The document says what isPlainLine refuses: control characters, line and paragraph
      // separators, bidirectional overrides (spelled as ranges, which every JSON Schema tool
      // reads), and, as the name is trimmed first, its lengths once trimmed.
      .meta({
        pattern:
          maxLength === null
            ? PLAIN_LINE_PATTERN
            : trimmedPattern(Math.max(1, minLength ?? 1), maxLength, PLAIN_LINE_CHAR),
      })
  );
}
