/**
 * The reference client (scripts/license-client-core.ts) end to end against the Worker: the same
 * functions the CLI runs, with `fetch` going to the app (and its test clock).
 */
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { UsageReportMessages } from '../../src/contract/catalogue';
import { Messages } from '../../src/contract/messages';
import {
  createLicenseClient,
  networkMessage,
  verifyLicenseFile,
} from '../../scripts/license-client-core';
import { accountApp, queryAll, type AccountApp } from './account-helpers';
import { ORIGIN } from './helpers';
import { DAY_MS, licensee, newDeviceId } from './licenses-helpers';

function clientFor(app: AccountApp) {
  return createLicenseClient({ baseUrl: ORIGIN, fetch: (url, init) => app.request(url, init) });
}

function unwrap<T>(result: { ok: true; data: T } | { ok: false; problem: { message: string } }): T {
  if (!result.ok) throw new Error(`expected success, got: ${result.problem.message}`);
  return result.data;
}

describe('reference license client', () => {
  it('activates, verifies the license file offline, validates and deactivates', async () => {
    const app = accountApp();
    const { key } = await licensee(app, 'Standard');
    const client = clientFor(app);
    const deviceId = newDeviceId();

    const activated = unwrap(
      await client.activate({ licenseKey: key, deviceId, deviceName: 'Drafting PC' }),
    );
    const jwks = unwrap(await client.publicKeys());
    // From here on no network: only the saved file and key.
    const offline = await verifyLicenseFile(activated.licenseFile, jwks, {
      deviceId,
      now: new Date(app.clock.now + 13 * DAY_MS),
    });
    const validated = unwrap(await client.validate({ licenseKey: key, deviceId }));
    const deactivated = unwrap(await client.deactivate({ licenseKey: key, deviceId }));
    const after = unwrap(await client.validate({ licenseKey: key, deviceId }));

    expect(offline).toMatchObject({ ok: true, claims: { did: deviceId, plan: 'Standard' } });
    expect(validated.status).toBe('VALID');
    expect(typeof validated.licenseFile).toBe('string');
    expect(deactivated.license.activeDevices).toBe(0);
    expect(after.status).toBe('DEVICE_NOT_ACTIVATED');
  });

  it('refuses the file offline after the grace end, on another machine, or when altered', async () => {
    const app = accountApp();
    const { key } = await licensee(app, 'Standard');
    const client = clientFor(app);
    const deviceId = newDeviceId();
    const { licenseFile } = unwrap(
      await client.activate({ licenseKey: key, deviceId, deviceName: 'Drafting PC' }),
    );
    const jwks = unwrap(await client.publicKeys());
    const now = new Date(app.clock.now);
    const [header, payload = '', signature] = licenseFile.split('.');
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as object;
    const altered = btoa(JSON.stringify({ ...claims, plan: 'Enterprise' }))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    const stranger = await generateKeyPair('EdDSA', { extractable: true });
    const foreign = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'someone-else' })
      .sign(stranger.privateKey);
    const strangerJwks = {
      keys: [{ ...(await exportJWK(stranger.publicKey)), kid: 'someone-else' }],
    };

    const results = await Promise.all([
      verifyLicenseFile(licenseFile, jwks, {
        deviceId,
        now: new Date(app.clock.now + 15 * DAY_MS),
      }),
      verifyLicenseFile(licenseFile, jwks, { deviceId: newDeviceId('other'), now }),
      verifyLicenseFile(`${header}.${altered}.${signature}`, jwks, { deviceId, now }),
      verifyLicenseFile(foreign, jwks, { deviceId, now }),
      verifyLicenseFile(licenseFile, strangerJwks, { deviceId, now }),
      verifyLicenseFile('not a license file', jwks, { deviceId, now }),
    ]);

    expect(results.map((r) => (r.ok ? 'OK' : r.reason))).toEqual([
      'EXPIRED',
      'WRONG_DEVICE',
      'BAD_SIGNATURE',
      'UNKNOWN_KEY',
      'UNKNOWN_KEY',
      'MALFORMED',
    ]);
  });

  it('reports a full license with its devices, then replaces one in one step', async () => {
    const app = accountApp();
    const { key } = await licensee(app);
    const client = clientFor(app);
    const old = newDeviceId('old');
    unwrap(await client.activate({ licenseKey: key, deviceId: old, deviceName: 'Old PC' }));

    const full = await client.activate({
      licenseKey: key,
      deviceId: newDeviceId('new'),
      deviceName: 'New PC',
    });
    const replaced = await client.activate({
      licenseKey: key,
      deviceId: newDeviceId('new'),
      deviceName: 'New PC',
      replaceDeviceId: old,
    });

    expect(full).toMatchObject({
      ok: false,
      problem: {
        status: 403,
        code: 'TOO_MANY_DEVICES',
        message: Messages.tooManyDevices,
        devices: [{ deviceId: old, deviceName: 'Old PC' }],
      },
    });
    expect(replaced).toMatchObject({ ok: true, data: { device: { deviceName: 'New PC' } } });
  });

  it('reports license refusals with their code and the server message', async () => {
    const app = accountApp();
    const { key } = await licensee(app);
    app.clock.advance(20 * 24 * 60 * 60);

    const result = await clientFor(app).activate({
      licenseKey: key,
      deviceId: newDeviceId(),
      deviceName: 'PC',
    });

    expect(result).toMatchObject({ ok: false, problem: { status: 403, code: 'EXPIRED' } });
  });

  it('reports an unreachable server as NETWORK', async () => {
    const client = createLicenseClient({
      baseUrl: ORIGIN,
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });

    const result = await client.validate({
      licenseKey: 'SW-AAAAA-AAAAA-AAAAA-AAAAA',
      deviceId: 'machine-1',
    });

    expect(result).toEqual({ ok: false, problem: { code: 'NETWORK', message: networkMessage } });
  });

  it('reports usage: once per batch id, however often it is sent, and stops when told', async () => {
    const app = accountApp();
    const who = await licensee(app, 'Standard');
    const client = clientFor(app);
    const deviceId = newDeviceId();
    const activated = unwrap(
      await client.activate({ licenseKey: who.key, deviceId, deviceName: 'Drafting PC' }),
    );
    const day = new Date(app.clock.now).toISOString().slice(0, 10);
    const batch = {
      licenseKey: who.key,
      deviceId,
      batchId: crypto.randomUUID(),
      events: [{ feature: 'renumber-views' as const, day, count: 3 }],
    };

    const first = unwrap(await client.reportUsage(batch));
    const retry = unwrap(await client.reportUsage(batch));
    await app.request('/api/account/usage-sharing', {
      method: 'PATCH',
      json: { shareUsage: false },
      headers: who.account.browser,
    });
    const validated = unwrap(await client.validate({ licenseKey: who.key, deviceId }));
    const off = unwrap(await client.reportUsage({ ...batch, batchId: crypto.randomUUID() }));

    expect(activated.usageReporting).toBe(true);
    expect([first.status, first.usageReporting]).toEqual(['VALID', true]);
    expect(retry.message).toBe(UsageReportMessages.alreadyReceived);
    expect(validated.usageReporting).toBe(false);
    expect(off).toMatchObject({ status: 'VALID', usageReporting: false });
    const [row] = await queryAll<{ renumber_views: number }>(
      'SELECT u.renumber_views FROM usage_days AS u JOIN devices AS d ON d.usage_ref = u.device_ref WHERE d.license_id = ?',
      who.licenseId,
    );
    expect(row?.renumber_views).toBe(3);
  });
});
