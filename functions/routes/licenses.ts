/**
 * The plugin's license API (src/contract/schemas/licensing.ts). The license key in the body
 * is the credential, so no session or Origin is involved; each call is rate-limited per IP
 * (services/licensing/activation.ts) so keys cannot be guessed or hammered. The public key is cacheable: plugins fetch it rarely.
 */
import { Hono } from 'hono';
import {
  activateBodySchema,
  deactivateBodySchema,
  validateBodySchema,
  type ActivateResponse,
  type DeactivateResponse,
  type ValidateResponse,
} from '../../src/contract/schemas/licensing';
import type { AppEnv } from '../env';
import { methodNotAllowed } from '../lib/http';
import { jsonBody } from '../lib/validate';
import { activateDevice, deactivateDevice, validateDevice } from '../services/licensing/activation';
import { licensePublicKeys } from '../services/core/licenses/license-file';

export const licenseRoutes = new Hono<AppEnv>()
  .post('/licenses/activate', jsonBody(activateBodySchema), async (c) => {
    const result = await activateDevice(c.get('deps'), c.req.valid('json'));
    return c.json(result satisfies ActivateResponse, 200);
  })
  .all('/licenses/activate', methodNotAllowed('POST'))

  .post('/licenses/validate', jsonBody(validateBodySchema), async (c) => {
    const result = await validateDevice(c.get('deps'), c.req.valid('json'));
    return c.json(result satisfies ValidateResponse, 200);
  })
  .all('/licenses/validate', methodNotAllowed('POST'))

  .post('/licenses/deactivate', jsonBody(deactivateBodySchema), async (c) => {
    const result = await deactivateDevice(c.get('deps'), c.req.valid('json'));
    return c.json(result satisfies DeactivateResponse, 200);
  })
  .all('/licenses/deactivate', methodNotAllowed('POST'))

  .get('/licenses/public-key', async (c) => {
    const jwks = await licensePublicKeys(c.get('deps').secrets.licenseSigningKey);
    // The same for everyone and changed only by a key rotation: overrides the API's no-store.
    return c.json(jwks, 200, { 'Cache-Control': 'public, max-age=3600' });
  })
  .all('/licenses/public-key', methodNotAllowed('GET'));
