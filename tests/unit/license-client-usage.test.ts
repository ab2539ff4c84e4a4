/**
 * The reference client's report-usage (scripts/license-client.ts): batches saved beside the
 * license file before anything is sent, sent with the same batch id until answered, kept when the
 * server cannot take them now, dropped when refused or when sharing is off.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UsageReportBody } from '../../src/contract/schemas/usage-report';
import { EXIT_LICENSE, EXIT_OK, EXIT_USAGE, main, usageDirFor } from '../../scripts/license-client';

const KEY = 'SW-22222-33333-44444-55555';
const DEVICE = 'machine-0001';
const NOW = Date.UTC(2026, 2, 1, 12);

function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

const received = () =>
  json({ status: 'VALID', message: 'Thank you: received.', usageReporting: true });

/** A stand-in server answering the usage reports one after another with `answers`. */
function server(...answers: (() => Response)[]) {
  const bodies: UsageReportBody[] = [];
  const fetch = async (_url: string, init: RequestInit) => {
    bodies.push(JSON.parse(init.body as string) as UsageReportBody);
    const answer = answers[Math.min(bodies.length - 1, answers.length - 1)];
    return (answer ?? received)();
  };
  return { fetch, bodies };
}

const offline = () => Promise.reject(new Error('no network in this test'));

let dir: string;
let file: string;
let eventsFile: string;
let out: string[];
let err: string[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sw-usage-'));
  file = join(dir, 'license.jwt');
  eventsFile = join(dir, 'events.json');
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

const args = (...more: string[]) => [
  'report-usage',
  '--key',
  KEY,
  '--device-id',
  DEVICE,
  '--file',
  file,
  ...more,
];

async function saved(): Promise<string[]> {
  return readdir(usageDirFor(file)).catch(() => []);
}

const events = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    feature: i % 2 ? 'cad-import' : 'wipe-model',
    day: '2026-03-01',
    count: 1,
  }));

describe('license-client report-usage', () => {
  it('splits the events into batches of 500, sends them and deletes them once received', async () => {
    await writeFile(eventsFile, JSON.stringify(events(501)));
    const { fetch, bodies } = server();

    const code = await main(args('--events', eventsFile, '--app-version', '1.2.0'), io(fetch));

    expect(code).toBe(EXIT_OK);
    expect(bodies.map((body) => body.events.length)).toEqual([500, 1]);
    expect(new Set(bodies.map((body) => body.batchId)).size).toBe(2);
    expect(bodies[0]).toMatchObject({ licenseKey: KEY, deviceId: DEVICE, appVersion: '1.2.0' });
    expect(await saved()).toEqual([]);
    expect(out.at(-1)).toBe('2 batch(es) sent.');
  });

  it('keeps a batch it could not send and sends it later with the same batch id', async () => {
    await writeFile(eventsFile, JSON.stringify(events(3)));

    const first = await main(args('--events', eventsFile), io(offline));
    const kept = await saved();
    const { fetch, bodies } = server();
    const second = await main(args(), io(fetch));

    expect(first).toBe(EXIT_LICENSE);
    expect(err.join('\n')).toContain('1 batch(es) kept');
    expect(kept).toHaveLength(1);
    expect(second).toBe(EXIT_OK);
    expect(bodies.map((body) => `${body.batchId}.json`)).toEqual(kept);
    expect(await saved()).toEqual([]);
  });

  it('keeps the batch on a busy server (503) and on a 429', async () => {
    await writeFile(eventsFile, JSON.stringify(events(1)));
    const busy = server(() =>
      json({ message: 'busy', code: 'SERVICE_BUSY' }, 503, { 'Retry-After': '2' }),
    );
    expect(await main(args('--events', eventsFile), io(busy.fetch))).toBe(EXIT_LICENSE);
    const limited = server(() => json({ message: 'slow down', code: 'TOO_MANY_ATTEMPTS' }, 429));
    expect(await main(args(), io(limited.fetch))).toBe(EXIT_LICENSE);

    expect(await saved()).toHaveLength(1);
    expect(limited.bodies[0]?.batchId).toBe(busy.bodies[0]?.batchId);
  });

  it('drops a batch the server refuses, and everything when sharing is off', async () => {
    await writeFile(eventsFile, JSON.stringify(events(1)));
    const refused = server(() =>
      json({ message: 'Day is too old.', code: 'VALIDATION_FAILED' }, 400),
    );
    expect(await main(args('--events', eventsFile), io(refused.fetch))).toBe(EXIT_OK);
    expect(err.join('\n')).toContain('refused and dropped: Day is too old.');
    expect(await saved()).toEqual([]);

    await main(args('--events', eventsFile), io(offline));
    await main(args('--events', eventsFile), io(offline));
    const off = server(() =>
      json({ status: 'VALID', message: 'Sharing is off.', usageReporting: false }),
    );
    expect(await main(args(), io(off.fetch))).toBe(EXIT_OK);
    expect(off.bodies).toHaveLength(1);
    expect(await saved()).toEqual([]);
  });

  it('stops on a license that is not valid here, deleting the license file and keeping the batches', async () => {
    await writeFile(file, 'a.b.c\n');
    await writeFile(eventsFile, JSON.stringify(events(1)));
    const freed = server(() =>
      json({ status: 'DEVICE_NOT_ACTIVATED', message: 'This device is not activated.' }),
    );

    expect(await main(args('--events', eventsFile), io(freed.fetch))).toBe(EXIT_LICENSE);
    expect(err[0]).toBe('DEVICE_NOT_ACTIVATED: This device is not activated.');
    expect(await saved()).toHaveLength(1);
    await expect(readdir(dir)).resolves.not.toContain('license.jwt');
  });

  it('is a usage error for an events file that is not a list of valid events', async () => {
    await writeFile(eventsFile, JSON.stringify([{ feature: 'nope', day: '2026-03-01', count: 1 }]));
    expect(await main(args('--events', eventsFile), io(offline))).toBe(EXIT_USAGE);
    expect(err[0]).toContain('--events: entry 1: Feature must be one of');
    expect(await main(args('--events', join(dir, 'missing.json')), io(offline))).toBe(EXIT_USAGE);
    expect(await saved()).toEqual([]);
  });

  it('says so when there is nothing to send', async () => {
    const { fetch, bodies } = server();
    expect(await main(args(), io(fetch))).toBe(EXIT_OK);
    expect(bodies).toEqual([]);
    expect(out).toEqual(['No usage to send.']);
  });
});
