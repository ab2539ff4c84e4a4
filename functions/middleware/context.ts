import type { MiddlewareHandler } from 'hono';
import { createAdapters } from '../adapters';
import { createPayments, type PaymentProvider } from '../adapters/payments';
import { createD1CheckoutStore } from '../adapters/payments/d1-store';
import type { Adapters } from '../adapters/types';
import { createDb } from '../db/client';
import { readConfig, type AppEnv } from '../env';

/**
 * Puts the validated config, a drizzle client and the outside-service adapters (mailer, bot check,
 * Google verifier, payments) on the context. All are built per request from the bindings (never at module
 * level) so each request sees the env it was given. `overrides` replace adapters (tests only).
 */
/** Every outside service on the context; tests may replace any of them. */
export type AppAdapters = Adapters & { payments: PaymentProvider };

export function createContextMiddleware(
  overrides: Partial<AppAdapters> = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const config = readConfig(c.env);
    const db = createDb(c.env.DB);
    const adapters: AppAdapters = {
      ...createAdapters(config, { db, hostname: new URL(c.req.url).hostname }),
      payments: createPayments(config, { localStore: () => createD1CheckoutStore(db) }),
      ...overrides,
    };
    c.set('config', config);
    c.set('db', db);
    c.set('mailer', adapters.mailer);
    c.set('botCheck', adapters.botCheck);
    c.set('google', adapters.google);
    c.set('payments', adapters.payments);
    await next();
  };
}
