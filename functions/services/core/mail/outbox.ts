/**
 * The outbox: every e-mail is a row written in the SAME db.batch as the change that causes it, so
 * the two commit together or not at all; delivery follows through the task queue. A lost queue
 * message or a consumer killed mid-send leaves the row unfinished past `dueAt`, and the cron
 * queues it again (delivery.ts), so no e-mail is ever lost between a write and its send.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { outbox } from '../../../db/schema';
import type { Db, Millis } from '../../shared/db';
import type { Deps } from '../../shared/deps';
import type { Mail } from './rules';

/** An unfinished row older than this is taken as stuck and queued again by the cron. */
export const STUCK_AFTER_MS = 5 * 60 * 1000;

/** An e-mail ready to go into a batch: its row's insert, and its id for `deliverSoon`. */
export interface QueuedMail {
  id: string;
  insert: BatchItem<'sqlite'>;
}

/** The outbox row of `mail`, to put in the batch of the change that causes it. */
export function queueMail(db: Db, mail: Mail, now: Millis): QueuedMail {
  const id = crypto.randomUUID();
  const insert = db.insert(outbox).values({
    id,
    toEmail: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    tag: mail.tag,
    createdAt: now,
    status: 'queued',
    attempts: 0,
    dueAt: now + STUCK_AFTER_MS,
  });
  return { id, insert };
}

/**
 * Like `queueMail`, but the row is written only when `condition` holds at that point of the
 * batch (e.g. "this license is still active", placed before the statement that expires it), so
 * of two overlapping runs only the one that makes the change writes the e-mail.
 */
export function queueMailWhere(db: Db, mail: Mail, now: Millis, condition: SQL): QueuedMail {
  return insertWhere(db, mail, now, condition, null);
}

/**
 * An e-mail no single change causes (a reminder the cron finds due), written at most once per
 * `dedupeKey` ever: the key's UNIQUE index drops a second write, so two cron runs, or two Workers
 * running the same job at once, still write one row. Only when `condition` holds, as above. Put
 * what decides "once" into the key (e.g. the license and its expiry: an extended license gets a
 * reminder of its own).
 */
export function queueMailOnce(
  db: Db,
  mail: Mail,
  now: Millis,
  dedupeKey: string,
  condition: SQL = sql`1 = 1`,
): QueuedMail {
  return insertWhere(db, mail, now, condition, dedupeKey);
}

function insertWhere(
  db: Db,
  mail: Mail,
  now: Millis,
  condition: SQL,
  dedupeKey: string | null,
): QueuedMail {
  const id = crypto.randomUUID();
  // Values in the table's column order (schema.ts), the column list drizzle writes for a select.
  // The select has a WHERE, as SQLite needs before an upsert clause (no parsing ambiguity).
  const insert = db
    .insert(outbox)
    .select(
      sql`select ${id}, ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null}, ${mail.tag}, ${now}, 'queued', 0, null, null, null, ${now + STUCK_AFTER_MS}, ${dedupeKey} where ${condition}`,
    )
    .onConflictDoNothing();
  return { id, insert };
}

/**
 * True when the batch result of a `queueMailWhere` / `queueMailOnce` insert wrote its row (D1
 * reports the rows a statement changed in `meta.changes`): only then is there a row to deliver.
 */
export function mailWritten(result: unknown): boolean {
  const meta = (result as { meta?: { changes?: number } } | undefined)?.meta;
  return (meta?.changes ?? 0) > 0;
}

/** Rows written per batch by `writeMails`. */
const WRITE_CHUNK = 50;

/**
 * Writes e-mails that have no change of their own to go with (the cron's reminders, each a
 * `queueMailOnce`), a chunk per batch; answers those whose row was written, to `deliverSoon`.
 */
export async function writeMails(db: Db, mails: readonly QueuedMail[]): Promise<QueuedMail[]> {
  const written: QueuedMail[] = [];
  for (let start = 0; start < mails.length; start += WRITE_CHUNK) {
    const chunk = mails.slice(start, start + WRITE_CHUNK);
    const [first, ...rest] = chunk.map((mail) => mail.insert);
    if (!first) continue;
    const results = await db.batch([first, ...rest]);
    chunk.forEach((mail, index) => {
      if (mailWritten(results[index])) written.push(mail);
    });
  }
  return written;
}

/**
 * After the batch committed: asks the queue to deliver these rows now. A queue that is down
 * loses nothing (the rows wait and the cron queues them again), so it is logged, not thrown: the
 * change the e-mail reports has happened.
 */
export async function deliverSoon(
  { tasks }: Pick<Deps, 'tasks'>,
  ...mails: Pick<QueuedMail, 'id'>[]
) {
  if (mails.length === 0) return;
  try {
    await tasks.enqueue(mails.map(({ id }) => ({ kind: 'deliver-mail', outboxId: id })));
  } catch (error) {
    console.error('Could not queue e-mail delivery; the cron will queue it again:', error);
  }
}
