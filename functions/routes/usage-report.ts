/**
 * The plugin's feature usage report (POST /api/usage/report): the license key in the body is the
 * credential, rate-limited with the other plugin calls. The rules are in
 * services/licensing/feature-usage.ts; what Usage & Sessions shows of it is routes/feature-usage.ts.
 */
import { usageReportRoute } from '../../src/contract/api/plugin-routes';
import type { AppEnv } from '../env';
import { declaredRoutes } from '../lib/openapi';
import { reportUsage } from '../services/licensing/feature-usage';

export const usageReportRoutes = declaredRoutes<AppEnv>().openapi(usageReportRoute, async (c) => {
  const result = await reportUsage(c.get('deps'), c.req.valid('json'));
  return c.json(result, 200);
});
