import { describe, expect, it } from 'vitest';
import { LicenseStatusMessages } from '../../src/contract/catalogue';
import { Messages } from '../../src/contract/messages';
import { type ActivateResponse, type DeviceView } from '../../src/contract/schemas/licensing';
import { licensing, limits } from '../../src/site.config';
import { generateLicenseKey } from '../../functions/services/core/licenses/license-keys';
import { accountApp, queryAll } from './account-helpers';
import {
  activate,
  activateOk,
  activeDeviceRows,
  auditRows,
  DAY_MS,
  licensee,
  newDeviceId,
  setLicense,
} from './licenses-helpers';

interface TooMany {
  message: string;
  code: string;
  devices: DeviceView[];
}

describe('POST /api/licenses/activate', () => {
  it('activates a Trial license on one device and answers the license, device and file', async () => {
    const app = accountApp();
    const { key, licenseId } = await licensee(app);
    const deviceId = newDeviceId();

    const body = await activateOk(app, key, {
      deviceId,
      deviceName: 'Studio workstation',
      appVersion: '1.0.0',
    });

    expect(body).toMatchObject({
      status: 'VALID',
      license: { plan: 'Trial', status: 'active', deviceLimit: 1, activeDevices: 1 },
      device: { deviceId, deviceName: 'Studio workstation', appVersion: '1.0.0' },
    });
    expect(body.licenseFile.split('.')).toHaveLength(3);
    expect(await activeDeviceRows(licenseId)).toHaveLength(1);
    expect(await auditRows(licenseId)).toEqual([
      { action: 'activated', source: 'plugin', device_id: deviceId, ip: app.ip },
    ]);
  });

  it('refuses a second Trial device with 403 TOO_MANY_DEVICES listing the active device', async () => {
    const app = accountApp();
    const { key, licenseId } = await licensee(app);
    const first = newDeviceId();
    await activateOk(app, key, { deviceId: first, deviceName: 'Office PC' });
    app.clock.advance(60);

    const response = await activate(app, key, { deviceId: newDeviceId(), deviceName: 'Laptop' });

    expect(response.status).toBe(403);
    const body = await response.json<TooMany>();
    expect(body.code).toBe('TOO_MANY_DEVICES');
    expect(body.message).toBe(Messages.tooManyDevices);
    expect(body.devices).toEqual([
      expect.objectContaining({ deviceId: first, deviceName: 'Office PC' }),
    ]);
    expect(body.devices[0]?.lastSeenAt).toEqual(expect.any(String));
    expect(await activeDeviceRows(licenseId)).toHaveLength(1);
    expect(await auditRows(licenseId)).toHaveLength(1);
  });

  it('allows two devices on Standard and refuses the third', async () => {
    const app = accountApp();
    const { key, licenseId } = await licensee(app, 'Standard');
    await activateOk(app, key, { deviceId: newDeviceId('a') });
    const second = await activateOk(app, key, { deviceId: newDeviceId('b') });

    const third = await activate(app, key, { deviceId: newDeviceId('c') });

    expect(second.license).toMatchObject({ plan: 'Standard', deviceLimit: 2, activeDevices: 2 });
    expect(third.status).toBe(403);
    expect((await third.json<TooMany>()).devices).toHaveLength(2);
    expect(await activeDeviceRows(licenseId)).toHaveLength(2);
  });

  it('enforces and states the default limit on an Enterprise license outside an organization', async () => {
    const app = accountApp();
    const { key, licenseId } = await licensee(app, 'Enterprise');

    const body = await activateOk(app, key, { deviceId: newDeviceId() });
    expect(body.license).toMatchObject({
      plan: 'Enterprise',
      deviceLimit: licensing.enterpriseDefaultDeviceLimit,
    });
    for (let i = 1; i < licensing.enterpriseDefaultDeviceLimit; i += 1)
      await activateOk(app, key, { deviceId: newDeviceId() });

    const over = await activate(app, key, { deviceId: newDeviceId() });
    expect(over.status).toBe(403);
    expect(await over.json<TooMany>()).toMatchObject({ code: 'TOO_MANY_DEVICES' });
    expect(await activeDeviceRows(licenseId)).toHaveLength(licensing.enterpriseDefaultDeviceLimit);
  });

  it('is idempotent for the same device: same row, details refreshed, no new audit row', async () => {
    const app = accountApp();
    const { key, licenseId } = await licensee(app);
    const deviceId = newDeviceId();
    const first = await activateOk(app, key, {
      deviceId,
      deviceName: 'Old name',
      appVersion: '1.0.0',
    });
    app.clock.advance(3600);

    const again = await activateOk(app, key, {
      deviceId,
      deviceName: 'New name',
      appVersion: '1.0.1',
    });

    expect(again.device.id).toBe(first.device.id);
    expect(again.device).toMatchObject({ deviceName: 'New name', appVersion: '1.0.1' });
    expect(again.device.activatedAt).toBe(first.device.activatedAt);
    expect(again.device.lastSeenAt).toBe(new Date(app.clock.now).toISOString());
    expect(await activeDeviceRows(licenseId)).toHaveLength(1);
    expect(await auditRows(licenseId)).toHaveLength(1);
  });

  it('forgives case and spaces in the license key', async () => {
    const app = accountApp();
    const { key } = await licensee(app);

    const response = await activate(app, `  ${key.toLowerCase()} `, { deviceId: newDeviceId() });

    expect(response.status).toBe(200);
  });

  it('ends with exactly the limit when new devices race for the last slot', async () => {
    const app = accountApp();
    const { key, licenseId } = await licensee(app, 'Standard');
    await activateOk(app, key, { deviceId: newDeviceId('first') });

    const responses = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        activate(app, key, { deviceId: newDeviceId(`race${i}`) }),
      ),
    );

    expect(responses.map((r) => r.status).sort()).toEqual([200, 403, 403, 403]);
    expect(await activeDeviceRows(licenseId)).toHaveLength(2);
    expect((await auditRows(licenseId)).filter((row) => row.action === 'activated')).toHaveLength(
      2,
    );
  });

  it('answers a concurrent double activation of one device with the same device row', async () => {
    const app = accountApp();
    const { key, licenseId } = await licensee(app);
    const deviceId = newDeviceId();

    const responses = await Promise.all([
      activate(app, key, { deviceId }),
      activate(app, key, { deviceId }),
    ]);

    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    const [a, b] = await Promise.all(responses.map((r) => r.json<ActivateResponse>()));
    expect(a?.device.id).toBe(b?.device.id);
    expect(await activeDeviceRows(licenseId)).toHaveLength(1);
    expect(await auditRows(licenseId)).toHaveLength(1);
  });

  describe('with replaceDeviceId', () => {
    it('frees the named device and activates this one in one step', async () => {
      const app = accountApp();
      const { key, licenseId } = await licensee(app);
      const old = newDeviceId('old');
      const fresh = newDeviceId('new');
      await activateOk(app, key, { deviceId: old, deviceName: 'Old PC' });

      const body = await activateOk(app, key, {
        deviceId: fresh,
        deviceName: 'New PC',
        replaceDeviceId: old,
      });

      expect(body.device).toMatchObject({ deviceId: fresh, deviceName: 'New PC' });
      expect(body.license.activeDevices).toBe(1);
      expect((await activeDeviceRows(licenseId)).map((d) => d.device_id)).toEqual([fresh]);
      expect((await auditRows(licenseId)).map((r) => [r.action, r.device_id])).toEqual([
        ['activated', old],
        ['replaced', old],
        ['activated', fresh],
      ]);
    });

    it('answers 404 DEVICE_NOT_ACTIVATED when the device to replace is not active', async () => {
      const app = accountApp();
      const { key, licenseId } = await licensee(app);
      await activateOk(app, key, { deviceId: newDeviceId() });

      const response = await activate(app, key, {
        deviceId: newDeviceId(),
        replaceDeviceId: newDeviceId('unknown'),
      });

      expect(response.status).toBe(404);
      expect((await response.json<{ code: string }>()).code).toBe('DEVICE_NOT_ACTIVATED');
      expect(await activeDeviceRows(licenseId)).toHaveLength(1);
    });

    it('counts as a deactivation and is refused with 429 once the limit is used', async () => {
      const app = accountApp();
      const { key, licenseId } = await licensee(app);
      let current = newDeviceId();
      await activateOk(app, key, { deviceId: current });
      for (let i = 0; i < licensing.maxDeactivations; i += 1) {
        const next = newDeviceId(`swap${i}`);
        await activateOk(app, key, { deviceId: next, replaceDeviceId: current });
        current = next;
        app.clock.advance(60);
      }

      const response = await activate(app, key, {
        deviceId: newDeviceId('one-too-many'),
        replaceDeviceId: current,
      });

      expect(response.status).toBe(429);
      expect((await response.json<{ code: string }>()).code).toBe('DEACTIVATION_LIMIT');
      expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect((await activeDeviceRows(licenseId)).map((d) => d.device_id)).toEqual([current]);
    });
  });

  describe('refuses a license that cannot be used', () => {
    it('answers 404 NOT_FOUND for an unknown key and writes nothing', async () => {
      const app = accountApp();
      const deviceId = newDeviceId();

      const response = await activate(app, generateLicenseKey(), { deviceId });

      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        message: LicenseStatusMessages.NOT_FOUND,
        code: 'NOT_FOUND',
      });
      expect(await queryAll('SELECT id FROM devices WHERE device_id = ?', deviceId)).toEqual([]);
    });

    it('answers 403 EXPIRED once the clock passes the license expiry', async () => {
      const app = accountApp();
      const { key, licenseId } = await licensee(app);
      app.clock.advance(16 * 24 * 60 * 60);

      const response = await activate(app, key, { deviceId: newDeviceId() });

      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        message: LicenseStatusMessages.EXPIRED,
        code: 'EXPIRED',
      });
      expect(await activeDeviceRows(licenseId)).toEqual([]);
    });

    it.each([
      ['expired', 'EXPIRED'],
      ['suspended', 'SUSPENDED'],
      ['revoked', 'REVOKED'],
    ])('answers 403 when the license is %s', async (status, code) => {
      const app = accountApp();
      const { key, licenseId } = await licensee(app);
      await setLicense(licenseId, { status });

      const response = await activate(app, key, { deviceId: newDeviceId() });

      expect(response.status).toBe(403);
      expect((await response.json<{ code: string }>()).code).toBe(code);
      expect(await activeDeviceRows(licenseId)).toEqual([]);
    });

    it('answers 403 REVOKED after the account was deleted', async () => {
      const app = accountApp();
      const { key, account } = await licensee(app);
      await app.request('/api/delete', { method: 'DELETE', headers: account.bearer });

      const response = await activate(app, key, { deviceId: newDeviceId() });

      expect(response.status).toBe(403);
      expect((await response.json<{ code: string }>()).code).toBe('REVOKED');
    });

    it('answers 403 REVOKED for a key replaced by a newer license of the account', async () => {
      const app = accountApp();
      const { key, userId } = await licensee(app);
      await queryAll(
        `INSERT INTO licenses (id, user_id, license_key, plan, status, activated_at, expires_at, created_at)
         VALUES (?, ?, ?, 'Standard', 'active', ?, ?, ?)`,
        crypto.randomUUID(),
        userId,
        generateLicenseKey(),
        app.clock.now + 1,
        app.clock.now + 365 * DAY_MS,
        app.clock.now + 1,
      );

      const response = await activate(app, key, { deviceId: newDeviceId() });

      expect(response.status).toBe(403);
      expect((await response.json<{ code: string }>()).code).toBe('REVOKED');
    });
  });

  describe('bad requests', () => {
    it.each([
      ['no body fields', {}],
      ['a malformed key', { licenseKey: 'SW-12345', deviceId: 'machine-0001', deviceName: 'PC' }],
      ['a short device id', { deviceId: 'abc', deviceName: 'PC' }],
      ['a device id with spaces', { deviceId: 'my machine id', deviceName: 'PC' }],
      ['an empty device name', { deviceId: 'machine-0001', deviceName: '  ' }],
      ['a long device name', { deviceId: 'machine-0001', deviceName: 'x'.repeat(101) }],
      ['a bad app version', { deviceId: 'machine-0001', deviceName: 'PC', appVersion: '1 0' }],
    ])('answers 400 for %s and writes nothing', async (_, fields) => {
      const app = accountApp();
      const { key, licenseId } = await licensee(app);

      const response = await app.post('/api/licenses/activate', { licenseKey: key, ...fields });

      expect(response.status).toBe(400);
      expect((await response.json<{ code: string }>()).code).toBe('VALIDATION_FAILED');
      expect(await activeDeviceRows(licenseId)).toEqual([]);
      expect(await auditRows(licenseId)).toEqual([]);
      expect(
        await queryAll('SELECT key FROM rate_limits WHERE key = ?', `licenseApiPerIp:${app.ip}`),
      ).toEqual([]);
    });

    it('answers 400 for malformed JSON', async () => {
      const app = accountApp();

      const response = await app.request('/api/licenses/activate', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"licenseKey":',
      });

      expect(response.status).toBe(400);
      const body = await response.json<{ message: string; code: string }>();
      expect(body.code).toMatch(/^(BAD_REQUEST|VALIDATION_FAILED)$/);
      expect(body.message).not.toBe('');
    });

    it('answers 405 for GET', async () => {
      const response = await accountApp().request('/api/licenses/activate');

      expect(response.status).toBe(405);
      expect(response.headers.get('Allow')).toBe('POST');
    });
  });

  it('is rate-limited per IP with 429 and Retry-After', async () => {
    const app = accountApp();
    const { key } = await licensee(app);
    const { max, windowSeconds } = limits.rateLimits.licenseApiPerIp;
    // Fill this IP's window up to one call below the limit, as earlier calls would have.
    await queryAll(
      'INSERT INTO rate_limits (key, count, window_start) VALUES (?, ?, ?)',
      `licenseApiPerIp:${app.ip}`,
      max - 1,
      app.clock.now,
    );

    const last = await activate(app, key, { deviceId: newDeviceId() });
    const over = await activate(app, key, { deviceId: newDeviceId() });

    expect(last.status).toBe(200);
    expect(over.status).toBe(429);
    expect((await over.json<{ code: string }>()).code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(over.headers.get('Retry-After'))).toBe(windowSeconds);
  });
});
