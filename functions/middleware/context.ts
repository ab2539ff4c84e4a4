import type { MiddlewareHandler } from 'hono';
import { buildDeps, siteOrigin, type AppAdapters } from '../deps';
import { readConfig, type AppEnv } from '../env';
import { clientOf } from './client';

/**
 * Puts the validated config and the services' deps (db, the request's time, secrets, adapters,
 * the site's origin, client) on the context, built once per request from the bindings. `overrides` replace
 * outside services (tests only); a test's injected clock (`c.set('clock')`) gives the time.
 */
export function createContextMiddleware(
  overrides: Partial<AppAdapters> = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const config = readConfig(c.env);
    c.set('config', config);
    c.set(
      'deps',
      buildDeps({
        env: c.env,
        config,
        now: (c.get('clock') ?? Date.now)(),
        origin: siteOrigin(config, c.req.url),
        client: clientOf(c),
        overrides,
      }),
    );
    await next();
  };
}
