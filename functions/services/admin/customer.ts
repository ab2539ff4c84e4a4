/**
 * Everything about one customer on one page: account, licenses, devices, activation
 * history, sessions, subscriptions, invoices and refunds, every e-mail sent to them, trial-ledger
 * matches, their contact messages, the operators' internal notes and audit trail. Read in one D1
 * batch: every part is an index search by the user's id or e-mail.
 */
import { desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { CustomerDetail, TrialMatch } from '../../../src/contract/admin';
import { ConsoleMessages } from '../../../src/contract/messages';
import { licensing, retentionDays } from '../../../src/site.config';
import {
  auditLog,
  organizations,
  contactMessages,
  contactReplies,
  devices,
  invoices,
  licenses,
  outbox,
  paymentRefunds,
  sessions,
  subscriptions,
  trialLedger,
  users,
} from '../../db/schema';
import { fail } from '../../lib/errors';
import { deviceLimitOf } from '../core/licenses/license-check';
import { effectiveLicenseStatus } from '../core/licenses/licenses';
import { licenseHistory } from '../core/licenses/history';
import { countedDeactivationsSql } from '../core/licenses/deactivations';
import { DAY_MS, iso, isoOrNull, outerColumn, type Db, type Millis } from '../shared/db';
import { describeUserAgent } from '../shared/user-agent';
import { toAuditEntry } from './audit';
import { notesQuery, toNoteView } from './notes';
import {
  repliesByMessage,
  toAdminInvoice,
  toAdminMail,
  toAutomaticRefund,
  toContactView,
} from './views';

/** Rows shown per list; the newest. */
const LIST_LIMIT = 100;

/** Google ids and fingerprints are shown shortened: enough to compare, not to reuse. */
function shown(kind: TrialMatch['kind'], value: string): string {
  return kind === 'email' || value.length <= 12 ? value : `${value.slice(0, 8)}…`;
}

/**
 * GET /api/admin/customers/:id, as operator `operatorId` sees it (the notes they may delete).
 * 404 when no account has this id.
 */
export async function customerDetail(
  db: Db,
  userId: string,
  now: Millis,
  operatorId: string,
): Promise<CustomerDetail> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw fail('NOT_FOUND', { message: ConsoleMessages.customerNotFound });

  const ownTrials = db.select().from(trialLedger).where(eq(trialLedger.userId, userId));
  const [
    licenseRows,
    deviceRows,
    sessionRows,
    subscriptionRows,
    invoiceRows,
    refundRows,
    mailRows,
    ledgerRows,
    contactRows,
    replyRows,
    auditRows,
    organizationRows,
    noteRows,
  ] = await db.batch([
    db.select().from(licenses).where(eq(licenses.userId, userId)).orderBy(desc(licenses.createdAt)),
    db
      .select()
      .from(devices)
      .where(eq(devices.userId, userId))
      .orderBy(sql`${devices.deactivatedAt} is not null`, desc(devices.activatedAt))
      .limit(LIST_LIMIT),
    db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt))
      .limit(LIST_LIMIT),
    db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(desc(subscriptions.createdAt)),
    db
      .select()
      .from(invoices)
      .where(eq(invoices.userId, userId))
      .orderBy(desc(invoices.created))
      .limit(LIST_LIMIT),
    db
      .select()
      .from(paymentRefunds)
      .where(
        or(
          eq(paymentRefunds.userId, userId),
          eq(paymentRefunds.email, user.email),
          eq(paymentRefunds.email, user.emailNormalized),
        ),
      )
      .orderBy(desc(paymentRefunds.createdAt))
      .limit(LIST_LIMIT),
    db
      .select()
      .from(outbox)
      .where(eq(outbox.toEmail, user.email))
      .orderBy(desc(outbox.createdAt))
      .limit(LIST_LIMIT),
    // The trials claimed by this account, and any claim of the same e-mail, Google account or
    // fingerprint (by another account, e.g. one deleted before).
    db
      .select()
      .from(trialLedger)
      .where(
        or(
          eq(trialLedger.userId, userId),
          sql`(${trialLedger.kind}, ${trialLedger.value}) in (select kind, value from (${ownTrials}))`,
          sql`(${trialLedger.kind} = 'email' and ${trialLedger.value} = ${user.emailNormalized})`,
          user.googleSub === null
            ? sql`0`
            : sql`(${trialLedger.kind} = 'google' and ${trialLedger.value} = ${user.googleSub})`,
        ),
      )
      .limit(LIST_LIMIT),
    db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.emailNormalized, user.emailNormalized))
      .orderBy(desc(contactMessages.createdAt))
      .limit(LIST_LIMIT),
    // The replies to those messages (by a subquery: a list of ids could pass D1's 100 parameters).
    db
      .select()
      .from(contactReplies)
      .where(
        sql`${contactReplies.messageId} in (select id from contact_messages where email_normalized = ${user.emailNormalized})`,
      )
      .orderBy(contactReplies.createdAt),
    db
      .select()
      .from(auditLog)
      .where(eq(auditLog.userId, userId))
      .orderBy(desc(auditLog.createdAt), desc(sql`rowid`))
      .limit(LIST_LIMIT),
    // The organizations the account owns or is a member of now.
    db
      .select({
        id: organizations.id,
        name: organizations.name,
        owner: sql<number>`${organizations.ownerUserId} = ${userId}`,
        member: sql<number>`exists (select 1 from organization_members as m where m.organization_id = ${organizations.id} and m.user_id = ${userId} and m.removed_at is null)`,
      })
      .from(organizations)
      .where(
        or(
          eq(organizations.ownerUserId, userId),
          sql`${organizations.id} in (select organization_id from organization_members where user_id = ${userId} and removed_at is null)`,
        ),
      ),
    notesQuery(db, userId),
  ]);
  const activations = await licenseHistory(db, userId, LIST_LIMIT);
  const replies = repliesByMessage(replyRows);

  const deviceCount = (licenseId: string) =>
    deviceRows.filter((d) => d.licenseId === licenseId && d.deactivatedAt === null).length;
  const counted = await countedDeactivations(
    db,
    licenseRows.map((l) => l.id),
    now,
  );

  return {
    account: {
      id: user.id,
      email: user.email,
      customerName: user.customerName,
      plan: user.plan,
      createdAt: iso(user.createdAt),
      verified: true,
      googleLinked: user.googleSub !== null,
      hasPassword: user.passwordHash !== null,
      role: user.role,
      isDeleted: user.isDeleted,
      deletedAt: isoOrNull(user.deletedAt),
      purgeAt:
        user.deletedAt === null || user.purgedAt !== null
          ? null
          : iso(user.deletedAt + retentionDays.deletedAccount * DAY_MS),
      purgedAt: isoOrNull(user.purgedAt),
    },
    licenses: licenseRows.map((license, index) => ({
      id: license.id,
      licenseKey: license.licenseKey,
      plan: license.plan,
      status: license.status,
      effectiveStatus: effectiveLicenseStatus(license, now),
      current: index === 0,
      activatedAt: iso(license.activatedAt),
      expiresAt: iso(license.expiresAt),
      createdAt: iso(license.createdAt),
      deviceLimit: deviceLimitOf(license.plan).shown,
      activeDevices: deviceCount(license.id),
      deactivations: {
        used: counted.get(license.id) ?? 0,
        max: licensing.maxDeactivations,
        windowDays: licensing.deactivationWindowDays,
        resetAt: isoOrNull(license.deactivationsResetAt),
      },
    })),
    devices: deviceRows.map((row) => ({
      id: row.id,
      licenseId: row.licenseId,
      deviceId: row.deviceId,
      deviceName: row.deviceName,
      appVersion: row.appVersion,
      activatedAt: iso(row.activatedAt),
      lastSeenAt: iso(row.lastSeenAt),
      deactivatedAt: isoOrNull(row.deactivatedAt),
    })),
    activations,
    sessions: sessionRows.map((row) => ({
      // A prefix names the session for the operator; the full id never leaves the server.
      id: row.id.slice(0, 8),
      createdAt: iso(row.createdAt),
      lastUsedAt: iso(row.lastUsedAt),
      expiresAt: iso(row.expiresAt),
      device: describeUserAgent(row.userAgent),
      ip: row.ip,
      revokedAt: isoOrNull(row.revokedAt),
      live: row.revokedAt === null && row.expiresAt > now,
    })),
    subscriptions: subscriptionRows.map((row) => ({
      stripeCustomerId: row.stripeCustomerId,
      stripeSubscriptionId: row.stripeSubscriptionId,
      status: row.status,
      currentPeriodEnd: isoOrNull(row.currentPeriodEnd),
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      createdAt: iso(row.createdAt),
    })),
    invoices: invoiceRows.map(toAdminInvoice),
    automaticRefunds: refundRows.map(toAutomaticRefund),
    mails: mailRows.map(toAdminMail),
    trialMatches: ledgerRows.map((row) => ({
      kind: row.kind,
      value: shown(row.kind, row.value),
      userId: row.userId,
      thisAccount: row.userId === userId,
      createdAt: iso(row.createdAt),
    })),
    contactMessages: contactRows.map((row) =>
      toContactView(row, userId, replies.get(row.id) ?? []),
    ),
    audit: auditRows.map(toAuditEntry),
    notes: noteRows.map((row) => toNoteView(row, operatorId)),
    organizations: organizationRows.map((row) => ({
      id: row.id,
      name: row.name,
      owner: Boolean(row.owner),
      member: Boolean(row.member),
    })),
  };
}

/** Counted deactivations in the window per license (after any reset), for the licenses shown. */
async function countedDeactivations(
  db: Db,
  licenseIds: string[],
  now: Millis,
): Promise<Map<string, number>> {
  if (licenseIds.length === 0) return new Map();
  const rows = await db
    .select({ licenseId: licenses.id, n: countedDeactivationsSql(outerColumn(licenses.id), now) })
    .from(licenses)
    .where(inArray(licenses.id, licenseIds));
  return new Map(rows.map((row) => [row.licenseId, Number(row.n)]));
}
