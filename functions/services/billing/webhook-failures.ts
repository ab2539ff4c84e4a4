/**
 * Webhook events whose handling failed (`webhook_failures`), for the console's "money needing
 * attention". Stripe delivers a failed event again for days, so a row is upserted by event id on
 * every failed delivery (attempts + 1, the last reason) and marked resolved by the first delivery
 * that succeeds. The reason is ours and short: never a stack trace, a query or the payload (an
 * unexpected error's text may hold SQL parameters or e-mails; it stays in the Worker's logs).
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { webhookFailures } from '../../db/schema';
import type { Db, Millis } from '../shared/db';
import { failureReason } from '../core/payments/provider';

/** The event a failure is about: what the verified envelope says, even when its object is unreadable. */
export interface FailedEventRef {
  id: string;
  type: string;
  objectId: string | null;
}

/**
 * Records one failed delivery of `event`. Never throws: the delivery has failed already and
 * must answer its own error (so Stripe retries); a failure to record it is only logged.
 */
export async function recordWebhookFailure(
  { db, now }: { db: Db; now: Millis },
  event: FailedEventRef,
  error: unknown,
): Promise<void> {
  const reason = failureReason(error).slice(0, 300);
  try {
    await db
      .insert(webhookFailures)
      .values({
        id: event.id,
        type: event.type.slice(0, 100),
        objectId: event.objectId?.slice(0, 255) ?? null,
        error: reason,
        attempts: 1,
        firstFailedAt: now,
        lastFailedAt: now,
        resolvedAt: null,
      })
      .onConflictDoUpdate({
        target: webhookFailures.id,
        set: {
          attempts: sql`${webhookFailures.attempts} + 1`,
          error: reason,
          lastFailedAt: now,
          // Failing again after a success (rare: a later handler bug) needs attention again.
          resolvedAt: null,
        },
      });
  } catch (recordError) {
    console.error(`Could not record the failure of webhook ${event.id}:`, recordError);
  }
}

/**
 * Marks `eventId` resolved after a successful delivery: one UPDATE by primary key that changes
 * nothing for the (usual) event that never failed. Never throws, as above.
 */
export async function resolveWebhookFailure(
  { db, now }: { db: Db; now: Millis },
  eventId: string,
): Promise<void> {
  try {
    await db
      .update(webhookFailures)
      .set({ resolvedAt: now })
      .where(and(eq(webhookFailures.id, eventId), isNull(webhookFailures.resolvedAt)));
  } catch (error) {
    console.error(`Could not mark webhook ${eventId} resolved:`, error);
  }
}

/** The unresolved failures, the most recent first. */
export function unresolvedWebhookFailures(db: Db, limit: number) {
  return db
    .select()
    .from(webhookFailures)
    .where(isNull(webhookFailures.resolvedAt))
    .orderBy(desc(webhookFailures.lastFailedAt))
    .limit(limit);
}
