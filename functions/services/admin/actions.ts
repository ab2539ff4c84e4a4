/**
 * What an operator does to a customer (docs/operating.md). Each action is ONE db.batch whose first
 * statement is its audit row, written only when the customer is still in the state the action
 * expects (audit.ts); every other statement of the batch applies only when that row exists. So an
 * action happens whole with its audit row or not at all, and of two operators acting on one
 * license at once exactly one applies: the other gets 409 STALE_STATE and changes nothing.
 * Money actions (cancel, refund) ask the payment provider first and live in money.ts.
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { ConsoleMessages } from '../../../src/contract/messages';
import { devices, licenses, sessions, users, type UserRow, type LicenseRow } from '../../db/schema';
import { ApiError, fail } from '../../lib/errors';
import { revokeAllPluginTokens } from '../core/users/plugin-tokens';
import {
  deletionMail,
  deletionStatements,
  stopRenewalAfterDeletion,
} from '../core/users/account-deletion';
import { findUserById } from '../core/users/users';
import { generateLicenseKey } from '../core/licenses/license-keys';
import { freeDevicesStatements } from '../core/licenses/devices';
import { currentLicense } from '../core/licenses/licenses';
import { deliverSoon, mailWritten, queueMailWhere, type QueuedMail } from '../core/mail/outbox';
import { licenseExtendedMail, licenseReplacedMail, welcomeMail } from '../core/mail/templates';
import { DAY_MS, type Db } from '../shared/db';
import type { Deps } from '../shared/deps';
import { auditStatement, auditWritten, type AuditRow, type OperatorAct } from './audit';

/** The customer an action is about; 404 when there is none. */
async function customerOf(db: Db, userId: string): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw fail('NOT_FOUND', { message: ConsoleMessages.customerNotFound });
  return user;
}

/** One of the customer's licenses; 404 for any other id. */
async function licenseOf(db: Db, userId: string, licenseId: string): Promise<LicenseRow> {
  const [license] = await db
    .select()
    .from(licenses)
    .where(and(eq(licenses.id, licenseId), eq(licenses.userId, userId)))
    .limit(1);
  if (!license) throw fail('NOT_FOUND', { message: ConsoleMessages.licenseNotOfCustomer });
  return license;
}

/**
 * Runs the audit row and the effects in one batch; 409 STALE_STATE when the row was not written
 * (the state changed meanwhile), else queues the e-mails the batch wrote. The e-mails come right
 * after the audit row, before the effects, so a condition of theirs reads the state the action
 * changes as it was (a cancellation e-mail only for a subscription that still renewed). Money
 * actions (money.ts) run theirs through it too.
 */
export async function applyAudited(
  deps: Deps,
  act: OperatorAct,
  row: AuditRow,
  effects: (written: SQL) => BatchItem<'sqlite'>[],
  mails: (written: SQL) => Promise<QueuedMail[]> | QueuedMail[] = () => [],
): Promise<void> {
  const { db } = deps;
  const audit = auditStatement(db, act, row);
  const written = auditWritten(audit.id);
  const queued = await mails(written);
  const [inserted, ...results] = await db.batch([
    audit.insert,
    ...queued.map((mail) => mail.insert),
    ...effects(written),
  ]);
  if (inserted.length === 0) throw fail('STALE_STATE');
  await deliverSoon(deps, ...queued.filter((_, index) => mailWritten(results[index])));
}

const licenseBefore = sql`json_object('status', l.status, 'expiresAt', l.expires_at)`;

/** Frees every active device of license `licenseId` with a `support` audit row each. */
function freeLicenseDevices(db: Db, licenseId: string, now: number, written: SQL) {
  return freeDevicesStatements(
    db,
    { column: devices.licenseId, value: licenseId },
    'support',
    now,
    written,
  );
}

/**
 * Moves a license's end date `days` later (from today when it has already ended); an expired
 * license becomes active again. A revoked one cannot be changed. The customer gets an e-mail with
 * the new date, written with the change.
 */
export async function extendLicense(
  deps: Deps,
  act: OperatorAct,
  userId: string,
  input: { licenseId: string; days: number },
) {
  const { db, now, origin } = deps;
  const [user, license] = await Promise.all([
    customerOf(db, userId),
    licenseOf(db, userId, input.licenseId),
  ]);
  if (license.status === 'revoked') throw fail('STALE_STATE');
  const expiresAt = Math.max(license.expiresAt, now) + input.days * DAY_MS;
  const status = license.status === 'suspended' ? 'suspended' : 'active';
  await applyAudited(
    deps,
    act,
    {
      action: 'extend-license',
      userId,
      subject: `license:${license.id}`,
      before: licenseBefore,
      after: { status, expiresAt, days: input.days },
      from: sql`from licenses as l`,
      // The values the operator's change was computed from: a concurrent change refuses it.
      where: sql`l.id = ${license.id} and l.status = ${license.status} and l.expires_at = ${license.expiresAt}`,
    },
    (written) => [
      db
        .update(licenses)
        .set({ expiresAt, status })
        .where(and(eq(licenses.id, license.id), written)),
    ],
    // The customer hears of the new date (not a deleted account: nobody reads that mailbox).
    async (written) =>
      user.isDeleted
        ? []
        : [
            queueMailWhere(
              db,
              await licenseExtendedMail(
                user.email,
                user.customerName,
                { plan: license.plan, expiresAt },
                input.days,
                origin,
              ),
              now,
              written,
            ),
          ],
  );
}

/** Suspends an active license, reinstates a suspended one, or revokes one (freeing its devices). */
export async function setLicenseStatus(
  deps: Deps,
  act: OperatorAct,
  userId: string,
  input: { licenseId: string; to: 'suspended' | 'active' | 'revoked' },
) {
  const { db, now } = deps;
  const license = await licenseOf(db, userId, input.licenseId);
  const action = (
    {
      suspended: 'suspend-license',
      active: 'reinstate-license',
      revoked: 'revoke-license',
    } as const
  )[input.to];
  const from = { suspended: sql`'active'`, active: sql`'suspended'`, revoked: sql`l.status` }[
    input.to
  ];
  await applyAudited(
    deps,
    act,
    {
      action,
      userId,
      subject: `license:${license.id}`,
      before: licenseBefore,
      after: { status: input.to },
      from: sql`from licenses as l`,
      where: sql`l.id = ${license.id} and l.status = ${from} and l.status != 'revoked'`,
    },
    (written) => [
      db
        .update(licenses)
        .set({ status: input.to })
        .where(and(eq(licenses.id, license.id), written)),
      ...(input.to === 'revoked' ? freeLicenseDevices(db, license.id, now, written) : []),
    ],
  );
}

/**
 * Frees one active device (a lost laptop): like the customer's own deactivation, but recorded as
 * by support and not counted against the customer's deactivation budget.
 */
export async function freeDevice(
  deps: Deps,
  act: OperatorAct,
  userId: string,
  input: { deviceRowId: string },
) {
  const { db, now } = deps;
  await applyAudited(
    deps,
    act,
    {
      action: 'free-device',
      userId,
      subject: `device:${input.deviceRowId}`,
      before: sql`json_object('deviceId', d.device_id, 'deviceName', d.device_name, 'licenseId', d.license_id, 'active', 1)`,
      after: { active: 0 },
      from: sql`from devices as d`,
      where: sql`d.id = ${input.deviceRowId} and d.user_id = ${userId} and d.deactivated_at is null`,
    },
    (written) => [
      ...freeDevicesStatements(
        db,
        { column: devices.id, value: input.deviceRowId },
        'support',
        now,
        written,
      ),
    ],
  ).catch((error: unknown) => {
    // No row: the device is someone else's, unknown, or freed already.
    if (ApiError.is(error, 'STALE_STATE')) {
      throw fail('NOT_FOUND', { message: ConsoleMessages.deviceNotActive });
    }
    throw error;
  });
}

/** Forgives the deactivations counted in the rolling window so far. */
export async function resetDeactivations(
  deps: Deps,
  act: OperatorAct,
  userId: string,
  input: { licenseId: string },
) {
  const { db, now } = deps;
  const license = await licenseOf(db, userId, input.licenseId);
  await applyAudited(
    deps,
    act,
    {
      action: 'reset-deactivations',
      userId,
      subject: `license:${license.id}`,
      before: sql`json_object('deactivationsResetAt', l.deactivations_reset_at)`,
      after: { deactivationsResetAt: now },
      from: sql`from licenses as l`,
      where: sql`l.id = ${license.id}`,
    },
    (written) => [
      db
        .update(licenses)
        .set({ deactivationsResetAt: now })
        .where(and(eq(licenses.id, license.id), written)),
    ],
  );
}

/**
 * Issues a new key for the customer's current license (a leaked key): a new license row with the
 * same plan, status and dates becomes the current one; the old row is revoked (the plugin is told
 * REVOKED) and its devices are freed; the customer is e-mailed the new key.
 */
export async function replaceKey(
  deps: Deps,
  act: OperatorAct,
  userId: string,
  input: { licenseId: string },
) {
  const { db, now, origin } = deps;
  const user = await customerOf(db, userId);
  const license = await licenseOf(db, userId, input.licenseId);
  const current = await currentLicense(db, userId);
  if (current?.id !== license.id) {
    throw fail('VALIDATION_FAILED', { message: ConsoleMessages.notCurrentLicense });
  }
  if (license.status === 'revoked') throw fail('STALE_STATE');
  const newId = crypto.randomUUID();
  const newKey = generateLicenseKey();
  // Strictly newer than the old row, so it is the current license even within the same ms.
  const createdAt = Math.max(now, license.createdAt + 1);
  await applyAudited(
    deps,
    act,
    {
      action: 'replace-key',
      userId,
      subject: `license:${license.id}`,
      before: sql`json_object('licenseId', l.id, 'licenseKey', l.license_key, 'status', l.status)`,
      after: { licenseId: newId, licenseKey: newKey, status: license.status },
      from: sql`from licenses as l`,
      where: sql`l.id = ${license.id} and l.status != 'revoked'
        and not exists (select 1 from licenses as newer where newer.user_id = l.user_id and newer.created_at > l.created_at)`,
    },
    (written) => [
      // Values in the table's column order (schema.ts).
      db.insert(licenses).select(
        sql`select ${newId}, user_id, ${newKey}, plan, status, activated_at, expires_at, ${createdAt}, app_version, deactivations_reset_at
            from licenses where id = ${license.id} and ${written}`,
      ),
      ...freeLicenseDevices(db, license.id, now, written),
      db
        .update(licenses)
        .set({ status: 'revoked' })
        .where(and(eq(licenses.id, license.id), written)),
    ],
    async (written) => [
      queueMailWhere(
        db,
        await licenseReplacedMail(
          user.email,
          user.customerName,
          { ...license, licenseKey: newKey },
          origin,
        ),
        now,
        written,
      ),
    ],
  );
}

/** Sends the welcome e-mail with the current license key again (a lost e-mail). */
export async function resendLicenseMail(deps: Deps, act: OperatorAct, userId: string) {
  const { db, now, origin } = deps;
  const user = await customerOf(db, userId);
  const license = await currentLicense(db, userId);
  if (!license || user.isDeleted) throw fail('STALE_STATE');
  await applyAudited(
    deps,
    act,
    {
      action: 'resend-license-mail',
      userId,
      subject: `license:${license.id}`,
      before: sql`json_object()`,
      after: { to: user.email },
      from: sql`from users as u`,
      where: sql`u.id = ${userId} and u.is_deleted = 0`,
    },
    () => [],
    async (written) => [
      queueMailWhere(
        db,
        await welcomeMail(user.email, user.customerName, license, origin),
        now,
        written,
      ),
    ],
  );
}

/** Ends every browser and API session of the customer, and every signed-in plugin. */
export async function signOutEverywhere(deps: Deps, act: OperatorAct, userId: string) {
  const { db, now } = deps;
  await customerOf(db, userId);
  await applyAudited(
    deps,
    act,
    {
      action: 'sign-out-everywhere',
      userId,
      subject: `user:${userId}`,
      before: sql`json_object('liveSessions', (select count(*) from sessions as s
        where s.user_id = u.id and s.revoked_at is null and s.expires_at > ${now}))`,
      after: { liveSessions: 0 },
      from: sql`from users as u`,
      where: sql`u.id = ${userId}`,
    },
    (written) => [
      db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), written)),
      revokeAllPluginTokens(deps, userId, written),
    ],
  );
}

/** Schedules the account for deletion, exactly as the customer's own Delete Account does. */
export async function scheduleDeletion(deps: Deps, act: OperatorAct, userId: string) {
  const user = await customerOf(deps.db, userId);
  await applyAudited(
    deps,
    act,
    {
      action: 'schedule-deletion',
      userId,
      subject: `user:${userId}`,
      before: sql`json_object('isDeleted', u.is_deleted)`,
      after: { isDeleted: 1 },
      from: sql`from users as u`,
      where: sql`u.id = ${userId} and u.is_deleted = 0`,
    },
    (written) => [...deletionStatements(deps, userId, written)],
    async (written) => [await deletionMail(deps, user, written)],
  );
  await stopRenewalAfterDeletion(deps, userId);
}

/**
 * Undoes a scheduled deletion before the purge: the account and its current license come back
 * (active, or expired when its end date has passed). Sessions and freed devices stay ended: the
 * customer signs in and activates again. A subscription set to end stays set to end.
 */
export async function restoreAccount(deps: Deps, act: OperatorAct, userId: string) {
  const { db, now } = deps;
  const user = await customerOf(db, userId);
  if (!user.isDeleted) throw fail('VALIDATION_FAILED', { message: ConsoleMessages.notDeleted });
  if (user.purgedAt !== null) {
    throw fail('VALIDATION_FAILED', { message: ConsoleMessages.restoreWindowOver });
  }
  const license = await currentLicense(db, userId);
  await applyAudited(
    deps,
    act,
    {
      action: 'restore-account',
      userId,
      subject: `user:${userId}`,
      before: sql`json_object('isDeleted', u.is_deleted, 'deletedAt', u.deleted_at)`,
      after: { isDeleted: 0, deletedAt: null },
      from: sql`from users as u`,
      where: sql`u.id = ${userId} and u.is_deleted = 1 and u.purged_at is null`,
    },
    (written) => [
      db
        .update(users)
        .set({ isDeleted: false, deletedAt: null, updatedAt: now })
        .where(and(eq(users.id, userId), written)),
      ...(license
        ? [
            db
              .update(licenses)
              .set({
                status: sql`case when ${licenses.expiresAt} > ${now} then 'active' else 'expired' end`,
              })
              .where(and(eq(licenses.id, license.id), eq(licenses.status, 'revoked'), written)),
          ]
        : []),
    ],
  );
}
