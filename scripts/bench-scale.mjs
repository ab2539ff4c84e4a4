// npm run bench:scale — do the hot lookups stay fast as the data grows? Builds one SQLite database
// per size from the real migrations (every migrations/*.sql in order, as D1 applies them; D1 is
// SQLite, so node:sqlite on a temp file stands in for it locally), seeds 1 k, 100 k and 1 M users
// (each with a license, and realistic shares of second licenses, devices and sessions), and times
// each hot lookup of scripts/bench-scale-queries.ts (the SQL the services send, captured from the
// services themselves) over random existing keys. The sizes are timed in alternating rounds, so a
// change in the machine's load during the run falls on every size alike instead of on the ratio.
// Prints p50/p99 per size and the 1 M / 1 k ratio of p50; exits 1 when a ratio is above 1.5.
//
// Options (after `--`): --sizes 1000,100000 (smaller runs), --samples 2000 (timed lookups per
// query, size and round), --rounds 3, --keep (leave the database files and print their folder).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';

// The services import each other without file extensions (the bundler's way); let Node find the .ts.
registerHooks({
  resolve(specifier, context, next) {
    try {
      return next(specifier, context);
    } catch (error) {
      if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !/^\.\.?\//.test(specifier)) throw error;
      return next(`${specifier}.ts`, context);
    }
  },
});
const { captureRateLimitRow, hotQueries, hotStatement } = await import('./bench-scale-queries.ts');
const { generateLicenseKey } = await import('../functions/services/licensing/license-keys.ts');

const { values: options } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,100000,1000000' },
    samples: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '3' },
    keep: { type: 'boolean', default: false },
  },
});
const sizes = options.sizes.split(',').map(Number);
const SAMPLES = Number(options.samples);
const ROUNDS = Number(options.rounds);
const WARM_UP = 500;
const RATIO_TARGET = 1.5;
const DAY = 86_400_000;
const NOW = Date.now();

const migrationsDir = new URL('../migrations/', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'sheetwright-bench-scale-'));
/** The database file of one size. */
const fileOf = (size) => join(dir, `users-${size}.sqlite`);
const cleanUp = () => {
  if (!options.keep) rmSync(dir, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  cleanUp();
  process.exit(130);
});

/** Opens a database the way the lookups see it: WAL, SQLite's default page cache. */
function open(file) {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;');
  return db;
}

const migrations = readdirSync(migrationsDir)
  .filter((name) => name.endsWith('.sql'))
  .sort();

function migrate(file) {
  const db = open(file);
  for (const name of migrations) db.exec(readFileSync(join(migrationsDir, name), 'utf8'));
  db.close();
}

// --- seeding -------------------------------------------------------------------------------------

const ROWS_PER_INSERT = 200;
const first = ['ada', 'grace', 'alan', 'edsger', 'barbara', 'ken', 'linus', 'margaret', 'donald'];
const last = ['lovelace', 'hopper', 'turing', 'dijkstra', 'liskov', 'thompson', 'hamilton'];
const domains = ['example.com', 'example.org', 'example.net', 'mail.example', 'corp.example'];
const pick = (list) => list[Math.floor(Math.random() * list.length)];
/** Realistic-length password hashes (the row size shapes the table's B-tree), from a small pool. */
const hashes = Array.from(
  { length: 256 },
  () =>
    `pbkdf2-sha256$v1$600000$${randomBytes(16).toString('base64url')}$${randomBytes(32).toString('base64url')}`,
);

/** A multi-row INSERT for `columns`, prepared once per row count. */
function inserter(db, table, columns) {
  const cache = new Map();
  const statement = (rows) => {
    let prepared = cache.get(rows);
    if (!prepared) {
      const tuple = `(${columns.map(() => '?').join(', ')})`;
      prepared = db.prepare(
        `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array(rows).fill(tuple).join(', ')}`,
      );
      cache.set(rows, prepared);
    }
    return prepared;
  };
  let pending = [];
  let count = 0;
  const width = ROWS_PER_INSERT * columns.length;
  /** Inserts the pending rows, ROWS_PER_INSERT at a time. */
  const flush = () => {
    for (let at = 0; at < pending.length; at += width) {
      const values = pending.slice(at, at + width);
      statement(values.length / columns.length).run(...values);
    }
    pending = [];
  };
  return {
    add(values) {
      pending.push(...values);
      count += 1;
    },
    flush,
    get count() {
      return count;
    },
  };
}

/** Adds users `from` … `to - 1` with their licenses, devices and sessions. */
function seed(db, from, to) {
  // Seeding only: a large cache and no waiting on the disk. The lookups reopen with the defaults.
  db.exec('PRAGMA cache_size = -1048576; PRAGMA synchronous = OFF;');
  const users = inserter(db, 'users', [
    'id',
    'customer_name',
    'email',
    'email_normalized',
    'password_hash',
    'google_sub',
    'plan',
    'is_deleted',
    'deleted_at',
    'created_at',
    'updated_at',
  ]);
  const licenses = inserter(db, 'licenses', [
    'id',
    'user_id',
    'license_key',
    'plan',
    'status',
    'activated_at',
    'expires_at',
    'created_at',
    'app_version',
  ]);
  const devices = inserter(db, 'devices', [
    'id',
    'license_id',
    'user_id',
    'device_id',
    'device_name',
    'app_version',
    'activated_at',
    'last_seen_at',
    'deactivated_at',
  ]);
  const sessions = inserter(db, 'sessions', [
    'id',
    'user_id',
    'created_at',
    'last_used_at',
    'expires_at',
    'user_agent',
    'ip',
    'revoked_at',
  ]);
  const tables = [users, licenses, devices, sessions];
  const started = performance.now();
  const CHUNK = 50_000;
  for (let start = from; start < to; start += CHUNK) {
    db.exec('BEGIN');
    for (let i = start; i < Math.min(to, start + CHUNK); i += 1) {
      // Parents before children (D1 enforces the foreign keys, and so does this database).
      if (i % ROWS_PER_INSERT === 0) for (const table of tables) table.flush();
      const userId = randomUUID();
      const name = `${pick(first)}.${pick(last)}`;
      const email = `${name}${i}.${randomBytes(3).toString('hex')}@${pick(domains)}`;
      const created = NOW - Math.floor(Math.random() * 900) * DAY;
      const google = Math.random() < 0.15;
      const deleted = Math.random() < 0.01;
      // 72 % Trial, 26 % Standard, 2 % Enterprise; 6 % of the paid ones started as a trial.
      const roll = Math.random();
      const plan = roll < 0.72 ? 'Trial' : roll < 0.98 ? 'Standard' : 'Enterprise';
      users.add([
        userId,
        name.replace('.', ' '),
        email,
        email.toLowerCase(),
        google ? null : hashes[i & 255],
        google ? String(100_000_000_000_000_000_000n + BigInt(i)) : null,
        plan,
        deleted ? 1 : 0,
        deleted ? NOW - 5 * DAY : null,
        created,
        created,
      ]);
      if (plan !== 'Trial' && Math.random() < 0.06) {
        licenses.add([
          randomUUID(),
          userId,
          generateLicenseKey(),
          'Trial',
          'expired',
          created,
          created + 14 * DAY,
          created,
          '1.4.0',
        ]);
      }
      const licenseId = randomUUID();
      const licenseCreated = created + DAY;
      const expires = licenseCreated + (plan === 'Trial' ? 14 : 365) * DAY;
      licenses.add([
        licenseId,
        userId,
        generateLicenseKey(),
        plan,
        expires > NOW ? 'active' : 'expired',
        licenseCreated,
        expires,
        licenseCreated,
        '1.5.0',
      ]);
      // Devices: 70 % one active, paid plans often a second; 10 % an old, deactivated one.
      const active = Math.random() < 0.7 ? (plan !== 'Trial' && Math.random() < 0.4 ? 2 : 1) : 0;
      const old = Math.random() < 0.1 ? 1 : 0;
      for (let d = 0; d < active + old; d += 1) {
        const seen = NOW - Math.floor(Math.random() * 30) * DAY;
        devices.add([
          randomUUID(),
          licenseId,
          userId,
          randomBytes(16).toString('hex'),
          `${name}'s ${d % 2 ? 'laptop' : 'workstation'}`,
          '1.5.0',
          licenseCreated,
          seen,
          d < active ? null : seen,
        ]);
      }
      // Sessions: half the users have 1–3 (some revoked or expired, as the cron keeps them a while).
      const sessionCount = Math.random() < 0.5 ? 1 + Math.floor(Math.random() * 3) : 0;
      for (let s = 0; s < sessionCount; s += 1) {
        const at = NOW - Math.floor(Math.random() * 40) * DAY;
        sessions.add([
          randomBytes(32).toString('base64url'),
          userId,
          at,
          at,
          at + 30 * DAY,
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36',
          `198.51.100.${i & 255}`,
          Math.random() < 0.1 ? at + DAY : null,
        ]);
      }
    }
    for (const table of tables) table.flush();
    db.exec('COMMIT');
    const done = Math.min(to, start + CHUNK);
    if (to - from > CHUNK) {
      const seconds = (performance.now() - started) / 1000;
      process.stdout.write(
        `\r  seeded ${done.toLocaleString('en-US')} / ${to.toLocaleString('en-US')} users (${seconds.toFixed(1)} s)`,
      );
    }
  }
  if (to - from > CHUNK) process.stdout.write('\n');
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `  +${users.count} users, ${licenses.count} licenses, ${devices.count} devices, ` +
      `${sessions.count} sessions in ${seconds.toFixed(1)} s`,
  );
}

// --- lookups -------------------------------------------------------------------------------------

/** `n` random existing rows of `sql` (which selects by `rowid IN (…)`), by random row ids. */
function randomRows(db, table, columns, where, n) {
  const max = Number(db.prepare(`SELECT max(rowid) AS m FROM ${table}`).get().m);
  const rows = [];
  while (rows.length < n) {
    const ids = Array.from({ length: 500 }, () => 1 + Math.floor(Math.random() * max));
    const found = db
      .prepare(
        `SELECT ${columns} FROM ${table} WHERE rowid IN (${ids.join(',')}) AND ${where} ORDER BY random()`,
      )
      .all();
    rows.push(...found);
  }
  return rows.slice(0, n);
}

/**
 * `n` random existing sessions. Sessions is a WITHOUT ROWID table (no row ids to draw), but its
 * ids are random base64url strings: the first id at or after a random prefix is a uniform pick.
 */
function randomSessions(db, n) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const next = db.prepare('SELECT id, user_id FROM sessions WHERE id >= ? ORDER BY id LIMIT 1');
  const first = db.prepare('SELECT id, user_id FROM sessions ORDER BY id LIMIT 1');
  return Array.from({ length: n }, () => {
    const prefix = Array.from({ length: 4 }, () => pick(alphabet)).join('');
    return next.get(prefix) ?? first.get();
  });
}

/** Key sets for `n` lookups: each one an existing user, session, license and active device. */
function lookupKeys(db, n) {
  const people = randomRows(db, 'users', 'id, email_normalized', '1', n);
  const sessions = randomSessions(db, n);
  // Active devices of licenses a plugin can validate (active, unexpired for the whole run, the
  // account not deleted): the hot path, and the only devices whose last seen moves.
  const devices = randomRows(
    db,
    'devices d',
    'd.license_id, d.device_id, (SELECT license_key FROM licenses l WHERE l.id = d.license_id) AS license_key',
    `d.deactivated_at IS NULL AND EXISTS (SELECT 1 FROM licenses l JOIN users u ON u.id = l.user_id
      WHERE l.id = d.license_id AND l.status = 'active' AND l.expires_at > ${NOW + 30 * DAY} AND u.is_deleted = 0)`,
    n,
  );
  return people.map((person, i) => ({
    emailNormalized: person.email_normalized,
    userId: person.id,
    sessionId: sessions[i].id,
    licenseKey: devices[i].license_key,
    licenseId: devices[i].license_id,
    deviceId: devices[i].device_id,
    emailPrefix: person.email_normalized.slice(0, 4 + (i % 5)),
  }));
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

/**
 * Times every hot query over `SAMPLES` random keys (after `WARM_UP` others) in the database of
 * one size; returns { name: times } in µs. The keys are drawn on a connection of their own, so
 * the timed connection starts with an empty page cache, as the warm-up leaves it.
 */
let writeClock = NOW;

async function timeLookups(file) {
  const drawing = open(file);
  const keys = lookupKeys(drawing, SAMPLES + WARM_UP);
  drawing.close();
  const db = open(file);
  const results = {};
  for (const query of hotQueries) {
    // The statements first (capturing runs the service code), so only SQLite is timed.
    // A write moves last seen only a minute after the previous one: its clock runs a minute a call.
    const statements = [];
    for (const k of keys) {
      statements.push(await hotStatement(query, k, query.writes ? (writeClock += 60_000) : NOW));
    }
    const prepared = db.prepare(statements[0].sql);
    if (statements.some((s) => s.sql !== statements[0].sql)) {
      throw new Error(`${query.name}: the SQL differs between keys`);
    }
    const times = [];
    let empty = 0;
    statements.forEach(({ params }, i) => {
      const started = process.hrtime.bigint();
      const found = query.writes ? prepared.run(...params).changes : prepared.all(...params).length;
      const elapsed = Number(process.hrtime.bigint() - started) / 1000;
      if (i >= WARM_UP) times.push(elapsed);
      if (Number(found) === 0) empty += 1;
    });
    if (empty > 0) throw new Error(`${query.name}: ${empty} lookups found (or changed) nothing`);
    results[query.name] = times;
  }
  db.close();
  return results;
}

// --- run -----------------------------------------------------------------------------------------

const byteSize = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
let exitCode = 0;
try {
  console.log(
    `Databases in ${dir} (node:sqlite, SQLite ${new DatabaseSync(':memory:').prepare('select sqlite_version() v').get().v}); migrations: ${migrations.join(', ')}`,
  );
  for (const size of sizes) {
    console.log(`\nSeeding ${size.toLocaleString('en-US')} users`);
    migrate(fileOf(size));
    const db = open(fileOf(size));
    seed(db, 0, size);
    db.prepare('INSERT INTO rate_limits (key, count, window_start) VALUES (?, ?, ?)').run(
      captureRateLimitRow.key,
      captureRateLimitRow.count,
      NOW,
    );
    db.exec('PRAGMA wal_checkpoint(TRUNCATE);');
    const pages = db.prepare('PRAGMA page_count').get().page_count;
    const pageSize = db.prepare('PRAGMA page_size').get().page_size;
    db.close();
    console.log(`  database: ${byteSize(pages * pageSize)}`);
  }

  // Every size once per round, in turn: size -> query -> all timed lookups of every round.
  const samples = new Map(sizes.map((size) => [size, {}]));
  for (let round = 1; round <= ROUNDS; round += 1) {
    console.log(`Round ${round} of ${ROUNDS}: ${SAMPLES} lookups per query and size`);
    for (const size of sizes) {
      const times = await timeLookups(fileOf(size));
      const pooled = samples.get(size);
      for (const [name, list] of Object.entries(times)) (pooled[name] ??= []).push(...list);
    }
  }
  const timings = new Map(
    sizes.map((size) => {
      const perQuery = {};
      for (const [name, list] of Object.entries(samples.get(size))) {
        const sorted = list.sort((a, b) => a - b);
        perQuery[name] = { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
      }
      return [size, perQuery];
    }),
  );

  const small = sizes[0];
  const large = sizes.at(-1);
  const label = (n) =>
    n >= 1_000_000 ? `${n / 1_000_000} M` : n >= 1000 ? `${n / 1000} k` : String(n);
  const header = [
    'lookup'.padEnd(22),
    ...sizes.map((n) => `${label(n)} p50/p99 µs`.padStart(18)),
    `${label(large)}/${label(small)}`.padStart(9),
    ' result',
  ].join('');
  console.log(`\n${header}\n${'-'.repeat(header.length)}`);
  for (const query of hotQueries) {
    const cells = sizes.map((n) => {
      const { p50, p99 } = timings.get(n)[query.name];
      return `${p50.toFixed(1)} / ${p99.toFixed(1)}`.padStart(18);
    });
    const ratio = timings.get(large)[query.name].p50 / timings.get(small)[query.name].p50;
    const pass = ratio <= RATIO_TARGET;
    if (!pass) exitCode = 1;
    console.log(
      `${query.name.padEnd(22)}${cells.join('')}${ratio.toFixed(2).padStart(9)} ${pass ? 'PASS' : 'FAIL'}`,
    );
  }
  console.log(
    `\nRatio: p50 at ${label(large)} users / p50 at ${label(small)} users (${ROUNDS} × ${SAMPLES} lookups each); target ≤ ${RATIO_TARGET}.`,
  );
  for (const query of hotQueries) console.log(`  ${query.name}: ${query.lookup} — ${query.usedBy}`);
} finally {
  cleanUp();
  if (options.keep) console.log(`Kept ${dir}`);
}
process.exit(exitCode);
