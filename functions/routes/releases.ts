/**
 * The plugin's update check, declared in src/contract/api/plugin-routes.ts. Like the license
 * calls, the license key in the body is the credential (no session, no Origin), and it counts
 * against the same per-IP budget. The installer it offers is served by routes/download.ts.
 */
import { updateCheckRoute } from '../../src/contract/api/plugin-routes';
import type { AppEnv } from '../env';
import { declaredRoutes } from '../lib/openapi';
import { checkForUpdate } from '../services/releases/update-check';

export const releaseRoutes = declaredRoutes<AppEnv>().openapi(updateCheckRoute, async (c) => {
  const result = await checkForUpdate(c.get('deps'), c.req.valid('json'));
  return c.json(result, 200);
});
