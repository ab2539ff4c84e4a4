/**
 * Texts of the plugin's sign-in from its ribbon: the OAuth answers' `error_description`s (read by
 * the plugin and shown to developers) and what /activate shows. One export each, so the page's
 * bundle carries only the texts it reads.
 */

// The OAuth endpoints' error descriptions.
export const formRequired = 'Send the parameters as application/x-www-form-urlencoded.';
export const repeatedParameter = 'Each parameter may be sent once.';
export const unknownClient = 'Unknown client_id.';
export const unknownScope = 'The only scope is "licenses".';
export const missingGrantType = 'grant_type is required.';
export const unsupportedGrantType =
  'Use urn:ietf:params:oauth:grant-type:device_code or refresh_token.';
export const authorizationPending = 'The sign-in has not been approved yet.';
export const slowDown = 'Polling too fast: wait longer between requests.';
export const accessDenied = 'The sign-in was denied on the website.';
export const expiredToken = 'The code expired. Start the sign-in again.';
export const deviceCodeInvalid = 'The device code is unknown or was already used.';
export const refreshTokenInvalid = 'The refresh token is unknown, expired or revoked.';
export const tokenRequired = 'token is required.';

// The plugin API, with a token that cannot be used.
export const pluginTokenInvalid = 'Sign in to your account from the plugin again.';

// /activate.
export const activateTitle = 'Sign in to the plugin';
export const activateIntro =
  'The Sheetwright plugin is waiting for your approval. Enter the code it shows to let it manage your licenses on that computer.';
/** /activate without a session, and /login on the way back to it: a plugin is waiting. */
export const waitingSignedOut =
  'The Sheetwright plugin is waiting for you to sign in. Log in to your account to approve it; you will come straight back here.';
export const logInToContinue = 'Log in to continue';
export const loginWaiting =
  'The Sheetwright plugin is waiting: log in to approve its sign-in on your computer.';
export const codeLabel = 'Code from the plugin';
export const codeHint = 'The 8 letters the plugin shows.';
export const codeMalformed = 'Enter the 8 letters the plugin shows, for example BCDF-GHJK.';
export const continueLabel = 'Continue';
export const checkingLabel = 'Checking…';
export const codeUnknown = 'This code is not valid. Check it in the plugin, or start again there.';
export const codeExpired = 'This code has expired. Start the sign-in again in the plugin.';
export const codeDecided = 'This code has already been used.';
export const confirmTitle = 'Allow this plugin to manage your licenses?';
export const confirmApp = 'App';
export const confirmDevice = 'Computer';
export const confirmDeviceId = 'Device id';
export const confirmAccount = 'Account';
export const confirmRequested = 'Requested';
export const unnamedDevice = 'Not named by the plugin';
export const confirmReach =
  'It will be able to list your licenses and their devices, move this computer to another of your licenses and free a device. It cannot change your account, billing or password.';
export const confirmCheck = 'Only approve if you just started the sign-in in the plugin yourself.';
export const approveLabel = 'Approve';
export const denyLabel = 'Deny';
export const approvedTitle = 'The plugin is signed in';
export const approvedText =
  'Return to the plugin: it will continue by itself. You can sign it out any time on Usage & Sessions.';
export const deniedTitle = 'Sign-in denied';
export const deniedText =
  'The plugin was not signed in. If you did not start this sign-in, nothing else needs doing.';
export const usageLinkLabel = 'Usage & Sessions';
export const startOverLabel = 'Enter another code';
export const decisionFailed = 'Something went wrong. Please try again.';
