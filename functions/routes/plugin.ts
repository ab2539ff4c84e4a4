/**
 * License management from the plugin's ribbon (src/contract/schemas/plugin-licenses.ts), with the
 * access token of its sign-in as Bearer (middleware/plugin-token.ts): the only routes that token
 * reaches.
 */
import {
  pluginFreeRoute,
  pluginLicensesRoute,
  pluginSwitchRoute,
} from '../../src/contract/api/plugin-routes';
import { declaredRoutes } from '../lib/openapi';
import { requirePluginToken, type PluginEnv } from '../middleware/plugin-token';
import {
  freePluginDevice,
  listPluginLicenses,
  switchLicense,
} from '../services/licensing/plugin-licenses';

export const pluginRoutes = declaredRoutes<PluginEnv>()
  .openapi({ ...pluginLicensesRoute, middleware: requirePluginToken }, async (c) => {
    const result = await listPluginLicenses(c.get('deps'), c.get('grant'));
    return c.json(result, 200);
  })
  .openapi({ ...pluginSwitchRoute, middleware: requirePluginToken }, async (c) => {
    const result = await switchLicense(c.get('deps'), c.get('grant'), c.req.valid('json'));
    return c.json(result, 200);
  })
  .openapi({ ...pluginFreeRoute, middleware: requirePluginToken }, async (c) => {
    const result = await freePluginDevice(c.get('deps'), c.get('grant'), c.req.valid('json'));
    return c.json(result, 200);
  });
