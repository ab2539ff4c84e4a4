/**
 * Usage & Sessions for the dashboard: signed in by cookie (with our Origin on writes,
 * middleware/auth.ts) or Bearer. Every action answers the fresh overview with a message, so the
 * page redraws from one answer.
 */
import { Hono, type Context } from 'hono';
import type { UsageOverview } from '../../src/contract/usage';
import { SuccessMessages } from '../../src/contract/messages';
import { deviceRenameSchema } from '../../src/contract/schemas/usage-dashboard';
import { jsonBody } from '../lib/validate';
import { requireSession, type AccountEnv } from '../middleware/auth';
import type { SessionInfo } from '../services/core/users/sessions';
import {
  deactivateOwnDevice,
  renameOwnDevice,
  revokeOneSession,
  revokeOthers,
  signOutPlugin,
  usageOverview,
} from '../services/licensing/usage';
import type { Deps } from '../services/shared/deps';

/** Runs one action of the signed-in user, then answers the fresh overview with `message`. */
async function afterAction(
  c: Context<AccountEnv>,
  message: string,
  action: (deps: Deps, session: SessionInfo) => Promise<unknown>,
) {
  const deps = c.get('deps');
  const session = c.get('session');
  await action(deps, session);
  const overview = await usageOverview(deps, session, message);
  return c.json(overview satisfies UsageOverview, 200);
}

export const usageRoutes = new Hono<AccountEnv>()
  .get('/usage', requireSession, async (c) => {
    const overview = await usageOverview(c.get('deps'), c.get('session'));
    return c.json(overview satisfies UsageOverview, 200);
  })

  .post('/devices/:id/deactivate', requireSession, (c) =>
    afterAction(c, SuccessMessages.deviceDeactivated, (deps, session) =>
      deactivateOwnDevice(deps, session, c.req.param('id')),
    ),
  )

  .patch('/devices/:id', requireSession, jsonBody(deviceRenameSchema), (c) =>
    afterAction(c, SuccessMessages.deviceRenamed, (deps, session) =>
      renameOwnDevice(deps, session, c.req.param('id'), c.req.valid('json').deviceName),
    ),
  )

  // Before /sessions/:id, which would otherwise take "revoke-others" for an id.
  .post('/sessions/revoke-others', requireSession, (c) =>
    afterAction(c, SuccessMessages.sessionsRevoked, revokeOthers),
  )

  .delete('/sessions/:id', requireSession, (c) =>
    afterAction(c, SuccessMessages.sessionRevoked, (deps, session) =>
      revokeOneSession(deps, session, c.req.param('id')),
    ),
  )

  .delete('/plugin-sign-ins/:id', requireSession, (c) =>
    afterAction(c, SuccessMessages.pluginSignedOut, (deps, session) =>
      signOutPlugin(deps, session, c.req.param('id')),
    ),
  );
