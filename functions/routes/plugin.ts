/**
 * License management from the plugin's ribbon (src/contract/schemas/plugin-licenses.ts), with the
 * access token of its sign-in as Bearer (middleware/plugin-token.ts): the only routes that token
 * reaches.
 */
import { Hono } from 'hono';
import type { ActivateResponse, DeactivateResponse } from '../../src/contract/schemas/licensing';
import {
  freeBodySchema,
  switchBodySchema,
  type PluginLicenses,
} from '../../src/contract/schemas/plugin-licenses';
import { methodNotAllowed } from '../lib/http';
import { jsonBody } from '../lib/validate';
import { requirePluginToken, type PluginEnv } from '../middleware/plugin-token';
import {
  freePluginDevice,
  listPluginLicenses,
  switchLicense,
} from '../services/licensing/plugin-licenses';

export const pluginRoutes = new Hono<PluginEnv>()
  .get('/plugin/licenses', requirePluginToken, async (c) => {
    const result = await listPluginLicenses(c.get('deps'), c.get('grant'));
    return c.json(result satisfies PluginLicenses, 200);
  })
  .all('/plugin/licenses', methodNotAllowed('GET'))

  .post('/plugin/switch', requirePluginToken, jsonBody(switchBodySchema), async (c) => {
    const result = await switchLicense(c.get('deps'), c.get('grant'), c.req.valid('json'));
    return c.json(result satisfies ActivateResponse, 200);
  })
  .all('/plugin/switch', methodNotAllowed('POST'))

  .post('/plugin/free', requirePluginToken, jsonBody(freeBodySchema), async (c) => {
    const result = await freePluginDevice(c.get('deps'), c.get('grant'), c.req.valid('json'));
    return c.json(result satisfies DeactivateResponse, 200);
  })
  .all('/plugin/free', methodNotAllowed('POST'));
