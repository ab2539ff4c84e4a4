/**
 * What every call of the plugin starts with (activation.ts, releases/update-check.ts): the call
 * counted against the IP's license API budget, the license and the device read in the same D1
 * round trip, and — for validate and the update check — whether the license is valid on this
 * device, answered with the statuses validate uses.
 */
import { LicenseStatusMessages } from '../../../../src/contract/catalogue';
import type { DeviceRow } from '../../../db/schema';
import {
  type LicenseCheckStatus,
  type LicenseInfo,
} from '../../../../src/contract/schemas/licensing';
import type { Deps } from '../../shared/deps';
import { rateLimitStep } from '../../shared/rate-limit';
import { touchSeenDevice } from './devices';
import {
  licenseForDeviceQuery,
  licenseInfoOf,
  licenseState,
  toLicenseForDevice,
  type LicenseForDevice,
} from './license-check';

/**
 * The first step of every plugin call, in one D1 round trip (a db.batch): counts the call against
 * the IP's license API budget (429 with Retry-After beyond it: the key in the body is the
 * credential, so keys cannot be guessed or hammered); with `seen`, records that the device was
 * seen again (touchSeenDevice: only within the budget and on a usable license); then reads the
 * license, its active device count and the active device `deviceId` as they are after that.
 */
export async function pluginCall(
  deps: Deps,
  key: string,
  deviceId: string,
  seen?: { deviceName?: string; appVersion?: string | undefined },
): Promise<LicenseForDevice | undefined> {
  const { db, now } = deps;
  const budget = rateLimitStep(deps, 'licenseApiPerIp', deps.client.ip);
  const read = licenseForDeviceQuery(db, key, deviceId);
  let counted, rows;
  if (seen) {
    const touch = touchSeenDevice(db, key, deviceId, seen, now, budget.withinLimit);
    [counted, , rows] = await db.batch([budget.count, touch, read]);
  } else {
    [counted, rows] = await db.batch([budget.count, read]);
  }
  budget.enforce(counted);
  const [found] = rows;
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
 * SUSPENDED, REVOKED) or DEVICE_NOT_ACTIVATED — or valid on this device.
 */
export async function checkDevice(
  deps: Deps,
  input: { licenseKey: string; deviceId: string; appVersion?: string | undefined },
): Promise<ValidOnDevice | NotValidOnDevice> {
  const { now } = deps;
  const keyed = await pluginCall(deps, input.licenseKey, input.deviceId, {
    appVersion: input.appVersion,
  });
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
