/**
 * The safety net of durable mail: an outbox row still unfinished past its `dueAt`
 * lost its queue message (the queue was down when it was written, or the Worker died right after
 * the batch) or its consumer died mid-send. It is queued again; delivery claims rows with one
 * conditional UPDATE, so a row queued twice is still sent once.
 */
import { and, asc, inArray, lte } from 'drizzle-orm';
import { outbox } from '../../db/schema';
import { STUCK_AFTER_MS } from '../core/mail/outbox';
import type { Deps } from '../shared/deps';
import type { JobCounts } from './job';

/** Rows queued again per run; an hourly run catches up on a backlog over a few runs. */
const BATCH = 100;

export async function requeueStuckMail({ db, now, tasks }: Deps): Promise<JobCounts> {
  const stuck = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(inArray(outbox.status, ['queued', 'sending', 'failed']), lte(outbox.dueAt, now)))
    .orderBy(asc(outbox.dueAt))
    .limit(BATCH);
  if (stuck.length === 0) return { requeued: 0 };
  // Thrown if the queue refuses: the run fails and shows in the cron history; rows stay due.
  await tasks.enqueue(stuck.map(({ id }) => ({ kind: 'deliver-mail', outboxId: id })));
  const ids = stuck.map(({ id }) => id);
  await db
    .update(outbox)
    .set({ dueAt: now + STUCK_AFTER_MS })
    .where(and(inArray(outbox.id, ids), lte(outbox.dueAt, now)));
  return { requeued: stuck.length };
}
