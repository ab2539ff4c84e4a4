// The Worker's cold start, for `npm run bench` (all of it, or `npm run bench -- --only startup`):
// the CPU it spends before it can answer its first request, as `wrangler check startup` profiles
// it, next to a bare Hono Worker profiled in the same run, and the size of what a deploy uploads
// (every module: the entry and its chunks). Budgets and how to read the figures: docs/performance.md,
// "Cold start".
//
// `wrangler check startup` builds the Worker as `wrangler deploy` does (the [build] command, a
// production build) and loads it in a local workerd with the CPU profiler on; its "Active" time
// is the CPU of that first load. The profiler samples about once a millisecond, so one run is
// noisy: each Worker is profiled BENCH_STARTUP_RUNS times (default 5), taking turns, and the
// medians are compared. The bare Worker (a Hono app with one route, bundled by wrangler) is the
// yardstick of what any Worker costs on this machine at this moment.
import { execFile } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Miniflare } from 'miniflare';

const root = fileURLToPath(new URL('..', import.meta.url));
const wrangler = join(root, 'node_modules', '.bin', 'wrangler');

/** Startup CPU of the Worker, median of the runs. */
export const STARTUP_CPU_BUDGET_MS = 50;
/** ...and at most this many times the bare Hono Worker's median of the same run. */
export const STARTUP_VS_BARE = 3;
/** Everything a deploy uploads (entry and chunks), gzipped. */
export const BUNDLE_GZIP_BUDGET_KIB = 800;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Runs `wrangler check startup` in `cwd`; answers its Active time (ms) and bundle sizes (KiB). */
function checkStartup(cwd, args = []) {
  const outfile = join(tmpdir(), `startup-${process.pid}-${Date.now()}.cpuprofile`);
  return new Promise((resolve, reject) => {
    execFile(
      wrangler,
      ['check', 'startup', '--outfile', outfile, ...args],
      {
        cwd,
        env: {
          ...process.env,
          PATH: `${join(root, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`,
          WRANGLER_SEND_METRICS: 'false',
          NO_COLOR: '1',
          // A production build, whatever the shell says (scripts/build-worker.mjs).
          WORKER_BUILD: 'production',
        },
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        rmSync(outfile, { force: true });
        const text = `${stdout}\n${stderr}`;
        const active = /Active:\s*([\d.]+)\s*ms/.exec(text);
        const bundle = /Bundle:\s*([\d.]+)\s*KiB\s*\/\s*gzip:\s*([\d.]+)\s*KiB/.exec(text);
        if (error || !active || !bundle) {
          reject(new Error(`wrangler check startup failed in ${cwd}:\n${text.slice(-2000)}`));
          return;
        }
        resolve({ ms: Number(active[1]), kib: Number(bundle[1]), gzipKib: Number(bundle[2]) });
      },
    );
  });
}

/** A Hono Worker with one route, with the project's compatibility settings, in a scratch folder. */
function writeBareWorker() {
  // Inside the project, so `hono` resolves from its node_modules.
  const parent = join(root, '.wrangler', 'bench');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, 'bare-hono-'));
  writeFileSync(
    join(dir, 'index.js'),
    "import { Hono } from 'hono';\n\nexport default new Hono().get('/', (c) => c.text('ok'));\n",
  );
  writeFileSync(
    join(dir, 'wrangler.toml'),
    'name = "bare-hono"\nmain = "index.js"\ncompatibility_date = "2026-11-01"\n' +
      'compatibility_flags = ["nodejs_compat"]\n',
  );
  return dir;
}

/**
 * Profiles the Worker and the bare one `runs` times each, taking turns. Answers the figures, a
 * table to print and the budgets missed (sentences).
 */
export async function benchStartup({ runs = 5, log = console.log } = {}) {
  const bare = writeBareWorker();
  // The site's build is not needed to profile the Worker: an empty folder stands in for dist/.
  const assets = mkdtempSync(join(tmpdir(), 'startup-assets-'));
  const worker = [];
  const yardstick = [];
  try {
    for (let i = 0; i < runs; i++) {
      const order = i % 2 === 0 ? ['worker', 'bare'] : ['bare', 'worker'];
      for (const who of order) {
        if (who === 'worker') worker.push(await checkStartup(root, [`--args=--assets ${assets}`]));
        else yardstick.push(await checkStartup(bare));
      }
      log(
        `  run ${i + 1}/${runs}: Worker ${worker.at(-1).ms.toFixed(1)} ms, bare Hono ${yardstick.at(-1).ms.toFixed(1)} ms`,
      );
    }
  } finally {
    rmSync(bare, { recursive: true, force: true });
    rmSync(assets, { recursive: true, force: true });
  }
  const ms = (list) => list.map((run) => run.ms);
  const workerMs = median(ms(worker));
  const bareMs = median(ms(yardstick));
  // The profiler can miss a Worker that starts within its first sample: a bare median of 0 ms
  // says nothing, and then no ratio is judged.
  const ratio = bareMs > 0 ? workerMs / bareMs : NaN;
  const { kib, gzipKib } = worker[0];
  const failures = [];
  if (workerMs > STARTUP_CPU_BUDGET_MS)
    failures.push(
      `startup CPU ${workerMs.toFixed(1)} ms is over ${STARTUP_CPU_BUDGET_MS} ms (median of ${runs})`,
    );
  if (ratio > STARTUP_VS_BARE)
    failures.push(
      `startup CPU is ${ratio.toFixed(1)} × the bare Hono Worker's ${bareMs.toFixed(1)} ms (at most ${STARTUP_VS_BARE} ×)`,
    );
  if (gzipKib > BUNDLE_GZIP_BUDGET_KIB)
    failures.push(`bundle ${gzipKib.toFixed(1)} KiB gzipped is over ${BUNDLE_GZIP_BUDGET_KIB} KiB`);
  const spread = (list) =>
    `${Math.min(...ms(list)).toFixed(1)}–${Math.max(...ms(list)).toFixed(1)} ms`;
  const rows = [
    {
      measure: 'startup CPU (median)',
      Worker: `${workerMs.toFixed(1)} ms`,
      'bare Hono': `${bareMs.toFixed(1)} ms`,
      budget: `≤ ${STARTUP_CPU_BUDGET_MS} ms and ≤ ${STARTUP_VS_BARE} × bare`,
      verdict:
        workerMs > STARTUP_CPU_BUDGET_MS || ratio > STARTUP_VS_BARE
          ? 'OVER'
          : Number.isNaN(ratio)
            ? 'ok (bare at 0 ms: no ratio)'
            : `ok (${ratio.toFixed(1)} ×)`,
    },
    {
      measure: `startup CPU (range of ${runs})`,
      Worker: spread(worker),
      'bare Hono': spread(yardstick),
      budget: '',
      verdict: '',
    },
    {
      measure: 'bundle uploaded (gzip)',
      Worker: `${kib.toFixed(1)} KiB (${gzipKib.toFixed(1)} KiB)`,
      'bare Hono': `${yardstick[0].kib.toFixed(1)} KiB (${yardstick[0].gzipKib.toFixed(1)} KiB)`,
      budget: `≤ ${BUNDLE_GZIP_BUDGET_KIB} KiB gzip`,
      verdict: gzipKib > BUNDLE_GZIP_BUDGET_KIB ? 'OVER' : 'ok',
    },
  ];
  return { workerMs, bareMs, ratio, kib, gzipKib, rows, failures };
}

/** The production build `wrangler check startup` leaves behind (wrangler.toml `main`). */
const BUILT = join(root, '.wrangler', 'worker');

/** The built entry and its chunks, as Miniflare's module list. */
function builtModules() {
  const files = [
    'index.mjs',
    ...readdirSync(join(BUILT, 'chunks'))
      .filter((file) => file.endsWith('.mjs'))
      .map((file) => `chunks/${file}`),
  ];
  return Object.fromEntries(
    files.map((file) => [file, { type: 'esm', contents: readFileSync(join(BUILT, file), 'utf8') }]),
  );
}

/** Calls whose first answer is timed: the plugin's license check, and a call of the site's own. */
const FIRST_CALLS = [
  { name: "plugin's validate", path: '/api/licenses/validate', body: { licenseKey: 'x' } },
  { name: "site's sign-in", path: '/api/login', body: { email: 'x' } },
];

/**
 * How long the first answer of a Worker that just started takes, next to the same call once it
 * is warm: the startup profile above leaves out what the first request loads (the app its path
 * needs, functions/app-for-path.ts). Each sample starts the production build in a new local
 * workerd (Miniflare) and times the first call and then the median of seven more, from Node, so
 * both include the loopback's own time. The calls are refused by validation (400), which needs
 * no data: the time is the Worker's, not the database's.
 */
export async function benchFirstAnswer({ runs = 5, log = console.log } = {}) {
  const modules = builtModules();
  const text = (value) => ({ type: 'text', value });
  const secret = () => text(randomBytes(32).toString('base64url'));
  const key = JSON.stringify(generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }));
  const rows = [];
  for (const call of FIRST_CALLS) {
    const first = [];
    const warm = [];
    for (let i = 0; i < runs; i++) {
      const mf = new Miniflare({
        enableDevRegistry: false,
        logRequests: false,
        telemetry: { enabled: false },
        workers: [
          {
            config: {
              name: 'first-answer',
              compatibilityDate: '2026-11-01',
              compatibilityFlags: ['nodejs_compat'],
              manifest: { mainModule: 'index.mjs', modules },
              env: {
                DB: { type: 'd1', id: 'first-answer' },
                ENVIRONMENT: text('production'),
                SITE_ORIGIN: text('https://sheetwright.test'),
                JWT_SECRET: secret(),
                PASSWORD_PEPPER: secret(),
                LICENSE_SIGNING_KEY: text(key),
              },
            },
          },
        ],
      });
      try {
        await mf.ready;
        const ask = async () => {
          const started = performance.now();
          const response = await mf.dispatchFetch(`https://sheetwright.test${call.path}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(call.body),
          });
          await response.text();
          if (response.status !== 400)
            throw new Error(`${call.path} answered ${response.status}, not the expected 400`);
          return performance.now() - started;
        };
        first.push(await ask());
        const again = [];
        for (let j = 0; j < 7; j++) again.push(await ask());
        warm.push(median(again));
      } finally {
        await mf.dispose();
      }
    }
    log(`  ${call.name}: first answers ${first.map((ms) => ms.toFixed(1)).join(', ')} ms`);
    rows.push({
      measure: `first answer, ${call.name} (median of ${runs})`,
      Worker: `${median(first).toFixed(1)} ms (warm ${median(warm).toFixed(1)} ms)`,
      'bare Hono': '',
      budget: '',
      verdict: '',
    });
  }
  return { rows };
}
