/**
 * The authorization server of the plugin's sign-in (src/contract/schemas/plugin-sign-in.ts): the
 * device authorization endpoint, the token endpoint, revocation and the metadata. Requests are
 * form-encoded (OAuth's rule), so this router is mounted before the API's JSON-only guard, with
 * the body limit of its own; failures answer `{ error, error_description }` (lib/oauth-errors.ts).
 * No cookie is read here: these calls cannot be forged by a page to act as a signed-in customer.
 */
import {
  deviceAuthorizationRoute,
  metadataRoute,
  revokeRoute,
  tokenRoute,
} from '../../src/contract/api/oauth-routes';
import * as Texts from '../../src/contract/plugin-sign-in-texts';
import {
  DEVICE_CODE_GRANT,
  REFRESH_TOKEN_GRANT,
  deviceAuthorizationRequestSchema,
  revokeRequestSchema,
  tokenRequestSchema,
} from '../../src/contract/schemas/plugin-sign-in';
import type { AppEnv } from '../env';
import { formParams, parseParams } from '../lib/oauth-form';
import { declaredRoutes } from '../lib/openapi';
import { oauthFail } from '../lib/oauth-errors';
import { limitBody } from '../middleware/api-guards';
import { requestDeviceAuthorization } from '../services/plugin-sign-in/device-authorization';
import { authorizationServerMetadata } from '../services/plugin-sign-in/metadata';
import { grantTokens, revokeToken } from '../services/plugin-sign-in/token-grant';

const grantTypes: readonly string[] = [DEVICE_CODE_GRANT, REFRESH_TOKEN_GRANT];

const oauthRouter = declaredRoutes<AppEnv>();
oauthRouter.use('*', limitBody);

/**
 * Mounted at /api/oauth. The declarations document the form; the handlers read it
 * (lib/oauth-form.ts) to answer OAuth's own errors.
 */
export const oauthRoutes = oauthRouter
  .openapi(deviceAuthorizationRoute, async (c) => {
    const request = parseParams(deviceAuthorizationRequestSchema, await formParams(c));
    const deps = c.get('deps');
    const result = await requestDeviceAuthorization(deps, request, deps.origin);
    return c.json(result, 200);
  })
  .openapi(tokenRoute, async (c) => {
    const params = await formParams(c);
    const grantType = params['grant_type'];
    if (grantType === undefined) throw oauthFail('invalid_request', Texts.missingGrantType);
    if (!grantTypes.includes(grantType)) {
      throw oauthFail('unsupported_grant_type', Texts.unsupportedGrantType);
    }
    const result = await grantTokens(c.get('deps'), parseParams(tokenRequestSchema, params));
    // Tokens are never cached (RFC 6749 §5.1); the API's no-store is set already.
    return c.json(result, 200, { Pragma: 'no-cache' });
  })
  .openapi(revokeRoute, async (c) => {
    const params = await formParams(c);
    if (params['token'] === undefined) throw oauthFail('invalid_request', Texts.tokenRequired);
    await revokeToken(c.get('deps'), parseParams(revokeRequestSchema, params));
    return c.body(null, 200);
  });

/** Mounted at /.well-known (run_worker_first in wrangler.toml sends it to the Worker). */
export const wellKnownRoutes = declaredRoutes<AppEnv>().openapi(metadataRoute, (c) => {
  const metadata = authorizationServerMetadata(c.get('deps').origin);
  return c.json(metadata, 200, {
    'Cache-Control': 'public, max-age=3600',
  });
});
