/**
 * `license-client check-update`: what the CLI prints, saves and refuses, against a stand-in server
 * whose offers are signed by the Worker's own code (services/releases/manifest.ts) with a throwaway
 * Ed25519 key. The update check itself against the real Worker is
 * tests/worker/releases-update-check.test.ts.
 */
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UpdateCheckResponse } from '../../src/contract/schemas/releases';
import { UpdateRefusedMessages } from '../../src/contract/plugin-texts';
import type { Release } from '../../src/releases/releases';
import { installer } from '../../src/site.config';
import { licensePublicKeys } from '../../functions/services/core/licenses/license-file';
import { offerRelease } from '../../functions/services/releases/manifest';
import { EXIT_LICENSE, EXIT_OK, EXIT_USAGE, jwksPathFor, main } from '../../scripts/license-client';

const KEY = 'SW-22222-33333-44444-55555';
const DEVICE = 'machine-0001';
const NOW = Date.UTC(2026, 10, 24, 9);
const ORIGIN = 'https://sheetwright.test';
const secrets = {
  jwtSecret: randomBytes(32).toString('base64url'),
  pepper: randomBytes(32).toString('base64url'),
  licenseSigningKey: JSON.stringify(
    generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }),
  ),
};
const bytes = Buffer.from('MZ Sheetwright 1.1.0\n'.repeat(200));
const release: Release = {
  version: '1.1.0',
  channel: 'stable',
  date: '2026-11-24',
  installer: {
    key: installer.key('1.1.0'),
    size: bytes.byteLength,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  },
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

async function offer(): Promise<UpdateCheckResponse> {
  const made = await offerRelease(
    { now: NOW, origin: ORIGIN, secrets },
    { id: 'lic-1', userId: 'user-1' },
    DEVICE,
    release,
  );
  return { status: 'UPDATE_AVAILABLE', message: 'Sheetwright 1.1.0 is available.', ...made };
}

/** A stand-in server: the public key, the check (an offer unless `answer` says otherwise), the file. */
function server(options: { answer?: () => Promise<UpdateCheckResponse>; file?: Buffer } = {}) {
  const calls: string[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    const path = new URL(url).pathname;
    calls.push(`${init.method ?? 'GET'} ${path}`);
    if (path === '/api/licenses/public-key')
      return json(await licensePublicKeys(secrets.licenseSigningKey));
    if (path === '/api/releases/check') return json(await (options.answer ?? offer)());
    if (path === '/api/releases/download/1.1.0')
      return new Response(new Uint8Array(options.file ?? bytes));
    return json({ message: 'Not found', code: 'NOT_FOUND' }, 404);
  };
  return { fetch, calls };
}

let dir: string;
let file: string;
let out: string[];
let err: string[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sw-update-'));
  file = join(dir, 'license.jwt');
  out = [];
  err = [];
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function io(fetch: (url: string, init: RequestInit) => Promise<Response>) {
  return {
    fetch,
    out: (line: string) => out.push(line),
    err: (line: string) => err.push(line),
    now: () => new Date(NOW),
  };
}

const args = (...extra: string[]) => [
  'check-update',
  '--key',
  KEY,
  '--device-id',
  DEVICE,
  '--current-version',
  '1.0.0',
  '--file',
  file,
  ...extra,
];

describe('license-client check-update', () => {
  it('verifies the offer, downloads the installer and keeps it only when it matches', async () => {
    const downloads = join(dir, 'downloads');
    const { fetch } = server();

    const code = await main(args('--download', downloads), io(fetch));

    expect(code, err.join('\n')).toBe(EXIT_OK);
    expect(out.join('\n')).toContain(
      'Version 1.1.0 (stable, released 2026-11-24); signature verified.',
    );
    expect(out.join('\n')).toContain(`SHA-256 ${release.installer.sha256}`);
    expect(await readFile(join(downloads, installer.fileName('1.1.0')))).toEqual(bytes);
    // The public key is kept beside the license file for the next, offline, check.
    expect(existsSync(jwksPathFor(file))).toBe(true);
  });

  it('deletes nothing and saves nothing when the file differs from the signed hash (exit 1)', async () => {
    const downloads = join(dir, 'downloads');
    const tampered = Buffer.from(bytes);
    tampered[3] = tampered[3]! ^ 0xff;
    const { fetch } = server({ file: tampered });

    const code = await main(args('--download', downloads), io(fetch));

    expect(code).toBe(EXIT_LICENSE);
    expect(err.join('\n')).toContain(`HASH_MISMATCH: ${UpdateRefusedMessages.HASH_MISMATCH}`);
    expect(existsSync(downloads) ? await readdir(downloads) : []).toEqual([]);
  });

  it('refuses an offer whose hash was changed after signing, before downloading anything', async () => {
    const { fetch, calls } = server({
      answer: async () => {
        const genuine = await offer();
        if (genuine.status !== 'UPDATE_AVAILABLE') throw new Error('expected an offer');
        return { ...genuine, release: { ...genuine.release, sha256: 'f'.repeat(64) } };
      },
    });

    const code = await main(args('--download', join(dir, 'downloads')), io(fetch));

    expect(code).toBe(EXIT_LICENSE);
    expect(err.join('\n')).toContain(`MISMATCH: ${UpdateRefusedMessages.MISMATCH}`);
    expect(calls.some((call) => call.includes('/api/releases/download/'))).toBe(false);
  });

  it('tells a Trial where to upgrade and exits 0: the plugin keeps working', async () => {
    const { fetch } = server({
      answer: async () => ({
        status: 'UPDATE_NOT_INCLUDED',
        message: 'Plugin updates come with Standard.',
        latestVersion: '1.1.0',
        notesUrl: `${ORIGIN}/changelog#v1.1.0`,
        upgradeUrl: `${ORIGIN}/dashboard`,
      }),
    });

    const code = await main(args(), io(fetch));

    expect(code).toBe(EXIT_OK);
    expect(out).toEqual([
      'UPDATE_NOT_INCLUDED: Plugin updates come with Standard.',
      `  What is new: ${ORIGIN}/changelog#v1.1.0`,
      `  Upgrade: ${ORIGIN}/dashboard`,
    ]);
  });

  it('stops on a license that is no longer valid and deletes the license file (exit 1)', async () => {
    const { fetch } = server({
      answer: async () => ({ status: 'REVOKED', message: 'This license has been revoked.' }),
    });

    const code = await main(args(), io(fetch));

    expect(code).toBe(EXIT_LICENSE);
    expect(err).toEqual(['REVOKED: This license has been revoked.']);
    expect(existsSync(file)).toBe(false);
  });

  it.each([
    [['check-update', '--key', KEY, '--device-id', DEVICE], 'Missing --current-version.'],
    [
      [
        'check-update',
        '--key',
        KEY,
        '--device-id',
        DEVICE,
        '--current-version',
        '1.0.0',
        '--channel',
        'nightly',
      ],
      '--channel: Channel must be stable or beta.',
    ],
  ])('is a usage error without a version or with a bad channel (exit 2)', async (argv, message) => {
    const { fetch, calls } = server();

    const code = await main(argv, io(fetch));

    expect(code).toBe(EXIT_USAGE);
    expect(err.join('\n')).toContain(message);
    expect(calls).toEqual([]);
  });
});
