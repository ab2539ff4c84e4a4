/**
 * The Worker's cron entry (wrangler.toml `[triggers]`): builds the services' deps
 * from the bindings, the same way the request middleware does, once per run, and runs the jobs
 * at the trigger's scheduled time. The jobs themselves are in services/cron/.
 */
import { buildDeps, siteOrigin, type AppAdapters } from './deps';
import { readConfig, type Bindings } from './env';
import { runJobs, type JobReport } from './services/cron';

/** Replacements for tests: fake adapters (a recording mailer, an inline task queue), another origin. */
export interface ScheduledOverrides {
  adapters?: Partial<AppAdapters>;
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
    overrides: overrides.adapters ?? {},
  });
  return runJobs(deps);
}

/** `scheduled` of the Worker's default export: the cron trigger's time is the jobs' clock. */
export const scheduled: ExportedHandlerScheduledHandler<Bindings> = async (controller, env) => {
  await runScheduledJobs(env, controller.scheduledTime);
};
