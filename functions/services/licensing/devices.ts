/**
 * Plugin devices and their audit trail: reads, the last-seen update and the views.
 * The writes that must respect the limits are in device-writes.ts.
 */
import { and, asc, eq, gt, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DeviceView } from '../../../src/contract/schemas/licensing';
import { licensing } from '../../../src/site.config';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { devices, licenseEvents } from '../../db/schema';
import { DAY_MS, type Db, type Millis } from '../shared/db';
import { usableLicenseSql } from './license-check';

/** A row of `devices`. */
export type DeviceRow = typeof devices.$inferSelect;

/** Who freed a device at the customer's request (the system's own deactivations are not limited). */
export type DeactivationSource = 'plugin' | 'dashboard';
/** Audit sources whose deactivations count against `licensing.maxDeactivations`. */
export const countedSources: readonly DeactivationSource[] = ['plugin', 'dashboard'];
/** Audit actions that free a device. */
export const countedActions = ['deactivated', 'replaced'] as const;

/** The rolling window deactivations are counted in. */
export const deactivationWindowMs = licensing.deactivationWindowDays * DAY_MS;

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

/** The devices active on a license, in the order they were activated. */
export function activeDevices(db: Db, licenseId: string): Promise<DeviceRow[]> {
  return db
    .select()
    .from(devices)
    .where(and(eq(devices.licenseId, licenseId), isNull(devices.deactivatedAt)))
    .orderBy(asc(devices.activatedAt), asc(devices.id));
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
 * Records that an active device was seen again (re-activation, validation): last seen, and the
 * name and version when the plugin sent them. Undefined when the device is not active.
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
      ...(changes.deviceName !== undefined ? { deviceName: changes.deviceName } : {}),
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
      ...(deviceName !== undefined ? { deviceName } : {}),
      ...(appVersion !== undefined ? { appVersion } : {}),
    })
    .where(
      and(
        sql`${devices.licenseId} = (select l.id from licenses as l where l.license_key = ${key} and ${usableLicenseSql(now)})`,
        eq(devices.deviceId, deviceId),
        isNull(devices.deactivatedAt),
        or(
          lte(devices.lastSeenAt, now - LAST_SEEN_RESOLUTION_MS),
          deviceName !== undefined ? ne(devices.deviceName, deviceName) : undefined,
          appVersion !== undefined ? sql`${devices.appVersion} is not ${appVersion}` : undefined,
        ),
        allowed,
      ),
    );
}

/** SQL: when the deactivation budget of license `licenseIdSql` was last reset (0: never). */
export function deactivationsResetSql(licenseIdSql: SQL): SQL<number> {
  return sql<number>`coalesce((select reset.deactivations_reset_at from licenses as reset where reset.id = ${licenseIdSql}), 0)`;
}

/**
 * SQL: the deactivations of license `licenseIdSql` that count against `licensing.maxDeactivations`
 * at `now` (by plugin or dashboard, inside the rolling window, after any reset by support).
 */
export function countedDeactivationsSql(licenseIdSql: SQL, now: Millis): SQL<number> {
  const list = (values: readonly string[]) =>
    sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    );
  return sql<number>`(select count(*) from license_events as e
    where e.license_id = ${licenseIdSql} and e.action in (${list(countedActions)})
      and e.source in (${list(countedSources)}) and e.created_at > ${now - deactivationWindowMs}
      and e.created_at > ${deactivationsResetSql(licenseIdSql)})`;
}

/** Counted deactivations of a license still inside the window at `now`, oldest first (ms). */
export async function deactivationTimes(db: Db, licenseId: string, now: Millis): Promise<number[]> {
  const rows = await db
    .select({ at: licenseEvents.createdAt })
    .from(licenseEvents)
    .where(
      and(
        eq(licenseEvents.licenseId, licenseId),
        inArray(licenseEvents.action, [...countedActions]),
        inArray(licenseEvents.source, [...countedSources]),
        gt(licenseEvents.createdAt, now - deactivationWindowMs),
        // An operator's reset (licenses.deactivations_reset_at) forgives the ones before it.
        gt(licenseEvents.createdAt, deactivationsResetSql(sql`${licenseId}`)),
      ),
    )
    .orderBy(asc(licenseEvents.createdAt));
  return rows.map((row) => row.at);
}

/** Seconds until one more deactivation fits into the window (for Retry-After). */
export function secondsUntilDeactivationFrees(times: number[], now: Millis): number {
  const freeing = times[times.length - licensing.maxDeactivations];
  return freeing === undefined
    ? 1
    : Math.max(1, Math.ceil((freeing + deactivationWindowMs - now) / 1000));
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
