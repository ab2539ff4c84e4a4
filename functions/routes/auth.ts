/** Signing in and out (SPEC §7 login, login-google; DESIGN §3.1 me and logout). */
import { Hono } from 'hono';
import { loginGoogleSchema, loginSchema, type MessageResponse } from '../../src/contract/auth';
import { SuccessMessages } from '../../src/contract/errors';
import type { AuthResponse, MeResponse } from '../../src/contract/user';
import { ApiError } from '../lib/errors';
import { methodNotAllowed } from '../lib/http';
import { jsonBody } from '../lib/validate';
import {
  clearSessionCookie,
  clientOf,
  ipOf,
  nowOf,
  readSession,
  requireSession,
  setSessionCookie,
  type AccountEnv,
} from '../middleware/auth';
import { normalizeEmail } from '../services/emails';
import { currentLicense } from '../services/licenses';
import { loginWithGoogle, loginWithPassword } from '../services/login';
import { enforceRateLimit } from '../services/rate-limit';
import { revokeSession } from '../services/sessions';
import { verifyGoogleToken } from '../services/google-tokens';
import { findUserById } from '../services/users';
import { toUserView } from '../services/user-view';

export const authRoutes = new Hono<AccountEnv>()
  .post('/login', jsonBody(loginSchema), async (c) => {
    const { email, password } = c.req.valid('json');
    const db = c.get('db');
    const now = nowOf(c);
    await enforceRateLimit(db, 'loginPerIp', ipOf(c) ?? 'unknown', now);
    await enforceRateLimit(db, 'loginPerEmail', normalizeEmail(email), now);
    const { JWT_SECRET, PASSWORD_PEPPER } = c.get('config');
    const response = await loginWithPassword(
      db,
      { jwtSecret: JWT_SECRET, pepper: PASSWORD_PEPPER },
      email,
      password,
      clientOf(c),
      now,
    );
    setSessionCookie(c, response.token, response.tokenExpiration, now);
    return c.json(response satisfies AuthResponse, 200);
  })
  .all('/login', methodNotAllowed('POST'))

  .post('/login-google', jsonBody(loginGoogleSchema), async (c) => {
    const { googleAccessToken } = c.req.valid('json');
    const db = c.get('db');
    const now = nowOf(c);
    await enforceRateLimit(db, 'loginPerIp', ipOf(c) ?? 'unknown', now);
    const profile = await verifyGoogleToken(c.get('google'), googleAccessToken);
    const response = await loginWithGoogle(
      db,
      c.get('config').JWT_SECRET,
      profile,
      googleAccessToken,
      clientOf(c),
      now,
    );
    setSessionCookie(c, response.token, response.tokenExpiration, now);
    return c.json(response satisfies AuthResponse, 200);
  })
  .all('/login-google', methodNotAllowed('POST'))

  .get('/me', requireSession, async (c) => {
    const session = c.get('session');
    const db = c.get('db');
    const [user, license] = await Promise.all([
      findUserById(db, session.userId),
      currentLicense(db, session.userId),
    ]);
    if (!user || !license) throw new Error(`Session ${session.sessionId} has no user or license`);
    return c.json(
      {
        user: toUserView(user, license, session, nowOf(c)),
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
    if (session) await revokeSession(c.get('db'), session.sessionId, nowOf(c));
    clearSessionCookie(c);
    return c.json({ message: SuccessMessages.loggedOut } satisfies MessageResponse, 200);
  })
  .all('/logout', methodNotAllowed('POST'));
