/**
 * The sign-in pages' forms carry the page to go on to (`next`) without JavaScript too. /login and
 * /login/code are static pages whose forms post to fixed addresses; their scripts add the
 * query's `next` once they run. When the Worker hands such a page out (their paths reach it
 * first, wrangler.toml run_worker_first), it writes a safe `next` (src/lib/auth/return-path.ts)
 * into the forms' actions itself: the password form, single sign-on's button and the code form,
 * so a sign-in started from /activate or the console comes back there in any browser.
 */
import type { MiddlewareHandler } from 'hono';
import { returnPath } from '../../src/lib/auth/return-path';
import type { AppEnv } from '../env';
import { isHtmlPage, oneVisitorsPage } from '../lib/pages';

/** The actions a page's forms post to, by the attribute that names them. */
const ACTIONS = [
  { selector: 'form[action="/login"]', attribute: 'action', path: '/login' },
  { selector: 'form[action="/login/code"]', attribute: 'action', path: '/login/code' },
  { selector: 'button[formaction="/sso/start"]', attribute: 'formaction', path: '/sso/start' },
] as const;

export const carryNext: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const wanted = c.req.query('next');
  if (c.req.method !== 'GET' || !wanted) return;
  const safe = returnPath(wanted);
  // The default needs no `next`; an unsafe one is dropped, as the forms' handlers would.
  if (safe !== wanted) return;
  if (!isHtmlPage(c.res)) return;
  const query = `?next=${encodeURIComponent(safe)}`;
  let rewriter = new HTMLRewriter();
  for (const { selector, attribute, path } of ACTIONS) {
    rewriter = rewriter.on(selector, {
      element(element) {
        element.setAttribute(attribute, `${path}${query}`);
      },
    });
  }
  // The page now holds this request's query: never cached as the page of every visitor.
  const page = oneVisitorsPage(rewriter, c.res);
  // Hono copies the replaced answer's headers onto a new one; this one's own must win.
  c.res = undefined;
  c.res = page;
};
