/**
 * Answers of the passkey routes (Account Settings, /login, confirming it is you). Shapes, not
 * zod: islands check these answers (see shape.ts).
 */
import { array, boolean, integer, nullable, object, string, unknown, type Infer } from './shape.ts';

/** One passkey of the account, as Account Settings lists it (times in ms since the epoch). */
export const passkeySchema = object({
  id: string,
  name: string,
  createdAt: integer,
  lastUsedAt: nullable(integer),
  /** Synced between the owner's devices (a password manager's or the platform's passkey). */
  backedUp: boolean,
});
export type Passkey = Infer<typeof passkeySchema>;

/** GET /api/passkeys: the account's passkeys, newest first, and how many it may keep. */
export const passkeyListSchema = object({ passkeys: array(passkeySchema), max: integer });
export type PasskeyList = Infer<typeof passkeyListSchema>;

/**
 * POST /api/passkeys/…/options: the ceremony's id (sent back with the browser's answer) and the
 * options for @simplewebauthn/browser (`optionsJSON`). Adding one also suggests a name ("Chrome on
 * macOS") from the browser's user agent.
 */
export const passkeyOptionsSchema = object({ challengeId: string, options: unknown });
export type PasskeyOptions<T = unknown> = { challengeId: string; options: T };
export const registrationOptionsSchema = object({
  challengeId: string,
  options: unknown,
  suggestedName: string,
});
export type RegistrationOptions<T = unknown> = PasskeyOptions<T> & { suggestedName: string };
