/**
 * The reference client's command line (scripts/license-client.ts): files, output and exit codes,
 * against a small stand-in server that signs real license files with a throwaway Ed25519 key.
 * The client against the real Worker is tests/worker/licenses-client.test.ts.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  ActivateResponse,
  DeviceView,
  LicenseInfo,
} from '../../src/contract/schemas/licensing';
import {
  licenseFileClaims,
  licensePublicKeys,
  signLicenseFile,
} from '../../functions/services/core/licenses/license-file';
import { EXIT_LICENSE, EXIT_OK, EXIT_USAGE, jwksPathFor, main } from '../../scripts/license-client';

const KEY = 'SW-22222-33333-44444-55555';
const DEVICE = 'machine-0001';
const NOW = Date.UTC(2026, 2, 1, 12);
const DAY_MS = 24 * 60 * 60 * 1000;
const secret = JSON.stringify(generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }));

const license: LicenseInfo = {
  plan: 'Standard',
  status: 'active',
  expiresAt: new Date(NOW + 365 * DAY_MS).toISOString(),
  deviceLimit: 2,
  activeDevices: 1,
};
const device: DeviceView = {
  id: 'row-1',
  deviceId: DEVICE,
  deviceName: 'Drafting PC',
  appVersion: null,
  activatedAt: new Date(NOW).toISOString(),
  lastSeenAt: new Date(NOW).toISOString(),
};

function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

async function licenseFileFor(deviceId: string) {
  const row = {
    id: 'lic-1',
    userId: 'user-1',
    plan: 'Standard' as const,
    expiresAt: NOW + 365 * DAY_MS,
  };
  return signLicenseFile(secret, licenseFileClaims(row, deviceId, NOW));
}

/** A stand-in license server; `answer` overrides one path's answer. */
function server(answer: Record<string, () => Response | Promise<Response>> = {}) {
  const calls: string[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    const path = new URL(url).pathname;
    calls.push(`${init.method ?? 'GET'} ${path}`);
    const override = answer[path];
    if (override) return override();
    const body =
      typeof init.body === 'string' ? (JSON.parse(init.body) as { deviceId: string }) : null;
    switch (path) {
      case '/api/licenses/public-key':
        return json(await licensePublicKeys(secret));
      case '/api/licenses/activate':
        return json({
          status: 'VALID',
          message: 'This device has been activated.',
          licenseFile: await licenseFileFor(body?.deviceId ?? ''),
          license,
          device,
          usageReporting: true,
        } satisfies ActivateResponse);
      case '/api/licenses/validate':
        return json({
          status: 'VALID',
          message: 'Your license is valid on this device.',
          license,
          licenseFile: await licenseFileFor(body?.deviceId ?? ''),
        });
      case '/api/licenses/deactivate':
        return json({ message: 'The device has been deactivated.', license });
      default:
        return json({ message: 'Not found', code: 'NOT_FOUND' }, 404);
    }
  };
  return { fetch, calls };
}

const offline = () => Promise.reject(new Error('no network in this test'));

let dir: string;
let file: string;
let out: string[];
let err: string[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sw-license-'));
  file = join(dir, 'license.jwt');
  out = [];
  err = [];
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function io(fetch: (url: string, init: RequestInit) => Promise<Response>, now = NOW) {
  return {
    fetch,
    out: (line: string) => out.push(line),
    err: (line: string) => err.push(line),
    now: () => new Date(now),
  };
}

const activateArgs = [
  'activate',
  '--key',
  KEY,
  '--device-id',
  DEVICE,
  '--device-name',
  'Drafting PC',
];

describe('license-client activate', () => {
  it('saves the license file and the public key beside it, checks it and exits 0', async () => {
    const { fetch, calls } = server();

    const code = await main([...activateArgs, '--file', file], io(fetch));

    expect(code).toBe(EXIT_OK);
    expect((await readFile(file, 'utf8')).trim().split('.')).toHaveLength(3);
    const jwks = JSON.parse(await readFile(jwksPathFor(file), 'utf8')) as { keys: object[] };
    expect(jwks.keys[0]).not.toHaveProperty('d');
    expect(calls).toEqual(['POST /api/licenses/activate', 'GET /api/licenses/public-key']);
    expect(out.join('\n')).toContain('License file OK (verified offline)');
  });

  it('lists the active devices and the replace option when the license is full (exit 1)', async () => {
    const { fetch } = server({
      '/api/licenses/activate': () =>
        json(
          {
            message: 'This license is active on the maximum…',
            code: 'TOO_MANY_DEVICES',
            devices: [device],
          },
          403,
        ),
    });

    const code = await main([...activateArgs, '--file', file], io(fetch));

    expect(code).toBe(EXIT_LICENSE);
    expect(err.join('\n')).toContain('TOO_MANY_DEVICES');
    expect(err.join('\n')).toContain(`Drafting PC (device id ${DEVICE})`);
    expect(err.join('\n')).toContain('--replace-device-id');
    await expect(readFile(file)).rejects.toThrow();
  });

  it('exits 1 with the network message when the server cannot be reached', async () => {
    const code = await main([...activateArgs, '--file', file], io(offline));

    expect(code).toBe(EXIT_LICENSE);
    expect(err[0]).toMatch(/^NETWORK: Could not reach the license server/);
  });

  it('shows the wait on a 429', async () => {
    const { fetch } = server({
      '/api/licenses/activate': () =>
        json({ message: 'Too many license requests.', code: 'TOO_MANY_ATTEMPTS' }, 429, {
          'Retry-After': '600',
        }),
    });

    expect(await main([...activateArgs, '--file', file], io(fetch))).toBe(EXIT_LICENSE);
    expect(err.join('\n')).toContain('Try again in 10 minute(s).');
  });
});

describe('license-client verify (offline)', () => {
  beforeEach(async () => {
    expect(await main([...activateArgs, '--file', file], io(server().fetch))).toBe(EXIT_OK);
    out = [];
    err = [];
  });

  it('accepts the saved file for this device without any network', async () => {
    const code = await main(['verify', '--file', file, '--device-id', DEVICE], io(offline));

    expect(code).toBe(EXIT_OK);
    expect(out[0]).toContain(`Standard license for device ${DEVICE}`);
  });

  it('refuses the file after its offline grace end', async () => {
    const code = await main(['verify', '--file', file], io(offline, NOW + 15 * DAY_MS));

    expect(code).toBe(EXIT_LICENSE);
    expect(err[0]).toMatch(/^EXPIRED:/);
  });

  it('refuses the file on another machine', async () => {
    const code = await main(['verify', '--file', file, '--device-id', 'machine-0002'], io(offline));

    expect(code).toBe(EXIT_LICENSE);
    expect(err[0]).toMatch(/^WRONG_DEVICE:/);
  });

  it('refuses an edited file', async () => {
    const [header, payload = '', signature] = (await readFile(file, 'utf8')).trim().split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as object;
    const edited = Buffer.from(JSON.stringify({ ...claims, lexp: 4102444800 })).toString(
      'base64url',
    );
    await writeFile(file, `${header}.${edited}.${signature}`);

    const code = await main(['verify', '--file', file], io(offline));

    expect(code).toBe(EXIT_LICENSE);
    expect(err[0]).toMatch(/^BAD_SIGNATURE:/);
  });

  it('exits 1 when there is no license file or no saved public key', async () => {
    await rm(jwksPathFor(file));

    expect(await main(['verify', '--file', file], io(offline))).toBe(EXIT_LICENSE);
    expect(await main(['verify', '--file', join(dir, 'missing.jwt')], io(offline))).toBe(
      EXIT_LICENSE,
    );
    expect(err.join('\n')).toMatch(/NO_PUBLIC_KEY[\s\S]*NO_LICENSE_FILE/);
  });
});

describe('license-client validate and deactivate', () => {
  beforeEach(async () => {
    expect(await main([...activateArgs, '--file', file], io(server().fetch))).toBe(EXIT_OK);
  });

  it('validate saves a fresh file when VALID', async () => {
    await writeFile(file, 'stale');

    const code = await main(
      ['validate', '--key', KEY, '--device-id', DEVICE, '--file', file],
      io(server().fetch),
    );

    expect(code).toBe(EXIT_OK);
    expect(await main(['verify', '--file', file], io(offline))).toBe(EXIT_OK);
  });

  it('validate deletes the license file when the server says it is no longer valid', async () => {
    const { fetch } = server({
      '/api/licenses/validate': () =>
        json({ status: 'REVOKED', message: 'This license key is no longer valid.', license }),
    });

    const code = await main(
      ['validate', '--key', KEY, '--device-id', DEVICE, '--file', file],
      io(fetch),
    );

    expect(code).toBe(EXIT_LICENSE);
    expect(err[0]).toBe('REVOKED: This license key is no longer valid.');
    await expect(readFile(file)).rejects.toThrow();
  });

  it('deactivate frees the device and deletes the license file', async () => {
    const { fetch, calls } = server();

    const code = await main(
      ['deactivate', '--key', KEY, '--device-id', DEVICE, '--file', file],
      io(fetch),
    );

    expect(code).toBe(EXIT_OK);
    expect(calls).toEqual(['POST /api/licenses/deactivate']);
    await expect(readFile(file)).rejects.toThrow();
  });
});

describe('license-client usage errors (exit 2)', () => {
  it.each([
    ['no command', []],
    ['an unknown command', ['renew', '--key', KEY, '--device-id', DEVICE]],
    ['a missing key', ['validate', '--device-id', DEVICE]],
    ['a malformed key', ['validate', '--key', 'SW-123', '--device-id', DEVICE]],
    ['a malformed device id', ['validate', '--key', KEY, '--device-id', 'a b']],
    ['a missing device name', ['activate', '--key', KEY, '--device-id', DEVICE]],
    ['an unknown option', ['verify', '--color']],
    ['an extra argument', ['verify', 'now']],
  ])('%s', async (_, argv) => {
    const { fetch, calls } = server();

    expect(await main(argv, io(fetch))).toBe(EXIT_USAGE);
    expect(err.join('\n')).toContain('Usage: npm run license-client');
    expect(calls).toEqual([]);
  });

  it('prints the usage with --help and exits 0', async () => {
    expect(await main(['--help'], io(offline))).toBe(EXIT_OK);
    expect(out[0]).toContain('Usage: npm run license-client');
  });
});
