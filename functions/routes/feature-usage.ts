/**
 * Feature usage: the plugin's report (POST /api/usage/report; the license key in the body is the
 * credential, rate-limited with the other plugin calls) and what Usage & Sessions shows of it
 * (GET /api/usage/features, signed in). The rules are in services/licensing/feature-usage.ts.
 */
import { Hono } from 'hono';
import {
  usageReportBodySchema,
  type UsageReportResponse,
} from '../../src/contract/schemas/usage-report';
import { usageFeaturesQuerySchema } from '../../src/contract/schemas/usage-dashboard';
import type { FeatureUsageView } from '../../src/contract/usage';
import { methodNotAllowed } from '../lib/http';
import { jsonBody, queryParams } from '../lib/validate';
import { requireSession, type AccountEnv } from '../middleware/auth';
import { featureUsageView, reportUsage } from '../services/licensing/feature-usage';

export const featureUsageRoutes = new Hono<AccountEnv>()
  .post('/usage/report', jsonBody(usageReportBodySchema), async (c) => {
    const result = await reportUsage(c.get('deps'), c.req.valid('json'));
    return c.json(result satisfies UsageReportResponse, 200);
  })
  .all('/usage/report', methodNotAllowed('POST'))

  .get('/usage/features', requireSession, queryParams(usageFeaturesQuerySchema), async (c) => {
    const { days } = c.req.valid('query');
    const view = await featureUsageView(c.get('deps'), c.get('session').userId, days);
    return c.json(view satisfies FeatureUsageView, 200);
  })
  .all('/usage/features', methodNotAllowed('GET'));
