/**
 * The Worker's environment, typed once. Bindings come from wrangler.toml (types generated into
 * worker-configuration.d.ts by `wrangler types`); plain values and secrets are also parsed with
 * zod, so a missing or malformed one fails loudly at the first request, naming the variable.
 */
import { z } from 'zod';
import { paymentsConfigFields } from './adapters/payments';
import { lazySchema } from '../src/contract/schemas/lazy';
import type { Deps } from './services/shared/deps';

/**
 * Bindings as declared in wrangler.toml, plus the optional secrets deliberately left out of its
 * `[secrets] required` list (a listed secret makes `wrangler dev` warn and a first deploy fail
 * without it), which `wrangler types` therefore cannot know.
 */
export type Bindings = Env & {
  RESEND_API_KEY?: string;
  TURNSTILE_SECRET_KEY?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /** Tests and fakes only (a local fake Stripe server). */
  STRIPE_API_HOST?: string;
  STRIPE_API_PORT?: string;
  STRIPE_API_PROTOCOL?: string;
};

/** An optional setting: absent and empty (the `[vars]` default) both mean "not configured". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const configSchema = lazySchema(() =>
  z.object({
    /** `development` turns on /dev/* tools and local adapters; set in .dev.vars by `npm start`. */
    ENVIRONMENT: z.enum(['production', 'development']),
    /**
     * The site's public origin in production (`https://…`, no path), e.g. a staging deployment's;
     * empty means `site.url` of src/config/site.ts. Links, the OAuth issuer, the passkey RP ID and
     * checkout return URLs are built from it, never from the request's Host header ([vars]).
     */
    SITE_ORIGIN: optional(
      z
        .url({ protocol: /^https?$/ })
        .refine((value) => new URL(value).origin === value.replace(/\/$/, ''), {
          message: 'must be an origin such as https://sheetwright.example, with no path',
        }),
    ),
    /** Signs session JWTs. At least 32 characters: it is an HMAC key. */
    JWT_SECRET: z.string().min(32),
    /** Keys the password hash so a leaked database alone cannot be cracked. */
    PASSWORD_PEPPER: z.string().min(32),
    /**
     * Signs license files: a private Ed25519 JWK as JSON (`kty: OKP`, `crv: Ed25519`,
     * with `d`). Its public half is served at /api/licenses/public-key. `npm start` generates one
     * into .dev.vars; production sets it with `wrangler secret put LICENSE_SIGNING_KEY`.
     */
    LICENSE_SIGNING_KEY: z.string().min(40),

    // Outside services. Each real adapter is used when its settings are present; without
    // them development uses the local stand-in and production refuses (adapters/index.ts).
    /** Resend API key (secret). With MAIL_FROM, e-mail goes out through Resend. */
    RESEND_API_KEY: optional(z.string().min(1)),
    /** Sender of every e-mail, e.g. `Sheetwright <no-reply@sheetwright.example>` ([vars]). */
    MAIL_FROM: optional(z.string().min(3)),
    /** Turnstile secret key (secret). With TURNSTILE_SITE_KEY, bot checks go to siteverify. */
    TURNSTILE_SECRET_KEY: optional(z.string().min(1)),
    /** Turnstile site key (public, [vars]); the islands render the widget with it. */
    TURNSTILE_SITE_KEY: optional(z.string().min(1)),
    /** Google OAuth client id (public, [vars]); the expected `aud` of Google ID tokens. */
    GOOGLE_CLIENT_ID: optional(z.string().min(1)),
    /**
     * Development only: the private RSA JWK (JSON) that signs /dev/google ID tokens. Written to
     * .dev.vars by `npm start` so tokens survive isolate restarts; ignored in production.
     */
    DEV_GOOGLE_PRIVATE_JWK: optional(z.string().min(1)),

    // Card payments (adapters/payments/config.ts): Stripe, or /dev/checkout in development.
    ...paymentsConfigFields(),
  }),
);

/** Validated settings and secrets, read through `c.get('config')`. */
export type Config = z.infer<typeof configSchema>;

/** Per-request values set by middleware. */
export interface Variables {
  config: Config;
  /** What the services need (db, clock, secrets, adapters, origin, client): middleware/context.ts. */
  deps: Deps;
  /** Tests set a controllable clock here (ms since the epoch); otherwise Date.now. */
  clock?: () => number;
  /** The account a session cookie was set for in this response (middleware/auth.ts). */
  signedInUserId?: string;
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
