/**
 * The Worker's cron entry (wrangler.toml `[triggers]`): builds the services' deps
 * from the bindings, the same way the request middleware does, once per run, and runs the jobs
 * at the trigger's scheduled time. The jobs themselves are in services/cron/.
 */
import { site } from '../src/site.config';
import type { Mailer } from './adapters/types';
import { buildDeps } from './deps';
import { readConfig, type Bindings, type Config } from './env';
import { runJobs, type JobReport } from './services/cron';

/**
 * Where links in cron e-mails point. A cron run has no request to take an origin from, so it is
 * the deployment's public address (`site.url` in site.config), or `npm start`'s in development.
 */
function siteOrigin(config: Config): string {
  return config.ENVIRONMENT === 'development' ? 'http://localhost:8787' : site.url;
}

/** Replacements for tests: a fake mailer, another origin. */
export interface ScheduledOverrides {
  mailer?: Mailer;
  origin?: string;
}

/**
 * Runs every scheduled job at `now` (ms). Tests call this with their own clock; resolves with each
 * job's counts, or throws an AggregateError naming the failed jobs after all of them ran.
 */
export async function runScheduledJobs(
  env: Bindings,
  now: number,
  overrides: ScheduledOverrides = {},
): Promise<JobReport[]> {
  const config = readConfig(env);
  const deps = buildDeps({
    env,
    config,
    now,
    origin: overrides.origin ?? siteOrigin(config),
    // No request, so no client.
    client: { ip: null, userAgent: null },
    overrides: overrides.mailer ? { mailer: overrides.mailer } : {},
  });
  return runJobs(deps);
}

/** `scheduled` of the Worker's default export: the cron trigger's time is the jobs' clock. */
export const scheduled: ExportedHandlerScheduledHandler<Bindings> = async (controller, env) => {
  await runScheduledJobs(env, controller.scheduledTime);
};
