/**
 * The plugin's license API, declared in src/contract/api/plugin-routes.ts. The license key in the
 * body is the credential, so no session or Origin is involved; each call is rate-limited per IP
 * (services/licensing/activation.ts) so keys cannot be guessed or hammered. The public key is
 * cacheable: plugins fetch it rarely.
 */
import {
  activateRoute,
  deactivateRoute,
  publicKeyRoute,
  validateRoute,
} from '../../src/contract/api/plugin-routes';
import type { AppEnv } from '../env';
import { declaredRoutes } from '../lib/openapi';
import { activateDevice, deactivateDevice, validateDevice } from '../services/licensing/activation';
import { licensePublicKeys } from '../services/core/licenses/license-file';

export const licenseRoutes = declaredRoutes<AppEnv>()
  .openapi(activateRoute, async (c) => {
    const result = await activateDevice(c.get('deps'), c.req.valid('json'));
    return c.json(result, 200);
  })
  .openapi(validateRoute, async (c) => {
    const result = await validateDevice(c.get('deps'), c.req.valid('json'));
    return c.json(result, 200);
  })
  .openapi(deactivateRoute, async (c) => {
    const result = await deactivateDevice(c.get('deps'), c.req.valid('json'));
    return c.json(result, 200);
  })
  .openapi(publicKeyRoute, async (c) => {
    const jwks = await licensePublicKeys(c.get('deps').secrets.licenseSigningKey);
    // The same for everyone and changed only by a key rotation: overrides the API's no-store.
    return c.json(jwks, 200, { 'Cache-Control': 'public, max-age=3600' });
  });
