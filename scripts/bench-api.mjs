// npm run bench:api — load on the Worker's hot API paths and a static page, with autocannon.
// cspell:words autocannon
//
//   1. snapshot dist/ (built first if missing) into a temporary directory, so a concurrent
//      `npm run build` cannot change the assets under the benchmark
//   2. write development settings (ENVIRONMENT=development, fresh secrets, as scripts/start.mjs
//      does) to a temporary env file and apply the D1 migrations to a temporary local state
//   3. run `wrangler dev` on a free port (default 8799; `--port N` or BENCH_API_PORT) in its own
//      process group, and wait for /api/health
//   4. seed through the real API: a Trial account (bot-check token, e-mailed code read from
//      /dev/mailbox.json, verify, register), its license key, one activated device, a session token
//   5. per endpoint, `--duration` seconds (default 5) at 1 and at 50 connections; print a table
//      and PASS/FAIL per target (the usage report: its p50 at most twice /api/health's, same run)
//   6. stop wrangler (its whole process group) and delete the temporary files, also on Ctrl-C
//
// The API rate-limits the license calls and login per client IP (src/site.config.ts
// `limits.rateLimits`). Locally the Worker takes the client IP from CF-Connecting-IP as sent, so
// every request of the rate-limited endpoints gets an IP of its own: the figures are those of the
// hot path, not of the 429 answer. One extra row sends validate from a single IP to show the
// limiter itself; 429s are counted in their own column and are an expected answer, not an error.
//
// Exit status: 1 when any request failed at the socket level (error or timeout) or any answer was
// a 5xx, or when the server or the seeding failed; latency targets are reported, never fatal,
// since machines differ.
import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'node_modules', '.bin');

const { values: options } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.BENCH_API_PORT ?? '8799' },
    duration: { type: 'string', default: process.env.BENCH_API_DURATION ?? '5' },
  },
});
const PORT = Number(options.port);
const DURATION = Number(options.duration);
const CONNECTIONS = [1, 50];
const P50_TARGET_MS = 5;
const origin = `http://127.0.0.1:${PORT}`;

const childEnv = {
  ...process.env,
  PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`,
  WRANGLER_SEND_METRICS: 'false',
  CI: 'true',
};

// ---------------------------------------------------------------------------------------------
// Temporary state and the wrangler process, cleaned up however the script ends.

let work; // temporary directory
let wrangler; // the wrangler dev child (leader of its own process group)
let wranglerLog; // its output, shown when something fails
let cleaning;

function killGroup(signal) {
  try {
    process.kill(-wrangler.pid, signal);
  } catch {
    // already gone
  }
}

async function cleanup() {
  cleaning ??= (async () => {
    if (wrangler && wrangler.exitCode === null && wrangler.signalCode === null) {
      const exited = new Promise((resolve) => wrangler.once('exit', resolve));
      killGroup('SIGTERM');
      const timer = setTimeout(() => killGroup('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      // workerd may outlive wrangler for a moment; make sure the group is gone.
      killGroup('SIGKILL');
    }
    if (work) await rm(work, { recursive: true, force: true }).catch(() => {});
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    console.error(`\nbench:api: ${signal}, stopping wrangler`);
    await cleanup();
    process.exit(130);
  });
}

async function fail(message) {
  console.error(`bench:api: ${message}`);
  if (work && existsSync(join(work, 'wrangler.log'))) {
    const log = await readFile(join(work, 'wrangler.log'), 'utf8').catch(() => '');
    console.error(
      `--- last lines of wrangler dev's output ---\n${log.split('\n').slice(-40).join('\n')}`,
    );
  }
  await cleanup();
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// Setup.

function run(command, args, stdio = 'inherit') {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: childEnv, stdio });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** The settings scripts/start.mjs writes to .dev.vars, with fresh values, in an env file of ours. */
async function writeDevVars(file) {
  const jwk = (key) => `'${JSON.stringify(key.export({ format: 'jwk' }))}'`;
  const secret = () => randomBytes(32).toString('base64url');
  const vars = {
    ENVIRONMENT: 'development',
    JWT_SECRET: secret(),
    PASSWORD_PEPPER: secret(),
    LICENSE_SIGNING_KEY: jwk(generateKeyPairSync('ed25519').privateKey),
    DEV_STRIPE_WEBHOOK_SECRET: `whsec_${secret()}`,
  };
  const text = Object.entries(vars)
    .map(([name, value]) => `${name}=${value}\n`)
    .join('');
  await writeFile(file, text, { mode: 0o600 });
}

async function startWrangler() {
  wranglerLog = createWriteStream(join(work, 'wrangler.log'));
  wrangler = spawn(
    join(bin, 'wrangler'),
    [
      'dev',
      '--port',
      String(PORT),
      '--ip',
      '127.0.0.1',
      '--persist-to',
      join(work, 'state'),
      '--env-file',
      join(work, 'dev.vars'),
      '--assets',
      join(work, 'dist'),
      '--show-interactive-dev-session=false',
      '--live-reload=false',
    ],
    { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  wrangler.stdout.pipe(wranglerLog);
  wrangler.stderr.pipe(wranglerLog);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (wrangler.exitCode !== null) throw new Error(`wrangler dev exited (${wrangler.exitCode})`);
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('wrangler dev did not answer /api/health within 120 s');
}

// ---------------------------------------------------------------------------------------------
// Seeding through the real API.

const SEED_IP = '192.0.2.10';

async function api(method, path, body, headers = {}) {
  const response = await fetch(origin + path, {
    method,
    headers: {
      'CF-Connecting-IP': SEED_IP,
      ...(body ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text);
}

async function seed() {
  const stamp = `${Date.now()}-${randomBytes(3).toString('hex')}`;
  const email = `bench-${stamp}@example.com`;
  const password = 'Truss-Gusset-4821';
  const fingerprintId = `bench-fp-${stamp}`;
  const customerName = 'Bench Mark';
  const { token: recaptchaToken } = await api('POST', '/dev/botcheck/token', { action: 'signup' });
  await api('POST', '/api/send-verification-email', {
    customerName,
    email,
    plan: 'trial',
    recaptchaToken,
    fingerprintId,
  });
  let code;
  for (let i = 0; i < 60 && !code; i++) {
    const { messages } = await api('GET', `/dev/mailbox.json?to=${encodeURIComponent(email)}`);
    code = messages.find((message) => message.tag === 'verification-code')?.code;
    if (!code) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!code) throw new Error(`no verification code for ${email} in /dev/mailbox.json`);
  await api('POST', '/api/verify-email-code', { email, code });
  const signedIn = await api('POST', '/api/register-email-trial', {
    customerName,
    email,
    password,
    agreeToTerms: true,
    fingerprintId,
    plan: 'trial',
  });
  const device = { deviceId: `bench-device-${stamp}`, deviceName: 'Bench PC' };
  const licenseKey = signedIn.user.licenseKey;
  const activated = await api('POST', '/api/licenses/activate', { licenseKey, ...device });
  if (activated.status !== 'VALID') throw new Error(`activation answered ${activated.status}`);
  return { email, token: signedIn.token, licenseKey, device, plan: signedIn.user.plan };
}

// ---------------------------------------------------------------------------------------------
// The load.

// A distinct client IP per request (198.18.0.0/15 is reserved for benchmarks): 131 070 addresses,
// shared by all runs, so no address comes near the per-IP limits.
let ipCounter = 0;
function nextIp() {
  ipCounter = (ipCounter % 131_070) + 1;
  return `198.${18 + (ipCounter >> 16)}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}
let emailCounter = 0;
let versionCounter = 0;

function endpoints({ token, licenseKey, device }) {
  const json = { 'content-type': 'application/json' };
  return [
    { name: 'GET /api/health', path: '/api/health', expect: 200, hot: true },
    {
      name: 'GET /api/me (Bearer)',
      path: '/api/me',
      headers: { authorization: `Bearer ${token}` },
      expect: 200,
      hot: true,
    },
    {
      name: 'POST /api/licenses/validate',
      path: '/api/licenses/validate',
      method: 'POST',
      headers: json,
      body: JSON.stringify({ licenseKey, deviceId: device.deviceId }),
      perRequestIp: true,
      expect: 200,
      hot: true,
    },
    {
      // Within a minute of the last one, validate only reads (last seen is written at most once
      // a minute); a new app version is written at once, so alternating it makes every call of
      // this row pay the write too, as a plugin's first validation of the day does.
      name: 'POST /api/licenses/validate (writes)',
      path: '/api/licenses/validate',
      method: 'POST',
      headers: json,
      perRequestIp: true,
      perRequestBody: () =>
        JSON.stringify({
          licenseKey,
          deviceId: device.deviceId,
          appVersion: `1.0.${++versionCounter % 2}`,
        }),
      expect: 200,
      hot: true,
    },
    {
      name: 'POST /api/licenses/activate (again)',
      path: '/api/licenses/activate',
      method: 'POST',
      headers: json,
      body: JSON.stringify({ licenseKey, ...device }),
      perRequestIp: true,
      expect: 200,
      hot: true,
    },
    {
      // The plugin's usage report: a new batch id per request (a retry of the same batch is
      // acknowledged without a write), a day's uses of two commands; counted for real.
      name: 'POST /api/usage/report',
      path: '/api/usage/report',
      method: 'POST',
      headers: json,
      perRequestIp: true,
      perRequestBody: () =>
        JSON.stringify({
          licenseKey,
          deviceId: device.deviceId,
          batchId: randomUUID(),
          appVersion: '1.0.0',
          events: [
            { feature: 'renumber-views', day: new Date().toISOString().slice(0, 10), count: 3 },
            { feature: 'cad-import', day: new Date().toISOString().slice(0, 10), count: 1 },
          ],
        }),
      expect: 200,
      hot: true,
      relativeToHealth: 2,
    },
    {
      // Unknown e-mails run the same one PBKDF2 hash as a wrong password for a real account
      // (login.ts), and a new e-mail per request keeps the per-e-mail limit out of the figures.
      name: 'POST /api/login (wrong password)',
      path: '/api/login',
      method: 'POST',
      headers: json,
      perRequestIp: true,
      perRequestBody: () =>
        JSON.stringify({ email: `nobody-${++emailCounter}@example.com`, password: 'Wrong-Pass-1' }),
      expect: 401,
      hot: false,
    },
    { name: 'GET /pricing (static)', path: '/pricing', expect: 200, hot: true },
  ];
}

/** The single-IP variant of validate: shows the limiter answering 429 under load. */
function singleIpValidate(endpoint) {
  return {
    ...endpoint,
    name: 'POST /api/licenses/validate, one IP',
    perRequestIp: false,
    headers: { ...endpoint.headers, 'cf-connecting-ip': '192.0.2.99' },
    hot: false,
    informational: true,
  };
}

/** One sanity request with the expected status, before measuring. */
async function check(endpoint) {
  const response = await fetch(origin + endpoint.path, {
    method: endpoint.method ?? 'GET',
    headers: { ...endpoint.headers, 'cf-connecting-ip': nextIp() },
    body: endpoint.perRequestBody?.() ?? endpoint.body,
  });
  const text = await response.text();
  if (response.status !== endpoint.expect)
    throw new Error(
      `${endpoint.name}: expected ${endpoint.expect}, got ${response.status} ${text}`,
    );
  if (/^\/api\/(licenses|usage)\//.test(endpoint.path) && JSON.parse(text).status !== 'VALID')
    throw new Error(`${endpoint.name}: answered ${text}`);
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function load(endpoint, connections) {
  const latencies = [];
  const statuses = {};
  const request = {
    method: endpoint.method ?? 'GET',
    path: endpoint.path,
    headers: endpoint.headers ?? {},
    ...(endpoint.body ? { body: endpoint.body } : {}),
  };
  if (endpoint.perRequestIp || endpoint.perRequestBody) {
    request.setupRequest = (req) => ({
      ...req,
      headers: {
        ...req.headers,
        ...(endpoint.perRequestIp ? { 'cf-connecting-ip': nextIp() } : {}),
      },
      ...(endpoint.perRequestBody ? { body: endpoint.perRequestBody() } : {}),
    });
  }
  const instance = autocannon({
    url: origin,
    connections,
    duration: DURATION,
    requests: [request],
    timeout: 10,
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const count = (test) =>
    Object.entries(statuses)
      .filter(([code]) => test(Number(code)))
      .reduce((sum, [, n]) => sum + n, 0);
  return {
    endpoint: endpoint.name,
    conns: connections,
    'req/s': Math.round(latencies.length / (result.duration || DURATION)),
    'p50 ms': Number(percentile(latencies, 50).toFixed(2)),
    'p99 ms': Number(percentile(latencies, 99).toFixed(2)),
    requests: latencies.length,
    errors: result.errors + result.timeouts,
    '2xx': count((code) => code >= 200 && code < 300),
    '4xx (not 429)': count((code) => code >= 400 && code < 500 && code !== 429),
    '429s': count((code) => code === 429),
    '5xx': count((code) => code >= 500),
    unexpected: count((code) => code !== endpoint.expect && code !== 429),
    hot: endpoint.hot,
    informational: endpoint.informational ?? false,
    relativeToHealth: endpoint.relativeToHealth,
  };
}

// ---------------------------------------------------------------------------------------------

async function main() {
  if (!(Number.isInteger(PORT) && PORT > 0 && PORT < 65536)) await fail(`bad --port ${PORT}`);
  if (!(DURATION > 0)) await fail(`bad --duration ${DURATION}`);
  if (!(await portIsFree(PORT))) await fail(`port ${PORT} is in use; pass --port N`);

  if (!existsSync(join(root, 'dist', 'index.html'))) {
    console.log('bench:api: dist/ is missing, building the site first');
    await run('npm', ['run', 'build']);
  }
  work = await mkdtemp(join(tmpdir(), 'sw-bench-api-'));
  await cp(join(root, 'dist'), join(work, 'dist'), { recursive: true });
  await writeDevVars(join(work, 'dev.vars'));
  console.log('bench:api: applying migrations to a temporary local D1');
  await run(
    join(bin, 'wrangler'),
    ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', join(work, 'state')],
    ['ignore', 'ignore', 'inherit'],
  );
  console.log(`bench:api: starting wrangler dev on ${origin}`);
  await startWrangler();

  const account = await seed();
  console.log(
    `bench:api: seeded ${account.email} (${account.plan}), license ${account.licenseKey}, device ${account.device.deviceId}`,
  );

  const list = endpoints(account);
  list.push(singleIpValidate(list[2]));
  // Warm-up: the first requests compile the isolate and prepare the D1 statements.
  for (const endpoint of list.filter((e) => !e.informational)) {
    for (let i = 0; i < 20; i++) await check(endpoint);
  }

  const rows = [];
  const started = Date.now();
  const loadBefore = loadavg()[0].toFixed(2);
  for (const endpoint of list) {
    for (const connections of endpoint.informational ? [50] : CONNECTIONS) {
      process.stdout.write(`bench:api: ${endpoint.name} at ${connections} connection(s)… `);
      const row = await load(endpoint, connections);
      console.log(`${row['req/s']} req/s, p50 ${row['p50 ms']} ms`);
      rows.push(row);
    }
  }
  const seconds = Math.round((Date.now() - started) / 1000);

  console.log(
    `\nAPI benchmark (${DURATION} s per row, ${cpus().length} CPU cores, local wrangler dev / Miniflare, not production; 1-min load average ${loadBefore} before the load):`,
  );
  console.table(
    rows.map(({ hot: _hot, informational: _info, relativeToHealth: _relative, ...row }) => row),
  );
  console.log(
    '429 = rate-limited answers (expected under load, not errors). The per-IP limited endpoints get a distinct CF-Connecting-IP per request,',
  );
  console.log(
    `except the "one IP" row; login uses a new unknown e-mail per request (still one PBKDF2 hash). Load phase: ${seconds} s.\n`,
  );

  const verdicts = [];
  for (const row of rows.filter((r) => r.hot && r.conns === 1)) {
    verdicts.push([
      `p50 < ${P50_TARGET_MS} ms at 1 connection: ${row.endpoint}`,
      row['p50 ms'] < P50_TARGET_MS,
      `${row['p50 ms']} ms`,
      false,
    ]);
  }
  // A bound against /api/health in the same run: an absolute figure moves with the machine's load.
  const health = rows.find((r) => r.endpoint === 'GET /api/health' && r.conns === 1);
  for (const row of rows.filter((r) => r.relativeToHealth && r.conns === 1)) {
    const bound = row.relativeToHealth * (health?.['p50 ms'] ?? NaN);
    verdicts.push([
      `p50 ≤ ${row.relativeToHealth} × GET /api/health's at 1 connection: ${row.endpoint}`,
      row['p50 ms'] <= bound,
      `${row['p50 ms']} ms ≤ ${bound.toFixed(2)} ms`,
      false,
    ]);
  }
  for (const row of rows.filter((r) => r.conns === 50)) {
    verdicts.push([
      `no errors, no 5xx at 50 connections: ${row.endpoint}`,
      row.errors === 0 && row['5xx'] === 0,
      `${row.errors} errors, ${row['5xx']} 5xx`,
      true,
    ]);
  }
  for (const row of rows.filter((r) => r.conns === 1)) {
    if (row.errors + row['5xx'] > 0)
      verdicts.push([`no errors, no 5xx at 1 connection: ${row.endpoint}`, false, '', true]);
  }
  for (const row of rows.filter((r) => r.unexpected > 0)) {
    console.log(
      `note: ${row.endpoint} at ${row.conns}: ${row.unexpected} answer(s) with an unexpected status`,
    );
  }
  let fatal = false;
  for (const [target, ok, detail, isFatal] of verdicts) {
    console.log(`${ok ? 'PASS' : 'FAIL'}  ${target}${detail ? ` (${detail})` : ''}`);
    if (!ok && isFatal) fatal = true;
  }
  console.log(
    fatal
      ? '\nbench:api: errors or 5xx answers under load (exit 1)'
      : '\nbench:api: no errors and no 5xx (latency targets are informational: machines differ)',
  );
  await cleanup();
  process.exit(fatal ? 1 : 0);
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
