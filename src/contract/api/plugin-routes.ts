/**
 * The calls the plugin makes, declared once: the Worker mounts its handlers on these
 * (functions/routes/licenses.ts, releases.ts, feature-usage.ts, plugin.ts, download.ts) and the
 * OpenAPI document (document.ts) publishes them. Paths are relative to `/api`.
 */
import { z } from '@hono/zod-openapi';
import {
  activateBodySchema,
  activateResponseSchema,
  deactivateBodySchema,
  deactivateResponseSchema,
  validateBodySchema,
  validateResponseSchema,
} from '../schemas/licensing';
import { freeBodySchema, pluginLicensesSchema, switchBodySchema } from '../schemas/plugin-licenses';
import { updateCheckBodySchema, updateCheckResponseSchema } from '../schemas/releases';
import { usageReportBodySchema, usageReportResponseSchema } from '../schemas/usage-report';
import {
  bodyErrors,
  declareRoute,
  errorAnswers,
  jsonAnswer,
  jsonRequest,
  publicCall,
} from './describe';
import { lazySchema } from '../schemas/lazy';

/** The plugin's access token from its sign-in (the OAuth device flow), scope `licenses`. */
export const pluginTokenSecurity = [{ pluginToken: [] }];

const licenseTag = ['Licenses'];

export const activateRoute = declareRoute({
  method: 'post',
  path: '/licenses/activate',
  operationId: 'activateLicense',
  tags: licenseTag,
  summary: 'Activate this device',
  description:
    'Idempotent per license key and device: a reinstall is not a new device. At the device limit the answer is 403 `TOO_MANY_DEVICES` with the active `devices`; send again with `replaceDeviceId` to free one of them and activate this device in one step (counted as a deactivation).',
  request: jsonRequest(activateBodySchema),
  get responses() {
    return {
      200: jsonAnswer(activateResponseSchema, 'Activated, with a fresh license file.'),
      ...errorAnswers(
        ...bodyErrors,
        'TOO_MANY_DEVICES',
        'EXPIRED',
        'SUSPENDED',
        'REVOKED',
        'NOT_FOUND',
        'DEVICE_NOT_ACTIVATED',
        'DEACTIVATION_LIMIT',
        'TOO_MANY_ATTEMPTS',
      ),
    };
  },
  security: publicCall,
});

export const validateRoute = declareRoute({
  method: 'post',
  path: '/licenses/validate',
  operationId: 'validateLicense',
  tags: licenseTag,
  summary: 'Check the license on this device',
  description:
    'Always 200 for a well-formed request: read `status`. `VALID` comes with a fresh license file and whether to send usage reports.',
  request: jsonRequest(validateBodySchema),
  get responses() {
    return {
      200: jsonAnswer(validateResponseSchema, 'The license status on this device.'),
      ...errorAnswers(...bodyErrors, 'TOO_MANY_ATTEMPTS'),
    };
  },
  security: publicCall,
});

export const deactivateRoute = declareRoute({
  method: 'post',
  path: '/licenses/deactivate',
  operationId: 'deactivateLicense',
  tags: licenseTag,
  summary: 'Free this device',
  description:
    "Frees the device's place on the license so another computer can use it. Counts against the license's deactivation budget (too many in a rolling window answers 429 `DEACTIVATION_LIMIT` with `Retry-After`).",
  request: jsonRequest(deactivateBodySchema),
  get responses() {
    return {
      200: jsonAnswer(deactivateResponseSchema, 'The device is freed.'),
      ...errorAnswers(
        ...bodyErrors,
        'NOT_FOUND',
        'DEVICE_NOT_ACTIVATED',
        'DEACTIVATION_LIMIT',
        'TOO_MANY_ATTEMPTS',
      ),
    };
  },
  security: publicCall,
});

const publicJwkSchema = lazySchema(() =>
  z.object({
    kty: z.literal('OKP'),
    crv: z.literal('Ed25519'),
    x: z.string(),
    /** RFC 7638 thumbprint: tells keys apart across a rotation. */
    kid: z.string(),
    alg: z.literal('EdDSA'),
    use: z.literal('sig'),
  }),
);

export const publicKeyRoute = declareRoute({
  method: 'get',
  path: '/licenses/public-key',
  operationId: 'getLicensePublicKey',
  tags: licenseTag,
  summary: 'The key that signs license files',
  description:
    'A JWKS with the Ed25519 public key (and, during a rotation, the previous one). Verify license files and release manifests offline with it; it may be cached for an hour.',
  get responses() {
    return {
      200: jsonAnswer(z.object({ keys: z.array(publicJwkSchema) }), 'The public keys.'),
      ...errorAnswers(),
    };
  },
  security: publicCall,
});

export const updateCheckRoute = declareRoute({
  method: 'post',
  path: '/releases/check',
  operationId: 'checkForUpdate',
  tags: ['Updates'],
  summary: 'Check for an update',
  description:
    'Counts against the same per-IP budget as the license calls. `UPDATE_AVAILABLE` carries a download link and a manifest signed with the license key; a license that is not valid answers as validate does.',
  request: jsonRequest(updateCheckBodySchema),
  get responses() {
    return {
      200: jsonAnswer(updateCheckResponseSchema, 'Up to date, an update, or why not.'),
      ...errorAnswers(...bodyErrors, 'TOO_MANY_ATTEMPTS'),
    };
  },
  security: publicCall,
});

export const installerLinkRoute = declareRoute({
  method: 'get',
  path: '/releases/download/{version}',
  operationId: 'getInstallerLink',
  tags: ['Updates'],
  summary: 'Download an offered update',
  description:
    'The `downloadUrl` of an update check: works until its `downloadExpiresAt`, then check again for a new link. HEAD answers the headers only.',
  // Plain, not lazy: the OpenAPI generator reads a parameter schema's fields (schemas/lazy.ts).
  request: {
    params: z.object({ version: z.string().max(64) }),
    query: z.object({ token: z.string().max(2048).optional() }),
  },
  get responses() {
    return {
      200: {
        description: 'The installer.',
        content: {
          'application/octet-stream': { schema: { type: 'string', format: 'binary' } as const },
        },
      },
      ...errorAnswers(
        'VALIDATION_FAILED',
        'DOWNLOAD_LINK_INVALID',
        'DEVICE_NOT_ACTIVATED',
        'DOWNLOAD_UNAVAILABLE',
      ),
    };
  },
  security: publicCall,
});

export const usageReportRoute = declareRoute({
  method: 'post',
  path: '/usage/report',
  operationId: 'reportFeatureUsage',
  tags: ['Feature usage'],
  summary: 'Report feature usage',
  description:
    'Daily counts per command. A batch id already received is counted once; with sharing turned off by the customer the report is acknowledged and not stored.',
  request: jsonRequest(usageReportBodySchema),
  get responses() {
    return {
      200: jsonAnswer(usageReportResponseSchema, 'Received, or why not.'),
      ...errorAnswers(...bodyErrors, 'TOO_MANY_ATTEMPTS'),
    };
  },
  security: publicCall,
});

const pluginTag = ['Signed-in plugin'];
// Every signed-in plugin call is also on the license API's per-address budget (429).
const tokenErrors = ['UNAUTHORIZED', 'TOO_MANY_ATTEMPTS'] as const;

export const pluginLicensesRoute = declareRoute({
  method: 'get',
  path: '/plugin/licenses',
  operationId: 'listPluginLicenses',
  tags: pluginTag,
  summary: "The account's licenses",
  description: 'Every license of the account, newest first, with its devices.',
  security: pluginTokenSecurity,
  get responses() {
    return {
      200: jsonAnswer(pluginLicensesSchema, 'The licenses.'),
      ...errorAnswers(...tokenErrors),
    };
  },
});

export const pluginSwitchRoute = declareRoute({
  method: 'post',
  path: '/plugin/switch',
  operationId: 'switchPluginLicense',
  tags: pluginTag,
  summary: 'Move this device to another license',
  description:
    'Leaves one license and joins another in one step with one audit trail; the leaving counts as a deactivation. Nothing changes on any refusal.',
  security: pluginTokenSecurity,
  request: jsonRequest(switchBodySchema),
  get responses() {
    return {
      200: jsonAnswer(activateResponseSchema, 'Switched, answered as an activation.'),
      ...errorAnswers(
        ...bodyErrors,
        ...tokenErrors,
        'NOT_FOUND',
        'TOO_MANY_DEVICES',
        'EXPIRED',
        'SUSPENDED',
        'REVOKED',
        'DEVICE_NOT_ACTIVATED',
        'DEACTIVATION_LIMIT',
      ),
    };
  },
});

export const pluginFreeRoute = declareRoute({
  method: 'post',
  path: '/plugin/free',
  operationId: 'freeOtherDevice',
  tags: pluginTag,
  summary: 'Free a device on another computer',
  description: "On the same deactivation budget as the dashboard's.",
  security: pluginTokenSecurity,
  request: jsonRequest(freeBodySchema),
  get responses() {
    return {
      200: jsonAnswer(deactivateResponseSchema, 'The device is freed.'),
      ...errorAnswers(
        ...bodyErrors,
        ...tokenErrors,
        'NOT_FOUND',
        'DEVICE_NOT_ACTIVATED',
        'DEACTIVATION_LIMIT',
      ),
    };
  },
});

/** Every plugin call, in the order the document lists them. */
export const pluginRoutes = [
  activateRoute,
  validateRoute,
  deactivateRoute,
  publicKeyRoute,
  updateCheckRoute,
  installerLinkRoute,
  usageReportRoute,
  pluginLicensesRoute,
  pluginSwitchRoute,
  pluginFreeRoute,
];
