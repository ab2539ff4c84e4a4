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
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
