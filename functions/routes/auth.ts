/** Signing in and out (SPEC §7 login, login-google; me and logout). */
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { loginGoogleSchema, loginSchema } from '../../src/contract/auth';
import { SuccessMessages } from '../../src/contract/messages';
import type { AuthResponse, MeResponse, MessageResponse } from '../../src/contract/user';
import { ApiError } from '../lib/errors';
import { methodNotAllowed } from '../lib/http';
import { jsonBody } from '../lib/validate';
import {
  clearSessionCookie,
  KNOWN_BROWSER_COOKIE,
  readSession,
  requireSession,
  setSessionCookie,
  type AccountEnv,
} from '../middleware/auth';
import { loginWithGoogle, loginWithPassword } from '../services/accounts/login';
import { revokeSession } from '../services/accounts/sessions';
import { toUserView } from '../services/accounts/user-view';
import { findUserById } from '../services/accounts/users';
import { currentLicense } from '../services/licensing/licenses';

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

  .get('/me', requireSession, async (c) => {
    const session = c.get('session');
    const { db, now } = c.get('deps');
    const [user, license] = await Promise.all([
      findUserById(db, session.userId),
      currentLicense(db, session.userId),
    ]);
    if (!user || !license) throw new Error(`Session ${session.sessionId} has no user or license`);
    return c.json(
      {
        user: toUserView(user, license, session, now),
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
