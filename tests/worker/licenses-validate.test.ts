import { describe, expect, it } from 'vitest';
import { LicenseStatusMessages } from '../../src/contract/catalogue';
import { limits } from '../../src/site.config';
import { generateLicenseKey } from '../../functions/services/core/licenses/license-keys';
import { accountApp, queryAll } from './account-helpers';
import {
  activateOk,
  DAY_MS,
  deactivate,
  licensee,
  newDeviceId,
  publicJwks,
  setLicense,
  validate,
  verifyLicenseFile,
} from './licenses-helpers';

describe('POST /api/licenses/validate', () => {
  it('answers VALID with a fresh license file and records last seen and app version', async () => {
    const app = accountApp();
    const { key } = await licensee(app, 'Standard');
    const deviceId = newDeviceId();
    const activation = await activateOk(app, key, { deviceId, appVersion: '1.0.0' });
    app.clock.advance(5 * 24 * 60 * 60);

    const body = await validate(app, key, deviceId, '1.1.0');

    expect(body).toMatchObject({
      status: 'VALID',
      message: LicenseStatusMessages.VALID,
      license: { plan: 'Standard', status: 'active', activeDevices: 1 },
    });
    const claims = await verifyLicenseFile(
      body.licenseFile ?? '',
      await publicJwks(app),
      app.clock.now,
    );
    expect(claims.iat).toBe(app.clock.now / 1000);
    expect(claims.did).toBe(deviceId);
    const [row] = await queryAll<{ last_seen_at: number; app_version: string }>(
      'SELECT last_seen_at, app_version FROM devices WHERE id = ?',
      activation.device.id,
    );
    expect(row).toEqual({ last_seen_at: app.clock.now, app_version: '1.1.0' });
  });

  it('writes last seen at most once a minute, and a new app version at once', async () => {
    const app = accountApp();
    const { key } = await licensee(app);
    const deviceId = newDeviceId();
    const activation = await activateOk(app, key, { deviceId, appVersion: '1.0.0' });
    const stored = async () =>
      (
        await queryAll<{ last_seen_at: number; app_version: string }>(
          'SELECT last_seen_at, app_version FROM devices WHERE id = ?',
          activation.device.id,
        )
      )[0];
    const activatedAt = app.clock.now;

    app.clock.advance(30);
    expect((await validate(app, key, deviceId, '1.0.0')).status).toBe('VALID');
    expect(await stored()).toEqual({ last_seen_at: activatedAt, app_version: '1.0.0' });

    app.clock.advance(10);
    expect((await validate(app, key, deviceId, '1.0.1')).status).toBe('VALID');
    expect(await stored()).toEqual({ last_seen_at: app.clock.now, app_version: '1.0.1' });

    app.clock.advance(60);
    expect((await validate(app, key, deviceId)).status).toBe('VALID');
    expect(await stored()).toEqual({ last_seen_at: app.clock.now, app_version: '1.0.1' });
  });

  it('is refused with 429 over the per-IP limit and then records nothing', async () => {
    const app = accountApp();
    const { key } = await licensee(app);
    const deviceId = newDeviceId();
    const activation = await activateOk(app, key, { deviceId, appVersion: '1.0.0' });
    await queryAll(
      'UPDATE rate_limits SET count = ?, window_start = ? WHERE key = ?',
      limits.rateLimits.licenseApiPerIp.max,
      app.clock.now,
      `licenseApiPerIp:${app.ip}`,
    );
    app.clock.advance(3600 - 1);

    const response = await app.post('/api/licenses/validate', {
      licenseKey: key,
      deviceId,
      appVersion: '2.0.0',
    });

    expect(response.status).toBe(429);
    const [row] = await queryAll<{ last_seen_at: number; app_version: string }>(
      'SELECT last_seen_at, app_version FROM devices WHERE id = ?',
      activation.device.id,
    );
    expect(row).toEqual({ last_seen_at: app.clock.now - 3599_000, app_version: '1.0.0' });
  });

  it('answers DEVICE_NOT_ACTIVATED for a fine key on a device that is not active', async () => {
    const app = accountApp();
    const { key } = await licensee(app);

    const body = await validate(app, key, newDeviceId());

    expect(body).toMatchObject({
      status: 'DEVICE_NOT_ACTIVATED',
      message: LicenseStatusMessages.DEVICE_NOT_ACTIVATED,
      license: { status: 'active', activeDevices: 0 },
    });
    expect(body.licenseFile).toBeUndefined();
  });

  it('answers DEVICE_NOT_ACTIVATED at once after the device was deactivated', async () => {
    const app = accountApp();
    const { key } = await licensee(app);
    const deviceId = newDeviceId();
    await activateOk(app, key, { deviceId });
    expect((await deactivate(app, key, deviceId)).status).toBe(200);

    expect((await validate(app, key, deviceId)).status).toBe('DEVICE_NOT_ACTIVATED');
  });

  it('answers NOT_FOUND for an unknown key', async () => {
    const app = accountApp();

    const body = await validate(app, generateLicenseKey(), newDeviceId());

    expect(body).toEqual({ status: 'NOT_FOUND', message: LicenseStatusMessages.NOT_FOUND });
  });

  it('answers EXPIRED once the clock passes the license expiry, without a file', async () => {
    const app = accountApp();
    const { key } = await licensee(app);
    const deviceId = newDeviceId();
    await activateOk(app, key, { deviceId });
    app.clock.advance(15 * 24 * 60 * 60);

    const body = await validate(app, key, deviceId);

    expect(body).toMatchObject({ status: 'EXPIRED', license: { status: 'expired' } });
    expect(body.licenseFile).toBeUndefined();
  });

  it.each([
    ['expired', 'EXPIRED'],
    ['suspended', 'SUSPENDED'],
    ['revoked', 'REVOKED'],
  ] as const)('answers %s licenses with %s and its message', async (status, expected) => {
    const app = accountApp();
    const { key, licenseId } = await licensee(app);
    const deviceId = newDeviceId();
    await activateOk(app, key, { deviceId });
    await setLicense(licenseId, { status });

    const body = await validate(app, key, deviceId);

    expect(body).toMatchObject({
      status: expected,
      message: LicenseStatusMessages[expected],
      license: { status },
    });
  });

  it('answers REVOKED after the account was deleted', async () => {
    const app = accountApp();
    const { key, account } = await licensee(app);
    const deviceId = newDeviceId();
    await activateOk(app, key, { deviceId });

    await app.request('/api/delete', { method: 'DELETE', headers: account.bearer });

    expect((await validate(app, key, deviceId)).status).toBe('REVOKED');
  });

  it('answers VALID again when a lapsed license is renewed', async () => {
    const app = accountApp();
    const { key, licenseId } = await licensee(app, 'Standard');
    const deviceId = newDeviceId();
    await activateOk(app, key, { deviceId });
    await setLicense(licenseId, { status: 'suspended' });
    expect((await validate(app, key, deviceId)).status).toBe('SUSPENDED');

    await setLicense(licenseId, { status: 'active', expiresAt: app.clock.now + 365 * DAY_MS });

    expect((await validate(app, key, deviceId)).status).toBe('VALID');
  });

  it('answers 400 for a malformed body', async () => {
    const app = accountApp();

    const response = await app.post('/api/licenses/validate', { licenseKey: 'nope' });

    expect(response.status).toBe(400);
    expect((await response.json<{ code: string }>()).code).toBe('VALIDATION_FAILED');
  });
});
