/**
 * Retention (`retentionDays` in site.config, which the privacy policy states in words; the table
 * in docs/product-rules.md): accounts scheduled for deletion are anonymized once `deletedAccount`
 * days have passed; payment records of purged accounts go after `paymentRecords` days, and the
 * activation audit trail of everyone after `usageLogs` days.
 *
 * What a purge keeps, and why: the user row itself (anonymized), because invoices, subscriptions
 * and licenses point at it; invoices and subscriptions, which tax law makes us keep (7 years);
 * and the trial ledger, so a purged account's e-mail, Google account or device cannot claim a
 * second trial.
 */
import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { retentionDays } from '../../../src/site.config';
import {
  auditLog,
  billingProfiles,
  customerNotes,
  devices,
  invoices,
  licenseEvents,
  passkeys,
  passwordResetTokens,
  pendingSignIns,
  recoveryCodes,
  sessions,
  pluginTokens,
  deviceAuthorizations,
  subscriptions,
  totpFactors,
  users,
  verificationCodes,
} from '../../db/schema';
import { DAY_MS, type Db, type Millis } from '../shared/db';
import { usageDeletes } from '../core/usage/usage-store';
import type { Deps } from '../shared/deps';
import type { JobCounts } from './job';

/** Accounts purged per run; the cron runs hourly, so a backlog clears over a few runs. */
const PURGE_PER_RUN = 200;

/** The e-mail a purged account is left with: unique per account, never deliverable (RFC 6761). */
export function purgedEmail(userId: string): string {
  return `purged-${userId}@invalid`;
}

/** Runs the three retention rules; each is a conditional write, so a rerun changes nothing. */
export async function purgeDeletedAccounts({
  db,
  now,
}: Pick<Deps, 'db' | 'now'>): Promise<JobCounts> {
  const accounts = await purgeAccounts(db, now);
  const paymentCutoff = now - retentionDays.paymentRecords * DAY_MS;
  // Only purged accounts lose old payment records: a live customer's history stays complete.
  const purgedUsers = db.select({ id: users.id }).from(users).where(isNotNull(users.purgedAt));
  const [oldInvoices, oldSubscriptions, oldEvents, oldAudit] = await db.batch([
    db
      .delete(invoices)
      .where(and(inArray(invoices.userId, purgedUsers), lte(invoices.created, paymentCutoff))),
    db
      .delete(subscriptions)
      .where(
        and(
          inArray(subscriptions.userId, purgedUsers),
          lte(subscriptions.updatedAt, paymentCutoff),
          or(
            isNull(subscriptions.currentPeriodEnd),
            lte(subscriptions.currentPeriodEnd, paymentCutoff),
          ),
        ),
      ),
    db
      .delete(licenseEvents)
      .where(lte(licenseEvents.createdAt, now - retentionDays.usageLogs * DAY_MS)),
    // The operators' audit log is kept as long as payment records. Its trigger (migration 0009)
    // refuses to delete anything younger by the database's own clock; asking only for what it
    // allows keeps a run with a clock ahead (tests) from failing the whole batch.
    db
      .delete(auditLog)
      .where(
        and(
          lte(auditLog.createdAt, paymentCutoff),
          lte(
            auditLog.createdAt,
            sql`(unixepoch('now') - ${retentionDays.paymentRecords * 86400}) * 1000`,
          ),
        ),
      ),
  ]);
  return {
    accountsPurged: accounts,
    invoicesDeleted: oldInvoices.meta.changes,
    subscriptionsDeleted: oldSubscriptions.meta.changes,
    licenseEventsDeleted: oldEvents.meta.changes,
    auditRowsDeleted: oldAudit.meta.changes,
  };
}

/** Anonymizes accounts deleted more than `retentionDays.deletedAccount` days ago. */
async function purgeAccounts(db: Db, now: Millis): Promise<number> {
  const due = await db
    .select({ id: users.id, emailNormalized: users.emailNormalized })
    .from(users)
    .where(
      and(
        eq(users.isDeleted, true),
        isNull(users.purgedAt),
        lte(users.deletedAt, now - retentionDays.deletedAccount * DAY_MS),
      ),
    )
    .limit(PURGE_PER_RUN);

  let purged = 0;
  for (const user of due) {
    // One batch per account: it is purged completely or not at all. The anonymizing UPDATE is
    // conditional on purged_at, so an overlapping run's second batch changes no user row.
    const results = await db.batch([
      // Before the e-mail is overwritten: codes are found by it.
      db
        .delete(verificationCodes)
        .where(eq(verificationCodes.emailNormalized, user.emailNormalized)),
      db.delete(sessions).where(eq(sessions.userId, user.id)),
      db.delete(pluginTokens).where(eq(pluginTokens.userId, user.id)),
      db.delete(deviceAuthorizations).where(eq(deviceAuthorizations.userId, user.id)),
      db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)),
      // Feature usage is found through the devices, so it goes first.
      ...usageDeletes(db, eq(devices.userId, user.id), now),
      db.delete(devices).where(eq(devices.userId, user.id)),
      db.delete(licenseEvents).where(eq(licenseEvents.userId, user.id)),
      // How the account signed in goes with it: passkeys, the authenticator app, its codes.
      db.delete(passkeys).where(eq(passkeys.userId, user.id)),
      db.delete(totpFactors).where(eq(totpFactors.userId, user.id)),
      db.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id)),
      db.delete(pendingSignIns).where(eq(pendingSignIns.userId, user.id)),
      // Operators' internal notes are personal data; the audit rows naming them stay.
      db.delete(customerNotes).where(eq(customerNotes.userId, user.id)),
      // The billing details; each kept invoice has its own copy, as tax law asks.
      db.delete(billingProfiles).where(eq(billingProfiles.userId, user.id)),
      db
        .update(users)
        .set({
          customerName: '',
          email: purgedEmail(user.id),
          emailNormalized: purgedEmail(user.id),
          passwordHash: null,
          googleSub: null,
          purgedAt: now,
          updatedAt: now,
        })
        .where(and(eq(users.id, user.id), isNull(users.purgedAt)))
        .returning({ id: users.id }),
    ]);
    // The last statement, the anonymizing UPDATE, returns the row only in the run that purged it.
    const anonymized = results.at(-1);
    if (Array.isArray(anonymized) && anonymized.length > 0) purged += 1;
  }
  return purged;
}
