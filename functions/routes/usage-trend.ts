/**
 * Feature use over time (src/contract/api/usage-trend-routes.ts): the signed-in account's devices
 * (GET /api/usage/trend), the organization's members for its owner (GET /api/team/usage-trend),
 * and the whole product for operators (GET /api/admin/usage-trend, behind `requireOperator` like
 * every console call). The rules are in services/core/usage/usage-trend.ts.
 */
import {
  accountUsageTrendRoute,
  adminUsageTrendRoute,
  teamUsageTrendRoute,
} from '../../src/contract/api/usage-trend-routes';
import type { UsageTrend } from '../../src/contract/usage-trend';
import { declaredRoutes } from '../lib/openapi';
import { requireSession, type AccountEnv } from '../middleware/auth';
import { requireOperator, type OperatorEnv } from '../middleware/operator';
import { productUsageTrend } from '../services/admin/usage-trend';
import { accountUsageTrend } from '../services/licensing/usage-trend';
import { ownedOrganization } from '../services/organizations/team';
import { teamUsageTrend } from '../services/organizations/usage-trend';

export const usageTrendRoutes = declaredRoutes<AccountEnv>()
  .openapi({ ...accountUsageTrendRoute, middleware: requireSession }, async (c) => {
    const { days, device } = c.req.valid('query');
    const trend = await accountUsageTrend(c.get('deps'), c.get('session').userId, days, device);
    return c.json(trend satisfies UsageTrend, 200);
  })

  .openapi({ ...teamUsageTrendRoute, middleware: requireSession }, async (c) => {
    const { db, now } = c.get('deps');
    const organization = await ownedOrganization(db, c.get('session').userId, true);
    const trend = await teamUsageTrend(db, organization, now, c.req.valid('query').days);
    return c.json(trend satisfies UsageTrend, 200);
  });

const adminRouter = declaredRoutes<OperatorEnv>();
adminRouter.use('/admin/usage-trend', ...requireOperator);

export const adminUsageTrendRoutes = adminRouter.openapi(adminUsageTrendRoute, async (c) => {
  const { db, now } = c.get('deps');
  const trend = await productUsageTrend(db, now, c.req.valid('query').days);
  return c.json(trend satisfies UsageTrend, 200);
});
