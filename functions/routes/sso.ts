/**
 * Single sign-on through an organization's identity provider (services/sso/sign-in.ts):
 *
 * - POST /api/sso/lookup: the login page asks, as the address is typed, whether it signs in
 *   by single sign-on (and through which organization);
 * - POST /sso/start: the login page's form (with or without JavaScript). The sign-in's state goes
 *   into a short-lived HttpOnly, SameSite=Lax cookie (Lax: the provider sends the browser back
 *   with a top-level GET, which carries it), and the browser goes to the provider. Not by a
 *   redirect: the site's CSP (`form-action 'self'`) also governs where a form's answer may
 *   redirect, and the provider is another site; so the answer is a small page that goes on at
 *   once (`<meta http-equiv="refresh">`, which form-action does not govern), with a link;
 * - GET /sso/callback: the provider's answer. Signed in: the session cookie and the signed-in hint
 *   (as the login form's), then the page the sign-in started for or the dashboard. Refused: the
 *   built /login page with the plain message, under the refusal's status, never a 500.
 *
 * No second step follows: the identity provider owns the second factor.
 */
import type { Context } from 'hono';
import { getCookie, deleteCookie, setCookie } from 'hono/cookie';
import { html } from 'hono/html';
import { ssoLookupRoute } from '../../src/contract/api/sign-in-routes';
import { ssoCallbackRoute, ssoStartRoute } from '../../src/contract/api/page-routes';
import { ssoStartSchema } from '../../src/contract/schemas/auth';
import { returnPath } from '../../src/lib/auth/return-path';
import { declaredRoutes } from '../lib/openapi';
import {
  rememberKnownBrowser,
  setSessionCookie,
  setSignedInHint,
  type AccountEnv,
} from '../middleware/auth';
import { startSession } from '../services/accounts/sign-in-session';
import {
  completeSsoSignIn,
  ssoForEmail,
  startSsoSignIn,
  takeSsoSignIn,
} from '../services/sso/sign-in';
import { enforceRateLimit } from '../services/shared/rate-limit';
import {
  asApiError,
  formBodyLimit,
  formFields,
  pageWith,
  parseForm,
  sameSiteForm,
} from './login-form';

/** The browser's copy of the sign-in's state, from /sso/start to /sso/callback. */
export const SSO_STATE_COOKIE = '__Host-sw_sso_state';

function setStateCookie(c: Context, state: string, expiresAt: number, now: number) {
  setCookie(c, SSO_STATE_COOKIE, state, {
    httpOnly: true,
    secure: true,
    sameSite: 'Lax',
    path: '/',
    maxAge: Math.max(0, Math.floor((expiresAt - now) / 1000)),
  });
}

function clearStateCookie(c: Context) {
  deleteCookie(c, SSO_STATE_COOKIE, { path: '/', secure: true, httpOnly: true, sameSite: 'Lax' });
}

/** The page that sends the browser on to the identity provider at once. */
function toProvider(location: string, organizationName: string) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta http-equiv="refresh" content="0;url=${location}" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <title>Signing in with ${organizationName}</title>
      </head>
      <body>
        <p>Taking you to ${organizationName}'s sign-in page…</p>
        <p><a href="${location}">Continue to ${organizationName}'s sign-in page</a></p>
      </body>
    </html>`;
}

export const ssoApiRoutes = declaredRoutes<AccountEnv>().openapi(ssoLookupRoute, async (c) => {
  const deps = c.get('deps');
  await enforceRateLimit(deps, 'loginPerIp', deps.client.ip);
  const sso = await ssoForEmail(deps, c.req.valid('json').email);
  return c.json({ organizationName: sso?.organizationName ?? null }, 200);
});

// The form's fields and the provider's answer are read by the handlers (a refusal is the login
// page, not JSON), so the declarations only document them.
export const ssoPageRoutes = declaredRoutes<AccountEnv>()
  .openapi(
    {
      ...ssoStartRoute,
      middleware: [sameSiteForm('login'), formBodyLimit('login')] as const,
    },
    async (c) => {
      let typed: string | undefined;
      try {
        const fields = await formFields(c, ['email']);
        typed = fields.email;
        const { email } = await parseForm(ssoStartSchema, fields);
        const deps = c.get('deps');
        const start = await startSsoSignIn(deps, { email, next: c.req.query('next') });
        setStateCookie(c, start.state, start.expiresAt, deps.now);
        c.header('Cache-Control', 'no-store');
        c.header('Referrer-Policy', 'no-referrer');
        return c.html(toProvider(start.location, start.organizationName), 200);
      } catch (error) {
        return pageWith(c, 'login', asApiError(error), { email: typed });
      }
    },
  )
  .openapi({ ...ssoCallbackRoute, middleware: [rememberKnownBrowser] as const }, async (c) => {
    const deps = c.get('deps');
    const cookieState = getCookie(c, SSO_STATE_COOKIE);
    // The state is of no use after this answer, whatever it is.
    clearStateCookie(c);
    const callback = new URL(c.req.url);
    // The address the sign-in was started with, written back into the form if it is refused.
    let typed: string | undefined;
    try {
      const pending = await takeSsoSignIn(deps, { callback, cookieState });
      typed = pending.emailNormalized;
      const signedIn = await completeSsoSignIn(deps, pending, callback);
      const auth = await startSession(deps, signedIn.user, 'single sign-on', {
        secondFactor: false,
      });
      setSessionCookie(c, auth.token, auth.tokenExpiration, deps.now);
      // No script stored the user, so the dashboard asks the server who is signed in.
      setSignedInHint(c, auth.tokenExpiration, deps.now);
      return c.redirect(returnPath(signedIn.returnTo), 303);
    } catch (error) {
      return pageWith(c, 'login', asApiError(error), { email: typed });
    }
  });
