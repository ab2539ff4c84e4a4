/**
 * License management from the plugin's ribbon with its access token: the account's licenses with
 * their devices, switching this computer to another license in one step, and freeing a device on
 * another computer on the dashboard's deactivation budget.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { ActivateResponse } from '../../src/contract/schemas/licensing';
import type { PluginLicenses } from '../../src/contract/schemas/plugin-licenses';
import { accountApp, type AccountApp } from './account-helpers';
import {
  DAY_MS,
  activateOk,
  activeDeviceRows,
  auditRows,
  licensee,
  newDeviceId,
  validate,
  type Licensee,
} from './licenses-helpers';
import { bearer, signedInPlugin } from './plugin-sign-in-helpers';

/** A newer Standard license for the same account (what makes the older one superseded). */
async function newerLicense(app: AccountApp, who: Licensee): Promise<{ id: string; key: string }> {
  const id = crypto.randomUUID();
  const key =
    'SW-BBBBB-CCCCC-DDDDD-' +
    crypto
      .randomUUID()
      .slice(0, 5)
      .toUpperCase()
      .replace(/[^23456789A-HJ-NP-Z]/g, 'E');
  await env.DB.prepare(
    `INSERT INTO licenses (id, user_id, license_key, plan, status, activated_at, expires_at, created_at, app_version, deactivations_reset_at)
     VALUES (?, ?, ?, 'Standard', 'active', ?, ?, ?, '1.0.0', null)`,
  )
    .bind(id, who.userId, key, app.clock.now, app.clock.now + 365 * DAY_MS, app.clock.now + 1)
    .run();
  app.clock.advance(1);
  return { id, key };
}

function pluginPost(app: AccountApp, path: string, token: string, json: unknown) {
  return app.request(path, { method: 'POST', headers: bearer(token), json });
}

describe('GET /api/plugin/licenses', () => {
  it('lists every license of the account with its plan, state, limit and devices, newest first', async () => {
    const app = accountApp();
    const who = await licensee(app);
    const machine = newDeviceId();
    await activateOk(app, who.key, { deviceId: machine, deviceName: 'Office PC' });
    const newer = await newerLicense(app, who);
    const tokens = await signedInPlugin(app, who.account);

    const response = await app.request('/api/plugin/licenses', {
      headers: bearer(tokens.access_token),
    });
    expect(response.status).toBe(200);
    const { licenses } = await response.json<PluginLicenses>();
    expect(licenses.map((l) => [l.id, l.plan, l.status, l.current, l.deviceLimit])).toEqual([
      [newer.id, 'Standard', 'active', true, 2],
      [who.licenseId, 'Trial', 'revoked', false, 1],
    ]);
    expect(licenses[1]?.devices).toEqual([
      expect.objectContaining({ deviceId: machine, deviceName: 'Office PC' }),
    ]);
    expect(licenses[1]?.activeDevices).toBe(1);
    expect(licenses[0]?.licenseKey).toBe(newer.key);
  });
});

describe('POST /api/plugin/switch', () => {
  it('moves this computer from one license to another in one step, with one audit trail', async () => {
    const app = accountApp();
    const who = await licensee(app);
    const machine = newDeviceId();
    await activateOk(app, who.key, { deviceId: machine });
    const newer = await newerLicense(app, who);
    const tokens = await signedInPlugin(app, who.account);

    const response = await pluginPost(app, '/api/plugin/switch', tokens.access_token, {
      deviceId: machine,
      deviceName: 'Drafting PC',
      toLicenseId: newer.id,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const body = await response.json<ActivateResponse>();
    expect(body).toMatchObject({
      status: 'VALID',
      license: { plan: 'Standard', activeDevices: 1 },
    });
    expect(await activeDeviceRows(who.licenseId)).toHaveLength(0);
    expect(await activeDeviceRows(newer.id)).toHaveLength(1);
    expect(await auditRows(who.licenseId)).toEqual([
      expect.objectContaining({ action: 'activated', device_id: machine }),
      expect.objectContaining({ action: 'deactivated', source: 'plugin', device_id: machine }),
    ]);
    expect(await auditRows(newer.id)).toEqual([
      expect.objectContaining({ action: 'activated', source: 'plugin', device_id: machine }),
    ]);
    expect((await validate(app, newer.key, machine)).status).toBe('VALID');
  });

  it('refuses a license that cannot take it and changes nothing', async () => {
    const app = accountApp();
    const who = await licensee(app);
    const machine = newDeviceId();
    await activateOk(app, who.key, { deviceId: machine });
    const newer = await newerLicense(app, who);
    await activateOk(app, newer.key, { deviceId: newDeviceId() });
    await activateOk(app, newer.key, { deviceId: newDeviceId() });
    const tokens = await signedInPlugin(app, who.account);

    const full = await pluginPost(app, '/api/plugin/switch', tokens.access_token, {
      deviceId: machine,
      deviceName: 'Drafting PC',
      fromLicenseId: who.licenseId,
      toLicenseId: newer.id,
    });
    expect(full.status).toBe(403);
    const refusal = await full.json<{ code: string; devices: unknown[] }>();
    expect(refusal.code).toBe('TOO_MANY_DEVICES');
    expect(refusal.devices).toHaveLength(2);
    expect(await activeDeviceRows(who.licenseId)).toHaveLength(1);

    // The superseded Trial cannot take a device either.
    const back = await pluginPost(app, '/api/plugin/switch', tokens.access_token, {
      deviceId: newDeviceId(),
      deviceName: 'Drafting PC',
      toLicenseId: who.licenseId,
    });
    expect(back.status).toBe(403);
    expect(await back.json()).toMatchObject({ code: 'REVOKED' });
  });

  it('refuses another account’s license with 404', async () => {
    const app = accountApp();
    const who = await licensee(app);
    const stranger = await licensee(app, 'Standard');
    const tokens = await signedInPlugin(app, who.account);
    const response = await pluginPost(app, '/api/plugin/switch', tokens.access_token, {
      deviceId: newDeviceId(),
      deviceName: 'Drafting PC',
      toLicenseId: stranger.licenseId,
    });
    expect(response.status).toBe(404);
    expect(await activeDeviceRows(stranger.licenseId)).toHaveLength(0);
  });

  it('stops at the deactivation budget with 429 and leaves the device where it was', async () => {
    const app = accountApp();
    const who = await licensee(app);
    const machine = newDeviceId();
    await activateOk(app, who.key, { deviceId: machine });
    // Five deactivations already counted on the Trial in the window.
    for (let i = 0; i < 5; i += 1) {
      await env.DB.prepare(
        `INSERT INTO license_events (id, license_id, user_id, device_id, device_name, action, source, ip, created_at)
         VALUES (?, ?, ?, 'old', 'Old PC', 'deactivated', 'dashboard', null, ?)`,
      )
        .bind(crypto.randomUUID(), who.licenseId, who.userId, app.clock.now)
        .run();
    }
    const newer = await newerLicense(app, who);
    const tokens = await signedInPlugin(app, who.account);
    const response = await pluginPost(app, '/api/plugin/switch', tokens.access_token, {
      deviceId: machine,
      deviceName: 'Drafting PC',
      toLicenseId: newer.id,
    });
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ code: 'DEACTIVATION_LIMIT' });
    expect(await activeDeviceRows(who.licenseId)).toHaveLength(1);
    expect(await activeDeviceRows(newer.id)).toHaveLength(0);
  });
});

describe('POST /api/plugin/free', () => {
  it('frees a device on another computer, on the same budget as the dashboard', async () => {
    const app = accountApp();
    const who = await licensee(app, 'Standard');
    const other = newDeviceId('other');
    await activateOk(app, who.key, { deviceId: other, deviceName: 'Home PC' });
    const tokens = await signedInPlugin(app, who.account);

    const response = await pluginPost(app, '/api/plugin/free', tokens.access_token, {
      licenseId: who.licenseId,
      deviceId: other,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toMatchObject({ license: { activeDevices: 0 } });
    expect((await validate(app, who.key, other)).status).toBe('DEVICE_NOT_ACTIVATED');
    expect((await auditRows(who.licenseId)).at(-1)).toMatchObject({
      action: 'deactivated',
      source: 'plugin',
    });

    const again = await pluginPost(app, '/api/plugin/free', tokens.access_token, {
      licenseId: who.licenseId,
      deviceId: other,
    });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ code: 'DEVICE_NOT_ACTIVATED' });
  });

  it('counts on the dashboard’s deactivation budget', async () => {
    const app = accountApp();
    const who = await licensee(app, 'Standard');
    const tokens = await signedInPlugin(app, who.account);
    const machines = [1, 2, 3, 4, 5, 6].map((n) => newDeviceId(`pc${n}`));
    for (const [index, machine] of machines.entries()) {
      await activateOk(app, who.key, { deviceId: machine });
      // Every other one from the dashboard: both sources share the five.
      const response =
        index % 2 === 0
          ? await pluginPost(app, '/api/plugin/free', tokens.access_token, {
              licenseId: who.licenseId,
              deviceId: machine,
            })
          : await app.request(
              `/api/devices/${(await activeDeviceRows(who.licenseId))[0]!.id}/deactivate`,
              { method: 'POST', headers: who.account.browser },
            );
      expect(response.status, `deactivation ${index + 1}`).toBe(index < 5 ? 200 : 429);
    }
  });
});
