/**
 * What Usage & Sessions shows of the plugin's feature usage (GET /api/usage/features, signed in);
 * the plugin's report itself is routes/usage-report.ts. The rules are in
 * services/licensing/feature-usage.ts.
 */
import { featureUsageViewRoute } from '../../src/contract/api/dashboard-routes';
import type { FeatureUsageView } from '../../src/contract/usage';
import { declaredRoutes } from '../lib/openapi';
import { requireSession, type AccountEnv } from '../middleware/auth';
import { featureUsageView } from '../services/licensing/feature-usage';

export const featureUsageRoutes = declaredRoutes<AccountEnv>().openapi(
  { ...featureUsageViewRoute, middleware: requireSession },
  async (c) => {
    const { days } = c.req.valid('query');
    const view = await featureUsageView(c.get('deps'), c.get('session').userId, days);
    return c.json(view satisfies FeatureUsageView, 200);
  },
);
