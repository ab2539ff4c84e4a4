/**
 * Plugin devices: reads, the last-seen update, the views, and the writes that must hold under
 * concurrency. The device limit and the deactivation limit are each decided by ONE conditional
 * statement; the other writes of the same step sit in the same db.batch (one transaction) and
 * only apply when that statement did (they test for the row it wrote), so a step happens whole or
 * not at all, however requests interleave. A second active row for the same machine is refused by
 * the partial UNIQUE index on active (license_id, device_id).
 */
import { and, asc, eq, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { DeviceView } from '../../../../src/contract/schemas/licensing';
import { devices, licenseEvents, type DeviceRow } from '../../../db/schema';
import { fail } from '../../../lib/errors';
import type { Db, Millis } from '../../shared/db';
import {
  deactivationLimitReached,
  underDeactivationLimit,
  type DeactivationSource,
} from './deactivations';
import { memberDeviceLimitSql, usableLicenseSql } from './license-check';

/** A device as the plugin's 403 and the Usage page list it. */
export function toDeviceView(row: DeviceRow): DeviceView {
  return {
    id: row.id,
    deviceId: row.deviceId,
    deviceName: row.deviceName,
    appVersion: row.appVersion,
    activatedAt: new Date(row.activatedAt).toISOString(),
    lastSeenAt: new Date(row.lastSeenAt).toISOString(),
  };
}

/** The active devices among `owner`'s, in the order they were activated. */
function activeDevicesWhere(db: Db, owner: SQL): Promise<DeviceRow[]> {
  return db
    .select()
    .from(devices)
    .where(and(owner, isNull(devices.deactivatedAt)))
    .orderBy(asc(devices.activatedAt), asc(devices.id));
}

/** The devices active on a license, in the order they were activated. */
export function activeDevices(db: Db, licenseId: string): Promise<DeviceRow[]> {
  return activeDevicesWhere(db, eq(devices.licenseId, licenseId));
}

/** The active device with this machine id on a license. */
export async function findActiveDevice(
  db: Db,
  licenseId: string,
  deviceId: string,
): Promise<DeviceRow | undefined> {
  const [row] = await db
    .select()
    .from(devices)
    .where(
      and(
        eq(devices.licenseId, licenseId),
        eq(devices.deviceId, deviceId),
        isNull(devices.deactivatedAt),
      ),
    )
    .limit(1);
  return row;
}

/** A device row by our id; `userId` restricts it to one account, `activeOnly` to active rows. */
export async function findDeviceRow(
  db: Db,
  where: { id: string; userId?: string; activeOnly?: boolean },
): Promise<DeviceRow | undefined> {
  const [row] = await db
    .select()
    .from(devices)
    .where(
      and(
        eq(devices.id, where.id),
        where.userId === undefined ? undefined : eq(devices.userId, where.userId),
        where.activeOnly ? isNull(devices.deactivatedAt) : undefined,
      ),
    )
    .limit(1);
  return row;
}

/**
 * The plugin's name for a device, unless the customer renamed it on the dashboard: their name
 * stays when the plugin is activated again on the same machine.
 */
function pluginName(name: string): SQL<string> {
  return sql<string>`case when ${devices.renamedAt} is null then ${name} else ${devices.deviceName} end`;
}

/**
 * Records that an active device was seen again (re-activation, validation): last seen, and the
 * name (unless renamed) and version when the plugin sent them. Undefined when not active.
 */
export async function touchActiveDevice(
  db: Db,
  licenseId: string,
  deviceId: string,
  changes: { deviceName?: string; appVersion?: string | undefined },
  now: Millis,
): Promise<DeviceRow | undefined> {
  const [row] = await db
    .update(devices)
    .set({
      lastSeenAt: now,
      ...(changes.deviceName !== undefined ? { deviceName: pluginName(changes.deviceName) } : {}),
      ...(changes.appVersion !== undefined ? { appVersion: changes.appVersion } : {}),
    })
    .where(
      and(
        eq(devices.licenseId, licenseId),
        eq(devices.deviceId, deviceId),
        isNull(devices.deactivatedAt),
      ),
    )
    .returning();
  return row;
}

/**
 * last_seen_at is written at most this often: a plugin that validates again within the minute
 * changes nothing the Usage page could show, so its call reads and does not write.
 */
const LAST_SEEN_RESOLUTION_MS = 60_000;

/**
 * `touchActiveDevice` for the plugin calls, addressed by license key so it can run in the same
 * db.batch as the read that follows it: records that the active device `deviceId` of the license
 * with `key` was seen again, with its new name and version, when the license is usable (as
 * `licenseState` VALID) and `allowed` holds. Last seen alone moves at most once a minute; a new
 * name or version is always written.
 */
export function touchSeenDevice(
  db: Db,
  key: string,
  deviceId: string,
  changes: { deviceName?: string | undefined; appVersion?: string | undefined },
  now: Millis,
  allowed: SQL,
) {
  const { deviceName, appVersion } = changes;
  return db
    .update(devices)
    .set({
      lastSeenAt: now,
      ...(deviceName !== undefined ? { deviceName: pluginName(deviceName) } : {}),
      ...(appVersion !== undefined ? { appVersion } : {}),
    })
    .where(
      and(
        sql`${devices.licenseId} = (select l.id from licenses as l where l.license_key = ${key} and ${usableLicenseSql(now)})`,
        eq(devices.deviceId, deviceId),
        isNull(devices.deactivatedAt),
        or(
          lte(devices.lastSeenAt, now - LAST_SEEN_RESOLUTION_MS),
          deviceName !== undefined
            ? and(isNull(devices.renamedAt), ne(devices.deviceName, deviceName))
            : undefined,
          appVersion !== undefined ? sql`${devices.appVersion} is not ${appVersion}` : undefined,
        ),
        allowed,
      ),
    );
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
      sql`select ${rowId}, l.id, l.user_id, ${device.deviceId}, ${device.deviceName}, ${device.appVersion}, ${now}, ${now}, null, null, null, null
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

/**
 * Moves a machine from one license of an account to another in one step (the plugin's switch):
 * frees active device row `oldRowId` (a `deactivated` audit row, counted against the old
 * license's deactivation budget) and activates `device` on its license with its `activated` row,
 * one batch, one audit trail. The first statement checks everything: the old device is still
 * active, the budget has room, and the new license is another one, usable, below its device
 * limit and without this machine. Undefined when nothing happened.
 */
export async function switchWithinLimits(
  db: Db,
  oldRowId: string,
  device: NewDevice,
  limit: number,
  audit: AuditContext,
  alongside: WithNewDevice = () => [],
): Promise<DeviceRow | undefined> {
  const eventId = crypto.randomUUID();
  const rowId = crypto.randomUUID();
  // The subquery's `l` is the new license (it shadows the old one of freedEvent's join).
  const allowed = sql`old.license_id <> ${device.licenseId}
    and exists (select 1 from licenses as l where l.id = ${device.licenseId} and ${usableLicenseSql(audit.now)}
      and not exists (select 1 from devices as same where same.license_id = l.id
        and same.device_id = ${device.deviceId} and same.deactivated_at is null)
      and (select count(*) from devices as d where d.license_id = l.id and d.deactivated_at is null) < ${memberDeviceLimitSql(limit)})`;
  const [, , inserted] = await db.batch([
    freedEvent(db, eventId, oldRowId, 'deactivated', 'plugin', audit, allowed),
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

/** The machine's active devices on the account's licenses other than `exceptLicenseId`. */
export function activeDevicesOfMachine(
  db: Db,
  userId: string,
  deviceId: string,
  exceptLicenseId: string,
): Promise<DeviceRow[]> {
  return db
    .select()
    .from(devices)
    .where(
      and(
        eq(devices.userId, userId),
        eq(devices.deviceId, deviceId),
        isNull(devices.deactivatedAt),
        ne(devices.licenseId, exceptLicenseId),
      ),
    )
    .orderBy(asc(devices.activatedAt));
}

/** Every active device of the account's licenses, in the order they were activated. */
export function activeDevicesOfUser(db: Db, userId: string): Promise<DeviceRow[]> {
  return activeDevicesWhere(db, eq(devices.userId, userId));
}

/**
 * Gives an active device the customer's name, with a `renamed` audit row ("old → new") written
 * in the same batch, both only while the device is active and the name changes. True when it
 * was renamed (or already had the name), false when the device is not active (any more).
 */
export async function renameDevice(
  db: Db,
  rowId: string,
  name: string,
  audit: AuditContext,
): Promise<boolean> {
  const changes = sql`d.id = ${rowId} and d.deactivated_at is null and d.device_name is not ${name}`;
  const [, renamed] = await db.batch([
    db.insert(licenseEvents).select(
      sql`select ${crypto.randomUUID()}, d.license_id, d.user_id, d.device_id, d.device_name || ' → ' || ${name}, 'renamed', 'dashboard', ${audit.ip}, ${audit.now}
          from devices as d where ${changes}`,
    ),
    db
      .update(devices)
      .set({ deviceName: name, renamedAt: audit.now })
      .where(and(eq(devices.id, rowId), isNull(devices.deactivatedAt)))
      .returning({ id: devices.id }),
  ]);
  return renamed.length > 0;
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

/**
 * Frees every active device whose `column` (of `devices`: id, license or account) is `value`, each
 * with a `deactivated` audit row of `source` (system or support: not counted against the
 * customer's deactivation limit). Two statements for a db.batch, the audit rows first, while the
 * devices are still active; both apply only while `guard` holds.
 */
export function freeDevicesStatements(
  db: Db,
  match: { column: SQLiteColumn; value: string },
  source: 'system' | 'support',
  now: Millis,
  guard: SQL = sql`1 = 1`,
) {
  return [
    // Values in the table's column order (schema.ts); one random id per freed device.
    db.insert(licenseEvents).select(
      sql`select lower(hex(randomblob(16))), license_id, user_id, device_id, device_name, 'deactivated', ${source}, null, ${now}
        from devices where ${sql.identifier(match.column.name)} = ${match.value} and deactivated_at is null and ${guard}`,
    ),
    db
      .update(devices)
      .set({ deactivatedAt: now })
      .where(and(eq(match.column, match.value), isNull(devices.deactivatedAt), guard)),
  ] as const;
}
