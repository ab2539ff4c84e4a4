// npm run bench — per public page of the build: the JavaScript and total bytes (gzip) a browser
// loads, and Lighthouse (mobile) scores when Chromium is present. Serves dist/ the way Cloudflare's
// assets binding does (clean URLs, gzip, dist/_headers) so the figures match production.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromiumArgs, chromiumPath, publicRoutes } from '../tests/browser.ts';

const dist = new URL('../dist/', import.meta.url).pathname;
// The account pages are islands (forms); listed so their weight stays visible too.
const pages = [...publicRoutes, '/login', '/signup?plan=trial'];
const lighthousePages = ['/', '/pricing', '/features', '/privacy'];
const JS_BUDGET_NO_ISLAND = 20 * 1024;
// Pages with a budget of their own: /search loads Pagefind and a framework-free script (issue 11).
const JS_BUDGET_BY_PATH = { '/search': 30 * 1024 };
const LIGHTHOUSE_TARGET = 95;

if (!existsSync(join(dist, 'index.html'))) execSync('npm run build', { stdio: 'inherit' });

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
  '.wasm': 'application/wasm',
  '.pf_meta': 'application/octet-stream',
  '.pf_fragment': 'application/octet-stream',
  '.pf_index': 'application/octet-stream',
  '.pf_filter': 'application/octet-stream',
  '.woff2': 'font/woff2',
};

/** Parses Cloudflare's `_headers` file into [pattern RegExp, headers] rules. */
function headerRules() {
  const file = join(dist, '_headers');
  if (!existsSync(file)) return [];
  const rules = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const pattern = new RegExp(
        `^${line
          .trim()
          .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
          .replace(/\*/g, '.*')}$`,
      );
      rules.push([pattern, {}]);
    } else if (rules.length) {
      const i = line.indexOf(':');
      rules.at(-1)[1][line.slice(0, i).trim()] = line.slice(i + 1).trim();
    }
  }
  return rules;
}

function resolveFile(pathname) {
  const clean = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  for (const candidate of [clean, `${clean}.html`, join(clean, 'index.html')]) {
    const file = join(dist, candidate);
    if (file.startsWith(dist) && existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

function startServer() {
  const rules = headerRules();
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url, 'http://x');
    const file = resolveFile(pathname) ?? join(dist, '404.html');
    const status = resolveFile(pathname) ? 200 : 404;
    let body = readFileSync(file);
    const headers = { 'content-type': types[extname(file)] ?? 'application/octet-stream' };
    for (const [pattern, values] of rules)
      if (pattern.test(pathname)) Object.assign(headers, values);
    if (
      /text|javascript|json|svg|wasm/.test(headers['content-type']) &&
      /gzip/.test(req.headers['accept-encoding'] ?? '')
    ) {
      body = gzipSync(body);
      headers['content-encoding'] = 'gzip';
    }
    res.writeHead(status, headers).end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const kib = (n) => `${n / 1024} KB`;
/** 'ok' or 'OVER 20 KB'; a page with its own budget names it when within it too. */
function budgetLabel(budget, ok, own) {
  if (budget === undefined) return 'n/a';
  if (!ok) return `OVER ${kib(budget)}`;
  return own ? `ok (≤ ${kib(budget)})` : 'ok';
}
const server = await startServer();
const origin = `http://127.0.0.1:${server.address().port}`;

if (!existsSync(chromiumPath)) {
  console.log(`Chromium not found at ${chromiumPath}: install Debian's chromium to measure pages.`);
  server.close();
  process.exit(0);
}

const { chromium } = await import('@playwright/test');
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: chromiumArgs,
});
const rows = [];
let budgetFailures = 0;
for (const path of pages) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const loads = [];
  page.on('response', (response) => loads.push(response));
  await page.goto(origin + path, { waitUntil: 'networkidle' });
  let js = 0;
  let total = 0;
  for (const response of loads) {
    const body = await response.body().catch(() => Buffer.alloc(0));
    // Media is sent as is; everything else is measured as the gzip a CDN would send.
    const size = /video|image\/(png|jpeg|webp)/.test(response.headers()['content-type'] ?? '')
      ? body.length
      : gzipSync(body).length;
    total += size;
    if (response.request().resourceType() === 'script') js += size;
  }
  const hasIsland = (await page.locator('astro-island').count()) > 0;
  const ownBudget = JS_BUDGET_BY_PATH[new URL(path, origin).pathname];
  const budget = ownBudget ?? (hasIsland ? undefined : JS_BUDGET_NO_ISLAND);
  const ok = budget === undefined || js <= budget;
  if (!ok) budgetFailures++;
  rows.push({
    page: path,
    island: hasIsland ? 'yes' : 'no',
    'JS (gzip)': kb(js),
    'total (gzip)': kb(total),
    requests: loads.length,
    'JS budget': budgetLabel(budget, ok, ownBudget !== undefined),
  });
  await context.close();
}
await browser.close();
console.log('\nBytes loaded per page (gzip; images and video as sent):');
console.table(rows);

let lighthouseFailures = 0;
if (process.env.BENCH_SKIP_LIGHTHOUSE !== '1') {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const scores = [];
  for (const path of lighthousePages) {
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumPath,
      chromeFlags: ['--headless=new', ...chromiumArgs],
    });
    try {
      const result = await lighthouse(origin + path, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
      });
      const c = result.lhr.categories;
      if (result.lhr.runtimeError) {
        console.error(`Lighthouse ${path}: ${result.lhr.runtimeError.message}`);
      }
      const row = { page: path };
      for (const key of ['performance', 'accessibility', 'best-practices', 'seo']) {
        const score = Math.round((c[key]?.score ?? 0) * 100);
        if (score < LIGHTHOUSE_TARGET) lighthouseFailures++;
        row[key] = score;
      }
      // LCP is the figure the Starlight comparison is about (issue 11); FCP shows render blocking.
      const ms = (id) => Math.round(result.lhr.audits[id]?.numericValue ?? NaN);
      row['FCP ms'] = ms('first-contentful-paint');
      row['LCP ms'] = ms('largest-contentful-paint');
      scores.push(row);
    } finally {
      await chrome.kill();
    }
  }
  console.log(`\nLighthouse (mobile, target ${LIGHTHOUSE_TARGET} in every category):`);
  console.table(scores);
}
server.close();
console.log(
  `\nBudgets: ${budgetFailures} page(s) over the JS budget, ${lighthouseFailures} Lighthouse score(s) under target.`,
);
