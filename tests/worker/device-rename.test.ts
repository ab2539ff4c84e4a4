/**
 * PATCH /api/devices/:id: the customer names one of their own active devices on Usage & Sessions;
 * the name is audited, shown to the plugin, and kept when the plugin activates the machine again.
 */
import { describe, expect, it } from 'vitest';
import { SuccessMessages } from '../../src/contract/messages';
import type { ActivateResponse } from '../../src/contract/schemas/licensing';
import type { UsageOverview } from '../../src/contract/usage';
import { licensing } from '../../src/site.config';
import { accountApp, type AccountApp } from './account-helpers';
import {
  activate,
  activateOk,
  activeDeviceRows,
  auditRows,
  deactivate,
  licensee,
  newDeviceId,
} from './licenses-helpers';

function rename(app: AccountApp, headers: Record<string, string>, rowId: string, json: unknown) {
  return app.request(`/api/devices/${rowId}`, { method: 'PATCH', json, headers });
}

/** A Trial account with one device the plugin activated as "Office PC". */
async function withDevice(app: AccountApp) {
  const who = await licensee(app);
  const deviceId = newDeviceId();
  const activated = await activateOk(app, who.key, { deviceId, deviceName: 'Office PC' });
  return { who, deviceId, rowId: activated.device.id };
}

describe('PATCH /api/devices/:id', () => {
  it('renames the device, records it in the history and answers the fresh overview', async () => {
    const app = accountApp();
    const { who, rowId, deviceId } = await withDevice(app);

    const response = await rename(app, who.account.browser, rowId, {
      deviceName: '  Drafting workstation  ',
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const overview = await response.json<UsageOverview>();
    expect(overview.message).toBe(SuccessMessages.deviceRenamed);
    expect(overview.devices).toEqual([
      expect.objectContaining({ id: rowId, deviceName: 'Drafting workstation' }),
    ]);
    expect(overview.history[0]).toMatchObject({
      action: 'renamed',
      source: 'dashboard',
      deviceName: 'Office PC → Drafting workstation',
    });
    expect((await auditRows(who.licenseId)).map((row) => row.action)).toEqual([
      'activated',
      'renamed',
    ]);

    // The plugin lists it by the new name, and activating the machine again keeps it.
    const again = await activateOk(app, who.key, { deviceId, deviceName: 'DESKTOP-4QX7' });
    expect(again.device.deviceName).toBe('Drafting workstation');
    const second = await activate(app, who.key, { deviceId: newDeviceId() });
    expect(second.status).toBe(403);
    expect((await second.json<{ devices: ActivateResponse['device'][] }>()).devices).toEqual([
      expect.objectContaining({ deviceName: 'Drafting workstation' }),
    ]);
  });

  it('refuses an empty, blank, too long or multi-line name in plain words and changes nothing', async () => {
    const app = accountApp();
    const { who, rowId } = await withDevice(app);
    const tooLong = 'x'.repeat(licensing.deviceNameMaxLength + 1);
    const cases: [unknown, string][] = [
      [{ deviceName: '' }, 'Please name the device.'],
      [{ deviceName: '   ' }, 'Please name the device.'],
      [{}, 'Please name the device.'],
      [
        { deviceName: tooLong },
        `A device name can be at most ${licensing.deviceNameMaxLength} characters.`,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await rename(app, who.account.browser, rowId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({ message });
    }
    const multiLine = await rename(app, who.account.browser, rowId, { deviceName: 'A\nB' });
    expect(multiLine.status).toBe(400);

    // Exactly the limit is fine.
    const longest = 'y'.repeat(licensing.deviceNameMaxLength);
    expect((await rename(app, who.account.browser, rowId, { deviceName: longest })).status).toBe(
      200,
    );
    expect((await activeDeviceRows(who.licenseId))[0]?.device_name).toBe(longest);
  });

  it("refuses another account's device and a freed one with 404, and changes nothing", async () => {
    const app = accountApp();
    const { who, rowId, deviceId } = await withDevice(app);
    const stranger = await licensee(app);

    const other = await rename(app, stranger.account.browser, rowId, { deviceName: 'Mine now' });
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ code: 'DEVICE_NOT_ACTIVATED' });
    expect((await activeDeviceRows(who.licenseId))[0]?.device_name).toBe('Office PC');

    await deactivate(app, who.key, deviceId);
    const freed = await rename(app, who.account.browser, rowId, { deviceName: 'Gone' });
    expect(freed.status).toBe(404);
    expect((await auditRows(who.licenseId)).map((row) => row.action)).toEqual([
      'activated',
      'deactivated',
    ]);
  });

  it('needs a session, and our Origin for a cookie-signed request', async () => {
    const app = accountApp();
    const { who, rowId } = await withDevice(app);
    const anonymous = await app.request(`/api/devices/${rowId}`, {
      method: 'PATCH',
      json: { deviceName: 'X' },
    });
    expect(anonymous.status).toBe(401);
    const crossSite = await app.request(`/api/devices/${rowId}`, {
      method: 'PATCH',
      json: { deviceName: 'X' },
      headers: { Cookie: who.account.cookie, Origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect((await activeDeviceRows(who.licenseId))[0]?.device_name).toBe('Office PC');
  });
});
