/**
 * Signing in and out: /api/login, /api/login-google, /api/me and /api/logout, declared in
 * src/contract/api/sign-in-routes.ts.
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import {
  loginGoogleRoute,
  loginRoute,
  logoutRoute,
  meRoute,
} from '../../src/contract/api/sign-in-routes';
import { SuccessMessages } from '../../src/contract/messages';
import type { SecondStepResponse } from '../../src/contract/two-step';
import type { AuthResponse, MeResponse, MessageResponse } from '../../src/contract/user';
import { ApiError } from '../lib/errors';
import { declaredRoutes } from '../lib/openapi';
import {
  clearSessionCookie,
  KNOWN_BROWSER_COOKIE,
  readSession,
  requireSessionToken,
  setSecondStepCookie,
  setSessionCookie,
  type AccountEnv,
} from '../middleware/auth';
import { loginWithGoogle, loginWithPassword } from '../services/accounts/login';
import type { SignInOutcome } from '../services/accounts/second-step';
import { revokeSession, verifySessionWithAccount } from '../services/core/users/sessions';
import { toUserView } from '../services/core/users/user-view';

/**
 * A sign-in's answer: the session (cookie and AuthResponse), or, when the account has two-step
 * sign-in on, the waiting sign-in's cookie and `secondFactorRequired` (the code is asked on
 * /login/code, routes/login-form.ts).
 */
function answerSignIn(c: Context<AccountEnv>, outcome: SignInOutcome) {
  const { now } = c.get('deps');
  if (outcome.kind === 'code-needed') {
    setSecondStepCookie(c, outcome.token, outcome.expiresAt, now);
    return c.json(
      { secondFactorRequired: true, expiresAt: outcome.expiresAt } satisfies SecondStepResponse,
      200,
    );
  }
  setSessionCookie(c, outcome.auth.token, outcome.auth.tokenExpiration, now);
  return c.json(outcome.auth satisfies AuthResponse, 200);
}

export const authRoutes = declaredRoutes<AccountEnv>()
  .openapi(loginRoute, async (c) => {
    const knownBrowser = getCookie(c, KNOWN_BROWSER_COOKIE);
    return answerSignIn(
      c,
      await loginWithPassword(c.get('deps'), c.req.valid('json'), knownBrowser),
    );
  })

  .openapi(loginGoogleRoute, async (c) =>
    answerSignIn(c, await loginWithGoogle(c.get('deps'), c.req.valid('json'))),
  )

  // The session check, the account and its license in one D1 round trip (sessions.ts).
  .openapi(meRoute, async (c) => {
    const deps = c.get('deps');
    const { session, user, license, ownsOrganization, holdsSeat } = await verifySessionWithAccount(
      deps,
      requireSessionToken(c),
    );
    if (!user || !license) throw new Error(`Session ${session.sessionId} has no user or license`);
    return c.json(
      {
        user: toUserView(user, license, session, deps.now, { ownsOrganization, holdsSeat }),
        tokenExpiration: session.expiresAt,
      } satisfies MeResponse,
      200,
    );
  })

  // Logout always succeeds and clears the cookie; a live session is revoked (after the CSRF
  // check in readSession), a missing or already invalid one has nothing left to revoke.
  .openapi(logoutRoute, async (c) => {
    const session = await readSession(c).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    });
    if (session) await revokeSession(c.get('deps'), session.sessionId);
    clearSessionCookie(c);
    return c.json({ message: SuccessMessages.loggedOut } satisfies MessageResponse, 200);
  });
