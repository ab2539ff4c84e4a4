/**
 * Invitation links (/invite#token=…): preview, accept while signed in, or sign up by the link.
 * The token is the secret; lookups are by its hash and rate-limited per IP like sign-ins.
 */
import { Hono } from 'hono';
import { TeamMessages } from '../../src/contract/messages';
import {
  acceptInvitationSchema,
  invitationSignupSchema,
} from '../../src/contract/schemas/team-requests';
import type { InvitationPreview } from '../../src/contract/invitation';
import type { AuthResponse, MessageResponse } from '../../src/contract/user';
import { jsonBody } from '../lib/validate';
import { requireSession, setSessionCookie, type AccountEnv } from '../middleware/auth';
import {
  acceptInvitation,
  previewInvitation,
  signUpByInvitation,
} from '../services/organizations/join';
import { enforceRateLimit } from '../services/shared/rate-limit';

export const invitationRoutes = new Hono<AccountEnv>()
  .get('/invitations/:token', async (c) => {
    const deps = c.get('deps');
    await enforceRateLimit(deps, 'loginPerIp', deps.client.ip);
    return c.json(
      (await previewInvitation(deps, c.req.param('token'))) satisfies InvitationPreview,
      200,
    );
  })

  .post(
    '/invitations/:token/accept',
    requireSession,
    jsonBody(acceptInvitationSchema),
    async (c) => {
      const { confirmCancelStandard } = c.req.valid('json');
      await acceptInvitation(
        c.get('deps'),
        c.req.param('token'),
        c.get('session').userId,
        confirmCancelStandard,
      );
      return c.json({ message: TeamMessages.joined } satisfies MessageResponse, 200);
    },
  )

  .post('/invitations/:token/signup', jsonBody(invitationSignupSchema), async (c) => {
    const deps = c.get('deps');
    await enforceRateLimit(deps, 'loginPerIp', deps.client.ip);
    const auth = await signUpByInvitation(deps, c.req.param('token'), c.req.valid('json'));
    setSessionCookie(c, auth.token, auth.tokenExpiration, deps.now);
    return c.json(auth satisfies AuthResponse, 200);
  });
