/**
 * Usage & Sessions for the dashboard (issue 5 item 3): signed in by cookie (with our Origin on
 * writes, middleware/auth.ts) or Bearer. Every action answers the fresh overview with a message,
 * so the page redraws from one answer.
 */
import { Hono, type Context } from 'hono';
import { SuccessMessages } from '../../src/contract/errors';
import type { UsageOverview } from '../../src/contract/licensing';
import { methodNotAllowed } from '../lib/http';
import { ipOf, nowOf, requireSession, type AccountEnv } from '../middleware/auth';
import type { Db, Millis } from '../services/db';
import type { SessionInfo } from '../services/sessions';
import {
  deactivateOwnDevice,
  revokeOneSession,
  revokeOthers,
  usageOverview,
} from '../services/licensing/usage';

/** Runs one action of the signed-in user, then answers the fresh overview with `message`. */
async function afterAction(
  c: Context<AccountEnv>,
  message: string,
  action: (db: Db, session: SessionInfo, now: Millis) => Promise<unknown>,
) {
  const db = c.get('db');
  const session = c.get('session');
  const now = nowOf(c);
  await action(db, session, now);
  const overview = await usageOverview(db, session, now, message);
  return c.json(overview satisfies UsageOverview, 200);
}

export const usageRoutes = new Hono<AccountEnv>()
  .get('/usage', requireSession, async (c) => {
    const overview = await usageOverview(c.get('db'), c.get('session'), nowOf(c));
    return c.json(overview satisfies UsageOverview, 200);
  })
  .all('/usage', methodNotAllowed('GET'))

  .post('/devices/:id/deactivate', requireSession, (c) =>
    afterAction(c, SuccessMessages.deviceDeactivated, (db, session, now) =>
      deactivateOwnDevice(db, session.userId, c.req.param('id'), { now, ip: ipOf(c) }),
    ),
  )
  .all('/devices/:id/deactivate', methodNotAllowed('POST'))

  // Before /sessions/:id, which would otherwise take "revoke-others" for an id.
  .post('/sessions/revoke-others', requireSession, (c) =>
    afterAction(c, SuccessMessages.sessionsRevoked, revokeOthers),
  )
  .all('/sessions/revoke-others', methodNotAllowed('POST'))

  .delete('/sessions/:id', requireSession, (c) =>
    afterAction(c, SuccessMessages.sessionRevoked, (db, session, now) =>
      revokeOneSession(db, session, c.req.param('id'), now),
    ),
  )
  .all('/sessions/:id', methodNotAllowed('DELETE'));
