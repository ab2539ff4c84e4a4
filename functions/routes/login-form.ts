/**
 * POST /login: the login form as the browser sends it without JavaScript (or before the island
 * has hydrated). The form posts `application/x-www-form-urlencoded` here, never a GET, so the
 * password stays out of URLs, history and logs. It runs the same sign-in as POST /api/login
 * (services/accounts/login.ts: the same rate limits, checks and session cookie) and answers:
 *
 * - signed in: 303 to /dashboard, or to the `next` of the request's query when it is one of our
 *   account or console paths (src/lib/auth/return-path.ts). No script stored the user in the
 *   browser, so a readable signed-in hint cookie goes with the session cookie: once JavaScript is
 *   on, the dashboard's guard sees it and asks GET /api/me instead of leaving for /login;
 * - refused: the built /login page itself (from the assets binding, with its own headers and CSP),
 *   with the plain message written into its `#login-form-error` element and the error's status.
 *   Answering the page, rather than redirecting to /login with an error code in the URL, shows
 *   the message without JavaScript and keeps even the code out of the address bar; the element
 *   sits outside the island, so a browser with JavaScript hydrates the island unchanged (and the
 *   island then shows the message as its own).
 *
 * CSRF: a cross-site form can post here without a preflight, so the request's Origin must be our
 * own (as for cookie writes to the API, middleware/auth.ts); anything else is refused before the
 * body is read. GET /login stays the static page: the app passes it through to the assets.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie } from 'hono/cookie';
import { loginSchema } from '../../src/contract/schemas/auth';
import { plainIssueMessage } from '../../src/contract/schemas/plain-issues';
import { returnPath } from '../../src/lib/auth/return-path';
import { ApiError, errorResponse, fail, isTransientDbError } from '../lib/errors';
import { MAX_BODY_BYTES } from '../middleware/api-guards';
import {
  assertSameOrigin,
  KNOWN_BROWSER_COOKIE,
  rememberKnownBrowser,
  setSessionCookie,
  setSignedInHint,
  type AccountEnv,
} from '../middleware/auth';
import { loginWithPassword } from '../services/accounts/login';

/** The element of the built /login page (src/pages/login.astro) that shows a refusal. */
export const LOGIN_FORM_ERROR_ID = 'login-form-error';

/** The fields of the form, as strings; a missing field is left out, so the schema names it. */
async function formFields(c: Context<AccountEnv>): Promise<Record<string, string>> {
  const body = await c.req.parseBody().catch(() => {
    throw fail('BAD_REQUEST');
  });
  const fields: Record<string, string> = {};
  for (const name of ['email', 'password'] as const) {
    const value = body[name];
    if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}

/** The built /login page with `error`'s message shown, answered with the error's status. */
async function loginPageWith(c: Context<AccountEnv>, error: ApiError): Promise<Response> {
  const page = await c.env.ASSETS.fetch(new Request(new URL('/login', c.req.url)));
  if (!page.ok || !page.headers.get('Content-Type')?.startsWith('text/html')) {
    return errorResponse(c, error);
  }
  const shown = new HTMLRewriter()
    .on(`#${LOGIN_FORM_ERROR_ID}`, {
      element(element) {
        element.removeAttribute('hidden');
        element.setInnerContent(error.message, { html: false });
      },
    })
    .transform(page);
  const headers = new Headers(shown.headers);
  for (const [name, value] of Object.entries(error.headers)) headers.set(name, value);
  // A page holding one visitor's refusal is never cached.
  headers.set('Cache-Control', 'no-store');
  headers.delete('ETag');
  return new Response(shown.body, { status: error.status, headers });
}

/** An expected failure as it is; a database that is busy for a moment as SERVICE_BUSY. */
function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isTransientDbError(error)) return fail('SERVICE_BUSY', { headers: { 'Retry-After': '2' } });
  throw error;
}

export const loginFormRoutes = new Hono<AccountEnv>().post(
  '/login',
  rememberKnownBrowser,
  async (c, next) => {
    try {
      assertSameOrigin(c);
      const site = c.req.header('Sec-Fetch-Site');
      if (site !== undefined && site !== 'same-origin') throw fail('CSRF_REJECTED');
    } catch (error) {
      return loginPageWith(c, asApiError(error));
    }
    return next();
  },
  bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => loginPageWith(c as Context<AccountEnv>, fail('PAYLOAD_TOO_LARGE')),
  }),
  async (c) => {
    try {
      const parsed = await loginSchema.safeParseAsync(await formFields(c), {
        error: plainIssueMessage,
      });
      if (!parsed.success) {
        throw fail('VALIDATION_FAILED', { message: parsed.error.issues[0]?.message });
      }
      const deps = c.get('deps');
      const knownBrowser = getCookie(c, KNOWN_BROWSER_COOKIE);
      const response = await loginWithPassword(deps, parsed.data, knownBrowser);
      setSessionCookie(c, response.token, response.tokenExpiration, deps.now);
      // No script stored the user, so the dashboard asks the server who is signed in.
      setSignedInHint(c, response.tokenExpiration, deps.now);
      return c.redirect(returnPath(c.req.query('next')), 303);
    } catch (error) {
      return loginPageWith(c, asApiError(error));
    }
  },
);
