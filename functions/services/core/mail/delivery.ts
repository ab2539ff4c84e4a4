/**
 * Delivery of outbox rows, at least once and idempotent per message. The queue consumer calls
 * `deliverMail` for each `deliver-mail` task: one conditional UPDATE claims the row (so two
 * copies of a message never send it at the same time, and a sent one is never sent again), the
 * provider gets it with the row id as idempotency key, and the row records the outcome. A failed
 * attempt is retried with growing delays; after the queue's retries the dead-letter consumer
 * marks it `dead` (`buryMail`), where operators see it. The cron (`requeueStuckMail`) queues
 * again any row whose queue message was lost or whose consumer died mid-send.
 */
import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { outbox } from '../../../db/schema';
import type { Deps } from '../../shared/deps';
import { STUCK_AFTER_MS } from './outbox';
import { holdsSecret } from './rules';

/** Seconds to wait before attempt n + 1 after attempt n failed (n = 1, 2, …); then the last. */
export const RETRY_DELAYS_SECONDS = [10, 30, 120, 600, 1800, 3600] as const;

/** Attempts over all queue messages of one row (the cron's re-queues included); then `dead`. */
export const MAX_ATTEMPTS = 12;

/** What remains of a delivered secret-bearing text when the provider is a real one. */
export const REMOVED_TEXT = '(Removed after delivery: it held a one-time code or link.)';

export type DeliveryOutcome =
  /** Handed to the provider now. */
  | { outcome: 'sent' }
  /** Nothing to do: already sent or dead, unknown, or another consumer is sending it. */
  | { outcome: 'skipped' }
  /** The provider refused or was unreachable: try again after `retryInSeconds`. */
  | { outcome: 'failed'; retryInSeconds: number }
  /** The provider failed MAX_ATTEMPTS times: the row is `dead`. */
  | { outcome: 'dead' };

/** The wait after failed attempt `attempts` (1-based). */
export function retryDelaySeconds(attempts: number): number {
  const index = Math.min(Math.max(attempts, 1), RETRY_DELAYS_SECONDS.length) - 1;
  return RETRY_DELAYS_SECONDS[index] ?? RETRY_DELAYS_SECONDS[0];
}

/** Short, single-line and without the message body: safe to keep and to show operators. */
function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replace(/\s+/g, ' ').slice(0, 300);
}

/** Delivers outbox row `outboxId` once (see the file comment). */
export async function deliverMail(
  { db, now, mailer }: Pick<Deps, 'db' | 'now' | 'mailer'>,
  outboxId: string,
): Promise<DeliveryOutcome> {
  // Claim: only a row waiting for delivery, or one whose sender died (its lease is over).
  const [row] = await db
    .update(outbox)
    .set({
      status: 'sending',
      attempts: sql`${outbox.attempts} + 1`,
      lastAttemptAt: now,
      dueAt: now + STUCK_AFTER_MS,
    })
    .where(
      and(
        eq(outbox.id, outboxId),
        or(
          inArray(outbox.status, ['queued', 'failed']),
          and(eq(outbox.status, 'sending'), lte(outbox.dueAt, now)),
        ),
      ),
    )
    .returning();
  if (!row) return { outcome: 'skipped' };

  try {
    await mailer.send(
      {
        to: row.toEmail,
        subject: row.subject,
        text: row.text,
        ...(row.html === null ? {} : { html: row.html }),
        tag: row.tag,
      },
      { idempotencyKey: row.id },
    );
  } catch (error) {
    // Logged with the kind and id, never the body (it may hold a code or a reset link).
    console.error(
      `Could not deliver the ${row.tag} e-mail ${row.id} (attempt ${row.attempts}):`,
      error,
    );
    const dead = row.attempts >= MAX_ATTEMPTS;
    const retryInSeconds = retryDelaySeconds(row.attempts);
    await db
      .update(outbox)
      .set({
        status: dead ? 'dead' : 'failed',
        lastError: errorText(error),
        dueAt: now + retryInSeconds * 1000 + STUCK_AFTER_MS,
      })
      .where(and(eq(outbox.id, row.id), eq(outbox.status, 'sending')));
    return dead ? { outcome: 'dead' } : { outcome: 'failed', retryInSeconds };
  }

  const redact = holdsSecret(row.tag) && !mailer.keepsSentText;
  await db
    .update(outbox)
    .set({
      status: 'sent',
      sentAt: now,
      lastError: null,
      ...(redact ? { text: REMOVED_TEXT, html: null } : {}),
    })
    .where(eq(outbox.id, row.id));
  return { outcome: 'sent' };
}

/** The dead-letter consumer: the queue gave up on this row; operators see it as `dead`. */
export async function buryMail({ db }: Pick<Deps, 'db'>, outboxId: string): Promise<boolean> {
  const buried = await db
    .update(outbox)
    .set({ status: 'dead' })
    .where(and(eq(outbox.id, outboxId), inArray(outbox.status, ['queued', 'sending', 'failed'])))
    .returning({ id: outbox.id });
  if (buried.length > 0) console.error(`E-mail ${outboxId} is dead after the queue's retries`);
  return buried.length > 0;
}
