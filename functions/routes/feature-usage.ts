/**
 * Feature usage: the plugin's report (POST /api/usage/report; the license key in the body is the
 * credential, rate-limited with the other plugin calls) and what Usage & Sessions shows of it
 * (GET /api/usage/features, signed in). The rules are in services/licensing/feature-usage.ts.
 */
import { usageReportRoute } from '../../src/contract/api/plugin-routes';
import { usageFeaturesQuerySchema } from '../../src/contract/schemas/usage-dashboard';
import type { FeatureUsageView } from '../../src/contract/usage';
import { declaredRoutes } from '../lib/openapi';
import { queryParams } from '../lib/validate';
import { requireSession, type AccountEnv } from '../middleware/auth';
import { featureUsageView, reportUsage } from '../services/licensing/feature-usage';

export const featureUsageRoutes = declaredRoutes<AccountEnv>()
  .openapi(usageReportRoute, async (c) => {
    const result = await reportUsage(c.get('deps'), c.req.valid('json'));
    return c.json(result, 200);
  })

  .get('/usage/features', requireSession, queryParams(usageFeaturesQuerySchema), async (c) => {
    const { days } = c.req.valid('query');
    const view = await featureUsageView(c.get('deps'), c.get('session').userId, days);
    return c.json(view satisfies FeatureUsageView, 200);
  });
