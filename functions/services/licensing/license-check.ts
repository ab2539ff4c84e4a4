/**
 * What a license key stands for: the license, whether it may be used right now, and
 * how many devices it allows. Shared by the plugin calls and the Usage page.
 */
import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  licenseStatusMessages,
  type LicenseCheckStatus,
  type LicenseInfo,
} from '../../../src/contract/licensing';
import type { PlanLabel } from '../../../src/contract/user';
import { licensing, plans } from '../../../src/site.config';
import { devices, licenses, users } from '../../db/schema';
import { fail, type ApiError } from '../../lib/errors';
import type { Db, Millis } from '../shared/db';
import type { LicenseRow } from './licenses';

/** A license found by its key, with what decides whether it is usable. */
export interface KeyedLicense {
  license: LicenseRow;
  /** The account is scheduled for deletion. */
  userDeleted: boolean;
  /** The account has a newer license (e.g. after an upgrade): only the newest one is current. */
  superseded: boolean;
}

/** Statuses a license itself can have (device problems are decided elsewhere). */
export type LicenseState = Extract<
  LicenseCheckStatus,
  'VALID' | 'EXPIRED' | 'SUSPENDED' | 'REVOKED'
>;

/** Finds the license with this (canonical, upper-case) key. */
export async function findLicenseByKey(db: Db, key: string): Promise<KeyedLicense | undefined> {
  const [row] = await db
    .select({
      license: licenses,
      userDeleted: users.isDeleted,
      superseded:
        sql<boolean>`exists (select 1 from licenses as newer where newer.user_id = ${licenses.userId} and newer.created_at > ${licenses.createdAt})`.mapWith(
          Boolean,
        ),
    })
    .from(licenses)
    .innerJoin(users, eq(users.id, licenses.userId))
    .where(eq(licenses.licenseKey, key))
    .limit(1);
  return row;
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
 * Device limits of a plan: `shown` is what the customer is told (null: set per account, i.e.
 * Enterprise), `enforced` the number the activation statement uses.
 */
export function deviceLimitOf(plan: PlanLabel): { shown: number | null; enforced: number } {
  const shown = Object.values(plans).find((candidate) => candidate.label === plan)?.deviceLimit;
  return { shown: shown ?? null, enforced: shown ?? licensing.enterpriseDefaultDeviceLimit };
}

/**
 * SQL condition, in a statement over `licenses` as `l` joined to `users` as `u`: the license may
 * take a new device at `now`. Repeated inside the writes so a license revoked or expired between
 * our read and the write cannot gain a device.
 */
export function usableLicenseSql(now: Millis): SQL {
  return sql`l.status = 'active' and l.expires_at > ${now} and u.is_deleted = 0
    and not exists (select 1 from licenses as newer where newer.user_id = l.user_id and newer.created_at > l.created_at)`;
}

/** Number of devices active on a license. */
export async function activeDeviceCount(db: Db, licenseId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(devices)
    .where(and(eq(devices.licenseId, licenseId), isNull(devices.deactivatedAt)));
  return row?.n ?? 0;
}

/** The license as the plugin shows it. */
export async function licenseInfo(db: Db, keyed: KeyedLicense, now: Millis): Promise<LicenseInfo> {
  const { license } = keyed;
  return {
    plan: license.plan,
    status: stateToStatus[licenseState(keyed, now)],
    expiresAt: new Date(license.expiresAt).toISOString(),
    deviceLimit: deviceLimitOf(license.plan).shown,
    activeDevices: await activeDeviceCount(db, license.id),
  };
}

/** 404 NOT_FOUND: no license has this key. */
export function licenseNotFound(): ApiError {
  return fail('NOT_FOUND', { message: licenseStatusMessages.NOT_FOUND });
}

/** Throws 403 with the license's state as code unless it is VALID. */
export function assertUsable(keyed: KeyedLicense, now: Millis): void {
  const state = licenseState(keyed, now);
  if (state !== 'VALID') throw fail(state);
}
