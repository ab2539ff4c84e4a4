/**
 * What every name a person types must be — a customer's, a contact's, a device's, a passkey's, an
 * organization's: one plain line that shows something (../plain-text.ts). Each schema keeps its
 * own length and "empty" texts and adds these two checks through `plainName`.
 */
import type { z } from 'zod';
// Explicit .ts extensions: the reference client runs the contract under plain Node.
import { Messages } from '../messages.ts';
import { hasVisibleText, isPlainLine } from '../plain-text.ts';

/** `name` (trimmed, with its lengths) refusing line breaks and names that show nothing. */
export function plainName(name: z.ZodString, notPlain: string = Messages.nameNotPlain) {
  return name.refine(isPlainLine, notPlain).refine(hasVisibleText, Messages.nameInvisible);
}
