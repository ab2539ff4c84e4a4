/**
 * Fulfilment of a paid Standard checkout (DESIGN §3.2), exactly once. It runs from the webhook
 * (checkout.session.completed / async_payment_succeeded) AND from check-payment-completion, which
 * asks the provider for the session when the webhook is late; whichever comes first wins.
 *
 * One db.batch creates the account, its Standard license and its subscription row and marks the
 * pending signup completed (plus, from the webhook, the stripe_events row as its FIRST statement).
 * UNIQUE constraints settle every race: users.email_normalized makes a second fulfilment of the
 * same pending signup fail as a whole, and stripe_events.id makes a replayed event fail as a whole.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { site } from '../../../src/site.config';
import { licenses, pendingSignups, stripeEvents, subscriptions, users } from '../../db/schema';
import { isUniqueViolation, type Db, type Millis } from '../db';
import { generateLicenseKey } from '../license-keys';
import type { LicenseRow } from '../licenses';
import { currentLicense, standardExpiry } from '../licenses';
import { findUserByEmail, type UserRow } from '../users';

/** A row of `pending_signups`. */
export type PendingSignupRow = typeof pendingSignups.$inferSelect;

/** The event a fulfilment comes from; recorded in the same batch (null when polling). */
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

/** What the paid checkout says about the customer. */
export interface PaidCheckout {
  pendingSignupId: string;
  customerId: string | null;
  subscriptionId: string | null;
}

export type FulfilmentResult =
  /** This call created the account: send the welcome e-mail. */
  | { outcome: 'created'; user: UserRow; license: LicenseRow }
  /** Someone else (webhook or polling) already did. */
  | { outcome: 'already'; user: UserRow }
  /** The event was already processed. */
  | { outcome: 'replayed' }
  /** No such pending signup (not ours, or purged). */
  | { outcome: 'unknown' }
  /** The e-mail belongs to an account that this pending signup did not create. */
  | { outcome: 'conflict' };

export async function findPendingSignup(db: Db, id: string): Promise<PendingSignupRow | undefined> {
  const [row] = await db.select().from(pendingSignups).where(eq(pendingSignups.id, id)).limit(1);
  return row;
}

/** A new active Standard license for one paid year (SPEC §9). */
export function newStandardLicense(userId: string, now: Millis, expiresAt?: Millis): LicenseRow {
  return {
    id: crypto.randomUUID(),
    userId,
    licenseKey: generateLicenseKey(),
    plan: 'Standard',
    status: 'active',
    activatedAt: now,
    expiresAt: expiresAt ?? standardExpiry(now),
    createdAt: now,
    appVersion: site.currentVersion,
  };
}

/** Creates the account of a paid pending signup, exactly once (see the file comment). */
export async function fulfilPendingSignup(
  db: Db,
  paid: PaidCheckout,
  event: EventRecord | null,
  now: Millis,
): Promise<FulfilmentResult> {
  const pending = await findPendingSignup(db, paid.pendingSignupId);
  if (!pending) {
    if (event) await recordAlone(db, event, now);
    return { outcome: 'unknown' };
  }
  const existing = async (): Promise<FulfilmentResult> => {
    const user = await findUserByEmail(db, pending.emailNormalized);
    const fresh = await findPendingSignup(db, pending.id);
    if (user && fresh?.completedAt != null) return { outcome: 'already', user };
    console.error(`Paid pending signup ${pending.id} collides with another account's e-mail`);
    return { outcome: 'conflict' };
  };
  if (pending.completedAt !== null) {
    if (event && !(await recordAlone(db, event, now))) return { outcome: 'replayed' };
    return existing();
  }

  const user: UserRow = {
    id: crypto.randomUUID(),
    customerName: pending.customerName,
    email: pending.email,
    emailNormalized: pending.emailNormalized,
    passwordHash: pending.passwordHash,
    googleSub: pending.googleSub,
    plan: 'Standard',
    isDeleted: false,
    deletedAt: null,
    purgedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  const license = newStandardLicense(user.id, now);
  const statements = [
    db.insert(users).values(user),
    db.insert(licenses).values(license),
    db
      .update(pendingSignups)
      .set({ completedAt: now })
      .where(and(eq(pendingSignups.id, pending.id), isNull(pendingSignups.completedAt))),
  ] as const;
  const subscription =
    paid.subscriptionId && paid.customerId
      ? db.insert(subscriptions).values({
          id: crypto.randomUUID(),
          userId: user.id,
          stripeCustomerId: paid.customerId,
          stripeSubscriptionId: paid.subscriptionId,
          status: 'active',
          currentPeriodEnd: license.expiresAt,
          cancelAtPeriodEnd: false,
          updatedFromEventCreated: event?.created ?? 0,
          createdAt: now,
          updatedAt: now,
        })
      : null;
  try {
    if (event && subscription) {
      await db.batch([recordEvent(db, event, now), ...statements, subscription]);
    } else if (event) {
      await db.batch([recordEvent(db, event, now), ...statements]);
    } else if (subscription) {
      await db.batch([...statements, subscription]);
    } else {
      await db.batch([...statements]);
    }
  } catch (error) {
    if (isReplayedEvent(error)) return { outcome: 'replayed' };
    if (isUniqueViolation(error, 'users.') || isUniqueViolation(error, 'subscriptions.')) {
      if (event && !(await recordAlone(db, event, now))) return { outcome: 'replayed' };
      return existing();
    }
    throw error;
  }
  return { outcome: 'created', user, license };
}

/** Records an event that has no effect of its own (ignored, unpaid, already fulfilled). */
export async function recordAlone(db: Db, event: EventRecord, now: Millis): Promise<boolean> {
  try {
    await recordEvent(db, event, now);
    return true;
  } catch (error) {
    if (isReplayedEvent(error)) return false;
    throw error;
  }
}

/** The account and license a completed pending signup created (for signing its browser in). */
export async function fulfilledAccount(
  db: Db,
  pending: PendingSignupRow,
): Promise<{ user: UserRow; license: LicenseRow } | null> {
  if (pending.completedAt === null) return null;
  const user = await findUserByEmail(db, pending.emailNormalized);
  if (!user) return null;
  const license = await currentLicense(db, user.id);
  return license ? { user, license } : null;
}
