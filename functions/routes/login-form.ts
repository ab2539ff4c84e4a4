/**
 * POST /login and POST /login/code: the sign-in forms as the browser sends them. The login form
 * posts here without JavaScript (or before the island has hydrated); the code form of two-step
 * sign-in (src/pages/login/code.astro) always does, with or without JavaScript. The form posts `application/x-www-form-urlencoded` here, never a GET, so the
 * password stays out of URLs, history and logs. It runs the same sign-in as POST /api/login
 * (services/accounts/login.ts: the same rate limits, checks and session cookie) and answers:
 *
 * - two-step sign-in on (login form): 303 to /login/code, with the waiting sign-in in its HttpOnly
 *   cookie (services/accounts/second-step.ts); the code form then signs in as below;
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
 * body is read. GET /login and GET /login/code stay static pages: the app passes them through to
 * the assets.
 */
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie } from 'hono/cookie';
import type { z } from 'zod';
import { codeFormRoute, loginFormRoute } from '../../src/contract/api/page-routes';
import { loginSchema } from '../../src/contract/schemas/auth';
import { confirmTwoStepSchema } from '../../src/contract/schemas/two-step';
import type { AuthResponse } from '../../src/contract/user';
import { plainIssueMessage } from '../../src/contract/schemas/plain-issues';
import { EMAIL_MAX } from '../../src/contract/rules';
import { returnPath } from '../../src/lib/auth/return-path';
import { ApiError, errorResponse, fail, isTransientDbError } from '../lib/errors';
import { declaredRoutes } from '../lib/openapi';
import { isHtmlPage, keepField, oneVisitorsPage } from '../lib/pages';
import { MAX_BODY_BYTES } from '../middleware/api-guards';
import {
  assertSameOrigin,
  KNOWN_BROWSER_COOKIE,
  clearSecondStepCookie,
  rememberKnownBrowser,
  SECOND_STEP_COOKIE,
  setSecondStepCookie,
  setSessionCookie,
  setSignedInHint,
  type AccountEnv,
} from '../middleware/auth';
import { loginWithPassword } from '../services/accounts/login';
import { finishSignInWithCode } from '../services/accounts/second-step';

/** The element of the built /login page (src/pages/login.astro) that shows a refusal. */
export const LOGIN_FORM_ERROR_ID = 'login-form-error';
/** The element of the built /login/code page (src/pages/login/code.astro) that shows a refusal. */
export const CODE_FORM_ERROR_ID = 'code-form-error';

/** The two pages whose forms post here, each with the element that shows a refusal. */
const formPages = {
  login: { path: '/login', errorId: LOGIN_FORM_ERROR_ID },
  code: { path: '/login/code', errorId: CODE_FORM_ERROR_ID },
} as const;
type FormPage = keyof typeof formPages;

/** The named fields of the form, as strings; a missing one is left out, so the schema names it. */
export async function formFields<const N extends string>(
  c: Context<AccountEnv>,
  names: readonly N[],
): Promise<Partial<Record<N, string>>> {
  const body = await c.req.parseBody().catch(() => {
    throw fail('BAD_REQUEST');
  });
  const fields: Partial<Record<N, string>> = {};
  for (const name of names) {
    const value = body[name];
    if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}

/**
 * The built form page with `error`'s message shown (its code in `data-code`, so the page marks
 * the fields invalid only for a refusal of what was typed), answered with the error's status.
 * `email` is written back into the form's e-mail field, so nobody types it again.
 */
export async function pageWith(
  c: Context<AccountEnv>,
  which: FormPage,
  error: ApiError,
  kept: { email?: string | null | undefined } = {},
): Promise<Response> {
  const { path, errorId } = formPages[which];
  const page = await c.env.ASSETS.fetch(new Request(new URL(path, c.req.url)));
  if (!isHtmlPage(page)) return errorResponse(c, error);
  let rewriter = new HTMLRewriter().on(`#${errorId}`, {
    element(element) {
      element.removeAttribute('hidden');
      element.setAttribute('data-code', error.code);
      element.setInnerContent(error.message, { html: false });
    },
  });
  const email = kept.email?.trim().slice(0, EMAIL_MAX);
  if (email) rewriter = keepField(rewriter, 'email', email);
  // A page holding one visitor's refusal.
  return oneVisitorsPage(rewriter, page, { status: error.status, headers: { ...error.headers } });
}

/** An expected failure as it is; a database that is busy for a moment as SERVICE_BUSY. */
export function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isTransientDbError(error)) return fail('SERVICE_BUSY', { headers: { 'Retry-After': '2' } });
  throw error;
}

/** Refuses a form posted from another site (before its body is read), on the form's own page. */
export function sameSiteForm(which: FormPage) {
  return async (c: Context<AccountEnv>, next: () => Promise<void>) => {
    try {
      assertSameOrigin(c);
      const site = c.req.header('Sec-Fetch-Site');
      if (site !== undefined && site !== 'same-origin') throw fail('CSRF_REJECTED');
    } catch (error) {
      return pageWith(c, which, asApiError(error));
    }
    return next();
  };
}

export function formBodyLimit(which: FormPage) {
  return bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => pageWith(c as Context<AccountEnv>, which, fail('PAYLOAD_TOO_LARGE')),
  });
}

/** Validates the form's fields with `schema`; a refusal carries the field's plain message. */
export async function parseForm<T>(schema: z.ZodType<T>, fields: unknown): Promise<T> {
  const parsed = await schema.safeParseAsync(fields, { error: plainIssueMessage });
  if (!parsed.success)
    throw fail('VALIDATION_FAILED', { message: parsed.error.issues[0]?.message });
  return parsed.data;
}

/** Signed in: the session cookie and the hint for the pages' scripts, then on to `next`. */
function signedIn(c: Context<AccountEnv>, auth: AuthResponse) {
  const { now } = c.get('deps');
  setSessionCookie(c, auth.token, auth.tokenExpiration, now);
  // No script stored the user, so the dashboard asks the server who is signed in.
  setSignedInHint(c, auth.tokenExpiration, now);
  return c.redirect(returnPath(c.req.query('next')), 303);
}

// The forms' fields are read by the handlers (a refusal is the form's page, not JSON), so the
// declarations only document them.
export const loginFormRoutes = declaredRoutes<AccountEnv>()
  .openapi(
    {
      ...loginFormRoute,
      middleware: [rememberKnownBrowser, sameSiteForm('login'), formBodyLimit('login')] as const,
    },
    async (c) => {
      let typed: string | undefined;
      try {
        const fields = await formFields(c, ['email', 'password']);
        typed = fields.email;
        const body = await parseForm(loginSchema, fields);
        const deps = c.get('deps');
        const knownBrowser = getCookie(c, KNOWN_BROWSER_COOKIE);
        const outcome = await loginWithPassword(deps, body, knownBrowser);
        if (outcome.kind === 'signed-in') return signedIn(c, outcome.auth);
        // Two-step sign-in: the code is asked on its own page, the `next` going along.
        setSecondStepCookie(c, outcome.token, outcome.expiresAt, deps.now);
        const next = c.req.query('next');
        return c.redirect(`/login/code${next ? `?next=${encodeURIComponent(next)}` : ''}`, 303);
      } catch (error) {
        return pageWith(c, 'login', asApiError(error), { email: typed });
      }
    },
  )
  .openapi(
    {
      ...codeFormRoute,
      middleware: [rememberKnownBrowser, sameSiteForm('code'), formBodyLimit('code')] as const,
    },
    async (c) => {
      try {
        const { code } = await parseForm(confirmTwoStepSchema, await formFields(c, ['code']));
        const token = getCookie(c, SECOND_STEP_COOKIE);
        const auth = await finishSignInWithCode(c.get('deps'), token, code);
        clearSecondStepCookie(c);
        return signedIn(c, auth);
      } catch (error) {
        const refusal = asApiError(error);
        if (refusal.code === 'SECOND_STEP_EXPIRED') clearSecondStepCookie(c);
        return pageWith(c, 'code', refusal);
      }
    },
  );
