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
import { quoteTax } from './services/billing/tax';
import { createCloudflareTaskQueue } from './adapters/tasks';
import type { TaskQueue } from './adapters/types';
import { createDb } from './db/client';
import { standIns } from './dev/load';
import type { Bindings, Config } from './env';
import type { ClientInfo, Deps } from './services/shared/deps';

/** Every outside service, and the releases; tests may replace any of them. */
export type AppAdapters = Adapters & {
  payments: PaymentProvider;
  tasks: TaskQueue;
  releases: readonly Release[];
};

/**
 * Where links point when there is no request to take an origin from (cron, queue): the
 * deployment's public address (`site.url` in site.config), or `npm start`'s in development.
 */
export function siteOrigin(config: Config): string {
  return config.ENVIRONMENT === 'development' ? 'http://localhost:8787' : site.url;
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
    payments: adapters.payments,
    tasks: adapters.tasks,
    releases: adapters.releases,
  };
}
