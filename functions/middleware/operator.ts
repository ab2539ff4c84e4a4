/**
 * Guards of the operator console. The API (`requireOperator`) answers 401 without a session, 403
 * to anyone who is not an operator, 401 REAUTH_REQUIRED to an operator whose sign-in is older
 * than 12 hours, 403 FRESH_VERIFICATION_REQUIRED to a change (any method but GET and HEAD) when
 * the operator's last proof of their second factor is older than 10 minutes (the step-up rule,
 * services/core/users/step-up.ts), refuses cookie requests another site started
 * (Sec-Fetch-Site), and counts every call against the operator's rate limit. The pages (`operatorPages`) answer the site's ordinary
 * 404 page to anyone who is not an operator, so nothing public shows the console exists.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { fail } from '../lib/errors';
import type { OperatorAct } from '../services/admin/audit';
import {
  isOperator,
  provedSecondFactor,
  requireOperatorOf,
  type OperatorInfo,
} from '../services/admin/operators';
import { assertStepUp } from '../services/core/users/step-up';
import { enforceRateLimit } from '../services/shared/rate-limit';
import { readSession, requireSession, type AccountEnv } from './auth';

/** Context of the admin routes: the account context plus the operator. */
export interface OperatorEnv extends AccountEnv {
  Variables: AccountEnv['Variables'] & { operator: OperatorInfo };
}

/**
 * A browser marks every request with where it came from; a console call started by another site
 * (even a GET, which carries the cookie and no Origin) is refused. Tools without the header
 * (tests, curl with a Bearer token) are not browsers and cannot be driven by another site.
 */
function assertSameSite(c: Context) {
  const site = c.req.header('Sec-Fetch-Site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    throw fail('CSRF_REJECTED');
  }
}

/** Methods that only read: every other one changes something. */
const READS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

const loadOperator: MiddlewareHandler<OperatorEnv> = async (c, next) => {
  assertSameSite(c);
  const deps = c.get('deps');
  const operator = await requireOperatorOf(deps, c.get('session'));
  await enforceRateLimit(deps, 'adminPerOperator', operator.userId);
  // Before the body is read: a console left open does not change anything on its own.
  if (!READS.has(c.req.method)) await assertStepUp(deps, c.get('session'), 'console-change');
  c.set('operator', operator);
  await next();
};

/** Runs `handler` unless this request's operator is already known. */
const unlessLoaded =
  (handler: MiddlewareHandler<OperatorEnv>): MiddlewareHandler<OperatorEnv> =>
  async (c, next) => {
    if (c.var.operator as OperatorInfo | undefined) {
      await next();
      return;
    }
    return handler(c, next);
  };

/**
 * Every /api/admin route: a fresh operator session, same-site, within the rate limit, and for a
 * change a recent step-up. Checked (and counted) once per request, although every router under /api/admin installs it
 * (routes/admin.ts, routes/admin-money.ts) and a path matches each one's `/admin/*`.
 */
export const requireOperator: MiddlewareHandler<OperatorEnv>[] = [
  unlessLoaded(requireSession as unknown as MiddlewareHandler<OperatorEnv>),
  unlessLoaded(loadOperator),
];

/** Who acts, when, and why: the audit row's operator columns, for a route behind `requireOperator`. */
export function operatorAct(c: Context<OperatorEnv>, reason: string): OperatorAct {
  const operator = c.get('operator');
  return {
    operatorId: operator.userId,
    operatorEmail: operator.email,
    reason,
    now: c.get('deps').now,
  };
}

/** Who acts and when, for actions whose audit reason the service writes (notes, replies). */
export function operatorActs(c: Context<OperatorEnv>): Omit<OperatorAct, 'reason'> {
  const operator = c.get('operator');
  return { operatorId: operator.userId, operatorEmail: operator.email, now: c.get('deps').now };
}

/**
 * The console answers at its own spellings only: `/admin` and `/admin/<page>` as written, without
 * escapes or `.html`. The assets layer would otherwise serve (or redirect to) a console page for
 * other spellings of the same file (`/admin.html`, `/adm%69n/`, `/admin/audit.html`).
 */
function isConsolePath(rawPath: string): boolean {
  return (
    rawPath === '/admin' ||
    (rawPath.startsWith('/admin/') && !rawPath.includes('%') && !/\.html?$/i.test(rawPath))
  );
}

/** True when `rawPath`, decoded and in any case, names the console or one of its files. */
function namesConsole(rawPath: string): boolean {
  let decoded = rawPath;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    // A malformed escape: judged as written.
  }
  const path = decoded.toLowerCase().replace(/\/{2,}/g, '/');
  return path === '/admin' || path.startsWith('/admin/') || path.startsWith('/admin.');
}

/**
 * Every other spelling of a console path gets the site's ordinary 404 page, operator or not, so
 * nothing but `/admin` itself answers differently from an unknown page (run_worker_first in
 * wrangler.toml sends these spellings to the Worker).
 */
export const consoleSpellings: MiddlewareHandler<AppEnv> = async (c, next) => {
  const rawPath = new URL(c.req.url).pathname;
  if (namesConsole(rawPath) && !isConsolePath(rawPath)) return notFoundPage(c);
  return next();
};

/**
 * The console's static pages (dist/admin/…): served to operators, the 404 page to anyone else.
 * An operator whose session proved no second factor gets the page with status 403: its first
 * API call answers SECOND_FACTOR_REQUIRED, and the page says how to set one up.
 */
export async function operatorPages(c: Context<AppEnv>): Promise<Response> {
  let allowed = false;
  let refused = false;
  try {
    const session = await readSession(c as unknown as Context<AccountEnv>);
    const { db } = c.get('deps');
    allowed = session !== null && (await isOperator(db, session.userId));
    refused = allowed && session !== null && !(await provedSecondFactor(db, session));
  } catch {
    // An expired or invalid session is simply not an operator.
  }
  if (!allowed) return notFoundPage(c);
  const response = await c.env.ASSETS.fetch(c.req.raw);
  const page = refused
    ? new Response(response.body, { status: 403, headers: response.headers })
    : new Response(response.body, response);
  // Never cached anywhere: what an operator sees must not be kept for the next user.
  page.headers.set('Cache-Control', 'no-store');
  page.headers.set('X-Robots-Tag', 'noindex');
  return page;
}

/**
 * The site's own 404 page, as any unknown path gets it: with the headers of dist/_headers, whose
 * CSP lists the page's inline-script hashes (without them the browser blocks its scripts).
 */
async function notFoundPage(c: Context<AppEnv>): Promise<Response> {
  const url = new URL('/404', c.req.url);
  const response = await c.env.ASSETS.fetch(new Request(url, { headers: c.req.raw.headers }));
  const page = new Response(response.status === 404 || response.ok ? response.body : null, {
    status: 404,
    headers: response.headers,
  });
  page.headers.set('Content-Type', 'text/html; charset=utf-8');
  page.headers.set('Cache-Control', 'no-store');
  return page;
}
