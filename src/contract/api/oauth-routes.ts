/**
 * The plugin's sign-in (OAuth 2.0 device authorization grant, RFC 8628), declared once: the
 * Worker mounts its handlers on these (functions/routes/oauth.ts) and the OpenAPI document
 * publishes them. Requests are form-encoded; failures answer `{ error, error_description }`.
 * Paths are relative to `/api/oauth`, the metadata's to `/.well-known`.
 */
import { z } from '@hono/zod-openapi';
import {
  authorizationServerMetadataSchema,
  deviceAuthorizationRequestSchema,
  deviceAuthorizationResponseSchema,
  oauthErrorSchema,
  revokeRequestSchema,
  tokenRequestSchema,
  tokenResponseSchema,
} from '../schemas/plugin-sign-in';
import {
  declareRoute,
  emptyAnswer,
  errorAnswers,
  formRequest,
  jsonAnswer,
  publicCall,
  retryAfter,
} from './describe';

const tags = ['Plugin sign-in'];

/** An OAuth error answer (RFC 6749 §5.2) with the codes it may carry. */
function oauthError(description: string, codes: readonly [string, ...string[]]) {
  return jsonAnswer(
    oauthErrorSchema.unwrap().extend({ error: z.enum(codes) }),
    `${description} \`error\`: ${codes.map((code) => `\`${code}\``).join(', ')}.`,
  );
}

const tooManyOf = () => ({
  ...oauthError('Too many requests from this address; see Retry-After.', ['invalid_request']),
  headers: { 'Retry-After': retryAfter() },
});
let tooManyAnswer: ReturnType<typeof tooManyOf> | undefined;
/** Too many requests from one address: `invalid_request` with Retry-After (one answer, shared). */
const tooMany = () => (tooManyAnswer ??= tooManyOf());

export const deviceAuthorizationRoute = declareRoute({
  method: 'post',
  path: '/device',
  operationId: 'startDeviceAuthorization',
  tags,
  summary: 'Start a sign-in',
  description:
    'Answers a `user_code` to show (XXXX-XXXX) and the page where the customer approves it. Poll the token endpoint every `interval` seconds until `expires_in` ends.',
  get request() {
    return formRequest(deviceAuthorizationRequestSchema);
  },
  get responses() {
    return {
      200: jsonAnswer(deviceAuthorizationResponseSchema, 'The codes of this sign-in.'),
      400: oauthError('A request that cannot be read.', ['invalid_request', 'invalid_scope']),
      401: oauthError('Not the plugin.', ['invalid_client']),
      429: tooMany(),
      ...errorAnswers('PAYLOAD_TOO_LARGE'),
    };
  },
  security: publicCall,
});

export const tokenRoute = declareRoute({
  method: 'post',
  path: '/token',
  operationId: 'exchangeToken',
  tags,
  summary: 'Get or refresh tokens',
  description:
    'With the device code: `authorization_pending` until the customer decides, `slow_down` when polled faster than `interval`, then the tokens (a device code is used once), `access_denied` or `expired_token`. With a refresh token: a new pair; the old refresh token stops working.',
  get request() {
    return formRequest(tokenRequestSchema);
  },
  get responses() {
    return {
      200: jsonAnswer(
        tokenResponseSchema,
        'An access token (scope `licenses`) and a refresh token.',
      ),
      400: oauthError('Not (yet) tokens.', [
        'invalid_request',
        'invalid_grant',
        'invalid_scope',
        'unsupported_grant_type',
        'authorization_pending',
        'slow_down',
        'access_denied',
        'expired_token',
      ]),
      401: oauthError('Not the plugin.', ['invalid_client']),
      429: tooMany(),
      ...errorAnswers('PAYLOAD_TOO_LARGE'),
    };
  },
  security: publicCall,
});

export const revokeRoute = declareRoute({
  method: 'post',
  path: '/revoke',
  operationId: 'revokeToken',
  tags,
  summary: 'Sign out',
  description:
    'An access or a refresh token ends the whole sign-in. Answers 200 whether or not the token was known (RFC 7009).',
  get request() {
    return formRequest(revokeRequestSchema);
  },
  get responses() {
    return {
      200: emptyAnswer('Signed out.'),
      400: oauthError('A request that cannot be read.', ['invalid_request']),
      401: oauthError('Not the plugin.', ['invalid_client']),
      429: tooMany(),
      ...errorAnswers('PAYLOAD_TOO_LARGE'),
    };
  },
  security: publicCall,
});

/** Paths relative to `/api/oauth`. */
export const oauthRoutes = [deviceAuthorizationRoute, tokenRoute, revokeRoute];

export const metadataRoute = declareRoute({
  method: 'get',
  path: '/oauth-authorization-server',
  operationId: 'getAuthorizationServerMetadata',
  tags,
  summary: 'Authorization server metadata',
  description: 'RFC 8414: where a standard OAuth client finds the endpoints above.',
  get responses() {
    return {
      200: jsonAnswer(authorizationServerMetadataSchema, 'The metadata.'),
      ...errorAnswers(),
    };
  },
  security: publicCall,
});

/** Paths relative to `/.well-known`. */
export const wellKnownRoutes = [metadataRoute];
