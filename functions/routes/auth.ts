/** Signing in and out: /api/login, /api/login-google, /api/me and /api/logout. */
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { loginGoogleSchema, loginSchema } from '../../src/contract/schemas/auth';
import { SuccessMessages } from '../../src/contract/messages';
import type { AuthResponse, MeResponse, MessageResponse } from '../../src/contract/user';
import { ApiError } from '../lib/errors';
import { methodNotAllowed } from '../lib/http';
import { jsonBody } from '../lib/validate';
import {
  clearSessionCookie,
  KNOWN_BROWSER_COOKIE,
  readSession,
  requireSessionToken,
  setSessionCookie,
  type AccountEnv,
} from '../middleware/auth';
import { loginWithGoogle, loginWithPassword } from '../services/accounts/login';
import { revokeSession, verifySessionWithAccount } from '../services/core/users/sessions';
import { toUserView } from '../services/core/users/user-view';

export const authRoutes = new Hono<AccountEnv>()
  .post('/login', jsonBody(loginSchema), async (c) => {
    const deps = c.get('deps');
    const knownBrowser = getCookie(c, KNOWN_BROWSER_COOKIE);
    const response = await loginWithPassword(deps, c.req.valid('json'), knownBrowser);
    setSessionCookie(c, response.token, response.tokenExpiration, deps.now);
    return c.json(response satisfies AuthResponse, 200);
  })
  .all('/login', methodNotAllowed('POST'))

  .post('/login-google', jsonBody(loginGoogleSchema), async (c) => {
    const deps = c.get('deps');
    const response = await loginWithGoogle(deps, c.req.valid('json'));
    setSessionCookie(c, response.token, response.tokenExpiration, deps.now);
    return c.json(response satisfies AuthResponse, 200);
  })
  .all('/login-google', methodNotAllowed('POST'))

  // The session check, the account and its license in one D1 round trip (sessions.ts).
  .get('/me', async (c) => {
    const deps = c.get('deps');
    const { session, user, license } = await verifySessionWithAccount(deps, requireSessionToken(c));
    if (!user || !license) throw new Error(`Session ${session.sessionId} has no user or license`);
    return c.json(
      {
        user: toUserView(user, license, session, deps.now),
        tokenExpiration: session.expiresAt,
      } satisfies MeResponse,
      200,
    );
  })
  .all('/me', methodNotAllowed('GET'))

  // Logout always succeeds and clears the cookie; a live session is revoked (after the CSRF
  // check in readSession), a missing or already invalid one has nothing left to revoke.
  .post('/logout', async (c) => {
    const session = await readSession(c).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    });
    if (session) await revokeSession(c.get('deps'), session.sessionId);
    clearSessionCookie(c);
    return c.json({ message: SuccessMessages.loggedOut } satisfies MessageResponse, 200);
  })
  .all('/logout', methodNotAllowed('POST'));
