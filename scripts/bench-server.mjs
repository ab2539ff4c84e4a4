// The static server of `npm run bench`: serves a built site the way Cloudflare's assets binding
// does (clean URLs, gzip, the site's `_headers`), so byte counts and Lighthouse match production,
// and optionally answers API calls from fixtures (scripts/bench-fixtures.ts) so the islands of the
// account pages render as for a signed-in customer. Used for our dist/ and the Starlight yardstick.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
  '.wasm': 'application/wasm',
  '.pagefind': 'application/octet-stream',
  '.pf_meta': 'application/octet-stream',
  '.pf_fragment': 'application/octet-stream',
  '.pf_index': 'application/octet-stream',
  '.pf_filter': 'application/octet-stream',
  '.woff2': 'font/woff2',
};

/** Parses Cloudflare's `_headers` file into [pattern RegExp, headers] rules. */
function headerRules(root) {
  const file = join(root, '_headers');
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

function resolveFile(root, pathname) {
  const clean = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  for (const candidate of [clean, `${clean}.html`, join(clean, 'index.html')]) {
    const file = join(root, candidate);
    if (file.startsWith(root) && existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

/**
 * Serves `root` on a free loopback port. `answers` maps `METHOD /api/path` to a JSON body; any
 * other /api/ call gets a 404 `{ message, code }` and is recorded in `server.unanswered`.
 */
export function startServer(root, { answers = {} } = {}) {
  const rules = headerRules(root);
  const unanswered = new Set();
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url, 'http://x');
    const gzip = /gzip/.test(req.headers['accept-encoding'] ?? '');
    if (pathname.startsWith('/api/')) {
      const key = `${req.method} ${pathname}`;
      const known = Object.hasOwn(answers, key);
      if (!known) unanswered.add(key);
      const json = JSON.stringify(
        known ? answers[key] : { message: 'Not answered by the bench', code: 'NOT_FOUND' },
      );
      const headers = { 'content-type': 'application/json', 'cache-control': 'no-store' };
      let body = Buffer.from(json);
      if (gzip) {
        body = gzipSync(body);
        headers['content-encoding'] = 'gzip';
      }
      // Drain any request body before answering.
      req.resume();
      req.on('end', () => res.writeHead(known ? 200 : 404, headers).end(body));
      return;
    }
    const found = resolveFile(root, pathname);
    const file = found ?? join(root, '404.html');
    let body = readFileSync(file);
    const headers = { 'content-type': types[extname(file)] ?? 'application/octet-stream' };
    for (const [pattern, values] of rules)
      if (pattern.test(pathname)) Object.assign(headers, values);
    if (/text|javascript|json|svg|wasm|xml/.test(headers['content-type']) && gzip) {
      body = gzipSync(body);
      headers['content-encoding'] = 'gzip';
    }
    res.writeHead(found ? 200 : 404, headers).end(body);
  });
  server.unanswered = unanswered;
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
