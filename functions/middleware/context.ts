import type { MiddlewareHandler } from 'hono';
import { createAdapters } from '../adapters';
import type { Adapters } from '../adapters/types';
import { createDb } from '../db/client';
import { readConfig, type AppEnv } from '../env';

/**
 * Puts the validated config, a drizzle client and the outside-service adapters (mailer, bot check,
 * Google verifier) on the context. All are built per request from the bindings (never at module
 * level) so each request sees the env it was given. `overrides` replace adapters (tests only).
 */
export function createContextMiddleware(
  overrides: Partial<Adapters> = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const config = readConfig(c.env);
    const db = createDb(c.env.DB);
    const adapters: Adapters = {
      ...createAdapters(config, { db, hostname: new URL(c.req.url).hostname }),
      ...overrides,
    };
    c.set('config', config);
    c.set('db', db);
    c.set('mailer', adapters.mailer);
    c.set('botCheck', adapters.botCheck);
    c.set('google', adapters.google);
    await next();
  };
}
