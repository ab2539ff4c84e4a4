/**
 * Builds the services' `Deps` (services/shared/deps.ts) from the bindings: once per request in
 * the context middleware, once per cron run in scheduled.ts. Everything is built per call, never
 * at module level, so each request sees the env it was given. This is the composition root: it
 * picks each outside service's implementation (adapters/index.ts, adapters/payments/index.ts),
 * handing them the development stand-ins where the build has them (dev/load.ts).
 */
import { releases } from '../src/generated/releases';
import type { Release } from '../src/releases/releases';
import { site } from '../src/site.config';
import { createAdapters, type Adapters } from './adapters';
import { createPayments, type PaymentProvider } from './adapters/payments';
import { quoteTax } from './services/core/payments/tax-quote';
import { providePdfFonts } from './adapters/pdf-fonts';
import { createCloudflareTaskQueue } from './adapters/tasks';
import type { TaskQueue } from './adapters/types';
import { createDb } from './db/client';
import { standIns } from './dev/load';
import type { Bindings, Config } from './env';
import type { ClientInfo, Deps } from './services/shared/deps';

// The invoice PDF's fonts for letters beyond Latin-1: the stand-ins' where the build has them.
// Set once, at load, unlike the rest: what the build contains, whatever the bindings say.
providePdfFonts(standIns?.pdfFonts);

/** Every outside service, and the releases; tests may replace any of them. */
export type AppAdapters = Adapters & {
  payments: PaymentProvider;
  tasks: TaskQueue;
  releases: readonly Release[];
};

/**
 * The site's own origin. In production it is configuration only (`SITE_ORIGIN`, else `site.url`
 * of site.config): a request's Host header never decides where links, the OAuth issuer or the
 * passkey RP ID point, and requests for any other host are refused (middleware/host.ts). Locally
 * (`development`) the site answers at whatever address it was opened at and its links follow
 * `requestUrl`; without a request (cron, queue) they point at `npm start`'s address.
 */
export function siteOrigin(config: Config, requestUrl?: string): string {
  if (config.ENVIRONMENT === 'development') {
    return requestUrl ? new URL(requestUrl).origin : 'http://localhost:8787';
  }
  return new URL(config.SITE_ORIGIN ?? site.url).origin;
}

export interface DepsInput {
  env: Bindings;
  config: Config;
  now: number;
  origin: string;
  client: ClientInfo;
  /** Replacements for outside services (tests only). */
  overrides?: Partial<AppAdapters>;
}

export function buildDeps({ env, config, now, origin, client, overrides = {} }: DepsInput): Deps {
  const db = createDb(env.DB);
  const adapters: AppAdapters = {
    // Turnstile challenges must have been solved on the host the request came to.
    ...createAdapters(config, {
      db,
      hostname: new URL(origin).hostname,
      local: standIns?.local,
    }),
    payments: createPayments(config, {
      local: standIns?.createLocalPayments,
      // Called only for the local provider, which exists only where the stand-ins do.
      localStore: () => {
        if (!standIns) throw new Error('No development stand-ins in this build');
        return standIns.createD1CheckoutStore(db);
      },
      localTax: quoteTax,
    }),
    tasks: createCloudflareTaskQueue(env.TASK_QUEUE),
    releases,
    ...overrides,
  };
  return {
    db,
    now,
    origin,
    client,
    secrets: {
      jwtSecret: config.JWT_SECRET,
      pepper: config.PASSWORD_PEPPER,
      licenseSigningKey: config.LICENSE_SIGNING_KEY,
    },
    mailer: adapters.mailer,
    botCheck: adapters.botCheck,
    google: adapters.google,
    vatRegister: adapters.vatRegister,
    dns: adapters.dns,
    oidc: adapters.oidc,
    payments: adapters.payments,
    tasks: adapters.tasks,
    releases: adapters.releases,
  };
}
