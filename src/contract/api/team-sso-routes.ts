/**
 * The owner's Single sign-on section of the team page: the organization's OpenID Connect
 * connection read, saved (after its discovery document is checked), required or not, and
 * disconnected. The client secret is sent, never answered: it is kept encrypted. Paths are
 * relative to `/api`.
 */
import type { ErrorCode } from '../catalogue';
import { requireSsoSchema, saveSsoSchema } from '../schemas/sso-settings';
import { accountSession, sessionReadErrors, sessionWriteErrors } from './access';
import { bodyErrors, declareRoute, errorAnswers, jsonAnswer, jsonRequest } from './describe';
import { ssoChangeSchema, ssoSettingsSchema } from './sso-settings-answers';

const tags = ['Team'];
/** Anyone but the organization's owner is refused (403 `FORBIDDEN`). */
const ownerReadErrors: readonly ErrorCode[] = [...sessionReadErrors, 'FORBIDDEN'];
const ownerWriteErrors: readonly ErrorCode[] = [...sessionWriteErrors, 'FORBIDDEN'];

export const teamSsoRoute = declareRoute({
  method: 'get',
  path: '/team/sso',
  operationId: 'getTeamSso',
  tags,
  summary: 'Single sign-on settings',
  description:
    "The organization's OpenID Connect connection (issuer, client ID, whether a secret is saved, whether single sign-on is required, the last sign-in and the last failure; null without one), the redirect URI to register at the provider, and the verified domains it serves. The client secret is never answered.",
  security: accountSession,
  get responses() {
    return {
      200: jsonAnswer(ssoSettingsSchema, 'The settings.'),
      ...errorAnswers(...ownerReadErrors),
    };
  },
});

export const saveTeamSsoRoute = declareRoute({
  method: 'put',
  path: '/team/sso',
  operationId: 'saveTeamSso',
  tags,
  summary: 'Connect or change single sign-on',
  description:
    "Saves the provider's issuer, client ID and client secret (needed for a first connection; left out, the saved one is kept). The issuer's discovery document (`<issuer>/.well-known/openid-configuration`) is fetched first and must name the same issuer and an authorization, token and key endpoint; otherwise nothing is saved. Needs a recent proof of the owner's strongest factor.",
  security: accountSession,
  request: jsonRequest(saveSsoSchema),
  get responses() {
    return {
      200: jsonAnswer(ssoChangeSchema, 'Saved, with a sentence and the settings.'),
      ...errorAnswers(
        ...bodyErrors,
        ...ownerWriteErrors,
        'FRESH_VERIFICATION_REQUIRED',
        'SSO_PROVIDER_REFUSED',
        'TOO_MANY_ATTEMPTS',
      ),
    };
  },
});

export const requireTeamSsoRoute = declareRoute({
  method: 'put',
  path: '/team/sso/required',
  operationId: 'setTeamSsoRequired',
  tags,
  summary: 'Require single sign-on, or not',
  description:
    'Turns "Require single sign-on" on or off. On, password, Google and passkey sign-in are refused for members whose address is on the organization\'s verified domains; the owner keeps their own. Needs a connection and, to turn it on, a verified domain.',
  security: accountSession,
  request: jsonRequest(requireSsoSchema),
  get responses() {
    return {
      200: jsonAnswer(ssoChangeSchema, 'Changed, with a sentence and the settings.'),
      ...errorAnswers(...bodyErrors, ...ownerWriteErrors, 'SSO_NOT_READY'),
    };
  },
});

export const disconnectTeamSsoRoute = declareRoute({
  method: 'delete',
  path: '/team/sso',
  operationId: 'disconnectTeamSso',
  tags,
  summary: 'Disconnect single sign-on',
  description:
    'Deletes the connection and its secret; single sign-on is no longer required. Members sign in with a password, Google or a passkey again.',
  security: accountSession,
  get responses() {
    return {
      200: jsonAnswer(ssoChangeSchema, 'Disconnected, with a sentence and the settings.'),
      ...errorAnswers(...ownerWriteErrors, 'NOT_FOUND'),
    };
  },
});

/** The owner's single sign-on calls, in the order the document lists them. */
export const teamSsoRoutes = [
  teamSsoRoute,
  saveTeamSsoRoute,
  requireTeamSsoRoute,
  disconnectTeamSsoRoute,
];
