/**
 * Invitation links (/invite#token=…): preview, accept while signed in, or sign up by the link.
 * The token is the secret; lookups are by its hash and rate-limited per IP like sign-ins.
 */
import {
  acceptInvitationRoute,
  invitationPreviewRoute,
  invitationSignupRoute,
} from '../../src/contract/api/team-routes';
import { TeamMessages } from '../../src/contract/messages';
import type { InvitationPreview } from '../../src/contract/invitation';
import type { AuthResponse, MessageResponse } from '../../src/contract/user';
import { declaredRoutes } from '../lib/openapi';
import { requireSession, setSessionCookie, type AccountEnv } from '../middleware/auth';
import {
  acceptInvitation,
  previewInvitation,
  signUpByInvitation,
} from '../services/organizations/join';
import { enforceRateLimit } from '../services/shared/rate-limit';

export const invitationRoutes = declaredRoutes<AccountEnv>()
  .openapi(invitationPreviewRoute, async (c) => {
    const deps = c.get('deps');
    await enforceRateLimit(deps, 'loginPerIp', deps.client.ip);
    return c.json(
      (await previewInvitation(deps, c.req.valid('param').token)) satisfies InvitationPreview,
      200,
    );
  })

  .openapi({ ...acceptInvitationRoute, middleware: requireSession }, async (c) => {
    const { confirmCancelStandard } = c.req.valid('json');
    await acceptInvitation(
      c.get('deps'),
      c.req.valid('param').token,
      c.get('session').userId,
      confirmCancelStandard,
    );
    return c.json({ message: TeamMessages.joined } satisfies MessageResponse, 200);
  })

  .openapi(invitationSignupRoute, async (c) => {
    const deps = c.get('deps');
    await enforceRateLimit(deps, 'loginPerIp', deps.client.ip);
    const auth = await signUpByInvitation(deps, c.req.valid('param').token, c.req.valid('json'));
    setSessionCookie(c, auth.token, auth.tokenExpiration, deps.now);
    return c.json(auth satisfies AuthResponse, 200);
  });
