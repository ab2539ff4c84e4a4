/// <reference types="node" />
/**
 * `npm run release -- VERSION --file PATH [--channel beta] [--remote]`: ships a plugin version.
 *
 *   1. checks the version (1.2.3, or 1.2.3-beta.1 on the beta channel) is new and the file is there
 *   2. measures the installer: size and SHA-256, read once from the file
 *   3. puts it into the DOWNLOADS bucket at `installer.key(version)` with `wrangler r2 object
 *      put`: the local bucket of `npm start` by default, production with --remote
 *   4. writes src/content/releases/VERSION.mdx with the frontmatter filled in and a skeleton of
 *      the notes, each place to write marked TODO; no build passes until the editor has written
 *      them (scripts/releases.ts), so an unwritten release is never published
 *
 * The release reaches customers with the next deploy: the changelog, its feed, the current
 * version, the dashboard download and the plugin's update check all read the entry.
 * Exit codes: 0 done, 1 refused or failed (nothing written), 2 usage error. README "Shipping a
 * release". Node runs this file directly (type stripping): erasable TypeScript only.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { isUsageError, UsageError } from './cli.ts';
import { releaseEntrySchema, UNFINISHED } from '../src/releases/entry.ts';
import { releaseChannels, type ReleaseChannel } from '../src/releases/releases.ts';
import { isPrerelease, isVersion } from '../src/releases/versions.ts';
import { installer } from '../src/site.config.ts';
import { bucketName, putObjectArgs, recordLocalInstaller, run } from './installer.mjs';
import { releasesDir } from './releases.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

export const EXIT_OK = 0;
export const EXIT_REFUSED = 1;
export const EXIT_USAGE = 2;

export const usage = `Ship a plugin version: upload its installer and write its release entry.

Usage: npm run release -- VERSION --file PATH [--channel stable|beta] [--remote]

  VERSION        1.2.3 (stable) or 1.2.3-beta.1 (beta channel only); must not exist yet
  --file PATH    the installer to ship
  --channel      stable (default: offered to every paid plan) or beta (only to plugins that ask)
  --remote       upload to the production bucket (wrangler logged in); default: the local
                 bucket of npm start
  --date DAY     the release date, YYYY-MM-DD (default: today, UTC)
  --summary TEXT the one-sentence summary (default: a TODO for the editor)

Then write the notes in src/content/releases/VERSION.mdx (every TODO), commit, and deploy.`;

/** Where the installer goes: the local bucket of `npm start`, or production. */
export type Destination = 'local' | 'remote';

/** One installer to put into the bucket. */
export interface Upload {
  key: string;
  file: string;
  where: Destination;
  sha256: string;
}

/** What the script talks to; tests pass their own. */
export interface ReleaseIo {
  /** Puts the installer `file` (whose SHA-256 is `sha256`) into the bucket at `key`. */
  put: (upload: Upload) => Promise<void>;
  out: (line: string) => void;
  err: (line: string) => void;
  now: () => Date;
  /** Where entries are written (default src/content/releases). */
  releasesDir?: string;
}

class Refusal extends Error {}

/** Size and SHA-256 (hex) of a file, read once as a stream (installers are large). */
export async function measure(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** The text of a new entry: the frontmatter filled in, the notes left for the editor. */
export function entryText(fields: {
  version: string;
  channel: ReleaseChannel;
  date: string;
  summary: string | undefined;
  installer: { key: string; size: number; sha256: string };
}): string {
  const stage = fields.channel === 'beta' ? 'Beta' : 'Release';
  const summary = fields.summary ?? `${UNFINISHED}: one sentence on what this version brings.`;
  return `---
version: ${fields.version}
stage: ${stage}
channel: ${fields.channel}
date: ${fields.date}
summary: ${JSON.stringify(summary)}
# Written by npm run release from the uploaded file: do not edit.
installer:
  key: ${fields.installer.key}
  size: ${fields.installer.size}
  sha256: ${fields.installer.sha256}
---

{/* The notes customers read on /changelog, in the feed and from the plugin's update check.
    Keep the sections that apply and delete the others: no build passes while a marker is left. */}

**New**

- ${UNFINISHED}

**Improved**

- ${UNFINISHED}

**Fixed**

- ${UNFINISHED}
`;
}

interface Options {
  version: string;
  file: string;
  channel: ReleaseChannel;
  where: Destination;
  date: string | undefined;
  summary: string | undefined;
}

function parse(argv: readonly string[]): Options {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: {
      file: { type: 'string' },
      channel: { type: 'string', default: 'stable' },
      remote: { type: 'boolean', default: false },
      date: { type: 'string' },
      summary: { type: 'string' },
    },
    allowPositionals: true,
  });
  const [version, ...extra] = positionals;
  if (!version) throw new UsageError('Missing VERSION.');
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}".`);
  if (!values.file) throw new UsageError('Missing --file PATH.');
  const channel = releaseChannels.find((name) => name === values.channel);
  if (!channel) throw new UsageError(`--channel must be ${releaseChannels.join(' or ')}.`);
  if (values.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.date)) {
    throw new UsageError('--date must be YYYY-MM-DD.');
  }
  return {
    version,
    file: values.file,
    channel,
    where: values.remote ? 'remote' : 'local',
    date: values.date,
    summary: values.summary,
  };
}

async function ship(options: Options, io: ReleaseIo): Promise<void> {
  const { version, channel } = options;
  if (!isVersion(version)) {
    throw new Refusal(`"${version}" is not a version: write 1.2.3, or 1.2.3-beta.1 for a beta.`);
  }
  if (channel === 'stable' && isPrerelease(version)) {
    throw new Refusal(`${version} is a pre-release: ship it with --channel beta.`);
  }
  const dir = io.releasesDir ?? releasesDir;
  const entryFile = join(dir, `${version}.mdx`);
  if (existsSync(entryFile)) {
    throw new Refusal(
      `${version} has been released already (${relative(root, entryFile)}). A shipped version never changes: release a new one.`,
    );
  }
  const file = resolve(options.file);
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) throw new Refusal(`${options.file} is not a file.`);
  if (info.size === 0) throw new Refusal(`${options.file} is empty.`);

  const { size, sha256 } = await measure(file);
  const key = installer.key(version);
  const date = options.date ?? io.now().toISOString().slice(0, 10);
  // Date would roll 2026-02-30 over into March: only a real day of the calendar is a date.
  if (new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) {
    throw new Refusal(`--date ${date} is not a day of the calendar.`);
  }
  const fields = {
    version,
    channel,
    date,
    summary: options.summary,
    installer: { key, size, sha256 },
  };
  // The build's own check of the frontmatter, before anything is uploaded (a summary still to
  // be written is checked as if it were): an impossible date stops here, not at the next build.
  const check = releaseEntrySchema.safeParse({
    ...fields,
    stage: 'Release',
    summary: options.summary ?? 'To be written.',
  });
  if (!check.success) {
    const issue = check.error.issues[0];
    throw new Refusal(`${issue?.path.join('.') ?? 'entry'}: ${issue?.message ?? 'invalid'}`);
  }

  io.out(`Uploading ${options.file} (${size} bytes) to the ${options.where} bucket as ${key}…`);
  await io.put({ key, file, where: options.where, sha256 });
  const text = entryText(fields);
  await writeFile(entryFile, text, { flag: 'wx' });
  io.out(`${version} (${channel}) uploaded: ${size} bytes, SHA-256 ${sha256}.`);
  io.out(`Wrote ${relative(root, entryFile)}.`);
  io.out(`Next: write its summary and notes (every ${UNFINISHED}), commit, and deploy.`);
  if (options.where === 'local')
    io.out('Locally: npm start shows it on /changelog and offers it to plugins.');
}

/** Runs the script with `argv` (without node and the script); resolves to the exit code. */
export async function main(argv: readonly string[], io: ReleaseIo): Promise<number> {
  let options: Options;
  try {
    options = parse(argv);
  } catch (error) {
    if (!isUsageError(error)) throw error;
    io.err(`${error.message}\n\n${usage}`);
    return EXIT_USAGE;
  }
  try {
    await ship(options, io);
    return EXIT_OK;
  } catch (error) {
    io.err(`release: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT_REFUSED;
  }
}

/** Puts the installer with wrangler; a local put is recorded, so `npm start` knows it is there. */
async function wranglerPut({ key, file, where, sha256 }: Upload): Promise<void> {
  const wrangler = join(root, 'node_modules', '.bin', 'wrangler');
  const env = { ...process.env, WRANGLER_SEND_METRICS: 'false' };
  await run(wrangler, putObjectArgs(await bucketName(), key, file, where), env);
  if (where === 'local') await recordLocalInstaller(key, sha256);
}

// Run only when started as a script, not when a test imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2), {
    put: wranglerPut,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    now: () => new Date(),
  });
}
