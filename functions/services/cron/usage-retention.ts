/**
 * Feature-usage retention: received batch ids are kept `featureUsage.batchKeepDays` (longer than
 * a report may reach back, so a late retry still counts once), the daily usage rows
 * `retentionDays.usageLogs` (the privacy policy's usage logs, `legal.retention.usageLogs`).
 * Idempotent: a second run at the same time finds nothing older.
 */
import { lt } from 'drizzle-orm';
import { featureUsage, retentionDays } from '../../../src/site.config';
import { featureUsageDays, usageBatches } from '../../db/schema';
import { DAY_MS, type Db, type Millis } from '../shared/db';
import type { Deps } from '../shared/deps';
import type { JobCounts } from './job';

/** The two deletes of a run at `now`, each reading an index (received_at; day). */
export function pruneStatements(db: Db, now: Millis) {
  const oldestDay = new Date(now - retentionDays.usageLogs * DAY_MS).toISOString().slice(0, 10);
  return [
    db
      .delete(usageBatches)
      .where(lt(usageBatches.receivedAt, now - featureUsage.batchKeepDays * DAY_MS)),
    db.delete(featureUsageDays).where(lt(featureUsageDays.day, oldestDay)),
  ] as const;
}

export async function pruneFeatureUsage({ db, now }: Pick<Deps, 'db' | 'now'>): Promise<JobCounts> {
  const [batches, days] = await db.batch(pruneStatements(db, now));
  return { usageBatches: batches.meta.changes, usageDays: days.meta.changes };
}
