// Development installers: one small stand-in file per release whose entry describes one, and the
// `npm start` step that puts them into the local R2 bucket so downloads work offline.
//
//   node scripts/installer.mjs write [dir]   writes the stand-ins into dir (default .wrangler/installers)
//   node scripts/installer.mjs seed          puts them into the local R2 bucket (`npm start` runs it)
//
// The files are deterministic text stubs named like the real installers (site.config `installer`),
// with a header that says plainly they are development builds. The repository's own releases
// (0.1.0, 1.0.0) have no real installer: their entries carry the stand-ins' size and SHA-256, so
// the update check signs what the local bucket holds. A release made with `npm run release`
// carries its real file's values; that script puts the file and records it here.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
// Node 22 strips the types of site.config.ts itself: key and file name have one source.
import { installer, site } from '../src/site.config.ts';
import { readReleases } from './releases.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Size of each stand-in (about): big enough to look like a download, small enough to seed instantly. */
const SIZE = 4096;

/** The stand-in installer of `version`: the same bytes every time. */
export function installerBytes(version) {
  const header = [
    `${site.product.toUpperCase()} DEVELOPMENT BUILD - NOT A REAL INSTALLER`,
    '',
    `Product: ${site.product}`,
    `Version: ${version}`,
    `File:    ${installer.fileName(version)}`,
    '',
    'This file stands in for the plugin installer in local development. `npm start` generates',
    'it (scripts/installer.mjs) and puts it into the local R2 bucket, so the download on the',
    'dashboard can be tried without the real installer. It is not a program and cannot be run.',
    '',
  ].join('\n');
  const lines = [header];
  let length = Buffer.byteLength(header);
  for (let n = 1; length < SIZE; n += 1) {
    const line = `${String(n).padStart(4, '0')} ${site.product} ${version} development build padding\n`;
    lines.push(line);
    length += Buffer.byteLength(line);
  }
  return Buffer.from(lines.join(''));
}

/** SHA-256 (hex) of bytes. */
export function sha256Hex(bytes) {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Writes every version's stand-in into `dir`; answers [{ version, key, file, sha256 }]. */
export async function writeInstallers(dir, versions) {
  await mkdir(dir, { recursive: true });
  const written = [];
  for (const version of versions) {
    const bytes = installerBytes(version);
    const file = join(dir, installer.fileName(version));
    await writeFile(file, bytes);
    const sha256 = sha256Hex(bytes);
    written.push({ version, key: installer.key(version), file, sha256 });
  }
  return written;
}

/** The R2 bucket of the DOWNLOADS binding, read from wrangler.toml (one source for its name). */
export async function bucketName() {
  const toml = await readFile(join(root, 'wrangler.toml'), 'utf8');
  const name = /\[\[r2_buckets\]\][^[]*?bucket_name\s*=\s*"([^"]+)"/.exec(toml)?.[1];
  if (!name) throw new Error('wrangler.toml: no [[r2_buckets]] bucket_name');
  return name;
}

/** Runs a command to completion, its errors shown; rejects when it fails. */
export function run(command, args, env) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolvePromise()
        : reject(new Error(`${command} ${args.join(' ')} failed (exit ${code})`)),
    );
  });
}

const manifestFile = join(root, '.wrangler', 'state', 'installers-seeded.json');

async function readManifest() {
  return existsSync(manifestFile) ? JSON.parse(await readFile(manifestFile, 'utf8')) : {};
}

/**
 * Remembers that the local bucket holds the object `key` with this SHA-256 (`undefined`: no
 * longer), so later starts do not put it again. `npm run release` records what it puts too.
 */
export async function recordLocalInstaller(key, sha256) {
  const seeded = await readManifest();
  if (sha256 === undefined) delete seeded[key];
  else seeded[key] = sha256;
  await mkdir(join(root, '.wrangler', 'state'), { recursive: true });
  await writeFile(manifestFile, `${JSON.stringify(seeded, null, 2)}\n`);
}

/** The wrangler arguments that put `file` at `key` into the bucket, locally or in production. */
export function putObjectArgs(bucket, key, file, where) {
  return [
    'r2',
    'object',
    'put',
    `${bucket}/${key}`,
    where === 'remote' ? '--remote' : '--local',
    '--file',
    file,
    '--content-type',
    'application/octet-stream',
  ];
}

/**
 * Puts a stand-in per release that describes one into the local bucket (`wrangler r2 object put
 * --local`), skipping the ones already there: a manifest of what was put (key → SHA-256) lives
 * beside the local storage in .wrangler/state, so deleting that state re-seeds, and an unchanged
 * start costs no wrangler call at all. A release with a real installer that this clone never put
 * is named, since its download answers DOWNLOAD_UNAVAILABLE until someone puts the file.
 */
export async function seedLocalInstallers({ wrangler, env }) {
  const seeded = await readManifest();
  const releases = await readReleases();
  const standIns = await writeInstallers(
    join(root, '.wrangler', 'installers'),
    releases.map((release) => release.version),
  );
  const missing = [];
  for (const [index, release] of releases.entries()) {
    const standIn = standIns[index];
    const { key, sha256 } = release.installer;
    if (seeded[key] === sha256) continue;
    if (standIn.sha256 === sha256) missing.push({ ...standIn, key });
    else
      console.warn(
        `installer: ${release.version} has a real installer that is not in the local bucket; ` +
          `put it with wrangler r2 object put ${await bucketName()}/${key} --local --file PATH`,
      );
  }
  if (missing.length === 0) return [];
  const bucket = await bucketName();
  for (const item of missing) {
    await run(wrangler, putObjectArgs(bucket, item.key, item.file, 'local'), env);
    // Recorded after each put, so an interrupted seeding resumes where it stopped.
    await recordLocalInstaller(item.key, item.sha256);
  }
  return missing.map((item) => item.version);
}

// Run only as a script, so tests can import the functions above.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const [command, dir] = process.argv.slice(2);
  if (command === 'seed') {
    const seeded = await seedLocalInstallers({
      wrangler: join(root, 'node_modules', '.bin', 'wrangler'),
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    });
    if (seeded.length > 0) console.log(`installer: seeded ${seeded.join(', ')} into local R2`);
  } else if (command === 'write') {
    const out = resolve(dir ?? join(root, '.wrangler', 'installers'));
    const versions = (await readReleases()).map((release) => release.version);
    for (const item of await writeInstallers(out, versions)) {
      console.log(`${item.file}  (${item.key})`);
    }
  } else {
    console.error('usage: node scripts/installer.mjs seed | write [dir]');
    process.exit(2);
  }
}
