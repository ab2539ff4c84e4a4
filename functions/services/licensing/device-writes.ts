/**
 * The device writes that must hold under concurrency. The device limit and the
 * deactivation limit are each decided by ONE conditional statement; the other writes of the same
 * step sit in the same db.batch (one transaction) and only apply when that statement did (they
 * test for the row it wrote), so a step happens whole or not at all, however requests interleave.
 * A second active row for the same machine is refused by the partial UNIQUE index on active
 * (license_id, device_id).
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { licensing } from '../../../src/site.config';
import { devices, licenseEvents, type DeviceRow } from '../../db/schema';
import { fail, type ApiError } from '../../lib/errors';
import type { Db, Millis } from '../shared/db';
import {
  countedDeactivationsSql,
  deactivationTimes,
  findDeviceRow,
  secondsUntilDeactivationFrees,
  type DeactivationSource,
} from './devices';
import { memberDeviceLimitSql } from '../organizations/organizations';
import { usableLicenseSql } from './license-check';

/** SQL condition: the license `licenseIdSql` has room for one more deactivation at `now`. */
function underDeactivationLimit(licenseIdSql: SQL, now: Millis): SQL {
  return sql`${countedDeactivationsSql(licenseIdSql, now)} < ${licensing.maxDeactivations}`;
}

/**
 * Statements that go with a new device in its batch, conditional on its row `rowId` existing
 * (e.g. the e-mail telling the owner: `exists (select 1 from devices where id = rowId)`).
 */
export type WithNewDevice = (rowId: string) => BatchItem<'sqlite'>[];

/** Who, where and when, for the audit rows a step writes. */
export interface AuditContext {
  now: Millis;
  ip: string | null;
}

/** The device a plugin asks to activate. */
export interface NewDevice {
  licenseId: string;
  deviceId: string;
  deviceName: string;
  appVersion: string | null;
}

// The INSERT … SELECT statements below list their values in the tables' column order (schema.ts),
// which is the column list drizzle writes for `insert(table).select(…)`.

/** Inserts device row `rowId` when `where` holds (over `licenses l`). */
function insertDeviceWhere(db: Db, rowId: string, device: NewDevice, now: Millis, where: SQL) {
  return db
    .insert(devices)
    .select(
      sql`select ${rowId}, l.id, l.user_id, ${device.deviceId}, ${device.deviceName}, ${device.appVersion}, ${now}, ${now}, null
        from licenses as l
        where l.id = ${device.licenseId} and ${where}`,
    )
    .returning();
}

/** The `activated` audit row of device row `rowId`, written only if that row exists. */
function activatedEvent(db: Db, rowId: string, audit: AuditContext) {
  return db.insert(licenseEvents).select(
    sql`select ${crypto.randomUUID()}, license_id, user_id, device_id, device_name, 'activated', 'plugin', ${audit.ip}, ${audit.now}
        from devices where id = ${rowId}`,
  );
}

/**
 * The audit row `eventId` saying device row `rowId` was freed (`deactivated` or `replaced`),
 * written only when `where` holds over `devices old join licenses l`.
 */
function freedEvent(
  db: Db,
  eventId: string,
  rowId: string,
  action: 'deactivated' | 'replaced',
  source: DeactivationSource,
  audit: AuditContext,
  where: SQL,
) {
  return db
    .insert(licenseEvents)
    .select(
      sql`select ${eventId}, old.license_id, old.user_id, old.device_id, old.device_name, ${action}, ${source}, ${audit.ip}, ${audit.now}
        from devices as old join licenses as l on l.id = old.license_id
        where old.id = ${rowId} and old.deactivated_at is null
          and ${underDeactivationLimit(sql`old.license_id`, audit.now)} and ${where}`,
    )
    .returning({ id: licenseEvents.id });
}

/** Frees device row `rowId` only if audit row `eventId` was written in the same batch. */
function freeAfterEvent(db: Db, rowId: string, eventId: string, now: Millis) {
  return db
    .update(devices)
    .set({ deactivatedAt: now })
    .where(
      and(
        eq(devices.id, rowId),
        isNull(devices.deactivatedAt),
        sql`exists (select 1 from license_events where id = ${eventId})`,
      ),
    );
}

/**
 * Activates a new device if the license is usable and below its device limit (`limit`, the
 * plan's, or an Enterprise member's per-seat limit of the organization): one INSERT … SELECT …
 * WHERE count < limit, plus its audit row. Undefined when it did not fit.
 * Throws the UNIQUE violation when the same device became active meanwhile (the caller treats
 * that as a re-activation).
 */
export async function activateWithinLimit(
  db: Db,
  device: NewDevice,
  limit: number,
  audit: AuditContext,
  alongside: WithNewDevice = () => [],
): Promise<DeviceRow | undefined> {
  const rowId = crypto.randomUUID();
  const fits = sql`${usableLicenseSql(audit.now)}
    and (select count(*) from devices as d where d.license_id = l.id and d.deactivated_at is null) < ${memberDeviceLimitSql(limit)}`;
  const [inserted] = await db.batch([
    insertDeviceWhere(db, rowId, device, audit.now, fits),
    activatedEvent(db, rowId, audit),
    ...alongside(rowId),
  ]);
  return inserted[0];
}

/**
 * Frees active device row `rowId` if its license has room for one more deactivation: the audit
 * row is the conditional statement (it carries the limit), the update follows it. False when
 * nothing happened (the device is no longer active, or the limit is reached).
 */
export async function deactivateWithinLimit(
  db: Db,
  rowId: string,
  source: DeactivationSource,
  audit: AuditContext,
): Promise<boolean> {
  const eventId = crypto.randomUUID();
  const [recorded] = await db.batch([
    freedEvent(db, eventId, rowId, 'deactivated', source, audit, sql`1 = 1`),
    freeAfterEvent(db, rowId, eventId, audit.now),
  ]);
  return recorded.length > 0;
}

/**
 * Frees active device row `oldRowId` and activates `device` in its place, in one step that counts
 * as a deactivation. The first statement (the `replaced` audit row) checks everything: the old
 * device is still active, the new one is not, the license is usable, the deactivation limit has
 * room and, with the old device gone, the device limit too. The rest follow it. Undefined when
 * nothing happened.
 */
export async function replaceWithinLimits(
  db: Db,
  oldRowId: string,
  device: NewDevice,
  limit: number,
  audit: AuditContext,
  alongside: WithNewDevice = () => [],
): Promise<DeviceRow | undefined> {
  const eventId = crypto.randomUUID();
  const rowId = crypto.randomUUID();
  const allowed = sql`old.license_id = ${device.licenseId} and ${usableLicenseSql(audit.now)}
    and not exists (select 1 from devices as same where same.license_id = l.id
      and same.device_id = ${device.deviceId} and same.deactivated_at is null)
    and (select count(*) from devices as d where d.license_id = l.id and d.deactivated_at is null) <= ${memberDeviceLimitSql(limit)}`;
  const [, , inserted] = await db.batch([
    freedEvent(db, eventId, oldRowId, 'replaced', 'plugin', audit, allowed),
    freeAfterEvent(db, oldRowId, eventId, audit.now),
    insertDeviceWhere(
      db,
      rowId,
      device,
      audit.now,
      sql`exists (select 1 from license_events where id = ${eventId})`,
    ),
    activatedEvent(db, rowId, audit),
    ...alongside(rowId),
  ]);
  return inserted[0];
}

/** 429 DEACTIVATION_LIMIT with Retry-After: when the oldest counted deactivation leaves the window. */
export async function deactivationLimitReached(
  db: Db,
  licenseId: string,
  now: Millis,
): Promise<ApiError> {
  const times = await deactivationTimes(db, licenseId, now);
  return fail('DEACTIVATION_LIMIT', {
    headers: { 'Retry-After': String(secondsUntilDeactivationFrees(times, now)) },
  });
}

/**
 * Frees an active device within the deactivation limit (plugin or dashboard). Throws 404
 * DEVICE_NOT_ACTIVATED when it is not active (any more) and 429 DEACTIVATION_LIMIT at the limit.
 */
export async function freeDevice(
  db: Db,
  device: Pick<DeviceRow, 'id' | 'licenseId'>,
  source: DeactivationSource,
  audit: AuditContext,
): Promise<void> {
  if (await deactivateWithinLimit(db, device.id, source, audit)) return;
  if (!(await findDeviceRow(db, { id: device.id, activeOnly: true }))) {
    throw fail('DEVICE_NOT_ACTIVATED');
  }
  throw await deactivationLimitReached(db, device.licenseId, audit.now);
}
