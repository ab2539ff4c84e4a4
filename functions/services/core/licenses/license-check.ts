/**
 * What a license key stands for: the license, whether it may be used right now, and
 * how many devices it allows. Shared by the plugin calls and the Usage page.
 */
import { LicenseStatusMessages } from '../../../../src/contract/catalogue';
import { and, count, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import {
  type LicenseCheckStatus,
  type LicenseInfo,
} from '../../../../src/contract/schemas/licensing';
import type { PlanLabel } from '../../../../src/contract/user';
import { licensing, plans } from '../../../../src/site.config';
import {
  DEVICES_ACTIVE_INDEX,
  devices,
  licenses,
  type DeviceRow,
  type LicenseRow,
} from '../../../db/schema';
import { fail, type ApiError } from '../../../lib/errors';
import { accountDeletedSql } from '../users/users';
import { outerColumn, type Db, type Millis } from '../../shared/db';

/** A license found by its key, with what decides whether it is usable. */
export interface KeyedLicense {
  license: LicenseRow;
  /** The account is scheduled for deletion. */
  userDeleted: boolean;
  /** The account has a newer license (e.g. after an upgrade): only the newest one is current. */
  superseded: boolean;
  /** Devices per seat of the organization whose member holds the license; null outside one. */
  seatDeviceLimit: number | null;
}

/** Statuses a license itself can have (device problems are decided elsewhere). */
export type LicenseState = Extract<
  LicenseCheckStatus,
  'VALID' | 'EXPIRED' | 'SUSPENDED' | 'REVOKED'
>;

/**
 * The columns of a `KeyedLicense`, in a statement over `licenses`. Whether the account is deleted
 * comes from the small partial index of deleted accounts (accountDeletedSql); whether a newer
 * license exists from the (user_id, created_at) index alone.
 */
function keyedColumns() {
  return {
    license: licenses,
    userDeleted: accountDeletedSql(outerColumn(licenses.userId)),
    superseded:
      sql<boolean>`exists (select 1 from licenses as newer where newer.user_id = ${outerColumn(licenses.userId)} and newer.created_at > ${outerColumn(licenses.createdAt)})`.mapWith(
        Boolean,
      ),
    seatDeviceLimit: seatDeviceLimitSql(licenses.id),
  };
}

/**
 * SQL: the per-seat device limit of the organization whose active member holds the license in
 * column `licenseId` of the outer statement (organization_members_license_idx), else null.
 */
function seatDeviceLimitSql(licenseId: SQLiteColumn): SQL<number | null> {
  return sql<number | null>`(select o.device_limit from organization_members as m
    join organizations as o on o.id = m.organization_id
    where m.license_id = ${outerColumn(licenseId)} and m.removed_at is null)`.mapWith((value) =>
    value === null ? null : Number(value),
  );
}

/** Finds the license with this (canonical, upper-case) key. */
export async function findLicenseByKey(db: Db, key: string): Promise<KeyedLicense | undefined> {
  const [row] = await db
    .select(keyedColumns())
    .from(licenses)
    .where(eq(licenses.licenseKey, key))
    .limit(1);
  return row;
}

/** A license found by its key, with its active device count and one of its devices. */
export interface LicenseForDevice extends KeyedLicense {
  /** Devices active on the license now. */
  activeDevices: number;
  /** The active device with the asked machine id, if any. */
  device: DeviceRow | null;
  /** The account shares feature usage (users.share_usage): the plugin sends reports. */
  shareUsage: boolean;
}

/**
 * The columns of `devices`, each named `device_<column>`: a D1 batch returns rows keyed by column
 * name, and devices shares id, user_id, app_version and activated_at with licenses, whose values
 * it would otherwise overwrite.
 */
const deviceColumns = Object.fromEntries(
  Object.entries(getTableColumns(devices)).map(([key, column]) => [
    key,
    sql`${column}`.mapWith(column).as(`device_${column.name}`),
  ]),
) as { [K in keyof DeviceRow]: SQL.Aliased<DeviceRow[K] | null> };

/**
 * What every plugin call reads first, in one statement: the license with this key (as
 * `findLicenseByKey`), how many devices are active on it, and the active device `deviceId`.
 * Run it inside a db.batch (activation.ts counts the call in the same round trip) and read its
 * row with `toLicenseForDevice`.
 */
export function licenseForDeviceQuery(db: Db, key: string, deviceId: string) {
  return db
    .select({
      ...keyedColumns(),
      activeDevices: activeDeviceCountSql(licenses.id),
      shareUsage:
        sql<boolean>`coalesce((select u.share_usage from users as u where u.id = ${outerColumn(licenses.userId)}), 1)`
          .mapWith(Boolean)
          .as('share_usage'),
      device: deviceColumns,
    })
    .from(licenses)
    .leftJoin(
      devices,
      and(
        eq(devices.licenseId, licenses.id),
        eq(devices.deviceId, deviceId),
        isNull(devices.deactivatedAt),
      ),
    )
    .where(eq(licenses.licenseKey, key))
    .limit(1);
}

/** A row of `licenseForDeviceQuery`, whose device columns are all null when none matched. */
export function toLicenseForDevice({
  device,
  ...keyed
}: Awaited<ReturnType<typeof licenseForDeviceQuery>>[number]): LicenseForDevice {
  // `id` is the primary key: null only when the left join found no device.
  return { ...keyed, device: device.id === null ? null : (device as DeviceRow) };
}

/** Whether the license may be used at `now`; a license past its expiry is expired whatever its row says. */
export function licenseState(
  { license, userDeleted, superseded }: KeyedLicense,
  now: Millis,
): LicenseState {
  if (userDeleted || superseded || license.status === 'revoked') return 'REVOKED';
  if (license.status === 'expired' || license.expiresAt <= now) return 'EXPIRED';
  if (license.status === 'suspended') return 'SUSPENDED';
  return 'VALID';
}

const stateToStatus = {
  VALID: 'active',
  EXPIRED: 'expired',
  SUSPENDED: 'suspended',
  REVOKED: 'revoked',
} as const satisfies Record<LicenseState, LicenseInfo['status']>;

/**
 * Device limits of a plan: `shown` is the plan's own number (null: set per organization, i.e.
 * Enterprise), `enforced` the number the activation statement uses outside an organization.
 */
export function deviceLimitOf(plan: PlanLabel): { shown: number | null; enforced: number } {
  const shown = Object.values(plans).find((candidate) => candidate.label === plan)?.deviceLimit;
  return { shown: shown ?? null, enforced: shown ?? licensing.enterpriseDefaultDeviceLimit };
}

/**
 * How many devices a license may have active, as every page and the plugin state it: an
 * Enterprise seat's limit is its organization's per-seat number, any other license its plan's.
 * The same number the activation statement enforces (memberDeviceLimitSql).
 */
export function licenseDeviceLimit(plan: PlanLabel, seatDeviceLimit: number | null): number {
  return seatDeviceLimit ?? deviceLimitOf(plan).enforced;
}

/** Each of the account's licenses' seat device limit (null outside an organization), by id. */
export async function seatDeviceLimitsOfUser(
  db: Db,
  userId: string,
): Promise<Map<string, number | null>> {
  const rows = await db
    .select({ id: licenses.id, seat: seatDeviceLimitSql(licenses.id) })
    .from(licenses)
    .where(eq(licenses.userId, userId));
  return new Map(rows.map(({ id, seat }) => [id, seat]));
}

/** `licenseDeviceLimit` of one license, reading its seat (the member's organization) first. */
export async function deviceLimitOfLicense(
  db: Db,
  license: Pick<LicenseRow, 'id' | 'plan'>,
): Promise<number> {
  const [row] = await db
    .select({ seat: seatDeviceLimitSql(licenses.id) })
    .from(licenses)
    .where(eq(licenses.id, license.id))
    .limit(1);
  return licenseDeviceLimit(license.plan, row?.seat ?? null);
}

/**
 * SQL, in a statement over `licenses` as `l`: the device limit of an Enterprise member's license
 * (the organization's per-seat limit), else `fallback` (the plan's limit).
 */
export function memberDeviceLimitSql(fallback: number): SQL<number> {
  return sql<number>`coalesce((select o.device_limit from organization_members as m
    join organizations as o on o.id = m.organization_id
    where m.license_id = l.id and m.removed_at is null), ${fallback})`;
}

/**
 * SQL condition, in a statement over `licenses` as `l`: the license may be used (take a new
 * device, be seen again) at `now`, exactly when `licenseState` says VALID. Repeated inside the
 * writes so a license revoked or expired between our read and the write cannot gain a device.
 */
export function usableLicenseSql(now: Millis): SQL {
  return sql`l.status = 'active' and l.expires_at > ${now} and not ${accountDeletedSql(sql`l.user_id`)}
    and not exists (select 1 from licenses as newer where newer.user_id = l.user_id and newer.created_at > l.created_at)`;
}

/**
 * SQL: the number of devices active on the license in column `licenseId` of the outer statement.
 * It counts entries of the partial index of active devices, the index whose leaf the same
 * statement reads for the device itself, so at scale the count costs no page of its own;
 * `INDEXED BY` pins that plan (SQLite would otherwise pick devices_license_active_idx).
 */
function activeDeviceCountSql(licenseId: SQLiteColumn): SQL<number> {
  return sql<number>`(select count(*) from devices as active indexed by ${sql.raw(DEVICES_ACTIVE_INDEX)}
    where active.license_id = ${outerColumn(licenseId)} and active.deactivated_at is null)`.mapWith(
    Number,
  );
}

/** Number of devices active on a license. */
export async function activeDeviceCount(db: Db, licenseId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(devices)
    .where(and(eq(devices.licenseId, licenseId), isNull(devices.deactivatedAt)));
  return row?.n ?? 0;
}

/** The license as the plugin shows it, with `activeDevices` devices active on it. */
export function licenseInfoOf(
  keyed: KeyedLicense,
  activeDevices: number,
  now: Millis,
): LicenseInfo {
  const { license } = keyed;
  return {
    plan: license.plan,
    status: stateToStatus[licenseState(keyed, now)],
    expiresAt: new Date(license.expiresAt).toISOString(),
    deviceLimit: licenseDeviceLimit(license.plan, keyed.seatDeviceLimit),
    activeDevices,
  };
}

/** The license as the plugin shows it, counting its active devices now. */
export async function licenseInfo(db: Db, keyed: KeyedLicense, now: Millis): Promise<LicenseInfo> {
  return licenseInfoOf(keyed, await activeDeviceCount(db, keyed.license.id), now);
}

/** 404 NOT_FOUND: no license has this key. */
export function licenseNotFound(): ApiError {
  return fail('NOT_FOUND', { message: LicenseStatusMessages.NOT_FOUND });
}

/** Throws 403 with the license's state as code unless it is VALID. */
export function assertUsable(keyed: KeyedLicense, now: Millis): void {
  const state = licenseState(keyed, now);
  if (state !== 'VALID') throw fail(state);
}
