/**
 * Releases as one collection: version order, the entry schema (the same the content collection
 * uses), the current version derived from the newest stable entry, the generated module the
 * Worker reads, and `npm run release` (scripts/release.ts) with a stand-in bucket.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentVersion, releases } from '../../src/generated/releases';
import { releaseEntrySchema } from '../../src/releases/entry';
import { newestStableVersion } from '../../src/releases/releases';
import { compareVersions, isVersion } from '../../src/releases/versions';
import { installer, site } from '../../src/site.config';
import {
  EXIT_OK,
  EXIT_REFUSED,
  EXIT_USAGE,
  main as release,
  type Upload,
} from '../../scripts/release';
import {
  parseReleaseEntry,
  readReleaseEntries,
  releasesModule,
  releasesModuleIsCurrent,
  writeReleasesModule,
} from '../../scripts/releases';

const SHA = 'a'.repeat(64);

function entry(fields: Record<string, string> = {}, notes = '**Fixed**\n\n- A bug.\n'): string {
  const all = {
    version: '1.1.0',
    stage: 'Release',
    channel: 'stable',
    date: '2026-02-20',
    summary: 'Faster schedules.',
    ...fields,
  };
  const lines = Object.entries(all).map(([name, value]) => `${name}: ${value}`);
  return `---\n${lines.join('\n')}\ninstaller:\n  key: installers/${all.version}/Setup.exe\n  size: 1024\n  sha256: ${fields['sha256'] ?? SHA}\n---\n\n${notes}`;
}

describe('versions', () => {
  it('orders releases by semantic versioning, not as text', () => {
    const sorted = [
      '1.10.0',
      '1.2.0-beta.1',
      '0.1.0',
      '1.2.0',
      '1.2.0-rc.1',
      '1.9.9',
      '1.2.0-beta.2',
    ];

    sorted.sort(compareVersions);

    expect(sorted).toEqual([
      '0.1.0',
      '1.2.0-beta.1',
      '1.2.0-beta.2',
      '1.2.0-rc.1',
      '1.2.0',
      '1.9.9',
      '1.10.0',
    ]);
  });

  it.each(['1.0', 'v1.0.0', '01.0.0', '1.0.0+build', '', `1.0.0-${'x'.repeat(40)}`])(
    'refuses %j as a version',
    (text) => {
      expect(isVersion(text)).toBe(false);
    },
  );
});

describe('a release entry', () => {
  it('is read with its installer and notes', () => {
    const parsed = parseReleaseEntry('1.1.0.mdx', entry());

    expect(parsed.entry).toMatchObject({
      version: '1.1.0',
      channel: 'stable',
      installer: { key: 'installers/1.1.0/Setup.exe', size: 1024, sha256: SHA },
    });
    expect(parsed.notes).toContain('- A bug.');
  });

  it.each([
    [
      'a pre-release on the stable channel',
      { version: '1.2.0-beta.1' },
      '1.2.0-beta.1.mdx',
      'belongs on the beta channel',
    ],
    ['a channel that does not exist', { channel: 'nightly' }, '1.1.0.mdx', 'channel'],
    ['a hash that is not SHA-256 hex', { sha256: 'ABC' }, '1.1.0.mdx', 'installer.sha256'],
    [
      'a summary still to be written',
      { summary: 'TODO one sentence' },
      '1.1.0.mdx',
      'summary still says TODO',
    ],
    ['a file not named after its version', {}, '1.1.1.mdx', 'must be named after its version'],
  ])('refuses %s, naming the file', (_, fields, name, problem) => {
    expect(() => parseReleaseEntry(name, entry(fields))).toThrow(
      new RegExp(`${name.replace(/\./g, '\\.')}.*${problem}`),
    );
  });

  it('refuses notes that still say TODO', () => {
    expect(() => parseReleaseEntry('1.1.0.mdx', entry({}, '- TODO\n'))).toThrow(
      '1.1.0.mdx: the release notes still say TODO',
    );
  });
});

describe('the current version', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sw-releases-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is the newest stable entry: a newer beta does not count', async () => {
    await writeFile(join(dir, '1.9.0.mdx'), entry({ version: '1.9.0' }));
    await writeFile(join(dir, '1.10.0.mdx'), entry({ version: '1.10.0' }));
    await writeFile(
      join(dir, '2.0.0-beta.1.mdx'),
      entry({ version: '2.0.0-beta.1', channel: 'beta', stage: 'Beta' }),
    );
    const file = join(dir, 'releases.ts');

    const wrote = await writeReleasesModule(dir, file);
    const again = await writeReleasesModule(dir, file);
    const text = await readFile(file, 'utf8');

    expect(wrote).toBe(true);
    expect(again).toBe(false);
    expect(text).toContain('export const currentVersion = "1.10.0";');
    expect((await readReleaseEntries(dir)).map((item) => item.entry.version)).toEqual([
      '2.0.0-beta.1',
      '1.10.0',
      '1.9.0',
    ]);
  });

  it('cannot be derived without a stable release', async () => {
    await writeFile(
      join(dir, '2.0.0-beta.1.mdx'),
      entry({ version: '2.0.0-beta.1', channel: 'beta', stage: 'Beta' }),
    );

    await expect(readReleaseEntries(dir)).rejects.toThrow('no stable release');
    expect(() => releasesModule([])).toThrow('No stable release');
  });

  it('of the repository is its newest stable entry, and the committed module is up to date', async () => {
    const entries = await readReleaseEntries();

    expect(await releasesModuleIsCurrent()).toBe(true);
    expect(site.currentVersion).toBe(currentVersion);
    expect(currentVersion).toBe(newestStableVersion(entries.map((item) => item.entry)));
    expect(releases.map((item) => item.version)).toEqual(entries.map((item) => item.entry.version));
    for (const item of entries) {
      expect(releaseEntrySchema.safeParse({ ...item.entry }).success).toBe(true);
    }
  });
});

describe('an entry still saying TODO', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sw-releases-'));
    await writeFile(join(dir, '1.0.0.mdx'), entry({ version: '1.0.0' }));
    await writeFile(join(dir, '1.1.0.mdx'), entry({ summary: 'TODO one sentence' }));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** Runs `call` in a new Node process, with scripts/releases.ts imported as `releases`. */
  function node(call: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const script = new URL('../../scripts/releases.ts', import.meta.url).href;
    const code = `import * as releases from ${JSON.stringify(script)};\n${call}`;
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [
        '--input-type=module',
        '-e',
        code,
        dir,
        join(dir, 'releases.ts'),
      ]);
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('close', (exitCode) => resolve({ code: exitCode, stdout, stderr }));
    });
  }

  const line = () =>
    `${join(dir, '1.1.0.mdx')}: summary still says TODO — write the release notes, then build again.\n`;
  // The child's arguments: the entries' folder and the module to write.
  const entries = 'process.argv[1]';
  const module = 'process.argv[2]';

  it('stops the command line with one plain line naming the file and exit code 1', async () => {
    const result = await node(`process.exitCode = await releases.main([], ${entries}, ${module});`);

    expect(result).toEqual({ code: 1, stdout: '', stderr: line() });
    expect(existsSync(join(dir, 'releases.ts'))).toBe(false);
  });

  it('stops the build, astro sync, vitest and npm start the same way, without a stack trace', async () => {
    // astro.config.mjs and vitest.config.ts call this; npm start runs the command line.
    const result = await node(
      `await releases.writeReleasesModuleOrExit(${entries}, ${module}); console.log('went on');`,
    );

    expect(result).toEqual({ code: 1, stdout: '', stderr: line() });
  });
});

describe('npm run release', () => {
  let dir: string;
  let installerFile: string;
  let uploads: Upload[];
  let out: string[];
  let err: string[];
  const bytes = Buffer.from('MZ a real installer\n'.repeat(300));

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sw-release-'));
    installerFile = join(dir, 'Setup.exe');
    await writeFile(installerFile, bytes);
    uploads = [];
    out = [];
    err = [];
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  function io(put: (upload: Upload) => Promise<void> = async (u) => void uploads.push(u)) {
    return {
      put,
      out: (line: string) => out.push(line),
      err: (line: string) => err.push(line),
      now: () => new Date(Date.UTC(2026, 10, 24, 9)),
      releasesDir: dir,
    };
  }

  it('uploads the installer and writes the entry with its size and SHA-256, notes left to write', async () => {
    const code = await release(['1.1.0', '--file', installerFile], io());
    const text = await readFile(join(dir, '1.1.0.mdx'), 'utf8');
    const sha256 = createHash('sha256').update(bytes).digest('hex');

    expect(code).toBe(EXIT_OK);
    expect(uploads).toEqual([
      {
        key: installer.key('1.1.0'),
        file: installerFile,
        where: 'local',
        sha256,
      },
    ]);
    expect(text).toContain(`size: ${bytes.byteLength}\n  sha256: ${sha256}`);
    expect(text).toContain('channel: stable');
    expect(text).toContain('date: 2026-11-24');
    // Unwritten notes stop every build until the editor writes them.
    expect(() => parseReleaseEntry('1.1.0.mdx', text)).toThrow('TODO');
    const written = text
      .replace(/TODO: one sentence[^"]*/, 'Faster.')
      .replace(/- TODO/g, '- Done.');
    expect(parseReleaseEntry('1.1.0.mdx', written).entry.installer).toEqual({
      key: installer.key('1.1.0'),
      size: bytes.byteLength,
      sha256,
    });
  });

  it('ships a beta to the beta channel and uploads to production with --remote', async () => {
    const code = await release(
      [
        '1.2.0-beta.1',
        '--file',
        installerFile,
        '--channel',
        'beta',
        '--remote',
        '--summary',
        'Try it.',
      ],
      io(),
    );

    expect(code).toBe(EXIT_OK);
    expect(uploads[0]?.where).toBe('remote');
    const text = await readFile(join(dir, '1.2.0-beta.1.mdx'), 'utf8');
    expect(text).toContain('channel: beta');
    expect(text).toContain('stage: Beta');
    expect(text).toContain('summary: "Try it."');
  });

  it.each([
    [['1.1.0', '--file', 'missing.exe'], 'is not a file'],
    [['1.2.0-beta.1', '--file', 'INSTALLER'], 'ship it with --channel beta'],
    [['1.1', '--file', 'INSTALLER'], 'is not a version'],
    [['1.1.0', '--file', 'INSTALLER', '--date', '2026-02-30'], 'date'],
  ])('refuses %j and writes nothing', async (args, problem) => {
    const argv = args.map((arg) => (arg === 'INSTALLER' ? installerFile : arg));

    const code = await release(argv, io());

    expect(code).toBe(EXIT_REFUSED);
    expect(err.join('\n')).toContain(problem);
    expect(uploads).toEqual([]);
    expect((await readdir(dir)).filter((name) => name.endsWith('.mdx'))).toEqual([]);
  });

  it('never ships a version twice', async () => {
    await writeFile(join(dir, '1.1.0.mdx'), entry());

    const code = await release(['1.1.0', '--file', installerFile], io());

    expect(code).toBe(EXIT_REFUSED);
    expect(err.join('\n')).toContain('has been released already');
    expect(uploads).toEqual([]);
  });

  it('writes no entry when the upload fails', async () => {
    const code = await release(
      ['1.1.0', '--file', installerFile],
      io(() => Promise.reject(new Error('wrangler: not logged in'))),
    );

    expect(code).toBe(EXIT_REFUSED);
    expect(err.join('\n')).toContain('not logged in');
    expect(existsSync(join(dir, '1.1.0.mdx'))).toBe(false);
  });

  it.each([[[]], [['1.1.0']], [['1.1.0', '--file', 'x', '--channel', 'nightly']], [['--bogus']]])(
    'prints the usage for %j and exits 2',
    async (argv) => {
      expect(await release(argv, io())).toBe(EXIT_USAGE);
      expect(err.join('\n')).toContain('Usage: npm run release');
    },
  );
});
