/**
 * The plugin's license calls (src/contract/licensing.ts): activate a device,
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
import { ApiMessages, SuccessMessages } from '../../../src/contract/messages';
import { licensing } from '../../../src/site.config';
import { fail, type ApiError } from '../../lib/errors';
import { isUniqueViolation, type Db } from '../shared/db';
import type { Deps } from '../shared/deps';
import { enforceRateLimit } from '../shared/rate-limit';
import {
  activateWithinLimit,
  deactivationLimitReached,
  freeDevice,
  replaceWithinLimits,
  type NewDevice,
} from './device-writes';
import {
  activeDevices,
  deactivationTimes,
  findActiveDevice,
  toDeviceView,
  touchActiveDevice,
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

export const activatedMessage = 'This device has been activated.';
export const reactivatedMessage = 'This device was already activated; its license file is renewed.';
export const replacedMessage = 'The old device has been freed and this device activated.';

/** The device to replace is not active on this license. */
const replacedNotActive = () =>
  fail('DEVICE_NOT_ACTIVATED', { message: ApiMessages.replacedDeviceNotActive });

async function tooManyDevices(db: Db, licenseId: string): Promise<ApiError> {
  const devices = (await activeDevices(db, licenseId)).map(toDeviceView);
  return fail('TOO_MANY_DEVICES', { extra: { devices } });
}

/**
 * Counts the call against the IP's license API budget (429 with Retry-After beyond it): the key
 * in the body is the credential, so keys cannot be guessed or hammered.
 */
function countPluginCall(deps: Deps) {
  return enforceRateLimit(deps, 'licenseApiPerIp', deps.client.ip);
}

async function keyedOrNotFound(db: Db, key: string): Promise<KeyedLicense> {
  const keyed = await findLicenseByKey(db, key);
  if (!keyed) throw licenseNotFound();
  return keyed;
}

async function activated(
  { db, now, secrets }: Deps,
  keyed: KeyedLicense,
  device: DeviceRow,
  message: string,
): Promise<ActivateResponse> {
  const claims = licenseFileClaims(keyed.license, device.deviceId, now);
  return {
    status: 'VALID',
    message,
    licenseFile: await signLicenseFile(secrets.licenseSigningKey, claims),
    license: await licenseInfo(db, keyed, now),
    device: toDeviceView(device),
  };
}

/**
 * After a step changed nothing, works out why (from the state as it is now) and throws the
 * matching error; returns the device when it turned out to be active already (a concurrent
 * activation of the same machine, answered as a re-activation).
 */
async function explainRefusal(
  { db, now }: Deps,
  body: ActivateBody,
  licenseId: string,
): Promise<DeviceRow> {
  const keyed = await keyedOrNotFound(db, body.licenseKey);
  assertUsable(keyed, now);
  const same = await touchActiveDevice(db, licenseId, body.deviceId, body, now);
  if (same) return same;
  if (body.replaceDeviceId !== undefined) {
    if (!(await findActiveDevice(db, licenseId, body.replaceDeviceId))) throw replacedNotActive();
    const used = await deactivationTimes(db, licenseId, now);
    if (used.length >= licensing.maxDeactivations) {
      throw await deactivationLimitReached(db, licenseId, now);
    }
  }
  throw await tooManyDevices(db, licenseId);
}

/** POST /api/licenses/activate. */
export async function activateDevice(deps: Deps, body: ActivateBody): Promise<ActivateResponse> {
  await countPluginCall(deps);
  const { db, now } = deps;
  const keyed = await keyedOrNotFound(db, body.licenseKey);
  assertUsable(keyed, now);
  const { license } = keyed;

  // A reinstall is not a new device: same row, fresh details, no audit row.
  const again = await touchActiveDevice(db, license.id, body.deviceId, body, now);
  if (again) return activated(deps, keyed, again, reactivatedMessage);

  const device: NewDevice = {
    licenseId: license.id,
    deviceId: body.deviceId,
    deviceName: body.deviceName,
    appVersion: body.appVersion ?? null,
  };
  const limit = deviceLimitOf(license.plan).enforced;
  const audit = { now, ip: deps.client.ip };
  let row: DeviceRow | undefined;
  try {
    if (body.replaceDeviceId !== undefined) {
      const old = await findActiveDevice(db, license.id, body.replaceDeviceId);
      if (!old) throw replacedNotActive();
      row = await replaceWithinLimits(db, old.id, device, limit, audit);
    } else {
      row = await activateWithinLimit(db, device, limit, audit);
    }
  } catch (error) {
    // The same machine was activated by a concurrent request: that is this activation.
    if (!isUniqueViolation(error, 'devices.license_id')) throw error;
  }
  if (row) {
    return activated(deps, keyed, row, body.replaceDeviceId ? replacedMessage : activatedMessage);
  }
  return activated(deps, keyed, await explainRefusal(deps, body, license.id), reactivatedMessage);
}

/** POST /api/licenses/validate: always an answer, never an error, for a well-formed request. */
export async function validateDevice(deps: Deps, body: ValidateBody): Promise<ValidateResponse> {
  await countPluginCall(deps);
  const { db, now, secrets } = deps;
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
    licenseFile: await signLicenseFile(secrets.licenseSigningKey, claims),
  };
}

/**
 * POST /api/licenses/deactivate. Works whatever the license's state, so a customer can always
 * move off an expired or replaced key (switching licenses = deactivate, then activate another).
 */
export async function deactivateDevice(
  deps: Deps,
  body: DeactivateBody,
): Promise<DeactivateResponse> {
  await countPluginCall(deps);
  const { db, now } = deps;
  const keyed = await keyedOrNotFound(db, body.licenseKey);
  const device = await findActiveDevice(db, keyed.license.id, body.deviceId);
  if (!device) throw fail('DEVICE_NOT_ACTIVATED');
  await freeDevice(db, device, 'plugin', { now, ip: deps.client.ip });
  return {
    message: SuccessMessages.deviceDeactivated,
    license: await licenseInfo(db, keyed, now),
  };
}
