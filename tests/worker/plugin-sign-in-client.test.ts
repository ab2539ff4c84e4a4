/**
 * The reference client's sign-in (scripts/plugin-sign-in-client.ts) against the Worker: the same
 * functions `license-client login`, `licenses`, `switch` and `free` run, with `fetch` going to
 * the app and `sleep` moving its clock, so the polling follows the server's interval.
 */
import { describe, expect, it } from 'vitest';
import { createSignInClient } from '../../scripts/plugin-sign-in-client';
import { accountApp } from './account-helpers';
import { ORIGIN } from './helpers';
import { activateOk, licensee, newDeviceId } from './licenses-helpers';
import { decide } from './plugin-sign-in-helpers';

describe('reference client sign-in', () => {
  it('signs in by the device flow, lists the licenses, frees a device and refreshes', async () => {
    const app = accountApp();
    const who = await licensee(app, 'Standard');
    const other = newDeviceId('other');
    await activateOk(app, who.key, { deviceId: other, deviceName: 'Home PC' });
    let userCode = '';
    let polls = 0;
    const client = createSignInClient({
      baseUrl: ORIGIN,
      fetch: (url, init) => app.request(url, init),
      now: () => app.clock.now,
      // The customer approves while the plugin waits for its second poll.
      sleep: async (ms) => {
        app.clock.advance(ms / 1000);
        polls += 1;
        if (polls === 2) {
          expect((await decide(app, who.account, 'approve', userCode)).status).toBe(200);
        }
      },
    });

    const started = await client.start({ deviceName: 'Drafting PC', deviceId: 'machine-0001' });
    if (!started.ok) throw new Error(started.problem.message);
    userCode = started.data.user_code;
    const tokens = await client.waitForTokens(started.data);
    if (!tokens.ok) throw new Error(tokens.problem.message);
    expect(polls).toBe(2);

    const api = client.licenses(tokens.data.access_token);
    const list = await api.list();
    expect(list.ok && list.data.licenses[0]?.devices.map((d) => d.deviceName)).toEqual(['Home PC']);
    const freed = await api.free({ licenseId: who.licenseId, deviceId: other });
    expect(freed.ok && freed.data.license.activeDevices).toBe(0);

    const refreshed = await client.refresh(tokens.data.refresh_token);
    expect(refreshed.ok).toBe(true);
    const stale = await client.licenses(tokens.data.access_token).list();
    expect(stale.ok || stale.problem.code).toBe('UNAUTHORIZED');
  });

  it('stops with access_denied when the customer denies', async () => {
    const app = accountApp();
    const who = await licensee(app);
    let userCode = '';
    const client = createSignInClient({
      baseUrl: ORIGIN,
      fetch: (url, init) => app.request(url, init),
      now: () => app.clock.now,
      sleep: async (ms) => {
        app.clock.advance(ms / 1000);
        await decide(app, who.account, 'deny', userCode);
      },
    });
    const started = await client.start({});
    if (!started.ok) throw new Error(started.problem.message);
    userCode = started.data.user_code;
    const tokens = await client.waitForTokens(started.data);
    expect(tokens.ok || tokens.problem.code).toBe('access_denied');
  });
});
