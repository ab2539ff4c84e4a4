// `npm start`: from a fresh clone to site + API on http://localhost:8787 (DESIGN §2).
//
//   1. build the site and search index (`npm run build`; `--no-build` reuses an existing dist/)
//   2. write .dev.vars with development secrets if it (or a key in it) is missing
//   3. apply the D1 migrations to the local database
//   4. run `wrangler dev`, forwarding Ctrl-C / SIGTERM to it
//
// Everything runs non-interactively (CI, no TTY) and offline.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { appendFile, readFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'node_modules', '.bin');
// PORT lets the end-to-end tests run their own server beside a developer's.
const PORT = Number(process.env.PORT ?? 8787);

// Children find Node 22 and the project's tools first even when this script was started with an
// older system `node`; metrics stay off because there is no network here.
const childEnv = {
  ...process.env,
  PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`,
  WRANGLER_SEND_METRICS: 'false',
};

const secret = () => randomBytes(32).toString('base64url');

// Written to .dev.vars when absent. Later features add their secrets here (and to the
// [secrets] list in wrangler.toml, without which wrangler does not load them).
const devVars = {
  ENVIRONMENT: () => 'development',
  JWT_SECRET: secret,
  PASSWORD_PEPPER: secret,
};

/** Runs a command to completion with inherited output; rejects when it fails. */
function run(command, args, env = childEnv) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

async function build(args) {
  const dist = join(root, 'dist');
  if (args.includes('--no-build') && existsSync(dist)) {
    console.log('start: --no-build given, reusing dist/');
    return;
  }
  if (args.includes('--no-build'))
    console.log('start: --no-build given but dist/ is missing; building');
  await run('npm', ['run', 'build']);
}

/** Creates .dev.vars, or adds keys a newer version needs, never changing existing values. */
async function ensureDevVars() {
  const file = join(root, '.dev.vars');
  const current = existsSync(file) ? await readFile(file, 'utf8') : '';
  const present = new Set(current.split('\n').map((line) => line.split('=')[0]?.trim()));
  const missing = Object.entries(devVars).filter(([name]) => !present.has(name));
  if (missing.length === 0) return;
  const header =
    current === ''
      ? '# Local development settings, written by scripts/start.mjs. Never commit.\n'
      : '';
  const separator = current !== '' && !current.endsWith('\n') ? '\n' : '';
  const lines = missing.map(([name, value]) => `${name}=${value()}\n`).join('');
  await appendFile(file, `${separator}${header}${lines}`, { mode: 0o600 });
  console.log(`start: wrote ${missing.map(([name]) => name).join(', ')} to .dev.vars`);
}

async function migrate() {
  // CI=true makes wrangler skip its "Ok to proceed?" prompt even when run from a terminal.
  await run(join(bin, 'wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local'], {
    ...childEnv,
    CI: 'true',
  });
}

/** Runs wrangler dev in the foreground until it exits; this process exits with its status. */
function serve() {
  const child = spawn(
    join(bin, 'wrangler'),
    ['dev', '--port', String(PORT), '--ip', '127.0.0.1', '--show-interactive-dev-session=false'],
    { cwd: root, env: childEnv, stdio: 'inherit' },
  );
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      stopping = true;
      child.kill(signal);
    });
  }
  // A stop we asked for is a clean exit; wrangler dying from a signal on its own is not.
  child.on('exit', (code, signal) => process.exit(code ?? (signal && !stopping ? 1 : 0)));
}

const KNOWN_FLAGS = new Set(['--no-build']);
const args = process.argv.slice(2);
for (const flag of args.filter((arg) => !KNOWN_FLAGS.has(arg))) {
  console.warn(`start: ignoring unknown option ${flag}`);
}
try {
  await build(args);
  await ensureDevVars();
  await migrate();
} catch (error) {
  console.error(`start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
console.log(`start: starting wrangler dev on http://localhost:${PORT}`);
serve();
