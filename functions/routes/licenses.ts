/**
 * The plugin's license API (issue 5 item 1, src/contract/licensing.ts). The license key in the body
 * is the credential, so no session or Origin is involved; each call is rate-limited per IP so keys
 * cannot be guessed or hammered. The public key is cacheable: plugins fetch it rarely.
 */
import { Hono, type Context } from 'hono';
import {
  activateBodySchema,
  deactivateBodySchema,
  validateBodySchema,
  type ActivateResponse,
  type DeactivateResponse,
  type ValidateResponse,
} from '../../src/contract/licensing';
import { methodNotAllowed } from '../lib/http';
import { jsonBody } from '../lib/validate';
import { ipOf, nowOf, type AccountEnv } from '../middleware/auth';
import {
  activateDevice,
  deactivateDevice,
  validateDevice,
  type PluginCall,
} from '../services/licensing/activation';
import { licensePublicKeys } from '../services/licensing/license-file';
import { enforceRateLimit } from '../services/rate-limit';

/** Counts the call against the IP's license API budget (429 with Retry-After beyond it). */
async function pluginCall(c: Context<AccountEnv>): Promise<PluginCall> {
  const db = c.get('db');
  const now = nowOf(c);
  const ip = ipOf(c);
  await enforceRateLimit(db, 'licenseApiPerIp', ip ?? 'unknown', now);
  return { db, now, ip, signingKey: c.get('config').LICENSE_SIGNING_KEY };
}

export const licenseRoutes = new Hono<AccountEnv>()
  .post('/licenses/activate', jsonBody(activateBodySchema), async (c) => {
    const result = await activateDevice(await pluginCall(c), c.req.valid('json'));
    return c.json(result satisfies ActivateResponse, 200);
  })
  .all('/licenses/activate', methodNotAllowed('POST'))

  .post('/licenses/validate', jsonBody(validateBodySchema), async (c) => {
    const result = await validateDevice(await pluginCall(c), c.req.valid('json'));
    return c.json(result satisfies ValidateResponse, 200);
  })
  .all('/licenses/validate', methodNotAllowed('POST'))

  .post('/licenses/deactivate', jsonBody(deactivateBodySchema), async (c) => {
    const result = await deactivateDevice(await pluginCall(c), c.req.valid('json'));
    return c.json(result satisfies DeactivateResponse, 200);
  })
  .all('/licenses/deactivate', methodNotAllowed('POST'))

  .get('/licenses/public-key', async (c) => {
    const jwks = await licensePublicKeys(c.get('config').LICENSE_SIGNING_KEY);
    // The same for everyone and changed only by a key rotation: overrides the API's no-store.
    return c.json(jwks, 200, { 'Cache-Control': 'public, max-age=3600' });
  })
  .all('/licenses/public-key', methodNotAllowed('GET'));
