/**
 * The plugin's license calls (src/contract/schemas/licensing.ts): activate a device,
 * validate it, deactivate it. The license key in the body is the credential; the answers tell the
 * plugin what to show (LicenseStatusMessages) and carry a fresh signed license file when valid.
 */
import type { DeviceRow } from '../../db/schema';
import { sql } from 'drizzle-orm';
import {
  type ActivateBody,
  type ActivateResponse,
  type DeactivateBody,
  type DeactivateResponse,
  type LicenseInfo,
  type ValidateBody,
  type ValidateResponse,
} from '../../../src/contract/schemas/licensing';
import { DeviceMessages, LicenseStatusMessages } from '../../../src/contract/catalogue';
import { ApiMessages } from '../../../src/contract/messages';
import { licensing } from '../../../src/site.config';
import { fail, type ApiError } from '../../lib/errors';
import { findUserById } from '../core/users/users';
import { deviceActivatedMail } from '../core/mail/lifecycle-templates';
import { deliverSoon, queueMailWhere, type QueuedMail } from '../core/mail/outbox';
import { isUniqueViolation, type Db } from '../shared/db';
import type { Deps } from '../shared/deps';
import { deactivationLimitReached, deactivationTimes } from '../core/licenses/deactivations';
import {
  activateWithinLimit,
  activeDevices,
  findActiveDevice,
  freeDevice,
  replaceWithinLimits,
  toDeviceView,
  touchActiveDevice,
  type NewDevice,
  type WithNewDevice,
} from '../core/licenses/devices';
import {
  assertUsable,
  deviceLimitOf,
  findLicenseByKey,
  licenseInfo,
  licenseInfoOf,
  licenseNotFound,
  type KeyedLicense,
  type LicenseForDevice,
} from '../core/licenses/license-check';
import { licenseFileClaims, signLicenseFile } from '../core/licenses/license-file';
import { checkDevice, pluginCall } from '../core/licenses/plugin-calls';

/** The device to replace is not active on this license. */
const replacedNotActive = () =>
  fail('DEVICE_NOT_ACTIVATED', { message: ApiMessages.replacedDeviceNotActive });

/** 403 TOO_MANY_DEVICES listing the license's active devices. */
export async function tooManyDevices(db: Db, licenseId: string): Promise<ApiError> {
  const devices = (await activeDevices(db, licenseId)).map(toDeviceView);
  return fail('TOO_MANY_DEVICES', { extra: { devices } });
}

async function keyedOrNotFound(db: Db, key: string): Promise<KeyedLicense> {
  const keyed = await findLicenseByKey(db, key);
  if (!keyed) throw licenseNotFound();
  return keyed;
}

/** The answer of a successful activation: a fresh license file for the device. */
export async function activated(
  { now, secrets }: Deps,
  keyed: LicenseForDevice,
  device: DeviceRow,
  message: string,
  license: LicenseInfo,
): Promise<ActivateResponse> {
  const claims = licenseFileClaims(keyed.license, device.deviceId, now);
  return {
    status: 'VALID',
    message,
    licenseFile: await signLicenseFile(secrets.licenseSigningKey, claims),
    license,
    device: toDeviceView(device),
    usageReporting: keyed.shareUsage,
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

/**
 * The "new device activated" e-mail to the license's holder (an Enterprise member's own address),
 * written with the new device row only: a re-activation or a refused one writes none. `queued`
 * holds it once the batch has been built.
 */
export async function newDeviceNotice(
  { db, now, origin }: Deps,
  userId: string,
  device: NewDevice,
): Promise<{ alongside: WithNewDevice; queued: QueuedMail[] }> {
  const queued: QueuedMail[] = [];
  const user = await findUserById(db, userId);
  const notice =
    user &&
    (await deviceActivatedMail(
      user.email,
      user.customerName,
      { deviceName: device.deviceName, activatedAt: now },
      origin,
    ));
  const alongside: WithNewDevice = (rowId) => {
    if (!notice) return [];
    const mail = queueMailWhere(
      db,
      notice,
      now,
      sql`exists (select 1 from devices where id = ${rowId})`,
    );
    queued.push(mail);
    return [mail.insert];
  };
  return { alongside, queued };
}

/** POST /api/licenses/activate. */
export async function activateDevice(deps: Deps, body: ActivateBody): Promise<ActivateResponse> {
  const { db, now } = deps;
  // A reinstall is not a new device: same row, fresh details (pluginCall), no audit row.
  const keyed = await pluginCall(deps, body.licenseKey, body.deviceId, body);
  if (!keyed) throw licenseNotFound();
  assertUsable(keyed, now);
  const { license } = keyed;
  if (keyed.device) {
    const info = licenseInfoOf(keyed, keyed.activeDevices, now);
    return activated(deps, keyed, keyed.device, DeviceMessages.reactivated, info);
  }

  const device: NewDevice = {
    licenseId: license.id,
    deviceId: body.deviceId,
    deviceName: body.deviceName,
    appVersion: body.appVersion ?? null,
  };
  const limit = deviceLimitOf(license.plan).enforced;
  const audit = { now, ip: deps.client.ip };
  const notice = await newDeviceNotice(deps, license.userId, device);
  let row: DeviceRow | undefined;
  try {
    if (body.replaceDeviceId !== undefined) {
      const old = await findActiveDevice(db, license.id, body.replaceDeviceId);
      if (!old) throw replacedNotActive();
      row = await replaceWithinLimits(db, old.id, device, limit, audit, notice.alongside);
    } else {
      row = await activateWithinLimit(db, device, limit, audit, notice.alongside);
    }
  } catch (error) {
    // The same machine was activated by a concurrent request: that is this activation.
    if (!isUniqueViolation(error, 'devices.license_id')) throw error;
  }
  if (row) {
    // The device row exists, so its e-mail was written in the same batch.
    await deliverSoon(deps, ...notice.queued);
    const message = body.replaceDeviceId ? DeviceMessages.replaced : DeviceMessages.activated;
    return activated(deps, keyed, row, message, await licenseInfo(db, keyed, now));
  }
  const same = await explainRefusal(deps, body, license.id);
  return activated(
    deps,
    keyed,
    same,
    DeviceMessages.reactivated,
    await licenseInfo(db, keyed, now),
  );
}

/** POST /api/licenses/validate: always an answer, never an error, for a well-formed request. */
export async function validateDevice(deps: Deps, body: ValidateBody): Promise<ValidateResponse> {
  const { now, secrets } = deps;
  const checked = await checkDevice(deps, body);
  if (!checked.ok) {
    const { status, message, license } = checked;
    return license ? { status, message, license } : { status, message };
  }
  const claims = licenseFileClaims(checked.keyed.license, checked.device.deviceId, now);
  return {
    status: 'VALID',
    message: LicenseStatusMessages.VALID,
    license: checked.license,
    licenseFile: await signLicenseFile(secrets.licenseSigningKey, claims),
    usageReporting: checked.keyed.shareUsage,
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
  const { db, now } = deps;
  const keyed = await pluginCall(deps, body.licenseKey, body.deviceId);
  if (!keyed) throw licenseNotFound();
  if (!keyed.device) throw fail('DEVICE_NOT_ACTIVATED');
  await freeDevice(db, keyed.device, 'plugin', { now, ip: deps.client.ip });
  return {
    message: DeviceMessages.deactivated,
    license: await licenseInfo(db, keyed, now),
  };
}
