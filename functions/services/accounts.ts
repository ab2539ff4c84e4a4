/**
 * Creating and deleting accounts. D1 has no interactive transactions, so everything that must
 * happen together is one db.batch (atomic: all statements or none), and the rules that must hold
 * under races are UNIQUE constraints that fail the batch (DESIGN §4).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { ErrorCode, Messages } from '../../src/contract/errors';
import type { AuthResponse } from '../../src/contract/user';
import type { PaymentProvider } from '../adapters/payments';
import { devices, licenseEvents, licenses, users } from '../db/schema';
import { ApiError } from '../lib/errors';
import { cancelAtPeriodEnd } from './billing/manage';
import { isUniqueViolation, type Db, type Millis } from './db';
import { findUserByEmail, findUserByGoogleSub, type UserRow } from './users';
import { newTrialLicense, revokeLicenses, type LicenseRow } from './licenses';
import { newSession, revokeAllSessions, type SessionClient } from './sessions';
import { duplicateTrial, isDuplicateTrialError, recordTrial, type TrialClaim } from './trials';
import { toUserView } from './user-view';

/** 409 ACCOUNT_EXISTS with SPEC §8's message. */
export function accountExists(): ApiError {
  return new ApiError(409, ErrorCode.ACCOUNT_EXISTS, Messages.accountExists);
}

/**
 * Throws 409 ACCOUNT_EXISTS when the e-mail (or Google subject) already belongs to an account.
 * An account scheduled for deletion still holds its e-mail until it is purged (DESIGN §3.7).
 */
export async function assertNoAccount(db: Db, emailNormalized: string, googleSub?: string) {
  if (await findUserByEmail(db, emailNormalized)) throw accountExists();
  if (googleSub && (await findUserByGoogleSub(db, googleSub))) throw accountExists();
}

/** Who is signing up for a trial. Exactly one of passwordHash and googleSub is set. */
export interface NewTrialAccount {
  customerName: string;
  email: string;
  emailNormalized: string;
  passwordHash: string | null;
  googleSub: string | null;
  fingerprintId: string;
}

/** A freshly signed-in account: the AuthResponse plus what the welcome e-mail needs. */
export interface SignedIn {
  response: AuthResponse;
  user: UserRow;
  license: LicenseRow;
}

/**
 * Creates the account, its Trial license, its trial-ledger rows and its first session in ONE
 * batch. A race with another signup surfaces as a UNIQUE failure: 409 ACCOUNT_EXISTS for the
 * e-mail or Google subject, 409 DUPLICATE_TRIAL for the ledger.
 */
export async function createTrialAccount(
  db: Db,
  jwtSecret: string,
  account: NewTrialAccount,
  client: SessionClient,
  now: Millis,
): Promise<SignedIn> {
  const user: UserRow = {
    id: crypto.randomUUID(),
    customerName: account.customerName,
    email: account.email,
    emailNormalized: account.emailNormalized,
    passwordHash: account.passwordHash,
    googleSub: account.googleSub,
    plan: 'Trial',
    isDeleted: false,
    deletedAt: null,
    purgedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  const license = newTrialLicense(user.id, now);
  const claim: TrialClaim = {
    emailNormalized: account.emailNormalized,
    fingerprintId: account.fingerprintId,
    ...(account.googleSub ? { googleSub: account.googleSub } : {}),
  };
  const session = await newSession(db, jwtSecret, user.id, client, now);

  try {
    await db.batch([
      db.insert(users).values(user),
      db.insert(licenses).values(license),
      recordTrial(db, user.id, claim, now),
      session.insert,
    ]);
  } catch (error) {
    if (isUniqueViolation(error, 'users.')) throw accountExists();
    if (isDuplicateTrialError(error)) throw duplicateTrial();
    throw error;
  }

  return {
    user,
    license,
    response: {
      token: session.token,
      user: toUserView(user, license, session.info, now),
      tokenExpiration: session.info.expiresAt,
    },
  };
}

/** Rows per INSERT of audit events: D1 binds at most 100 parameters per statement. */
const EVENTS_PER_INSERT = 10;

/**
 * Schedules an account for deletion (DESIGN §3.7): marks it deleted, revokes every session and
 * license, and deactivates its plugin devices with a `system` audit row each, in one batch. Then
 * it asks the payment provider to stop renewing a running subscription (no charge after deletion).
 * The cron purge anonymises the account after the retention window.
 */
export async function deleteAccount(
  db: Db,
  payments: PaymentProvider,
  userId: string,
  now: Millis,
): Promise<void> {
  const active = await db
    .select({ licenseId: devices.licenseId, deviceId: devices.deviceId, name: devices.deviceName })
    .from(devices)
    .where(and(eq(devices.userId, userId), isNull(devices.deactivatedAt)));
  const events = active.map((device) => ({
    id: crypto.randomUUID(),
    licenseId: device.licenseId,
    userId,
    deviceId: device.deviceId,
    deviceName: device.name,
    action: 'deactivated' as const,
    source: 'system' as const,
    ip: null,
    createdAt: now,
  }));
  const eventInserts = [];
  for (let start = 0; start < events.length; start += EVENTS_PER_INSERT) {
    eventInserts.push(
      db.insert(licenseEvents).values(events.slice(start, start + EVENTS_PER_INSERT)),
    );
  }

  await db.batch([
    db
      .update(users)
      .set({ isDeleted: true, deletedAt: now, updatedAt: now })
      .where(eq(users.id, userId)),
    revokeAllSessions(db, userId, now),
    revokeLicenses(db, userId),
    // Every active device, not just those read above: the licenses are revoked in this batch, so
    // a device activated in between must not stay active (it only lacks its audit row).
    db
      .update(devices)
      .set({ deactivatedAt: now })
      .where(and(eq(devices.userId, userId), isNull(devices.deactivatedAt))),
    ...eventInserts,
  ]);

  // After the batch, so the deletion stands even when the provider fails: the failure is logged
  // for the operator to cancel by hand. No subscription, or one already ending, is not an error.
  try {
    await cancelAtPeriodEnd(db, payments, userId, now);
  } catch (error) {
    if (error instanceof ApiError && error.code === ErrorCode.NO_SUBSCRIPTION) return;
    console.error(`Account ${userId} deleted, but its subscription could not be cancelled`, error);
  }
}
