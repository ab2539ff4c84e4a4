/**
 * /activate's calls (declared in src/contract/api/dashboard-routes.ts): the signed-in customer
 * looks up the code the plugin shows, then approves or denies that sign-in. Cookie writes need our
 * Origin (middleware/auth.ts), so no other site can approve a plugin for a visitor.
 */
import {
  approveSignInRoute,
  denySignInRoute,
  lookUpSignInRoute,
} from '../../src/contract/api/dashboard-routes';
import type { DeviceDecision, DeviceRequestView } from '../../src/contract/plugin-sign-in';
import { declaredRoutes } from '../lib/openapi';
import { requireSession, type AccountEnv } from '../middleware/auth';
import { decideRequest, lookUpRequest } from '../services/plugin-sign-in/approval';

export const deviceApprovalRoutes = declaredRoutes<AccountEnv>()
  .openapi({ ...lookUpSignInRoute, middleware: requireSession }, async (c) => {
    const { userCode } = c.req.valid('json');
    const view = await lookUpRequest(c.get('deps'), c.get('session').userId, userCode);
    return c.json(view satisfies DeviceRequestView, 200);
  })

  .openapi({ ...approveSignInRoute, middleware: requireSession }, async (c) => {
    const { userCode } = c.req.valid('json');
    const userId = c.get('session').userId;
    const result = await decideRequest(c.get('deps'), userId, userCode, 'approved');
    return c.json(result satisfies DeviceDecision, 200);
  })

  .openapi({ ...denySignInRoute, middleware: requireSession }, async (c) => {
    const { userCode } = c.req.valid('json');
    const userId = c.get('session').userId;
    const result = await decideRequest(c.get('deps'), userId, userCode, 'denied');
    return c.json(result satisfies DeviceDecision, 200);
  });
