/**
 * The scheduled jobs and the runner that runs them in order. Each job is idempotent:
 * its writes are conditional on the state it changes, so a second run with the same clock finds
 * nothing left to do. One failing job does not stop the others; the runner logs every job with
 * its counts and throws at the end when any failed, so Cloudflare records the run as failed.
 */
import type { Deps } from '../shared/deps';
import { cleanUp } from './clean-up';
import { expireTrials } from './expire-trials';
import { lapsePaidLicenses } from './lapse-paid-licenses';
import { PartialJobFailure, type CronJob, type JobCounts } from './job';
import { purgeDeletedAccounts } from './purge-accounts';
import { remindRenewals } from './remind-renewals';
import { applyRenewalSeats } from './renewal-seats';
import { remindAndSuspendInvoices } from './invoices-due';
import { remindTrialsEnding } from './remind-trials';
import { requeueStuckMail } from './requeue-mail';
import { finishOperatorRefunds } from './finish-operator-refunds';
import { retryRefunds } from './retry-refunds';
import { reconcilePayments } from './reconcile-payments';
import { pruneFeatureUsage } from './usage-retention';
import { recheckDomains } from './recheck-domains';
import { mailSsoSeatWaits } from './sso-seat-waits';
import { alertTeamSeats, mailTeamUsageReports, snapshotTeamSeats } from './team-utilization';

export { PartialJobFailure, type CronJob, type JobCounts } from './job';

/**
 * Every job, in the order they run. They do not depend on each other (each reads only the state
 * it changes), so the order only decides which log lines come first.
 */
export const cronJobs: readonly CronJob[] = [
  { name: 'remind-trials-ending', run: remindTrialsEnding },
  { name: 'remind-renewals', run: remindRenewals },
  { name: 'invoices-due', run: remindAndSuspendInvoices },
  { name: 'expire-trials', run: expireTrials },
  { name: 'lapse-paid-licenses', run: lapsePaidLicenses },
  { name: 'apply-renewal-seats', run: applyRenewalSeats },
  { name: 'purge-deleted-accounts', run: purgeDeletedAccounts },
  { name: 'clean-up', run: cleanUp },
  { name: 'requeue-stuck-mail', run: requeueStuckMail },
  { name: 'retry-refunds', run: retryRefunds },
  { name: 'finish-operator-refunds', run: finishOperatorRefunds },
  { name: 'reconcile-payments', run: reconcilePayments },
  { name: 'prune-feature-usage', run: pruneFeatureUsage },
  { name: 'snapshot-team-seats', run: snapshotTeamSeats },
  { name: 'alert-team-seats', run: alertTeamSeats },
  { name: 'mail-team-usage-reports', run: mailTeamUsageReports },
  { name: 'recheck-domains', run: recheckDomains },
  { name: 'mail-sso-seat-waits', run: mailSsoSeatWaits },
];

/** The outcome of one job in a run. */
export type JobReport =
  | { name: string; ok: true; counts: JobCounts }
  | { name: string; ok: false; counts: JobCounts | null; error: string };

/**
 * Runs the jobs one after another at `deps.now`, logging each. Resolves with every job's report when
 * all succeeded; otherwise throws an AggregateError of the failures after all jobs have run.
 */
export async function runJobs(
  deps: Deps,
  jobs: readonly CronJob[] = cronJobs,
): Promise<JobReport[]> {
  const reports: JobReport[] = [];
  const failures: unknown[] = [];
  for (const job of jobs) {
    try {
      const counts = await job.run(deps);
      console.log(`cron ${job.name}: ok ${JSON.stringify(counts)}`);
      reports.push({ name: job.name, ok: true, counts });
    } catch (error) {
      const counts = error instanceof PartialJobFailure ? error.counts : null;
      // Logged with its stack for the operator (wrangler tail / dashboard); the next job still runs.
      console.error(`cron ${job.name}: failed ${JSON.stringify(counts)}`, error);
      reports.push({ name: job.name, ok: false, counts, error: String(error) });
      failures.push(error);
    }
  }
  if (failures.length > 0) {
    const names = reports.filter((report) => !report.ok).map((report) => report.name);
    throw new AggregateError(failures, `Scheduled jobs failed: ${names.join(', ')}`);
  }
  return reports;
}
