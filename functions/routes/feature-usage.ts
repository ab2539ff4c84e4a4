/**
 * Feature usage: the plugin's report (POST /api/usage/report; the license key in the body is the
 * credential, rate-limited with the other plugin calls) and what Usage & Sessions shows of it
 * (GET /api/usage/features, signed in). The rules are in services/licensing/feature-usage.ts.
 */
import { featureUsageViewRoute } from '../../src/contract/api/dashboard-routes';
import { usageReportRoute } from '../../src/contract/api/plugin-routes';
import type { FeatureUsageView } from '../../src/contract/usage';
import { declaredRoutes } from '../lib/openapi';
import { requireSession, type AccountEnv } from '../middleware/auth';
import { featureUsageView, reportUsage } from '../services/licensing/feature-usage';

export const featureUsageRoutes = declaredRoutes<AccountEnv>()
  .openapi(usageReportRoute, async (c) => {
    const result = await reportUsage(c.get('deps'), c.req.valid('json'));
    return c.json(result, 200);
  })

  .openapi({ ...featureUsageViewRoute, middleware: requireSession }, async (c) => {
    const { days } = c.req.valid('query');
    const view = await featureUsageView(c.get('deps'), c.get('session').userId, days);
    return c.json(view satisfies FeatureUsageView, 200);
  });
