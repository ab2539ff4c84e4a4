/**
 * Usage & Sessions for the dashboard (issue 5 item 3): signed in by cookie (with our Origin on
 * writes, middleware/auth.ts) or Bearer. Every action answers the fresh overview with a message,
 * so the page redraws from one answer.
 */
import { Hono } from 'hono';
import { SuccessMessages } from '../../src/contract/errors';
import type { UsageOverview } from '../../src/contract/licensing';
import { methodNotAllowed } from '../lib/http';
import { ipOf, nowOf, requireSession, type AccountEnv } from '../middleware/auth';
import {
  deactivateOwnDevice,
  revokeOneSession,
  revokeOthers,
  usageOverview,
} from '../services/licensing/usage';

export const usageRoutes = new Hono<AccountEnv>()
  .get('/usage', requireSession, async (c) => {
    const overview = await usageOverview(c.get('db'), c.get('session'), nowOf(c));
    return c.json(overview satisfies UsageOverview, 200);
  })
  .all('/usage', methodNotAllowed('GET'))

  .post('/devices/:id/deactivate', requireSession, async (c) => {
    const db = c.get('db');
    const session = c.get('session');
    const now = nowOf(c);
    await deactivateOwnDevice(db, session.userId, c.req.param('id'), { now, ip: ipOf(c) });
    const overview = await usageOverview(db, session, now, SuccessMessages.deviceDeactivated);
    return c.json(overview satisfies UsageOverview, 200);
  })
  .all('/devices/:id/deactivate', methodNotAllowed('POST'))

  // Before /sessions/:id, which would otherwise take "revoke-others" for an id.
  .post('/sessions/revoke-others', requireSession, async (c) => {
    const db = c.get('db');
    const session = c.get('session');
    const now = nowOf(c);
    await revokeOthers(db, session, now);
    const overview = await usageOverview(db, session, now, SuccessMessages.sessionsRevoked);
    return c.json(overview satisfies UsageOverview, 200);
  })
  .all('/sessions/revoke-others', methodNotAllowed('POST'))

  .delete('/sessions/:id', requireSession, async (c) => {
    const db = c.get('db');
    const session = c.get('session');
    const now = nowOf(c);
    await revokeOneSession(db, session, c.req.param('id'), now);
    const overview = await usageOverview(db, session, now, SuccessMessages.sessionRevoked);
    return c.json(overview satisfies UsageOverview, 200);
  })
  .all('/sessions/:id', methodNotAllowed('DELETE'));
