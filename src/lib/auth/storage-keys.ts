/**
 * Where the browser keeps a session (storage.ts reads and writes them). One export per key, so a
 * bundle that only asks whether anything is stored carries the names without storage.ts's parser.
 */
export const USER_KEY = 'user';
/** Session expiry as milliseconds since the epoch. */
export const TOKEN_EXPIRATION_KEY = 'tokenExpiration';
export const REMEMBERED_EMAIL_KEY = 'rememberedEmail';
