/**
 * Usage & Sessions for the dashboard (declared in src/contract/api/dashboard-routes.ts): signed in
 * by cookie (with our Origin on writes, middleware/auth.ts) or Bearer. Every action answers the
 * fresh overview with a message, so the page redraws from one answer.
 */
import type { Context } from 'hono';
import {
  deactivateDeviceRoute,
  renameDeviceRoute,
  revokeOtherSessionsRoute,
  revokeSessionRoute,
  signOutPluginRoute,
  usageOverviewRoute,
} from '../../src/contract/api/dashboard-routes';
import type { UsageOverview } from '../../src/contract/usage';
import { SuccessMessages } from '../../src/contract/messages';
import { declaredRoutes } from '../lib/openapi';
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

export const usageRoutes = declaredRoutes<AccountEnv>()
  .openapi({ ...usageOverviewRoute, middleware: requireSession }, async (c) => {
    const overview = await usageOverview(c.get('deps'), c.get('session'));
    return c.json(overview satisfies UsageOverview, 200);
  })

  .openapi({ ...deactivateDeviceRoute, middleware: requireSession }, (c) =>
    afterAction(c, SuccessMessages.deviceDeactivated, (deps, session) =>
      deactivateOwnDevice(deps, session, c.req.valid('param').id),
    ),
  )

  .openapi({ ...renameDeviceRoute, middleware: requireSession }, (c) =>
    afterAction(c, SuccessMessages.deviceRenamed, (deps, session) =>
      renameOwnDevice(deps, session, c.req.valid('param').id, c.req.valid('json').deviceName),
    ),
  )

  // Before /sessions/{id} (another method, but kept first so it can never be read as an id).
  .openapi({ ...revokeOtherSessionsRoute, middleware: requireSession }, (c) =>
    afterAction(c, SuccessMessages.sessionsRevoked, revokeOthers),
  )

  .openapi({ ...revokeSessionRoute, middleware: requireSession }, (c) =>
    afterAction(c, SuccessMessages.sessionRevoked, (deps, session) =>
      revokeOneSession(deps, session, c.req.valid('param').id),
    ),
  )

  .openapi({ ...signOutPluginRoute, middleware: requireSession }, (c) =>
    afterAction(c, SuccessMessages.pluginSignedOut, (deps, session) =>
      signOutPlugin(deps, session, c.req.valid('param').id),
    ),
  );
