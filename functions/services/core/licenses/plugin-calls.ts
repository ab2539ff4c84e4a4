/**
 * What every call of the plugin starts with (activation.ts, releases/update-check.ts): the call
 * counted against the IP's license API budget, the license and the device read in the same D1
 * round trip, and — for validate and the update check — whether the license is valid on this
 * device, answered with the statuses validate uses.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { LicenseStatusMessages } from '../../../../src/contract/catalogue';
import type { DeviceRow } from '../../../db/schema';
import {
  type LicenseCheckStatus,
  type LicenseInfo,
} from '../../../../src/contract/schemas/licensing';
import type { Millis } from '../../shared/db';
import type { Deps } from '../../shared/deps';
import { rateLimitStep } from '../../shared/rate-limit';
import { touchSeenDevice } from './devices';
import {
  licenseForDeviceQuery,
  licenseInfoOf,
  licenseState,
  toLicenseForDevice,
  usableLicenseSql,
  type LicenseForDevice,
} from './license-check';

/**
 * Writes that belong to a plugin call and go in its round trip, each conditional on `device`:
 * SQL for the id of the device's active row when the call is within the IP's budget and the
 * license is valid on that device — exactly when `checkDevice` answers ok — else NULL.
 */
export type AlongsideCall = (device: SQL) => BatchItem<'sqlite'>[];

/** SQL: the id of the active row of `deviceId` on license `key` when `allowed` and the license is usable at `now`, else NULL. */
export function usableDeviceSql(now: Millis, key: string, deviceId: string, allowed: SQL): SQL {
  return sql`(select d.id from licenses as l join devices as d on d.license_id = l.id
    where l.license_key = ${key} and ${usableLicenseSql(now)}
      and d.device_id = ${deviceId} and d.deactivated_at is null and ${allowed})`;
}

/**
 * The first step of every plugin call, in one D1 round trip (a db.batch): counts the call against
 * the IP's license API budget (429 with Retry-After beyond it: the key in the body is the
 * credential, so keys cannot be guessed or hammered); with `seen`, records that the device was
 * seen again (touchSeenDevice: only within the budget and on a usable license); then reads the
 * license, its active device count and the active device `deviceId` as they are after that.
 * `alongside` adds the call's own writes to the same round trip.
 */
export async function pluginCall(
  deps: Deps,
  key: string,
  deviceId: string,
  seen?: { deviceName?: string; appVersion?: string | undefined },
  alongside?: AlongsideCall,
): Promise<LicenseForDevice | undefined> {
  const { db, now } = deps;
  const budget = rateLimitStep(deps, 'licenseApiPerIp', deps.client.ip);
  const read = licenseForDeviceQuery(db, key, deviceId);
  const middle = [
    ...(seen ? [touchSeenDevice(db, key, deviceId, seen, now, budget.withinLimit)] : []),
    ...(alongside?.(usableDeviceSql(now, key, deviceId, budget.withinLimit)) ?? []),
  ];
  const results = await db.batch([budget.count, ...middle, read]);
  budget.enforce(results[0]);
  // The read is the batch's last statement.
  const [found] = results[results.length - 1] as Awaited<typeof read>;
  return found && toLicenseForDevice(found);
}

/** A license that is valid on the asked device. */
export interface ValidOnDevice {
  ok: true;
  keyed: LicenseForDevice;
  device: DeviceRow;
  license: LicenseInfo;
}

/** Why it is not: validate's status and message (and the license, when the key names one). */
export interface NotValidOnDevice {
  ok: false;
  status: Exclude<LicenseCheckStatus, 'VALID' | 'TOO_MANY_DEVICES'>;
  message: string;
  license?: LicenseInfo;
}

/**
 * Validate's rule, for validate itself and the update check: the call counted, the device seen
 * again (with the plugin's version), then NOT_FOUND, the license's own state (EXPIRED,
 * SUSPENDED, REVOKED) or DEVICE_NOT_ACTIVATED — or valid on this device. The `alongside` writes
 * take effect exactly when the answer is ok.
 */
export async function checkDevice(
  deps: Deps,
  input: { licenseKey: string; deviceId: string; appVersion?: string | undefined },
  alongside?: AlongsideCall,
): Promise<ValidOnDevice | NotValidOnDevice> {
  const { now } = deps;
  const keyed = await pluginCall(
    deps,
    input.licenseKey,
    input.deviceId,
    { appVersion: input.appVersion },
    alongside,
  );
  if (!keyed) return { ok: false, status: 'NOT_FOUND', message: LicenseStatusMessages.NOT_FOUND };
  const state = licenseState(keyed, now);
  const license = licenseInfoOf(keyed, keyed.activeDevices, now);
  if (state !== 'VALID') {
    return { ok: false, status: state, message: LicenseStatusMessages[state], license };
  }
  if (!keyed.device) {
    const status = 'DEVICE_NOT_ACTIVATED';
    return { ok: false, status, message: LicenseStatusMessages[status], license };
  }
  return { ok: true, keyed, device: keyed.device, license };
}
