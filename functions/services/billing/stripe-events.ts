/**
 * Stripe events we have processed, by id: an event's row is written in the SAME
 * db.batch as its effect, as the batch's FIRST statement, so a replayed event fails its primary
 * key and the whole batch rolls back. Exactly-once without a transaction.
 */
import { stripeEvents } from '../../db/schema';
import { isUniqueViolation, type Db, type Millis } from '../shared/db';

/** The event an effect comes from; recorded in the same batch (null when polling). */
export interface EventRecord {
  id: string;
  type: string;
  objectId: string | null;
  /** ms */
  created: number;
}

/** The insert that records an event; batch it FIRST so a replay rolls the batch back. */
export function recordEvent(db: Db, event: EventRecord, now: Millis) {
  return db.insert(stripeEvents).values({
    id: event.id,
    type: event.type,
    objectId: event.objectId,
    created: event.created,
    processedAt: now,
  });
}

/** True when `error` is the replay of an event already recorded. */
export function isReplayedEvent(error: unknown): boolean {
  return isUniqueViolation(error, 'stripe_events.id');
}

/** Records an event that has no effect of its own (ignored, unpaid, already fulfilled); false on a replay. */
export async function recordAlone(db: Db, event: EventRecord, now: Millis): Promise<boolean> {
  try {
    await recordEvent(db, event, now);
    return true;
  } catch (error) {
    if (isReplayedEvent(error)) return false;
    throw error;
  }
}
