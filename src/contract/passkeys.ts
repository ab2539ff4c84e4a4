/**
 * Answers of the passkey routes (Account Settings, /login, confirming it is you), described by
 * their zod schemas (api/account-schemas.ts) and checked by src/generated/answers/.
 */
import type { AddPasskeyAnswer } from '../generated/answers/AddPasskeyAnswer';
import type { ListPasskeysAnswer } from '../generated/answers/ListPasskeysAnswer';

/** One passkey of the account, as Account Settings lists it (times in ms since the epoch). */
export type Passkey = AddPasskeyAnswer;

/** GET /api/passkeys: the account's passkeys, newest first, and how many it may keep. */
export type PasskeyList = ListPasskeysAnswer;

/**
 * POST /api/passkeys/…/options: the ceremony's id (sent back with the browser's answer) and the
 * options for @simplewebauthn/browser (`optionsJSON`). Adding one also suggests a name ("Chrome on
 * macOS") from the browser's user agent.
 */
export type PasskeyOptions<T = unknown> = { challengeId: string; options: T };
export type RegistrationOptions<T = unknown> = PasskeyOptions<T> & { suggestedName: string };
