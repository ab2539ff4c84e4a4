import { describe, expect, it } from 'vitest';
import { parse } from '../../src/contract/shape';
import { SuccessMessages } from '../../src/contract/messages';
import { type UsageOverview } from '../../src/contract/usage';
import type { AuthResponse } from '../../src/contract/user';
import { licensing } from '../../src/site.config';
import { accountApp, credentials, queryAll, type AccountApp } from './account-helpers';
import { ORIGIN } from './helpers';
import {
  activateOk,
  auditRows,
  deactivate,
  licensee,
  newDeviceId,
  validate,
  type Licensee,
} from './licenses-helpers';
import { isGetUsageOverviewAnswer } from '../../src/generated/answers/GetUsageOverviewAnswer';

const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const MAC_FIREFOX =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0';

/** Signs the account in once more (another browser); its token's credentials. */
async function anotherSession(app: AccountApp, who: Licensee, userAgent = MAC_FIREFOX) {
  const response = await app.request('/api/login', {
    method: 'POST',
    json: { email: who.account.form.email, password: who.account.form.password },
    headers: { 'User-Agent': userAgent },
  });
  expect(response.status).toBe(200);
  return credentials((await response.json<AuthResponse>()).token);
}

async function usage(app: AccountApp, headers: Record<string, string>): Promise<UsageOverview> {
  const response = await app.request('/api/usage', { headers });
  expect(response.status, await response.clone().text()).toBe(200);
  return parse(isGetUsageOverviewAnswer, await response.json());
}

function post(app: AccountApp, path: string, headers: Record<string, string>) {
  return app.request(path, { method: 'POST', headers });
}

describe('GET /api/usage', () => {
  it('lists the devices, the history newest first, the sessions and the deactivation counter', async () => {
    const app = accountApp();
    const who = await licensee(app, 'Standard');
    const first = newDeviceId('first');
    const second = newDeviceId('second');
    await activateOk(app, who.key, { deviceId: first, deviceName: 'Office PC' });
    app.clock.advance(60);
    await activateOk(app, who.key, { deviceId: second, deviceName: 'Laptop' });
    app.clock.advance(60);
    await deactivate(app, who.key, first);
    app.clock.advance(120);
    await anotherSession(app, who);

    const overview = await usage(app, who.account.browser);

    expect(overview).toMatchObject({
      plan: 'Standard',
      deviceLimit: 2,
      devices: [{ deviceId: second, deviceName: 'Laptop' }],
      deactivations: {
        used: 1,
        max: licensing.maxDeactivations,
        windowDays: licensing.deactivationWindowDays,
      },
    });
    expect(overview.history.map((e) => [e.action, e.deviceName, e.source])).toEqual([
      ['deactivated', 'Office PC', 'plugin'],
      ['activated', 'Laptop', 'plugin'],
      ['activated', 'Office PC', 'plugin'],
    ]);
    expect(overview.message).toBeUndefined();
  });

  it('lists live sessions with the current one first and marked, named by browser and system', async () => {
    const app = accountApp();
    const who = await licensee(app);
    app.clock.advance(120);
    const other = await anotherSession(app, who, WINDOWS_CHROME);
    app.clock.advance(120);
    // Used after the other one: it still comes first, because it is the current session.
    const overview = await usage(app, who.account.browser);

    expect(overview.sessions).toHaveLength(2);
    expect(overview.sessions.map((s) => s.current)).toEqual([true, false]);
    expect(overview.sessions[1]).toMatchObject({ device: 'Chrome on Windows', ip: app.ip });
    const viaOther = await usage(app, other.bearer);
    expect(viaOther.sessions[0]).toMatchObject({ device: 'Chrome on Windows', current: true });
  });

  it('leaves out revoked and expired sessions', async () => {
    const app = accountApp();
    const who = await licensee(app);
    const other = await anotherSession(app, who);
    await post(app, '/api/logout', other.bearer);

    const overview = await usage(app, who.account.bearer);

    expect(overview.sessions).toHaveLength(1);
  });

  it('shows a replacement as the old device replaced, then the new one activated', async () => {
    const app = accountApp();
    const who = await licensee(app);
    const old = newDeviceId('old');
    await activateOk(app, who.key, { deviceId: old, deviceName: 'Old PC' });
    app.clock.advance(60);
    await activateOk(app, who.key, {
      deviceId: newDeviceId('new'),
      deviceName: 'New PC',
      replaceDeviceId: old,
    });

    const overview = await usage(app, who.account.bearer);

    expect(overview.devices.map((d) => d.deviceName)).toEqual(['New PC']);
    expect(overview.history.map((e) => [e.action, e.deviceName])).toEqual([
      ['activated', 'New PC'],
      ['replaced', 'Old PC'],
      ['activated', 'Old PC'],
    ]);
    expect(overview.deactivations.used).toBe(1);
  });

  it('keeps the history to the newest 50 rows', async () => {
    const app = accountApp();
    const who = await licensee(app);
    const values = Array.from(
      { length: 55 },
      (_, i) =>
        `('${crypto.randomUUID()}', '${who.licenseId}', '${who.userId}', 'dev-${i}', 'PC ${i}', 'activated', 'system', NULL, ${app.clock.now + i})`,
    );
    await queryAll(`INSERT INTO license_events VALUES ${values.join(', ')}`);

    const overview = await usage(app, who.account.bearer);

    expect(overview.history).toHaveLength(50);
    expect(overview.history[0]?.deviceName).toBe('PC 54');
    expect(overview.history.at(-1)?.deviceName).toBe('PC 5');
  });

  it('answers 401 without a session', async () => {
    const response = await accountApp().request('/api/usage');

    expect(response.status).toBe(401);
    expect((await response.json<{ code: string }>()).code).toBe('UNAUTHORIZED');
  });
});

describe('POST /api/devices/:id/deactivate', () => {
  it('frees an own device at once and answers the new overview with a message', async () => {
    const app = accountApp();
    const who = await licensee(app);
    const deviceId = newDeviceId();
    const { device } = await activateOk(app, who.key, { deviceId });

    const response = await post(app, `/api/devices/${device.id}/deactivate`, who.account.browser);

    expect(response.status).toBe(200);
    const overview = parse(isGetUsageOverviewAnswer, await response.json());
    expect(overview.message).toBe(SuccessMessages.deviceDeactivated);
    expect(overview.devices).toEqual([]);
    expect(overview.deactivations.used).toBe(1);
    expect((await validate(app, who.key, deviceId)).status).toBe('DEVICE_NOT_ACTIVATED');
    expect((await auditRows(who.licenseId)).at(-1)).toMatchObject({
      action: 'deactivated',
      source: 'dashboard',
    });
  });

  it("answers 404 for another account's device and leaves it active", async () => {
    const app = accountApp();
    const owner = await licensee(app);
    const stranger = await licensee(app);
    const deviceId = newDeviceId();
    const { device } = await activateOk(app, owner.key, { deviceId });

    const response = await post(
      app,
      `/api/devices/${device.id}/deactivate`,
      stranger.account.browser,
    );

    expect(response.status).toBe(404);
    expect((await response.json<{ code: string }>()).code).toBe('DEVICE_NOT_ACTIVATED');
    expect((await validate(app, owner.key, deviceId)).status).toBe('VALID');
  });

  it('answers 404 for a device already freed and for an unknown id', async () => {
    const app = accountApp();
    const who = await licensee(app);
    const deviceId = newDeviceId();
    const { device } = await activateOk(app, who.key, { deviceId });
    await deactivate(app, who.key, deviceId);

    expect(
      (await post(app, `/api/devices/${device.id}/deactivate`, who.account.bearer)).status,
    ).toBe(404);
    expect((await post(app, '/api/devices/nope/deactivate', who.account.bearer)).status).toBe(404);
  });

  it('shares the deactivation limit with the plugin (429)', async () => {
    const app = accountApp();
    const who = await licensee(app);
    for (let i = 0; i < licensing.maxDeactivations; i += 1) {
      const deviceId = newDeviceId(`churn${i}`);
      await activateOk(app, who.key, { deviceId });
      await deactivate(app, who.key, deviceId);
    }
    const { device } = await activateOk(app, who.key, { deviceId: newDeviceId() });

    const response = await post(app, `/api/devices/${device.id}/deactivate`, who.account.bearer);

    expect(response.status).toBe(429);
    expect((await response.json<{ code: string }>()).code).toBe('DEACTIVATION_LIMIT');
    expect(response.headers.get('Retry-After')).toMatch(/^\d+$/);
  });

  it('refuses a cookie without our Origin with 403 (CSRF) and changes nothing', async () => {
    const app = accountApp();
    const who = await licensee(app);
    const deviceId = newDeviceId();
    const { device } = await activateOk(app, who.key, { deviceId });

    const response = await post(app, `/api/devices/${device.id}/deactivate`, {
      Cookie: who.account.cookie,
    });
    const foreign = await post(app, `/api/devices/${device.id}/deactivate`, {
      Cookie: who.account.cookie,
      Origin: 'https://evil.example',
    });

    expect(response.status).toBe(403);
    expect((await response.json<{ code: string }>()).code).toBe('CSRF_REJECTED');
    expect(foreign.status).toBe(403);
    expect((await validate(app, who.key, deviceId)).status).toBe('VALID');
  });

  it('answers 401 without a session', async () => {
    const response = await post(accountApp(), '/api/devices/any/deactivate', { Origin: ORIGIN });

    expect(response.status).toBe(401);
  });
});

describe('DELETE /api/sessions/:id', () => {
  it('signs another session out at once; the current one keeps working', async () => {
    const app = accountApp();
    const who = await licensee(app);
    const other = await anotherSession(app, who);
    const target = (await usage(app, who.account.browser)).sessions.find((s) => !s.current);

    const response = await app.request(`/api/sessions/${target?.id}`, {
      method: 'DELETE',
      headers: who.account.browser,
    });

    expect(response.status).toBe(200);
    const overview = parse(isGetUsageOverviewAnswer, await response.json());
    expect(overview.message).toBe(SuccessMessages.sessionRevoked);
    expect(overview.sessions.map((s) => s.current)).toEqual([true]);
    expect((await app.request('/api/me', { headers: other.bearer })).status).toBe(401);
    expect((await app.request('/api/me', { headers: who.account.bearer })).status).toBe(200);
  });

  it('refuses the current session with 400 (that is what Log out is for)', async () => {
    const app = accountApp();
    const who = await licensee(app);
    const current = (await usage(app, who.account.bearer)).sessions[0];

    const response = await app.request(`/api/sessions/${current?.id}`, {
      method: 'DELETE',
      headers: who.account.bearer,
    });

    expect(response.status).toBe(400);
    expect((await app.request('/api/me', { headers: who.account.bearer })).status).toBe(200);
  });

  it("answers 404 for another account's session and leaves it signed in", async () => {
    const app = accountApp();
    const owner = await licensee(app);
    const stranger = await licensee(app);
    const target = (await usage(app, owner.account.bearer)).sessions[0];

    const response = await app.request(`/api/sessions/${target?.id}`, {
      method: 'DELETE',
      headers: stranger.account.bearer,
    });

    expect(response.status).toBe(404);
    expect((await app.request('/api/me', { headers: owner.account.bearer })).status).toBe(200);
  });

  it('refuses a cookie without our Origin with 403', async () => {
    const app = accountApp();
    const who = await licensee(app);
    await anotherSession(app, who);
    const target = (await usage(app, who.account.bearer)).sessions.find((s) => !s.current);

    const response = await app.request(`/api/sessions/${target?.id}`, {
      method: 'DELETE',
      headers: { Cookie: who.account.cookie },
    });

    expect(response.status).toBe(403);
    expect((await usage(app, who.account.bearer)).sessions).toHaveLength(2);
  });
});

describe('POST /api/sessions/revoke-others', () => {
  it('signs every other session out; their next call is 401, the current one still works', async () => {
    const app = accountApp();
    const who = await licensee(app);
    const others = [await anotherSession(app, who), await anotherSession(app, who, WINDOWS_CHROME)];

    const response = await post(app, '/api/sessions/revoke-others', who.account.browser);

    expect(response.status).toBe(200);
    const overview = parse(isGetUsageOverviewAnswer, await response.json());
    expect(overview.message).toBe(SuccessMessages.sessionsRevoked);
    expect(overview.sessions).toHaveLength(1);
    for (const other of others) {
      expect((await app.request('/api/usage', { headers: other.bearer })).status).toBe(401);
    }
    expect((await app.request('/api/usage', { headers: who.account.browser })).status).toBe(200);
  });

  it('refuses a cookie without Origin with 403 and a call without a session with 401', async () => {
    const app = accountApp();
    const who = await licensee(app);
    const other = await anotherSession(app, who);

    const csrf = await post(app, '/api/sessions/revoke-others', { Cookie: who.account.cookie });
    const anonymous = await post(app, '/api/sessions/revoke-others', { Origin: ORIGIN });

    expect(csrf.status).toBe(403);
    expect(anonymous.status).toBe(401);
    expect((await app.request('/api/me', { headers: other.bearer })).status).toBe(200);
  });

  it('answers 405 for GET', async () => {
    const app = accountApp();
    const who = await licensee(app);

    const response = await app.request('/api/sessions/revoke-others', {
      headers: who.account.bearer,
    });

    expect(response.status).toBe(405);
    // A path a route spells out is that route's, never a session id of DELETE /api/sessions/:id.
    expect(response.headers.get('Allow')).toBe('POST');
  });
});
