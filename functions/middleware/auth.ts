/**
 * Session authentication and CSRF defense for the account API.
 *
 * A request is authenticated by `Authorization: Bearer <jwt>` (the plugin, scripts) or by the
 * `__Host-sw_session` cookie (the site). The cookie is HttpOnly, so page scripts never see the
 * token; `__Host-` pins it to our exact origin over HTTPS with Path=/.
 *
 * CSRF: a browser attaches the cookie to cross-site requests too, so a cookie alone does not
 * prove the request came from our pages. For cookie-authenticated state changes (POST, PUT,
 * PATCH, DELETE) the `Origin` header, which browsers set on such requests and pages cannot
 * forge, must equal our own origin; a missing Origin is refused too (fail closed). SameSite=Lax
 * and the application/json requirement (api-guards.ts) are further layers, not the defense.
 * Bearer requests are exempt: a browser never adds an Authorization header on its own, so a
 * request carrying one was written by someone who already holds the token.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { decodeJwt } from 'jose';
import { SIGNED_IN_HINT_COOKIE } from '../../src/lib/auth/storage-keys';
import type { AppEnv } from '../env';
import { fail } from '../lib/errors';
import { KNOWN_BROWSER_MS, newKnownBrowser } from '../services/accounts/known-browsers';
import { verifySession, type SessionInfo } from '../services/core/users/sessions';

/** Name of the session cookie (the `__Host-` prefix requires Secure, Path=/ and no Domain). */
export const SESSION_COOKIE = '__Host-sw_session';
/**
 * Marks a browser that has signed in to an account (services/accounts/known-browsers.ts); it
 * outlives sessions and logout, and is read only by password sign-in.
 */
export const KNOWN_BROWSER_COOKIE = '__Host-sw_known';

/**
 * Holds a sign-in waiting for its authenticator code (services/accounts/second-step.ts): HttpOnly
 * (no script reads it), Strict (only our own pages send it), and as short-lived as the wait.
 */
export const SECOND_STEP_COOKIE = '__Host-sw_second_step';

/** Context of the account routes: the app's, plus the session set by `requireSession`. */
export interface AccountEnv extends AppEnv {
  Variables: AppEnv['Variables'] & {
    session: SessionInfo;
  };
}

/**
 * Sets the session cookie to live exactly as long as the session, and has `rememberKnownBrowser`
 * mark this browser as known to the session's account.
 */
export function setSessionCookie(
  c: Context<AccountEnv>,
  token: string,
  expiresAt: number,
  now: number,
) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    secure: true,
    sameSite: 'Lax',
    path: '/',
    maxAge: Math.max(0, Math.floor((expiresAt - now) / 1000)),
  });
  // Our own token, just signed: its subject is read, not verified.
  const { sub } = decodeJwt(token);
  if (sub) c.set('signedInUserId', sub);
}

/**
 * After any answer that signed a browser in (login, Google, signup, payment: every call of
 * `setSessionCookie`), sets the known-browser cookie for that account: a fresh value each time,
 * replacing one for another account. Runs after the route, so no sign-in path can forget it.
 */
export const rememberKnownBrowser: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const userId = c.get('signedInUserId');
  // A failed answer signed no one in; a sign-in by form answers a 303 redirect, not a 2xx.
  if (!userId || c.error || c.res.status >= 400) return;
  const { secrets, now } = c.get('deps');
  setCookie(c, KNOWN_BROWSER_COOKIE, await newKnownBrowser(secrets, userId, now), {
    httpOnly: true,
    secure: true,
    // Only our own pages' sign-in requests need it.
    sameSite: 'Strict',
    path: '/',
    maxAge: Math.floor(KNOWN_BROWSER_MS / 1000),
  });
};

/**
 * Tells the pages' scripts that a session cookie exists which storage does not know yet (a sign-in
 * by the login form without JavaScript): readable, holding nothing but "1", as long as the session.
 */
export function setSignedInHint(c: Context, expiresAt: number, now: number) {
  setCookie(c, SIGNED_IN_HINT_COOKIE, '1', {
    secure: true,
    sameSite: 'Lax',
    path: '/',
    maxAge: Math.max(0, Math.floor((expiresAt - now) / 1000)),
  });
}

/** Keeps a waiting sign-in's token in this browser until its code is typed on /login/code. */
export function setSecondStepCookie(c: Context, token: string, expiresAt: number, now: number) {
  setCookie(c, SECOND_STEP_COOKIE, token, {
    httpOnly: true,
    secure: true,
    sameSite: 'Strict',
    path: '/',
    maxAge: Math.max(0, Math.floor((expiresAt - now) / 1000)),
  });
}

export function clearSecondStepCookie(c: Context) {
  deleteCookie(c, SECOND_STEP_COOKIE, {
    path: '/',
    secure: true,
    httpOnly: true,
    sameSite: 'Strict',
  });
}

/** Clears the session cookie (logout, deletion), and the signed-in hint when the request has one. */
export function clearSessionCookie(c: Context) {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: true, httpOnly: true, sameSite: 'Lax' });
  if (getCookie(c, SIGNED_IN_HINT_COOKIE) !== undefined) {
    deleteCookie(c, SIGNED_IN_HINT_COOKIE, { path: '/', secure: true, sameSite: 'Lax' });
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function bearerToken(c: Context): string | undefined {
  const header = c.req.header('Authorization');
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/** Throws 403 CSRF_REJECTED unless the request's Origin is our own origin. */
export function assertSameOrigin(c: Context) {
  const origin = c.req.header('Origin');
  if (origin === undefined || origin !== new URL(c.req.url).origin) {
    throw fail('CSRF_REJECTED');
  }
}

/**
 * The request's session token (Bearer, else the cookie), not yet verified, or undefined when it
 * carries none. A cookie-authenticated state change from another origin throws 403.
 */
export function sessionToken(c: Context): string | undefined {
  const bearer = bearerToken(c);
  const token = bearer ?? getCookie(c, SESSION_COOKIE);
  if (!token) return undefined;
  if (bearer === undefined && UNSAFE_METHODS.has(c.req.method)) assertSameOrigin(c);
  return token;
}

/** The request's session token; 401 UNAUTHORIZED when it carries none (see `sessionToken`). */
export function requireSessionToken(c: Context): string {
  const token = sessionToken(c);
  if (!token) throw fail('UNAUTHORIZED');
  return token;
}

/**
 * The request's session, or null when it carries no token. A token that is present but invalid
 * throws 401; a cookie-authenticated state change from another origin throws 403.
 */
export async function readSession(c: Context<AccountEnv>): Promise<SessionInfo | null> {
  const token = sessionToken(c);
  return token ? verifySession(c.get('deps'), token) : null;
}

/** Requires a valid session; sets `c.get('session')`. 401 UNAUTHORIZED or SESSION_EXPIRED. */
export const requireSession: MiddlewareHandler<AccountEnv> = async (c, next) => {
  const session = await readSession(c);
  if (!session) throw fail('UNAUTHORIZED');
  c.set('session', session);
  await next();
};
