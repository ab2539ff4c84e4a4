/**
 * License management from the plugin's ribbon, for the account its token was approved for
 * (src/contract/schemas/plugin-licenses.ts): every license with its devices, moving this computer
 * from one license to another in one step, and freeing a device on another computer. The same
 * rules as the license-key calls: each counts on the IP's plugin budget, the device limits and
 * the deactivation budget (shared with the dashboard's deactivate) hold, and every change is in
 * the audit trail.
 */
import { ApiMessages } from '../../../src/contract/messages';
import { DeviceMessages } from '../../../src/contract/catalogue';
import type { ActivateResponse, DeactivateResponse } from '../../../src/contract/schemas/licensing';
import type {
  FreeBody,
  PluginLicenses,
  SwitchBody,
} from '../../../src/contract/schemas/plugin-licenses';
import { licensing } from '../../../src/site.config';
import type { DeviceRow, LicenseRow } from '../../db/schema';
import { fail } from '../../lib/errors';
import { deactivationLimitReached, deactivationTimes } from '../core/licenses/deactivations';
import {
  activateWithinLimit,
  activeDevicesOfMachine,
  activeDevicesOfUser,
  findActiveDevice,
  freeDevice,
  switchWithinLimits,
  toDeviceView,
  touchActiveDevice,
  type NewDevice,
} from '../core/licenses/devices';
import {
  assertUsable,
  deviceLimitOf,
  licenseForDeviceQuery,
  licenseInfo,
  licenseInfoOf,
  toLicenseForDevice,
  type KeyedLicense,
  type LicenseForDevice,
  seatDeviceLimitsOfUser,
} from '../core/licenses/license-check';
import { licensesOfUser } from '../core/licenses/licenses';
import { deliverSoon } from '../core/mail/outbox';
import type { PluginGrant } from '../core/users/plugin-tokens';
import { isUniqueViolation } from '../shared/db';
import type { Deps } from '../shared/deps';
import { enforceRateLimit } from '../shared/rate-limit';
import { activated, newDeviceNotice, tooManyDevices } from './activation';

/** The account's license with this id; 404 for any other id (another account's cannot be probed). */
function ownLicense(licenses: LicenseRow[], id: string): LicenseRow {
  const license = licenses.find((candidate) => candidate.id === id);
  if (!license) throw fail('NOT_FOUND', { message: ApiMessages.notYourLicense });
  return license;
}

/**
 * A license of the account as the license checks read it: only the newest is current, and an
 * Enterprise seat has its organization's device limit (`seats`, by license id).
 */
function keyedOf(
  licenses: LicenseRow[],
  license: LicenseRow,
  seats: Map<string, number | null>,
): KeyedLicense {
  // The token's account is live (its deletion ends the token), so only superseding is left.
  return {
    license,
    userDeleted: false,
    superseded: licenses[0]?.id !== license.id,
    seatDeviceLimit: seats.get(license.id) ?? null,
  };
}

/** GET /api/plugin/licenses. */
export async function listPluginLicenses(deps: Deps, grant: PluginGrant): Promise<PluginLicenses> {
  const { db, now } = deps;
  await enforceRateLimit(deps, 'licenseApiPerIp', deps.client.ip);
  const [licenses, devices, seats] = await Promise.all([
    licensesOfUser(db, grant.userId),
    activeDevicesOfUser(db, grant.userId),
    seatDeviceLimitsOfUser(db, grant.userId),
  ]);
  return {
    licenses: licenses.map((license) => {
      const own = devices.filter((device) => device.licenseId === license.id);
      return {
        id: license.id,
        licenseKey: license.licenseKey,
        current: licenses[0]?.id === license.id,
        ...licenseInfoOf(keyedOf(licenses, license, seats), own.length, now),
        devices: own.map(toDeviceView),
      };
    }),
  };
}

/** The license `key` with its device `deviceId`, as activation's answer needs it. */
async function forDevice(deps: Deps, key: string, deviceId: string): Promise<LicenseForDevice> {
  const [row] = await licenseForDeviceQuery(deps.db, key, deviceId);
  if (!row) throw new Error(`License ${key} vanished`);
  return toLicenseForDevice(row);
}

/** The device to leave: the named license's, or the one other license the machine is on. */
async function leavingDevice(
  deps: Deps,
  licenses: LicenseRow[],
  body: SwitchBody,
  userId: string,
): Promise<DeviceRow | undefined> {
  if (body.fromLicenseId !== undefined) {
    const from = ownLicense(licenses, body.fromLicenseId);
    if (from.id === body.toLicenseId) {
      throw fail('VALIDATION_FAILED', { message: ApiMessages.sameLicense });
    }
    return findActiveDevice(deps.db, from.id, body.deviceId);
  }
  const others = await activeDevicesOfMachine(deps.db, userId, body.deviceId, body.toLicenseId);
  if (others.length > 1) throw fail('VALIDATION_FAILED', { message: ApiMessages.switchFromWhich });
  return others[0];
}

/**
 * POST /api/plugin/switch: this computer leaves its license and joins `toLicenseId`, in one step
 * (switchWithinLimits); on a computer that is on none of the account's other licenses, it is an
 * activation. Already on the new license: the answer of a re-activation, nothing else changes.
 */
export async function switchLicense(
  deps: Deps,
  grant: PluginGrant,
  body: SwitchBody,
): Promise<ActivateResponse> {
  const { db, now } = deps;
  await enforceRateLimit(deps, 'licenseApiPerIp', deps.client.ip);
  const licenses = await licensesOfUser(db, grant.userId);
  const to = ownLicense(licenses, body.toLicenseId);
  const target = await forDevice(deps, to.licenseKey, body.deviceId);
  assertUsable(target, now);
  if (target.device) {
    const same = await touchActiveDevice(db, to.id, body.deviceId, body, now);
    const info = await licenseInfo(db, target, now);
    return activated(deps, target, same ?? target.device, DeviceMessages.reactivated, info);
  }

  const leaving = await leavingDevice(deps, licenses, body, grant.userId);
  const device: NewDevice = {
    licenseId: to.id,
    deviceId: body.deviceId,
    deviceName: body.deviceName,
    appVersion: body.appVersion ?? null,
  };
  const limit = deviceLimitOf(to.plan).enforced;
  const audit = { now, ip: deps.client.ip };
  const notice = await newDeviceNotice(deps, to.userId, device);
  let row: DeviceRow | undefined;
  try {
    row = leaving
      ? await switchWithinLimits(db, leaving.id, device, limit, audit, notice.alongside)
      : await activateWithinLimit(db, device, limit, audit, notice.alongside);
  } catch (error) {
    // The same machine joined the license in a concurrent request: explained below.
    if (!isUniqueViolation(error, 'devices.license_id')) throw error;
  }
  const after = await forDevice(deps, to.licenseKey, body.deviceId);
  if (row) {
    await deliverSoon(deps, ...notice.queued);
    const message = leaving ? DeviceMessages.switched : DeviceMessages.activated;
    return activated(deps, after, row, message, await licenseInfo(db, after, now));
  }
  // Nothing changed: say why, from the state as it is now.
  assertUsable(after, now);
  if (after.device) {
    const info = await licenseInfo(db, after, now);
    return activated(deps, after, after.device, DeviceMessages.reactivated, info);
  }
  if (leaving) {
    const used = await deactivationTimes(db, leaving.licenseId, now);
    if (used.length >= licensing.maxDeactivations) {
      throw await deactivationLimitReached(db, leaving.licenseId, now);
    }
    if (!(await findActiveDevice(db, leaving.licenseId, leaving.deviceId))) {
      throw fail('DEVICE_NOT_ACTIVATED');
    }
  }
  throw await tooManyDevices(db, to.id);
}

/**
 * POST /api/plugin/free: frees a device of one of the account's licenses (another computer,
 * say), exactly as the dashboard's deactivate does and on the same budget.
 */
export async function freePluginDevice(
  deps: Deps,
  grant: PluginGrant,
  body: FreeBody,
): Promise<DeactivateResponse> {
  const { db, now } = deps;
  await enforceRateLimit(deps, 'licenseApiPerIp', deps.client.ip);
  const [licenses, seats] = await Promise.all([
    licensesOfUser(db, grant.userId),
    seatDeviceLimitsOfUser(db, grant.userId),
  ]);
  const license = ownLicense(licenses, body.licenseId);
  const device = await findActiveDevice(db, license.id, body.deviceId);
  if (!device) throw fail('DEVICE_NOT_ACTIVATED', { message: ApiMessages.ownDeviceNotActive });
  await freeDevice(db, device, 'plugin', { now, ip: deps.client.ip });
  return {
    message: DeviceMessages.deactivated,
    license: await licenseInfo(db, keyedOf(licenses, license, seats), now),
  };
}
