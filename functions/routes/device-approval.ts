/**
 * /activate's calls (src/contract/schemas/plugin-sign-in.ts): the signed-in customer looks up the
 * code the plugin shows, then approves or denies that sign-in. Cookie writes need our Origin
 * (middleware/auth.ts), so no other site can approve a plugin for a visitor.
 */
import { Hono } from 'hono';
import type { DeviceDecision, DeviceRequestView } from '../../src/contract/plugin-sign-in';
import { userCodeBodySchema } from '../../src/contract/schemas/plugin-sign-in';
import { jsonBody } from '../lib/validate';
import { requireSession, type AccountEnv } from '../middleware/auth';
import { decideRequest, lookUpRequest } from '../services/plugin-sign-in/approval';

export const deviceApprovalRoutes = new Hono<AccountEnv>()
  .post(
    '/device-authorizations/lookup',
    requireSession,
    jsonBody(userCodeBodySchema),
    async (c) => {
      const { userCode } = c.req.valid('json');
      const view = await lookUpRequest(c.get('deps'), c.get('session').userId, userCode);
      return c.json(view satisfies DeviceRequestView, 200);
    },
  )

  .post(
    '/device-authorizations/approve',
    requireSession,
    jsonBody(userCodeBodySchema),
    async (c) => {
      const { userCode } = c.req.valid('json');
      const userId = c.get('session').userId;
      const result = await decideRequest(c.get('deps'), userId, userCode, 'approved');
      return c.json(result satisfies DeviceDecision, 200);
    },
  )

  .post('/device-authorizations/deny', requireSession, jsonBody(userCodeBodySchema), async (c) => {
    const { userCode } = c.req.valid('json');
    const userId = c.get('session').userId;
    const result = await decideRequest(c.get('deps'), userId, userCode, 'denied');
    return c.json(result satisfies DeviceDecision, 200);
  });
