/**
 * The plugin's license calls (issue 5 item 1, src/contract/licensing.ts): activate a device,
 * validate it, deactivate it. The license key in the body is the credential; the answers tell the
 * plugin what to show (licenseStatusMessages) and carry a fresh signed license file when valid.
 */
import {
  licenseStatusMessages,
  type ActivateBody,
  type ActivateResponse,
  type DeactivateBody,
  type DeactivateResponse,
  type ValidateBody,
  type ValidateResponse,
} from '../../../src/contract/licensing';
import { ErrorCode, Messages, SuccessMessages } from '../../../src/contract/errors';
import { licensing } from '../../../src/site.config';
import { ApiError } from '../../lib/errors';
import { isUniqueViolation, type Db, type Millis } from '../db';
import {
  activateWithinLimit,
  deactivateWithinLimit,
  replaceWithinLimits,
  type NewDevice,
} from './device-writes';
import {
  activeDevices,
  deactivationTimes,
  findActiveDevice,
  findDeviceRow,
  secondsUntilDeactivationFrees,
  toDeviceView,
  touchActiveDevice,
  type DeactivationSource,
  type DeviceRow,
} from './devices';
import {
  assertUsable,
  deviceLimitOf,
  findLicenseByKey,
  licenseInfo,
  licenseNotFound,
  licenseState,
  type KeyedLicense,
} from './license-check';
import { licenseFileClaims, signLicenseFile } from './license-file';

/** What every plugin call needs besides its body. */
export interface PluginCall {
  db: Db;
  /** LICENSE_SIGNING_KEY. */
  signingKey: string;
  now: Millis;
  ip: string | null;
}

export const activatedMessage = 'This device has been activated.';
export const reactivatedMessage = 'This device was already activated; its license file is renewed.';
export const replacedMessage = 'The old device has been freed and this device activated.';

/** 404 DEVICE_NOT_ACTIVATED: the device (or the one to replace) is not active on this license. */
export function deviceNotActivated(message = licenseStatusMessages.DEVICE_NOT_ACTIVATED): ApiError {
  return new ApiError(404, 'DEVICE_NOT_ACTIVATED', message);
}

/** 429 DEACTIVATION_LIMIT with Retry-After: when the oldest counted deactivation leaves the window. */
export async function deactivationLimitReached(db: Db, licenseId: string, now: Millis) {
  const times = await deactivationTimes(db, licenseId, now);
  return new ApiError(429, ErrorCode.DEACTIVATION_LIMIT, Messages.deactivationLimit, {
    'Retry-After': String(secondsUntilDeactivationFrees(times, now)),
  });
}

async function tooManyDevices(db: Db, licenseId: string): Promise<ApiError> {
  const devices = (await activeDevices(db, licenseId)).map(toDeviceView);
  return new ApiError(403, ErrorCode.TOO_MANY_DEVICES, Messages.tooManyDevices, {}, { devices });
}

async function keyedOrNotFound(db: Db, key: string): Promise<KeyedLicense> {
  const keyed = await findLicenseByKey(db, key);
  if (!keyed) throw licenseNotFound();
  return keyed;
}

async function activated(
  call: PluginCall,
  keyed: KeyedLicense,
  device: DeviceRow,
  message: string,
): Promise<ActivateResponse> {
  const claims = licenseFileClaims(keyed.license, device.deviceId, call.now);
  return {
    status: 'VALID',
    message,
    licenseFile: await signLicenseFile(call.signingKey, claims),
    license: await licenseInfo(call.db, keyed, call.now),
    device: toDeviceView(device),
  };
}

/**
 * After a step changed nothing, works out why (from the state as it is now) and throws the
 * matching error; returns the device when it turned out to be active already (a concurrent
 * activation of the same machine, answered as a re-activation).
 */
async function explainRefusal(
  call: PluginCall,
  body: ActivateBody,
  licenseId: string,
): Promise<DeviceRow> {
  const keyed = await keyedOrNotFound(call.db, body.licenseKey);
  assertUsable(keyed, call.now);
  const same = await touchActiveDevice(call.db, licenseId, body.deviceId, body, call.now);
  if (same) return same;
  if (body.replaceDeviceId !== undefined) {
    if (!(await findActiveDevice(call.db, licenseId, body.replaceDeviceId))) {
      throw deviceNotActivated('The device to replace is not active on this license.');
    }
    const used = await deactivationTimes(call.db, licenseId, call.now);
    if (used.length >= licensing.maxDeactivations) {
      throw await deactivationLimitReached(call.db, licenseId, call.now);
    }
  }
  throw await tooManyDevices(call.db, licenseId);
}

/** POST /api/licenses/activate. */
export async function activateDevice(
  call: PluginCall,
  body: ActivateBody,
): Promise<ActivateResponse> {
  const { db, now } = call;
  const keyed = await keyedOrNotFound(db, body.licenseKey);
  assertUsable(keyed, now);
  const { license } = keyed;

  // A reinstall is not a new device: same row, fresh details, no audit row.
  const again = await touchActiveDevice(db, license.id, body.deviceId, body, now);
  if (again) return activated(call, keyed, again, reactivatedMessage);

  const device: NewDevice = {
    licenseId: license.id,
    deviceId: body.deviceId,
    deviceName: body.deviceName,
    appVersion: body.appVersion ?? null,
  };
  const limit = deviceLimitOf(license.plan).enforced;
  const audit = { now, ip: call.ip };
  let row: DeviceRow | undefined;
  try {
    if (body.replaceDeviceId !== undefined) {
      const old = await findActiveDevice(db, license.id, body.replaceDeviceId);
      if (!old) throw deviceNotActivated('The device to replace is not active on this license.');
      row = await replaceWithinLimits(db, old.id, device, limit, audit);
    } else {
      row = await activateWithinLimit(db, device, limit, audit);
    }
  } catch (error) {
    // The same machine was activated by a concurrent request: that is this activation.
    if (!isUniqueViolation(error, 'devices.license_id')) throw error;
  }
  if (row) {
    return activated(call, keyed, row, body.replaceDeviceId ? replacedMessage : activatedMessage);
  }
  return activated(call, keyed, await explainRefusal(call, body, license.id), reactivatedMessage);
}

/** POST /api/licenses/validate: always an answer, never an error, for a well-formed request. */
export async function validateDevice(
  call: PluginCall,
  body: ValidateBody,
): Promise<ValidateResponse> {
  const { db, now } = call;
  const keyed = await findLicenseByKey(db, body.licenseKey);
  if (!keyed) return { status: 'NOT_FOUND', message: licenseStatusMessages.NOT_FOUND };
  const state = licenseState(keyed, now);
  if (state !== 'VALID') {
    return {
      status: state,
      message: licenseStatusMessages[state],
      license: await licenseInfo(db, keyed, now),
    };
  }
  const device = await touchActiveDevice(db, keyed.license.id, body.deviceId, body, now);
  if (!device) {
    return {
      status: 'DEVICE_NOT_ACTIVATED',
      message: licenseStatusMessages.DEVICE_NOT_ACTIVATED,
      license: await licenseInfo(db, keyed, now),
    };
  }
  const claims = licenseFileClaims(keyed.license, device.deviceId, now);
  return {
    status: 'VALID',
    message: licenseStatusMessages.VALID,
    license: await licenseInfo(db, keyed, now),
    licenseFile: await signLicenseFile(call.signingKey, claims),
  };
}

/**
 * Frees an active device within the deactivation limit (plugin or dashboard). Throws 404 when it
 * is not active (any more) and 429 at the limit.
 */
export async function freeDevice(
  db: Db,
  device: Pick<DeviceRow, 'id' | 'licenseId'>,
  source: DeactivationSource,
  audit: { now: Millis; ip: string | null },
): Promise<void> {
  if (await deactivateWithinLimit(db, device.id, source, audit)) return;
  if (!(await findDeviceRow(db, { id: device.id, activeOnly: true }))) throw deviceNotActivated();
  throw await deactivationLimitReached(db, device.licenseId, audit.now);
}

/**
 * POST /api/licenses/deactivate. Works whatever the license's state, so a customer can always
 * move off an expired or replaced key (switching licenses = deactivate, then activate another).
 */
export async function deactivateDevice(
  call: PluginCall,
  body: DeactivateBody,
): Promise<DeactivateResponse> {
  const { db, now } = call;
  const keyed = await keyedOrNotFound(db, body.licenseKey);
  const device = await findActiveDevice(db, keyed.license.id, body.deviceId);
  if (!device) throw deviceNotActivated();
  await freeDevice(db, device, 'plugin', { now, ip: call.ip });
  return {
    message: SuccessMessages.deviceDeactivated,
    license: await licenseInfo(db, keyed, now),
  };
}
