/**
 * The authorization server of the plugin's sign-in (src/contract/schemas/plugin-sign-in.ts): the
 * device authorization endpoint, the token endpoint, revocation and the metadata. Requests are
 * form-encoded (OAuth's rule), so this router is mounted before the API's JSON-only guard, with
 * the body limit of its own; failures answer `{ error, error_description }` (lib/oauth-errors.ts).
 * No cookie is read here: these calls cannot be forged by a page to act as a signed-in customer.
 */
import { Hono } from 'hono';
import * as Texts from '../../src/contract/plugin-sign-in-texts';
import {
  DEVICE_CODE_GRANT,
  REFRESH_TOKEN_GRANT,
  deviceAuthorizationRequestSchema,
  revokeRequestSchema,
  tokenRequestSchema,
  type AuthorizationServerMetadata,
  type DeviceAuthorizationResponse,
  type TokenResponse,
} from '../../src/contract/schemas/plugin-sign-in';
import type { AppEnv } from '../env';
import { methodNotAllowed } from '../lib/http';
import { formParams, parseParams } from '../lib/oauth-form';
import { oauthFail } from '../lib/oauth-errors';
import { limitBody } from '../middleware/api-guards';
import { requestDeviceAuthorization } from '../services/plugin-sign-in/device-authorization';
import { authorizationServerMetadata } from '../services/plugin-sign-in/metadata';
import { grantTokens, revokeToken } from '../services/plugin-sign-in/token-grant';

const grantTypes: readonly string[] = [DEVICE_CODE_GRANT, REFRESH_TOKEN_GRANT];

/** Mounted at /api/oauth. */
export const oauthRoutes = new Hono<AppEnv>()
  .use('*', limitBody)
  .post('/device', async (c) => {
    const request = parseParams(deviceAuthorizationRequestSchema, await formParams(c));
    const origin = new URL(c.req.url).origin;
    const result = await requestDeviceAuthorization(c.get('deps'), request, origin);
    return c.json(result satisfies DeviceAuthorizationResponse, 200);
  })
  .all('/device', methodNotAllowed('POST'))

  .post('/token', async (c) => {
    const params = await formParams(c);
    const grantType = params['grant_type'];
    if (grantType === undefined) throw oauthFail('invalid_request', Texts.missingGrantType);
    if (!grantTypes.includes(grantType)) {
      throw oauthFail('unsupported_grant_type', Texts.unsupportedGrantType);
    }
    const result = await grantTokens(c.get('deps'), parseParams(tokenRequestSchema, params));
    // Tokens are never cached (RFC 6749 §5.1); the API's no-store is set already.
    return c.json(result satisfies TokenResponse, 200, { Pragma: 'no-cache' });
  })
  .all('/token', methodNotAllowed('POST'))

  .post('/revoke', async (c) => {
    const params = await formParams(c);
    if (params['token'] === undefined) throw oauthFail('invalid_request', Texts.tokenRequired);
    await revokeToken(c.get('deps'), parseParams(revokeRequestSchema, params));
    return c.body(null, 200);
  })
  .all('/revoke', methodNotAllowed('POST'));

/** Mounted at /.well-known (run_worker_first in wrangler.toml sends it to the Worker). */
export const wellKnownRoutes = new Hono<AppEnv>()
  .get('/oauth-authorization-server', (c) => {
    const metadata = authorizationServerMetadata(new URL(c.req.url).origin);
    return c.json(metadata satisfies AuthorizationServerMetadata, 200, {
      'Cache-Control': 'public, max-age=3600',
    });
  })
  .all('/oauth-authorization-server', methodNotAllowed('GET'));
