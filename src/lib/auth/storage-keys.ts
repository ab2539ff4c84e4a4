/**
 * Where the browser keeps a session (storage.ts reads and writes them). One export per key, so a
 * bundle that only asks whether anything is stored carries the names without storage.ts's parser.
 */
export const USER_KEY = 'user';
/** Session expiry as milliseconds since the epoch. */
export const TOKEN_EXPIRATION_KEY = 'tokenExpiration';
export const REMEMBERED_EMAIL_KEY = 'rememberedEmail';
/**
 * A cookie, not storage: set (readable by scripts, holding only "1") when the login form signed
 * this browser in without JavaScript (functions/routes/login-form.ts). The session cookie then
 * exists while storage knows no user, so the guard (guard.ts) asks GET /api/me instead of leaving
 * for /login; the answer fills storage. Cleared with the session cookie.
 */
export const SIGNED_IN_HINT_COOKIE = '__Host-sw_signed_in';
