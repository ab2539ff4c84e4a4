/**
 * The Worker's environment, typed once. Bindings come from wrangler.toml (types generated into
 * worker-configuration.d.ts by `wrangler types`); plain values and secrets are also parsed with
 * zod, so a missing or malformed one fails loudly at the first request, naming the variable.
 */
import type { DrizzleD1Database } from 'drizzle-orm/d1';
import { z } from 'zod';
import type * as schema from './db/schema';

/** Bindings as declared in wrangler.toml plus the secrets listed under [secrets] there. */
export type Bindings = Env;

const configSchema = z.object({
  /** `development` turns on /dev/* tools and local adapters; set in .dev.vars by `npm start`. */
  ENVIRONMENT: z.enum(['production', 'development']),
  /** Signs session JWTs (DESIGN §3.1). At least 32 characters: it is an HMAC key. */
  JWT_SECRET: z.string().min(32),
  /** Keys the password hash so a leaked database alone cannot be cracked (DESIGN §4). */
  PASSWORD_PEPPER: z.string().min(32),
});

/** Validated settings and secrets, read through `c.get('config')`. */
export type Config = z.infer<typeof configSchema>;

/** Per-request values set by middleware. */
export interface Variables {
  config: Config;
  db: DrizzleD1Database<typeof schema>;
}

/** Type parameter of every Hono app and router in functions/. */
export interface AppEnv {
  Bindings: Bindings;
  Variables: Variables;
}

// Keyed by the env object itself: workerd hands the same object to every request of an isolate,
// while tests that pass their own env get their own parse.
const parsed = new WeakMap<object, Config>();

/** Parses the env once per env object; throws a readable error naming each bad variable. */
export function readConfig(env: Bindings): Config {
  const cached = parsed.get(env);
  if (cached) return cached;
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid Worker environment: ${problems.join('; ')}`);
  }
  parsed.set(env, result.data);
  return result.data;
}
