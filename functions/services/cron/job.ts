/** Shared shapes of the scheduled jobs (kept apart from the runner so jobs need not import it). */
import type { Deps } from '../shared/deps';

/** What a job did, by name: rows changed, e-mails sent, and so on. */
export type JobCounts = Record<string, number>;

/**
 * A job that finished its work but could not do all of it (e.g. some e-mails failed). Its counts
 * are still reported, and the run as a whole fails.
 */
export class PartialJobFailure extends Error {
  override readonly name = 'PartialJobFailure';
  readonly counts: JobCounts;

  constructor(message: string, counts: JobCounts) {
    super(message);
    this.counts = counts;
  }
}

/** One scheduled job. */
export interface CronJob {
  name: string;
  /** Runs at `deps.now`, the cron trigger's scheduled time; deps are built once per run. */
  run(deps: Deps): Promise<JobCounts>;
}
