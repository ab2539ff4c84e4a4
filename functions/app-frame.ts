/**
 * What every Hono app of this Worker shares around its routes: the middleware every request
 * passes first (security headers, the request's dependencies, the one host, 405 for a known path
 * asked with another method), the one error handler and the not-found rule. The whole app
 * (app.ts) and the plugin's smaller one (plugin-app.ts) are both framed here, so a call answers
 * the same whichever of them a cold start loaded (functions/index.ts).
 */
import { Hono, type Context, type NotFoundHandler } from 'hono';
import type { RouterRoute } from 'hono/types';
import type { AppAdapters } from './deps';
import type { AppEnv } from './env';
import { errorResponse, fail, onError } from './lib/errors';
import { allowedMethods } from './lib/http';
import { limitBody, requireJson } from './middleware/api-guards';
import { rememberKnownBrowser } from './middleware/auth';
import { createContextMiddleware } from './middleware/context';
import { onlyOwnHost } from './middleware/host';
import { securityHeaders } from './middleware/security-headers';
import { refuseWrongMethod } from './middleware/wrong-method';

/** What tests hand an app: outside services of their own (mail, bot check, Google, payments). */
export interface AppOptions {
  adapters?: Partial<AppAdapters>;
}

/** The guards of every /api call but the webhook's and OAuth's, which have their own. */
export const apiGuards = [limitBody, requireJson, rememberKnownBrowser] as const;

/**
 * A Hono app with the shared middleware, the routes `mount` adds, and the error and not-found
 * handlers. `mount` decides the order of its routes and where the /api guards go.
 */
export function frameApp(options: AppOptions, mount: (app: Hono<AppEnv>) => void): Hono<AppEnv> {
  // The route table, complete once `mount` has run; read per request.
  let routeTable: readonly RouterRoute[] = [];
  const app = new Hono<AppEnv>().use(
    '*',
    securityHeaders(),
    createContextMiddleware(options.adapters),
    onlyOwnHost(),
    refuseWrongMethod(() => routeTable),
  );
  mount(app);
  routeTable = app.routes;
  return app.onError(onError).notFound(unknownRoute(app.routes));
}

/**
 * What answers a request no handler took. A known path asked with another method is 405 with
 * `Allow`, read from the route table itself (one rule for every route); any other /api path is
 * 404 JSON, and the rest is the static site. Exported for apps that mount this one inside theirs
 * (tests), whose own not-found handler runs instead.
 */
export function unknownRoute<E extends AppEnv>(routes: readonly RouterRoute[]): NotFoundHandler<E> {
  return (c: Context<E>) => {
    const path = c.req.path;
    if (path.startsWith('/api/') || path.startsWith('/.well-known/')) {
      const allow = allowedMethods(routes, path);
      if (allow.length > 0) {
        return errorResponse(
          c,
          fail('METHOD_NOT_ALLOWED', { headers: { Allow: allow.join(', ') } }),
        );
      }
    }
    if (path.startsWith('/api/')) return errorResponse(c, fail('NOT_FOUND'));
    return passThroughToAssets(c.env.ASSETS, c.req.raw);
  };
}

async function passThroughToAssets(assets: Fetcher, request: Request): Promise<Response> {
  const response = await assets.fetch(request);
  // A fetched response has immutable headers; copy it so the header middleware can fill gaps.
  return new Response(response.body, response);
}
