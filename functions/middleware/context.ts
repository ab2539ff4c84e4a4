import type { MiddlewareHandler } from 'hono';
import { createDb } from '../db/client';
import { readConfig, type AppEnv } from '../env';

/**
 * Puts the validated config and a drizzle client on the context. The client is built per request
 * from the binding (never at module level) so each request sees the env it was given.
 */
export const withContext: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('config', readConfig(c.env));
  c.set('db', createDb(c.env.DB));
  await next();
};
