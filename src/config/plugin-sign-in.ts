/**
 * Signing the plugin in from its ribbon (the OAuth device authorization grant) and the token it
 * gets (`pluginSignIn` of src/site.config.ts). One export per value, like the other config files.
 */

/** The one client: the desktop plugin, a public client (it holds no secret). */
export const clientId = 'sheetwright-plugin';
/** How the approval page and Usage & Sessions name that client. */
export const clientName = 'Sheetwright plugin';
/** The one scope: manage the account's licenses and devices, nothing else. */
export const scope = 'licenses';
/** A device code (and its user code) is good for this long after the plugin asked. */
export const deviceCodeSeconds = 600;
/** The plugin polls the token endpoint at most this often. */
export const pollIntervalSeconds = 5;
/** Added to the interval each time the plugin polls too fast (slow_down). */
export const slowDownStepSeconds = 5;
/** An access token works this long; the refresh token gets the next one. */
export const accessTokenSeconds = 3600;
/** A refresh token unused this long ends the sign-in (each refresh starts the count again). */
export const refreshTokenDays = 90;
/**
 * A refresh token presented again this soon after it was replaced, by the same client, is a
 * retry (a lost answer, calls racing each other): it gets the same new pair. Later, it is a copy
 * someone else holds, and the sign-in ends.
 */
export const refreshRetrySeconds = 10;
/**
 * The user code's letters: consonants only, so no word is spelled and nothing looks alike (no
 * vowels, no 0/O, 1/I/L pairs since there are no digits); shown as XXXX-XXXX.
 */
export const userCodeAlphabet = 'BCDFGHJKLMNPQRSTVWXZ';
export const userCodeLength = 8;
