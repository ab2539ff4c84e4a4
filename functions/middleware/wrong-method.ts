/**
 * A known API path asked with a method none of its routes answers is 405 with `Allow`, decided
 * from the route table before anything reads the request: a form body sent with the wrong verb
 * is not first refused as the wrong media type (415) or too large (413), and a path a route
 * spells out is never taken as another route's parameter (DELETE /api/sessions/revoke-others is
 * 405, not "no such session"). The not-found handler (app.ts) answers the same for paths no
 * route takes at all.
 */
import type { MiddlewareHandler } from 'hono';
import type { RouterRoute } from 'hono/types';
import type { AppEnv } from '../env';
import { errorResponse, fail } from '../lib/errors';
import { allowedMethods } from '../lib/http';

/** Paths whose wrong methods answer 405 (the site's pages and assets are not the API's). */
const apiPath = (path: string) => path.startsWith('/api/') || path.startsWith('/.well-known/');

/** `routes` is read per request: the table is complete only once the app is built. */
export function refuseWrongMethod(routes: () => readonly RouterRoute[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = c.req.path;
    if (!apiPath(path)) return next();
    const allow = allowedMethods(routes(), path);
    if (allow.length === 0 || allow.includes(c.req.method)) return next();
    return errorResponse(c, fail('METHOD_NOT_ALLOWED', { headers: { Allow: allow.join(', ') } }));
  };
}
