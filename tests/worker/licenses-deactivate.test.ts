import { describe, expect, it } from 'vitest';
import { Messages, SuccessMessages } from '../../src/contract/messages';
import type { DeactivateResponse } from '../../src/contract/schemas/licensing';
import { licensing } from '../../src/site.config';
import { generateLicenseKey } from '../../functions/services/core/licenses/license-keys';
import { accountApp, type AccountApp } from './account-helpers';
import {
  activate,
  activateOk,
  activeDeviceRows,
  auditRows,
  deactivate,
  licensee,
  newDeviceId,
  setLicense,
} from './licenses-helpers';

const DAY_S = 24 * 60 * 60;

/** Activates and deactivates `times` devices on a Trial license, one hour apart. */
async function churn(app: AccountApp, key: string, times: number) {
  for (let i = 0; i < times; i += 1) {
    const deviceId = newDeviceId(`churn${i}`);
    await activateOk(app, key, { deviceId });
    expect((await deactivate(app, key, deviceId)).status).toBe(200);
    app.clock.advance(3600);
  }
}

describe('POST /api/licenses/deactivate', () => {
  it('frees the device, records it and answers the license', async () => {
    const app = accountApp();
    const { key, licenseId } = await licensee(app);
    const deviceId = newDeviceId();
    await activateOk(app, key, { deviceId });

    const response = await deactivate(app, key, deviceId);

    expect(response.status).toBe(200);
    expect(await response.json<DeactivateResponse>()).toMatchObject({
      message: SuccessMessages.deviceDeactivated,
      license: { plan: 'Trial', status: 'active', activeDevices: 0 },
    });
    expect(await activeDeviceRows(licenseId)).toEqual([]);
    expect((await auditRows(licenseId)).map((r) => [r.action, r.source])).toEqual([
      ['activated', 'plugin'],
      ['deactivated', 'plugin'],
    ]);
  });

  it('lets the license be activated on another device afterwards', async () => {
    const app = accountApp();
    const { key, licenseId } = await licensee(app);
    const first = newDeviceId('first');
    const second = newDeviceId('second');
    await activateOk(app, key, { deviceId: first });
    expect((await activate(app, key, { deviceId: second })).status).toBe(403);

    await deactivate(app, key, first);
    const body = await activateOk(app, key, { deviceId: second });

    expect(body.device.deviceId).toBe(second);
    expect((await activeDeviceRows(licenseId)).map((d) => d.device_id)).toEqual([second]);
  });

  it('activating the same machine again after deactivation is a new activation', async () => {
    const app = accountApp();
    const { key, licenseId } = await licensee(app);
    const deviceId = newDeviceId();
    const first = await activateOk(app, key, { deviceId });
    await deactivate(app, key, deviceId);

    const again = await activateOk(app, key, { deviceId });

    expect(again.device.id).not.toBe(first.device.id);
    expect((await auditRows(licenseId)).map((r) => r.action)).toEqual([
      'activated',
      'deactivated',
      'activated',
    ]);
  });

  it('answers 404 DEVICE_NOT_ACTIVATED for a device that is not active', async () => {
    const app = accountApp();
    const { key, licenseId } = await licensee(app);

    const response = await deactivate(app, key, newDeviceId());

    expect(response.status).toBe(404);
    expect((await response.json<{ code: string }>()).code).toBe('DEVICE_NOT_ACTIVATED');
    expect(await auditRows(licenseId)).toEqual([]);
  });

  it('answers 404 NOT_FOUND for an unknown key', async () => {
    const response = await deactivate(accountApp(), generateLicenseKey(), newDeviceId());

    expect(response.status).toBe(404);
    expect((await response.json<{ code: string }>()).code).toBe('NOT_FOUND');
  });

  it('still frees a device of an expired license, so the customer can switch keys', async () => {
    const app = accountApp();
    const { key, licenseId } = await licensee(app);
    const deviceId = newDeviceId();
    await activateOk(app, key, { deviceId });
    await setLicense(licenseId, { status: 'expired' });

    expect((await deactivate(app, key, deviceId)).status).toBe(200);
    expect(await activeDeviceRows(licenseId)).toEqual([]);
  });

  it(`allows ${licensing.maxDeactivations} deactivations per window and refuses the next with 429`, async () => {
    const app = accountApp();
    const { key, licenseId } = await licensee(app);
    await churn(app, key, licensing.maxDeactivations);
    const deviceId = newDeviceId('last');
    await activateOk(app, key, { deviceId });

    const response = await deactivate(app, key, deviceId);

    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({
      message: Messages.deactivationLimit,
      code: 'DEACTIVATION_LIMIT',
    });
    // The first counted deactivation leaves the window 30 days after it happened.
    const elapsed = licensing.maxDeactivations * 3600;
    expect(Number(response.headers.get('Retry-After'))).toBe(
      licensing.deactivationWindowDays * DAY_S - elapsed,
    );
    expect((await activeDeviceRows(licenseId)).map((d) => d.device_id)).toEqual([deviceId]);
    expect((await auditRows(licenseId)).filter((r) => r.action === 'deactivated')).toHaveLength(
      licensing.maxDeactivations,
    );
  });

  it('allows a deactivation again once the oldest one slides out of the window', async () => {
    const app = accountApp();
    const { key } = await licensee(app);
    await churn(app, key, licensing.maxDeactivations);
    const deviceId = newDeviceId('last');
    await activateOk(app, key, { deviceId });
    expect((await deactivate(app, key, deviceId)).status).toBe(429);

    // A second before the first deactivation is 30 days old: still refused; then allowed.
    const firstAt = app.clock.now - licensing.maxDeactivations * 3600 * 1000;
    app.clock.now = firstAt + licensing.deactivationWindowDays * DAY_S * 1000 - 1000;
    expect((await deactivate(app, key, deviceId)).status).toBe(429);
    app.clock.advance(1);
    expect((await deactivate(app, key, deviceId)).status).toBe(200);
  });

  it('counts races against the limit exactly: one slot left, two deactivations at once', async () => {
    const app = accountApp();
    const { key, licenseId } = await licensee(app, 'Standard');
    await churn(app, key, licensing.maxDeactivations - 1);
    const a = newDeviceId('a');
    const b = newDeviceId('b');
    await activateOk(app, key, { deviceId: a });
    await activateOk(app, key, { deviceId: b });

    const responses = await Promise.all([deactivate(app, key, a), deactivate(app, key, b)]);

    expect(responses.map((r) => r.status).sort()).toEqual([200, 429]);
    expect(await activeDeviceRows(licenseId)).toHaveLength(1);
  });
});
