/**
 * The account calls the plugin's sign-in and the Usage page use, declared once: the Worker mounts
 * its handlers on these (functions/routes/device-approval.ts, usage.ts, feature-usage.ts) and the
 * OpenAPI document (document.ts) publishes them. Each needs the signed-in account's session.
 * Paths are relative to `/api`.
 */
import { z } from '@hono/zod-openapi';
import type { ErrorCode } from '../catalogue';
import { userCodeBodySchema } from '../schemas/plugin-sign-in';
import { deviceRenameSchema, usageFeaturesQuerySchema } from '../schemas/usage-dashboard';
import {
  deviceDecisionSchema,
  deviceRequestViewSchema,
  featureUsageViewSchema,
  usageOverviewSchema,
} from './dashboard-schemas';
import { bodyErrors, declareRoute, errorAnswers, jsonAnswer, jsonRequest } from './describe';

// The account's session and what its check refuses, as every account call declares them.
import {
  accountSession as sessionSecurity,
  sessionReadErrors as readErrors,
  sessionWriteErrors as writeErrors,
} from './access';

export { readErrors, sessionSecurity, writeErrors };

const approvalTag = ['Plugin sign-in approval'];
const approvalErrors: readonly ErrorCode[] = [
  ...bodyErrors,
  ...writeErrors,
  'SIGN_IN_CODE_UNKNOWN',
  'SIGN_IN_CODE_EXPIRED',
  'SIGN_IN_CODE_DECIDED',
  'TOO_MANY_ATTEMPTS',
];

export const lookUpSignInRoute = declareRoute({
  method: 'post',
  path: '/device-authorizations/lookup',
  operationId: 'lookUpPluginSignIn',
  tags: approvalTag,
  summary: 'Look up a sign-in code',
  description:
    'The code the plugin shows, as typed on /activate (case, spaces and dashes are forgiven): which app and computer ask to sign in, for which account. Every look-up and decision counts against a budget per address and per account.',
  security: sessionSecurity,
  request: jsonRequest(userCodeBodySchema),
  get responses() {
    return {
      200: jsonAnswer(deviceRequestViewSchema, 'The pending sign-in.'),
      ...errorAnswers(...approvalErrors),
    };
  },
});

export const approveSignInRoute = declareRoute({
  method: 'post',
  path: '/device-authorizations/approve',
  operationId: 'approvePluginSignIn',
  tags: approvalTag,
  summary: 'Approve a plugin sign-in',
  description:
    "Gives the plugin that shows this code access to the account's licenses: its next token request gets its tokens. A request is decided once.",
  security: sessionSecurity,
  request: jsonRequest(userCodeBodySchema),
  get responses() {
    return {
      200: jsonAnswer(deviceDecisionSchema, 'Approved.'),
      ...errorAnswers(...approvalErrors),
    };
  },
});

export const denySignInRoute = declareRoute({
  method: 'post',
  path: '/device-authorizations/deny',
  operationId: 'denyPluginSignIn',
  tags: approvalTag,
  summary: 'Deny a plugin sign-in',
  description:
    'The plugin that shows this code is refused: its next token request answers `access_denied`.',
  security: sessionSecurity,
  request: jsonRequest(userCodeBodySchema),
  get responses() {
    return {
      200: jsonAnswer(deviceDecisionSchema, 'Denied.'),
      ...errorAnswers(...approvalErrors),
    };
  },
});

const usageTag = ['Usage and sessions'];
const overview = (what: string) =>
  jsonAnswer(usageOverviewSchema, `${what}, answered with the fresh overview and its \`message\`.`);
/** The row id of a device, session or plugin sign-in, as the overview lists it. */
/** Plain, not lazy: the OpenAPI generator reads a parameter schema's fields (schemas/lazy.ts). */
const idParam = z.object({ id: z.string() });

export const usageOverviewRoute = declareRoute({
  method: 'get',
  path: '/usage',
  operationId: 'getUsageOverview',
  tags: usageTag,
  summary: 'Devices, history and sessions',
  description:
    "The current license's active devices and activation history, the account's live sessions and signed-in plugins, and the deactivations used. Every action below answers this overview again.",
  security: sessionSecurity,
  get responses() {
    return {
      200: jsonAnswer(usageOverviewSchema, 'The overview.'),
      ...errorAnswers(...readErrors),
    };
  },
});

export const deactivateDeviceRoute = declareRoute({
  method: 'post',
  path: '/devices/{id}/deactivate',
  operationId: 'deactivateDevice',
  tags: usageTag,
  summary: 'Free a device',
  description:
    "Frees one of the account's active devices (`id` from `devices`); its next check answers `DEVICE_NOT_ACTIVATED`. On the same deactivation budget as the plugin's.",
  security: sessionSecurity,
  request: { params: idParam },
  get responses() {
    return {
      200: overview('Freed'),
      ...errorAnswers(...writeErrors, 'DEVICE_NOT_ACTIVATED'),
    };
  },
});

export const renameDeviceRoute = declareRoute({
  method: 'patch',
  path: '/devices/{id}',
  operationId: 'renameDevice',
  tags: usageTag,
  summary: 'Rename a device',
  description: "Renames one of the account's active devices; the plugin lists it by that name too.",
  security: sessionSecurity,
  request: { params: idParam, ...jsonRequest(deviceRenameSchema) },
  get responses() {
    return {
      200: overview('Renamed'),
      ...errorAnswers(...bodyErrors, ...writeErrors, 'DEVICE_NOT_ACTIVATED'),
    };
  },
});

export const revokeOtherSessionsRoute = declareRoute({
  method: 'post',
  path: '/sessions/revoke-others',
  operationId: 'revokeOtherSessions',
  tags: usageTag,
  summary: 'Sign out every other session',
  description: 'Every session of the account but the one making this request ends at once.',
  security: sessionSecurity,
  get responses() {
    return {
      200: overview('Signed out'),
      ...errorAnswers(...writeErrors),
    };
  },
});

export const revokeSessionRoute = declareRoute({
  method: 'delete',
  path: '/sessions/{id}',
  operationId: 'revokeSession',
  tags: usageTag,
  summary: 'Sign out one session',
  description:
    'Ends another session of the account (`id` from `sessions`); its next request answers 401. The current session signs out with logout instead (400 `BAD_REQUEST`).',
  security: sessionSecurity,
  request: { params: idParam },
  get responses() {
    return {
      200: overview('Signed out'),
      ...errorAnswers(...writeErrors, 'BAD_REQUEST', 'NOT_FOUND'),
    };
  },
});

export const signOutPluginRoute = declareRoute({
  method: 'delete',
  path: '/plugin-sign-ins/{id}',
  operationId: 'signOutPlugin',
  tags: usageTag,
  summary: 'Sign out a plugin',
  description:
    "Ends a plugin's sign-in (`id` from `plugins`): its access and refresh tokens stop working at once.",
  security: sessionSecurity,
  request: { params: idParam },
  get responses() {
    return {
      200: overview('Signed out'),
      ...errorAnswers(...writeErrors, 'NOT_FOUND'),
    };
  },
});

export const featureUsageViewRoute = declareRoute({
  method: 'get',
  path: '/usage/features',
  operationId: 'getFeatureUsage',
  tags: usageTag,
  summary: 'Feature usage per device',
  description:
    "The plugin's daily reports summed per device and command over the last `days` days (UTC, `from` to `to` inclusive). `counts` and `lastUsed` follow the order of the plugin's commands.",
  security: sessionSecurity,
  request: { query: usageFeaturesQuerySchema },
  get responses() {
    return {
      200: jsonAnswer(featureUsageViewSchema, 'The usage.'),
      ...errorAnswers(...readErrors, 'VALIDATION_FAILED'),
    };
  },
});

/** Every account call, in the order the document lists them. */
export const dashboardRoutes = [
  lookUpSignInRoute,
  approveSignInRoute,
  denySignInRoute,
  usageOverviewRoute,
  featureUsageViewRoute,
  renameDeviceRoute,
  deactivateDeviceRoute,
  revokeSessionRoute,
  revokeOtherSessionsRoute,
  signOutPluginRoute,
];
