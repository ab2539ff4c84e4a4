/**
 * The signed-in account's own calls (My Account and Account Settings), declared once: the Worker
 * mounts its handlers on these (functions/routes/account.ts, download.ts) and the OpenAPI
 * document (document.ts) publishes them. Each needs the account's session. Paths are relative
 * to `/api`.
 */
import { changePasswordSchema, setPasswordSchema } from '../schemas/auth';
import { usageSharingBodySchema } from '../schemas/usage-dashboard';
import { accountLicenseSchema, messageResponseSchema, usageSharingSchema } from './account-schemas';
import { readErrors, sessionSecurity, writeErrors } from './dashboard-routes';
import { bodyErrors, declareRoute, errorAnswers, jsonAnswer, jsonRequest } from './describe';

const accountTag = ['Account'];

export const changePasswordRoute = declareRoute({
  method: 'post',
  path: '/change-password',
  operationId: 'changePassword',
  tags: accountTag,
  summary: 'Change the password',
  description:
    'The current password proves it is the owner; an account with an authenticator app or a passkey must also have confirmed it is them recently. Wrong passwords count on the sign-in budget of the e-mail. This session stays signed in; the others end.',
  security: sessionSecurity,
  request: jsonRequest(changePasswordSchema),
  get responses() {
    return {
      200: jsonAnswer(messageResponseSchema, 'The password is changed.'),
      ...errorAnswers(
        ...bodyErrors,
        ...writeErrors,
        'WEAK_PASSWORD',
        'CURRENT_PASSWORD_WRONG',
        'FRESH_VERIFICATION_REQUIRED',
        'NO_PASSWORD_TO_CHANGE',
        'TOO_MANY_ATTEMPTS',
      ),
    };
  },
});

export const setPasswordRoute = declareRoute({
  method: 'post',
  path: '/set-password',
  operationId: 'setFirstPassword',
  tags: accountTag,
  summary: 'Set a first password',
  description:
    'For an account that signs in with Google only, after a recent proof of who is at the keyboard (signing in again, or its second factor). It may then sign in with either.',
  security: sessionSecurity,
  request: jsonRequest(setPasswordSchema),
  get responses() {
    return {
      200: jsonAnswer(messageResponseSchema, 'The password is set.'),
      ...errorAnswers(
        ...bodyErrors,
        ...writeErrors,
        'WEAK_PASSWORD',
        'FRESH_VERIFICATION_REQUIRED',
        'PASSWORD_ALREADY_SET',
      ),
    };
  },
});

export const accountLicenseRoute = declareRoute({
  method: 'get',
  path: '/account/license',
  operationId: 'getAccountLicense',
  tags: accountTag,
  summary: 'Devices and renewal of the license',
  description:
    "The current license's active devices against its limit, and whether a card subscription renews or ends, and when.",
  security: sessionSecurity,
  get responses() {
    return {
      200: jsonAnswer(accountLicenseSchema, 'The license summary.'),
      ...errorAnswers(...readErrors),
    };
  },
});

export const usageSharingRoute = declareRoute({
  method: 'get',
  path: '/account/usage-sharing',
  operationId: 'getUsageSharing',
  tags: accountTag,
  summary: 'Whether feature usage is shared',
  description:
    'Account Settings\' "Share feature usage": whether the plugin sends its daily counts.',
  security: sessionSecurity,
  get responses() {
    return {
      200: jsonAnswer(usageSharingSchema, 'The setting.'),
      ...errorAnswers(...readErrors),
    };
  },
});

export const setUsageSharingRoute = declareRoute({
  method: 'patch',
  path: '/account/usage-sharing',
  operationId: 'setUsageSharing',
  tags: accountTag,
  summary: 'Share feature usage, or stop',
  description:
    "Turns the plugin's usage reports on or off; the plugin learns it at its next license check.",
  security: sessionSecurity,
  request: jsonRequest(usageSharingBodySchema),
  get responses() {
    return {
      200: jsonAnswer(usageSharingSchema, 'Changed, with a `message`.'),
      ...errorAnswers(...bodyErrors, ...writeErrors),
    };
  },
});

export const deleteAccountRoute = declareRoute({
  method: 'delete',
  path: '/delete',
  operationId: 'deleteAccount',
  tags: accountTag,
  summary: 'Delete the account',
  description:
    'Schedules the account for deletion: every session and plugin sign-in ends, a card subscription stops renewing, and an e-mail confirms it. Support can restore it for a while before it is erased.',
  security: sessionSecurity,
  get responses() {
    return {
      200: jsonAnswer(
        messageResponseSchema,
        'Scheduled for deletion; the session cookie is cleared.',
      ),
      ...errorAnswers(...writeErrors),
    };
  },
});

export const downloadRoute = declareRoute({
  method: 'get',
  path: '/download',
  operationId: 'downloadInstaller',
  tags: accountTag,
  summary: 'Download the installer',
  description:
    "The plugin's installer this account may have (a trial gets its own version). A browser without a session (Accept names text/html) is sent to /login instead. HEAD answers the headers only.",
  security: sessionSecurity,
  get responses() {
    return {
      200: {
        description: 'The installer.',
        content: {
          'application/octet-stream': { schema: { type: 'string', format: 'binary' } as const },
        },
      },
      302: {
        description: 'A browser without a session: sign in first.',
        headers: { Location: { description: '`/login`.', schema: { type: 'string' as const } } },
      },
      ...errorAnswers(...readErrors, 'DOWNLOAD_UNAVAILABLE'),
    };
  },
});

/** Every account call, in the order the document lists them. */
export const accountRoutes = [
  accountLicenseRoute,
  downloadRoute,
  changePasswordRoute,
  setPasswordRoute,
  usageSharingRoute,
  setUsageSharingRoute,
  deleteAccountRoute,
];
