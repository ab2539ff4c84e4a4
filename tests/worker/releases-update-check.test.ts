/**
 * POST /api/releases/check and the download link it hands out, through the real Worker and D1,
 * with a release list of the test's own (1.0.0 as today, 1.1.0 shipped after it, a beta on top):
 * what Trial, Standard and Enterprise plugins on 1.0.0 are told, what a license that is not valid
 * gets, and that the reference client accepts a genuine offer and refuses any altered one.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { installer, limits } from '../../src/site.config';
import {
  updateCheckResponseSchema,
  type UpdateCheckResponse,
} from '../../src/contract/schemas/releases';
import {
  errorCatalogue,
  LicenseStatusMessages,
  UpdateCheckMessages,
} from '../../src/contract/catalogue';
import { UpdateRefusedMessages } from '../../src/contract/plugin-texts';
import type { Release } from '../../src/releases/releases';
import {
  checkInstaller,
  createLicenseClient,
  sha256Hex,
  verifyUpdateOffer,
} from '../../scripts/license-client-core';
import { accountApp, queryAll, type AccountApp } from './account-helpers';
import { ORIGIN } from './helpers';
import {
  activateOk,
  DAY_MS,
  deactivate,
  licensee,
  newDeviceId,
  publicJwks,
  setLicense,
} from './licenses-helpers';

/** An installer per version, unique to this run, put into the local bucket under its key. */
async function shipped(version: string, channel: Release['channel'], date: string) {
  const bytes = new TextEncoder().encode(`${version} ${crypto.randomUUID()}\n`.repeat(40));
  const key = `test-installers/${crypto.randomUUID()}/${installer.fileName(version)}`;
  await env.DOWNLOADS.put(key, bytes);
  const release: Release = {
    version,
    channel,
    date,
    installer: { key, size: bytes.byteLength, sha256: await sha256Hex(bytes) },
  };
  return { release, bytes };
}

/** 1.0.0 (the version every trial here was issued for), 1.1.0 after it, 1.2.0-beta.1 on beta. */
async function catalog() {
  const v100 = await shipped('1.0.0', 'stable', '2025-06-17');
  const v110 = await shipped('1.1.0', 'stable', '2026-02-20');
  const beta = await shipped('1.2.0-beta.1', 'beta', '2026-02-25');
  return { v100, v110, beta, releases: [beta.release, v110.release, v100.release] };
}

async function world(plan: 'Trial' | 'Standard' | 'Enterprise') {
  const shipping = await catalog();
  const app = accountApp({ releases: shipping.releases });
  const who = await licensee(app, plan);
  const deviceId = newDeviceId();
  await activateOk(app, who.key, { deviceId, appVersion: '1.0.0' });
  return { app, ...who, deviceId, ...shipping };
}

async function check(app: AccountApp, body: Record<string, unknown>): Promise<UpdateCheckResponse> {
  const response = await app.post('/api/releases/check', body);
  expect(response.status, await response.clone().text()).toBe(200);
  const parsed = updateCheckResponseSchema.safeParse(await response.json());
  expect(parsed.success).toBe(true);
  return parsed.data!;
}

function offered(answer: UpdateCheckResponse) {
  if (answer.status !== 'UPDATE_AVAILABLE')
    throw new Error(`expected an offer, got ${answer.status}`);
  return answer;
}

const clientFor = (app: AccountApp) =>
  createLicenseClient({ baseUrl: ORIGIN, fetch: (url, init) => app.request(url, init) });

describe('POST /api/releases/check', () => {
  it('offers Standard 1.1.0 with a signed manifest, and the link downloads exactly that file', async () => {
    const { app, key, deviceId, v110 } = await world('Standard');

    const answer = offered(
      await check(app, { licenseKey: key, deviceId, currentVersion: '1.0.0' }),
    );
    const jwks = await publicJwks(app);
    const verified = await verifyUpdateOffer(answer, jwks, {
      deviceId,
      currentVersion: '1.0.0',
      now: new Date(app.clock.now),
    });
    const download = await app.request(answer.release.downloadUrl);
    const bytes = new Uint8Array(await download.arrayBuffer());

    expect(answer.message).toBe(UpdateCheckMessages.available('1.1.0'));
    expect(answer.release).toMatchObject({
      version: '1.1.0',
      channel: 'stable',
      date: '2026-02-20',
      notesUrl: `${ORIGIN}/changelog#v1.1.0`,
      size: v110.release.installer.size,
      sha256: v110.release.installer.sha256,
    });
    expect(answer.release.downloadExpiresAt).toBe(
      new Date(app.clock.now + limits.releaseDownloadLinkMinutes * 60_000).toISOString(),
    );
    expect(verified).toMatchObject({ ok: true, claims: { version: '1.1.0', did: deviceId } });
    expect(download.status).toBe(200);
    expect(download.headers.get('Content-Disposition')).toBe(
      `attachment; filename="${installer.fileName('1.1.0')}"`,
    );
    expect(bytes).toEqual(v110.bytes);
    expect(await checkInstaller(bytes, v110.release.installer)).toBeUndefined();
  });

  it('offers Enterprise 1.1.0 too, and the beta only to a plugin on the beta channel', async () => {
    const { app, key, deviceId } = await world('Enterprise');

    const stable = offered(
      await check(app, { licenseKey: key, deviceId, currentVersion: '1.0.0' }),
    );
    const beta = offered(
      await check(app, { licenseKey: key, deviceId, currentVersion: '1.0.0', channel: 'beta' }),
    );

    expect(stable.release.version).toBe('1.1.0');
    expect(beta.release).toMatchObject({ version: '1.2.0-beta.1', channel: 'beta' });
  });

  it('tells a Trial on 1.0.0 that 1.1.0 comes with Standard, with no download link', async () => {
    const { app, key, deviceId } = await world('Trial');

    const answer = await check(app, { licenseKey: key, deviceId, currentVersion: '1.0.0' });

    expect(answer).toEqual({
      status: 'UPDATE_NOT_INCLUDED',
      message: UpdateCheckMessages.notIncluded('1.1.0'),
      latestVersion: '1.1.0',
      notesUrl: `${ORIGIN}/changelog#v1.1.0`,
      upgradeUrl: `${ORIGIN}/dashboard`,
    });
    expect(answer.message).toContain('Plugin updates come with Standard');
  });

  it('answers up to date on the newest version of the asked channel', async () => {
    const { app, key, deviceId } = await world('Standard');

    const answer = await check(app, { licenseKey: key, deviceId, currentVersion: '1.1.0' });
    const onBeta = await check(app, {
      licenseKey: key,
      deviceId,
      currentVersion: '1.2.0-beta.1',
      channel: 'beta',
    });

    expect(answer).toEqual({
      status: 'UP_TO_DATE',
      message: UpdateCheckMessages.upToDate('1.1.0'),
      latestVersion: '1.1.0',
    });
    expect(onBeta.status).toBe('UP_TO_DATE');
  });

  it('answers an expired, revoked or suspended license, an unknown key and a foreign device as validate does', async () => {
    const expired = await world('Standard');
    await setLicense(expired.licenseId, { expiresAt: expired.app.clock.now - DAY_MS });
    const revoked = await world('Standard');
    await setLicense(revoked.licenseId, { status: 'revoked' });
    const suspended = await world('Enterprise');
    await setLicense(suspended.licenseId, { status: 'suspended' });
    const valid = await world('Standard');
    const body = (w: { key: string; deviceId: string }) => ({
      licenseKey: w.key,
      deviceId: w.deviceId,
      currentVersion: '1.0.0',
    });

    const answers = [
      await check(expired.app, body(expired)),
      await check(revoked.app, body(revoked)),
      await check(suspended.app, body(suspended)),
      await check(expired.app, { ...body(expired), licenseKey: 'SW-AAAAA-BBBBB-CCCCC-DDDDD' }),
      await check(valid.app, { ...body(valid), deviceId: newDeviceId('never-activated') }),
    ];

    expect(answers).toEqual([
      { status: 'EXPIRED', message: LicenseStatusMessages.EXPIRED },
      { status: 'REVOKED', message: LicenseStatusMessages.REVOKED },
      { status: 'SUSPENDED', message: LicenseStatusMessages.SUSPENDED },
      { status: 'NOT_FOUND', message: LicenseStatusMessages.NOT_FOUND },
      { status: 'DEVICE_NOT_ACTIVATED', message: LicenseStatusMessages.DEVICE_NOT_ACTIVATED },
    ]);
  });

  it('records the version the device runs, as validate does', async () => {
    const { app, key, deviceId, licenseId } = await world('Standard');

    await check(app, { licenseKey: key, deviceId, currentVersion: '1.0.1' });

    const rows = await queryAll<{ app_version: string }>(
      'SELECT app_version FROM devices WHERE license_id = ? AND device_id = ?',
      licenseId,
      deviceId,
    );
    expect(rows).toEqual([{ app_version: '1.0.1' }]);
  });

  it('counts against the plugin budget: 429 beyond it', async () => {
    const { app, key, deviceId } = await world('Standard');
    await queryAll(
      'UPDATE rate_limits SET count = ?, window_start = ? WHERE key = ?',
      limits.rateLimits.licenseApiPerIp.max,
      app.clock.now,
      `licenseApiPerIp:${app.ip}`,
    );

    const response = await app.post('/api/releases/check', {
      licenseKey: key,
      deviceId,
      currentVersion: '1.0.0',
    });

    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toMatch(/^\d+$/);
  });

  it.each([
    [{ currentVersion: 'latest' }, 'Current version must be a version'],
    [{ currentVersion: '1.0.0', channel: 'nightly' }, 'Channel must be stable or beta.'],
    [{ currentVersion: '1.0' }, 'Current version must be a version'],
  ])('refuses a malformed request %j with a plain 400', async (fields, message) => {
    const { app, key, deviceId } = await world('Standard');

    const response = await app.post('/api/releases/check', {
      licenseKey: key,
      deviceId,
      ...fields,
    });

    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(message);
  });
});

describe('GET /api/releases/download/:version', () => {
  it('refuses a link past its 15 minutes, for another version, or forged', async () => {
    const { app, key, deviceId } = await world('Standard');
    const answer = offered(
      await check(app, { licenseKey: key, deviceId, currentVersion: '1.0.0' }),
    );
    const url = new URL(answer.release.downloadUrl);
    const token = url.searchParams.get('token') ?? '';

    const otherVersion = await app.request(
      `/api/releases/download/1.2.0-beta.1?token=${encodeURIComponent(token)}`,
    );
    const forged = await app.request(
      `/api/releases/download/1.1.0?token=${encodeURIComponent(`${token.slice(0, -4)}AAAA`)}`,
    );
    const none = await app.request('/api/releases/download/1.1.0');
    app.clock.advance(limits.releaseDownloadLinkMinutes * 60 + 1);
    const late = await app.request(`${url.pathname}${url.search}`);

    for (const response of [otherVersion, forged, none, late]) {
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        code: 'DOWNLOAD_LINK_INVALID',
        message: errorCatalogue.DOWNLOAD_LINK_INVALID.message,
      });
    }
  });
});

describe('GET /api/releases/download/:version, for a device freed since', () => {
  it('refuses a link within its 15 minutes once its device was freed, and serves it again once reactivated', async () => {
    const { app, key, deviceId } = await world('Standard');
    const answer = offered(
      await check(app, { licenseKey: key, deviceId, currentVersion: '1.0.0' }),
    );
    const url = new URL(answer.release.downloadUrl);
    const freed = await deactivate(app, key, deviceId);
    expect(freed.status, await freed.clone().text()).toBe(200);

    const get = await app.request(`${url.pathname}${url.search}`);
    const head = await app.request(`${url.pathname}${url.search}`, { method: 'HEAD' });

    expect(get.status).toBe(404);
    expect(await get.json()).toEqual({
      code: 'DEVICE_NOT_ACTIVATED',
      message: errorCatalogue.DEVICE_NOT_ACTIVATED.message,
    });
    expect(head.status).toBe(404);

    // Activated again (same machine), the device may finish the download it was offered.
    await activateOk(app, key, { deviceId, appVersion: '1.0.0' });
    const again = await app.request(`${url.pathname}${url.search}`);
    expect(again.status).toBe(200);
    await again.arrayBuffer();
  });

  it('refuses a link whose device was freed without a deactivation call (by support or the system)', async () => {
    const { app, key, deviceId, licenseId } = await world('Standard');
    const answer = offered(
      await check(app, { licenseKey: key, deviceId, currentVersion: '1.0.0' }),
    );
    const url = new URL(answer.release.downloadUrl);
    await env.DB.prepare(
      'UPDATE devices SET deactivated_at = ? WHERE license_id = ? AND device_id = ?',
    )
      .bind(app.clock.now, licenseId, deviceId)
      .run();

    const response = await app.request(`${url.pathname}${url.search}`);

    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'DEVICE_NOT_ACTIVATED' });
  });
});

describe('the reference client and an update offer', () => {
  it('checks, verifies and downloads through the client, as the plugin does', async () => {
    const { app, key, deviceId, v110 } = await world('Standard');
    const client = clientFor(app);

    const result = await client.checkUpdate({ licenseKey: key, deviceId, currentVersion: '1.0.0' });
    if (!result.ok) throw new Error(result.problem.message);
    const answer = offered(result.data);
    const jwks = await client.publicKeys();
    if (!jwks.ok) throw new Error(jwks.problem.message);
    const verified = await verifyUpdateOffer(answer, jwks.data, {
      deviceId,
      currentVersion: '1.0.0',
      now: new Date(app.clock.now),
    });
    if (!verified.ok) throw new Error(verified.message);
    const downloaded = await client.downloadUpdate(verified);

    expect(downloaded).toEqual({ ok: true, data: v110.bytes });
  });

  it('refuses an altered hash, size or link, another machine, an expired or foreign offer', async () => {
    const { app, key, deviceId } = await world('Standard');
    const answer = offered(
      await check(app, { licenseKey: key, deviceId, currentVersion: '1.0.0' }),
    );
    const jwks = await publicJwks(app);
    const expected = { deviceId, currentVersion: '1.0.0', now: new Date(app.clock.now) };
    const [header = '', payload = '', signature = ''] = answer.manifest.split('.');
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as object;
    const forgedPayload = btoa(JSON.stringify({ ...claims, sha256: '0'.repeat(64) }))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    const withRelease = (changes: object) => ({
      ...answer,
      release: { ...answer.release, ...changes },
    });

    const reasons = await Promise.all(
      [
        verifyUpdateOffer(withRelease({ sha256: 'f'.repeat(64) }), jwks, expected),
        verifyUpdateOffer(withRelease({ size: answer.release.size + 1 }), jwks, expected),
        verifyUpdateOffer(
          withRelease({ downloadUrl: 'https://evil.example/x.exe' }),
          jwks,
          expected,
        ),
        verifyUpdateOffer(
          { ...answer, manifest: `${header}.${forgedPayload}.${signature}` },
          jwks,
          expected,
        ),
        verifyUpdateOffer(answer, jwks, { ...expected, deviceId: 'another-pc' }),
        verifyUpdateOffer(answer, jwks, { ...expected, currentVersion: '1.1.0' }),
        verifyUpdateOffer(answer, jwks, {
          ...expected,
          now: new Date(app.clock.now + (limits.releaseDownloadLinkMinutes * 60 + 1) * 1000),
        }),
        verifyUpdateOffer(answer, { keys: [{ ...jwks.keys[0]!, kid: 'another-key' }] }, expected),
      ].map(async (pending) => {
        const result = await pending;
        return result.ok ? 'accepted' : result.reason;
      }),
    );

    expect(reasons).toEqual([
      'MISMATCH',
      'MISMATCH',
      'MISMATCH',
      'BAD_MANIFEST',
      'WRONG_DEVICE',
      'NOT_NEWER',
      'EXPIRED',
      'UNKNOWN_KEY',
    ]);
  });

  it('refuses downloaded bytes whose hash or size differ from the signed manifest', async () => {
    const { app, key, deviceId, v110 } = await world('Standard');
    const answer = offered(
      await check(app, { licenseKey: key, deviceId, currentVersion: '1.0.0' }),
    );
    const verified = await verifyUpdateOffer(answer, await publicJwks(app), {
      deviceId,
      currentVersion: '1.0.0',
      now: new Date(app.clock.now),
    });
    if (!verified.ok) throw new Error(verified.message);
    const tampered = v110.bytes.slice();
    tampered[10] = tampered[10]! ^ 0xff;
    // A server (or anything between) that swaps the file: same size, other bytes.
    const swapping = createLicenseClient({
      baseUrl: ORIGIN,
      fetch: async (url, init) =>
        url.includes('/api/releases/download/') ? new Response(tampered) : app.request(url, init),
    });

    const hash = await checkInstaller(tampered, verified.claims);
    const cut = await checkInstaller(v110.bytes.slice(0, -1), verified.claims);
    const download = await swapping.downloadUpdate(verified);

    expect(hash).toEqual({
      reason: 'HASH_MISMATCH',
      message: UpdateRefusedMessages.HASH_MISMATCH,
    });
    expect(cut?.reason).toBe('SIZE_MISMATCH');
    expect(download).toEqual({
      ok: false,
      problem: { code: 'HASH_MISMATCH', message: UpdateRefusedMessages.HASH_MISMATCH },
    });
  });
});
