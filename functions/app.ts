import { Hono } from 'hono';
import type { Adapters } from './adapters/types';
import type { AppEnv } from './env';
import { ApiError, errorResponse, onError } from './lib/errors';
import { limitBody, requireJson } from './middleware/api-guards';
import { createContextMiddleware } from './middleware/context';
import { securityHeaders } from './middleware/security-headers';
import { accountRoutes } from './routes/account';
import { authRoutes } from './routes/auth';
import { configRoutes } from './routes/config';
import { contactRoutes } from './routes/contact';
import { devRoutes } from './routes/dev';
import { healthRoutes } from './routes/health';
import { passwordRoutes } from './routes/password';
import { signupRoutes } from './routes/signup';

/**
 * Builds the Worker's Hono app. Only /api/* and /dev/* reach the Worker first (wrangler.toml
 * run_worker_first); any other path the app does not know goes to the assets binding, so the
 * static site and its 404 page answer. Tests call this to mount extra routes on a fresh app, and
 * pass `adapters` to replace outside services (mail, bot check, Google) with their own.
 */
export function createApp(options: { adapters?: Partial<Adapters> } = {}) {
  return (
    new Hono<AppEnv>()
      .use('*', securityHeaders(), createContextMiddleware(options.adapters))
      .use('/api/*', limitBody, requireJson)
      .route('/api', healthRoutes)
      .route('/api', configRoutes)
      .route('/api', authRoutes)
      .route('/api', signupRoutes)
      .route('/api', accountRoutes)
      .route('/api', passwordRoutes)
      .route('/api', contactRoutes)
      // Mounted at '/dev/' so the index is /dev/, the path run_worker_first sends to the Worker.
      .route('/dev/', devRoutes)
      .onError(onError)
      .notFound((c) => {
        if (c.req.path.startsWith('/api/')) {
          return errorResponse(c, new ApiError(404, 'NOT_FOUND', 'Not found'));
        }
        return passThroughToAssets(c.env.ASSETS, c.req.raw);
      })
  );
}

/** The API's route types, for the typed `hc` client used by islands and tests. */
export type AppType = ReturnType<typeof createApp>;

async function passThroughToAssets(assets: Fetcher, request: Request): Promise<Response> {
  const response = await assets.fetch(request);
  // A fetched response has immutable headers; copy it so the header middleware can fill gaps.
  return new Response(response.body, response);
}
