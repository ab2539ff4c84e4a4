// npm run bench:scale — do the hot lookups stay fast as the data grows? Seeds 1 k, 100 k and 1 M
// users (each with a license, and realistic shares of second licenses, devices and sessions) into
// local D1 databases and times each hot lookup of scripts/bench-scale-queries.ts (the SQL the
// services send, captured from the services themselves) over random existing keys, through the
// D1 binding of workerd, as the Worker calls it.
//
//   1. Miniflare (the local D1 of `wrangler dev` and the tests) creates one D1 database per size
//      in a temporary directory, and the migrations are applied through the binding, as the tests
//      apply them (readD1Migrations, one batch per migration)
//   2. with workerd stopped, node:sqlite seeds each database's SQLite file directly (multi-row
//      INSERTs in transactions: minutes instead of hours through the binding)
//   3. diagnostic: each lookup timed inside SQLite (node:sqlite on the same files, microseconds),
//      which shows how the storage itself grows
//   4. Miniflare again: a small Worker runs the lookups one after another through `env.DB_<size>`
//      (`prepare(sql).bind(...).raw()` or `.run()`, as drizzle sends them) and reads its clock
//      after each. In workerd the clock moves across I/O (a D1 call is I/O) but only in whole
//      milliseconds, and a lookup takes less than one: the p50 is taken over the mean time per
//      lookup of blocks of 50 consecutive lookups (a 0.02 ms step), the p99 over single lookups
//      (whole milliseconds).
//
// Load from elsewhere on the machine must not fall on one size only: the diagnostic rounds take
// the sizes in turn (reversed every other round), and through D1 the sizes take turns block by
// block. Prints p50/p99 per size through D1 and the 1 M / 1 k ratio of the D1 p50 (exits 1 when a
// ratio is above 1.5), then the inside-SQLite figures.
//
// The owner's team page: the largest database also gets two organizations, of 5 and of 250
// members (each with Enterprise licenses, devices, a year of feature usage and invitations), and
// the one D1 batch of the members table's first page (teamPeoplePage, GET /api/team/members) is
// timed for each the same way, the two taking turns block by block; exits 1 when the 250-member
// p50 is above 1.3 × the 5-member p50.
//
// Options (after `--`): --sizes 1000,100000 (smaller runs), --samples 600 (timed D1 lookups per
// query, size and round), --block 50 (lookups per timed block), --sqlite-samples 1000 (timed
// lookups inside SQLite per query, size and round), --rounds 3, --keep (leave the databases and
// print their folder), --team-only (seed as usual, then time the team page alone: no lookups).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { readD1Migrations } from '@cloudflare/vitest-plugin';
import { Miniflare } from 'miniflare';

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
const { captureRateLimitRow, hotBatch, hotQueries, hotStatement, teamPageBatch, teamPageQuery } =
  await import('./bench-scale-queries.ts');
const { generateLicenseKey } = await import('../functions/services/core/licenses/license-keys.ts');

const { values: options } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,100000,1000000' },
    samples: { type: 'string', default: '600' },
    block: { type: 'string', default: '50' },
    'sqlite-samples': { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '3' },
    keep: { type: 'boolean', default: false },
    'team-only': { type: 'boolean', default: false },
  },
});
const sizes = options.sizes.split(',').map(Number);
const D1_SAMPLES = Number(options.samples);
const BLOCK = Number(options.block);
const D1_WARM_UP = 100;
/** Lookups per query and size of the first pass, not timed, before the timed rounds. */
const D1_FIRST_PASS = 200;
const SQLITE_SAMPLES = Number(options['sqlite-samples']);
const SQLITE_WARM_UP = 500;
const ROUNDS = Number(options.rounds);
const RATIO_TARGET = 1.5;
/** The team page of 250 members at most this many times the page of 5 (p50 through D1). */
const TEAM_SIZES = [5, 250];
const TEAM_RATIO_TARGET = 1.3;
const DAY = 86_400_000;
const NOW = Date.now();
if (D1_SAMPLES % BLOCK !== 0) throw new Error('--samples must be a multiple of --block');
/**
 * Every write of the run (device-touch) moves its clock a minute (see writeClock): the licenses of
 * the devices drawn for the lookups must still validate at the end of the run.
 */
const validUntil =
  NOW +
  60_000 *
    sizes.length *
    (ROUNDS * (SQLITE_WARM_UP + SQLITE_SAMPLES + D1_WARM_UP + D1_SAMPLES) + D1_FIRST_PASS) +
  DAY;

const root = new URL('..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'sheetwright-bench-scale-'));
const cleanUp = () => {
  if (!options.keep) rmSync(dir, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  cleanUp();
  process.exit(130);
});

/** Opens a database file with node:sqlite: WAL (as workerd keeps it), the default page cache. */
function open(file) {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;');
  return db;
}

// --- local D1 ------------------------------------------------------------------------------------

// The Worker's compatibility settings (wrangler.toml), so the D1 binding behaves as it does there.
const wranglerToml = readFileSync(join(root, 'wrangler.toml'), 'utf8');
const compatibilityDate = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(wranglerToml)?.[1];
const compatibilityFlags = [
  ...(/^compatibility_flags\s*=\s*\[([^\]]*)\]/m.exec(wranglerToml)?.[1] ?? '').matchAll(
    /"([^"]+)"/g,
  ),
].map((match) => match[1]);
if (!compatibilityDate) throw new Error('wrangler.toml: no compatibility_date');

/**
 * The timing Worker: one request per database and statement; runs the statement for every
 * parameter list in turn, each call awaited as the Worker awaits it, and returns the clock after
 * each call. Inside workerd the clock moves only across I/O (a D1 call is I/O) and counts whole
 * milliseconds.
 */
const TIMER_WORKER = `
const isEmpty = (method, result) =>
  method === 'run' ? result.meta.changes === 0
  : method === 'first' ? result === null
  : (method === 'all' ? result.results : result).length === 0;

export default {
  async fetch(request, env) {
    const { binding, sql, statementsSql, method, params, reads } = await request.json();
    const db = env[binding];
    const stamps = [performance.now()];
    let empty = 0;
    for (const values of params) {
      if (method === 'batch') {
        // One D1 batch (a transaction): empty when its last write changed nothing, or (a batch
        // of reads) when its first read found no row.
        const results = await db.batch(statementsSql.map((one, i) => db.prepare(one).bind(...values[i])));
        stamps.push(performance.now());
        if (reads ? results[0].results.length === 0 : results.at(-1).meta.changes === 0) empty += 1;
        continue;
      }
      const result = await db.prepare(sql).bind(...values)[method]();
      stamps.push(performance.now());
      if (isEmpty(method, result)) empty += 1;
    }
    return Response.json({ stamps, empty });
  },
};
`;

/** The D1 binding of one size. */
const bindingOf = (size) => `DB_${size}`;

/** A local workerd with the timing Worker and one D1 database per size, stored under `dir`. */
async function startD1() {
  const mf = new Miniflare({
    host: '127.0.0.1',
    port: 0,
    resourcePersistencePath: dir,
    enableDevRegistry: false,
    logRequests: false,
    telemetry: { enabled: false },
    workers: [
      {
        config: {
          name: 'bench-scale',
          compatibilityDate,
          compatibilityFlags,
          manifest: {
            mainModule: 'timer.mjs',
            modules: { 'timer.mjs': { type: 'esm', contents: TIMER_WORKER } },
          },
          env: Object.fromEntries(
            sizes.map((size) => [bindingOf(size), { type: 'd1', id: `bench-scale-${size}` }]),
          ),
        },
      },
    ],
  });
  await mf.ready;
  return mf;
}

/** Every SQLite database file below `folder` (not the object namespaces' metadata files). */
function sqliteFiles(folder) {
  return readdirSync(folder, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('.sqlite') && !name.endsWith('metadata.sqlite'))
    .map((name) => join(folder, name));
}

/** The table in which wrangler and applyD1Migrations record the applied migrations. */
const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS d1_migrations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT UNIQUE,
  applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
)`;

/**
 * Creates every size's D1 database and applies the migrations through its binding, as the tests
 * do (tests/worker/setup.ts: applyD1Migrations); returns size -> the database's SQLite file (the
 * one that appears when the database is first used).
 */
async function createDatabases(migrations) {
  const mf = await startD1();
  const files = new Map();
  try {
    for (const size of sizes) {
      const before = new Set(sqliteFiles(dir));
      const db = await mf.getD1Database(bindingOf(size));
      await db.prepare(MIGRATIONS_TABLE).run();
      for (const { name, queries } of migrations) {
        await db.batch([
          ...queries.map((query) => db.prepare(query)),
          db.prepare('INSERT INTO d1_migrations (name) VALUES (?)').bind(name),
        ]);
      }
      const created = sqliteFiles(dir).filter((file) => !before.has(file));
      if (created.length !== 1) {
        throw new Error(`D1 database of ${size} users: ${created.length} new files, expected one`);
      }
      files.set(size, created[0]);
    }
  } finally {
    await mf.dispose();
  }
  return files;
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

// --- feature usage -------------------------------------------------------------------------------

const USAGE_COLUMNS = [
  'renumber_views',
  'schedule_link',
  'general_notes',
  'sheet_notes',
  'legends_from_word',
  'dummy_schedules',
  'drafting_export',
  'cad_import',
  'wipe_model',
];
/** The share of users who use the plugin on a given day. */
const DAILY_ACTIVE = 0.3;
/** Days kept as days, then months (featureUsage.dailyForDays), and batch ids kept (batchKeepDays). */
const DAILY_DAYS = 90;
const MONTHS_KEPT = 12;
const BATCH_DAYS = 35;
/** The tables and indexes feature usage adds (sizes printed per table, budget on their sum). */
const USAGE_OBJECTS = [
  'usage_days',
  'usage_months',
  'usage_totals',
  'usage_reports',
  'devices_usage_ref_unique',
  'devices_usage_oldest_day_idx',
];
/** The most the usage tables may add at 1 M users (D1 stops at 10 GB a database). */
const USAGE_BYTES_TARGET = 1.5 * 1024 ** 3;

/** SQL: one command's uses on a device-day, `scale` times: used on 30 % of them, 1–12 uses. */
const usesSql = (scale) =>
  USAGE_COLUMNS.map(() => `(abs(random()) % 100 < 30) * (1 + abs(random()) % 12) * ${scale}`).join(
    ', ',
  );

/**
 * A year of feature usage as the report call and the cron leave it: every active device has a
 * usage_ref; on each day a device is used with the chance that makes DAILY_ACTIVE of the users
 * active; the last DAILY_DAYS days as day rows, the months before as month rows, a batch id per
 * device and day for BATCH_DAYS days, and a product total per day. Generated inside SQLite (one
 * INSERT … SELECT per day or month, in random order as reports arrive): minutes, not hours.
 */
function seedUsage(db, userCount) {
  const started = performance.now();
  db.exec('PRAGMA cache_size = -1048576; PRAGMA synchronous = OFF;');
  db.exec('UPDATE devices SET usage_ref = rowid WHERE deactivated_at IS NULL');
  const deviceCount = db
    .prepare('SELECT count(*) AS n FROM devices WHERE usage_ref IS NOT NULL')
    .get().n;
  const chance = Math.min(1, (DAILY_ACTIVE * userCount) / deviceCount);
  const perMille = (p) => Math.round(p * 1000);
  const today = Math.floor(NOW / DAY);
  const columns = USAGE_COLUMNS.join(', ');
  const devicesUsed = (p) =>
    `SELECT usage_ref AS ref FROM devices WHERE usage_ref IS NOT NULL AND abs(random()) % 1000 < ${perMille(p)} ORDER BY random()`;
  db.exec('BEGIN');
  for (let back = DAILY_DAYS; back >= -1; back -= 1) {
    const day = today - back;
    db.exec(`CREATE TEMP TABLE used AS ${devicesUsed(chance)}`);
    db.exec(
      `INSERT INTO usage_days (day, device_ref, ${columns}) SELECT ${day}, ref, ${usesSql(1)} FROM used`,
    );
    if (back < BATCH_DAYS) {
      db.exec(
        `INSERT INTO usage_reports (device_ref, batch, received_day) SELECT ref, random(), ${day} FROM used`,
      );
    }
    db.exec(
      `INSERT INTO usage_totals (day, devices, ${columns}) SELECT ${day}, count(*), ${usesSql('count(*)')} FROM used`,
    );
    db.exec('DROP TABLE used');
  }
  // The months before the daily window: a device used on any day of a month has its row.
  const monthChance = 1 - (1 - chance) ** 30;
  for (let m = MONTHS_KEPT - 1; m >= 3; m -= 1) {
    const at = new Date(NOW);
    const month = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - m, 1));
    const yyyymm = month.getUTCFullYear() * 100 + month.getUTCMonth() + 1;
    db.exec(
      `INSERT INTO usage_months (month, device_ref, ${columns}) SELECT ${yyyymm}, ref, ${usesSql(8)} FROM (${devicesUsed(monthChance)})`,
    );
  }
  const older = Math.round(chance * deviceCount);
  for (let back = DAILY_DAYS + 2; back < 365; back += 1) {
    db.exec(
      `INSERT INTO usage_totals (day, devices, ${columns}) VALUES (${today - back}, ${older}, ${usesSql(older)})`,
    );
  }
  db.exec('COMMIT');
  // Each device's oldest kept day, as the reports leave it (the cron finds devices to fold by it).
  db.exec(`UPDATE devices SET usage_oldest_day = (SELECT min(u.day) FROM usage_days AS u
    WHERE u.device_ref = devices.usage_ref) WHERE usage_ref IS NOT NULL`);
  const count = (table) => db.prepare(`SELECT count(*) AS n FROM ${table}`).get().n;
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `  +usage: ${count('usage_days')} day rows, ${count('usage_months')} month rows, ` +
      `${count('usage_reports')} batch ids (${deviceCount} devices, ${(chance * 100).toFixed(0)} % ` +
      `used a day) in ${seconds.toFixed(1)} s`,
  );
}

/** Bytes per table or index (SQLite's dbstat), of the objects feature usage adds. */
function usageBytes(db) {
  const rows = db
    .prepare(
      `SELECT name, sum(pgsize) AS bytes FROM dbstat WHERE name IN (${USAGE_OBJECTS.map(() => '?').join(', ')}) GROUP BY name`,
    )
    .all(...USAGE_OBJECTS);
  return new Map(rows.map((row) => [row.name, Number(row.bytes)]));
}

// --- the owner's team page ---------------------------------------------------------------------

/**
 * An organization of `members` members for the team page's timing, seeded like the rest: its
 * owner, and per member an account with an Enterprise license, 0 to 3 active devices (a fifth of
 * the members none: idle), a freed device now and then, a year of feature usage on the active
 * devices (30 % of the days, the last DAILY_DAYS as days, older months as months), and one open
 * invitation per ten members (at least one) besides accepted, withdrawn and expired ones. Returns
 * its id. The database's triggers fill each member row's name, e-mail, devices in use and last
 * activity from these rows, as they do in production (migration 0029).
 */
function seedTeam(db, members) {
  db.exec('PRAGMA cache_size = -1048576; PRAGMA synchronous = OFF;');
  const table = (name, columns) => inserter(db, name, columns);
  const users = table('users', [
    'id',
    'customer_name',
    'email',
    'email_normalized',
    'password_hash',
    'plan',
    'created_at',
    'updated_at',
  ]);
  const licenses = table('licenses', [
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
  const memberRows = table('organization_members', [
    'id',
    'organization_id',
    'user_id',
    'license_id',
    'joined_at',
  ]);
  const devices = table('devices', [
    'id',
    'license_id',
    'user_id',
    'device_id',
    'device_name',
    'app_version',
    'activated_at',
    'last_seen_at',
    'deactivated_at',
    'usage_ref',
  ]);
  const invitations = table('organization_invitations', [
    'id',
    'organization_id',
    'email',
    'email_normalized',
    'token_hash',
    'invited_by',
    'created_at',
    'expires_at',
    'sent_count',
    'last_sent_at',
    'accepted_at',
    'revoked_at',
  ]);
  const organizationId = randomUUID();
  const ownerId = randomUUID();
  const termStart = NOW - 200 * DAY;
  const termEnd = NOW + 165 * DAY;
  const person = (id, i) => {
    const name = `${pick(first)}.${pick(last)}`;
    // As the other accounts' (the console's lookups draw from every account).
    const email = `${name}${i}.team${members}@${pick(domains)}`;
    users.add([
      id,
      name.replace('.', ' '),
      email,
      email,
      hashes[i & 255],
      'Enterprise',
      termStart,
      termStart,
    ]);
    return { email, name };
  };
  let usageRef = Number(db.prepare('SELECT coalesce(max(usage_ref), 0) AS m FROM devices').get().m);
  const refs = [];
  db.exec('BEGIN');
  const { email: ownerEmail } = person(ownerId, 0);
  // The owner's own license (every account has one; the lookups draw accounts from all users).
  licenses.add([
    randomUUID(),
    ownerId,
    generateLicenseKey(),
    'Trial',
    'expired',
    termStart,
    termStart + 14 * DAY,
    termStart,
    '1.5.0',
  ]);
  users.flush();
  licenses.flush();
  db.prepare(
    `INSERT INTO organizations (id, name, owner_user_id, seats, device_limit, term_start, term_end,
      support_tier, created_at, updated_at) VALUES (?, ?, ?, ?, 3, ?, ?, 'priority', ?, ?)`,
  ).run(
    organizationId,
    `Team of ${members}`,
    ownerId,
    members + 50,
    termStart,
    termEnd,
    termStart,
    termStart,
  );
  for (let i = 1; i <= members; i += 1) {
    const userId = randomUUID();
    const licenseId = randomUUID();
    const joined = termStart + Math.floor(Math.random() * 150) * DAY;
    const { name } = person(userId, i);
    licenses.add([
      licenseId,
      userId,
      generateLicenseKey(),
      'Enterprise',
      'active',
      joined,
      termEnd,
      joined,
      '1.5.0',
    ]);
    memberRows.add([randomUUID(), organizationId, userId, licenseId, joined]);
    const active = Math.random() < 0.2 ? 0 : 1 + Math.floor(Math.random() * 3);
    const freed = Math.random() < 0.1 ? 1 : 0;
    for (let d = 0; d < active + freed; d += 1) {
      const seen = NOW - Math.floor(Math.random() * 45) * DAY;
      const ref = d < active ? (usageRef += 1) : null;
      if (ref !== null) refs.push(ref);
      devices.add([
        randomUUID(),
        licenseId,
        userId,
        randomBytes(16).toString('hex'),
        `${name}'s ${d % 2 ? 'laptop' : 'workstation'}`,
        '1.5.0',
        joined,
        seen,
        d < active ? null : seen,
        ref,
      ]);
    }
    if (i % 10 === 0 || (members < 10 && i === 1)) {
      // An open invitation, and one each accepted, withdrawn and expired: the page shows the first.
      for (const [accepted, revoked, expires] of [
        [null, null, NOW + 5 * DAY],
        [NOW - 30 * DAY, null, NOW - 25 * DAY],
        [null, NOW - 3 * DAY, NOW + 2 * DAY],
        [null, null, NOW - DAY],
      ]) {
        const email = `invited.${members}.${i}.${randomBytes(3).toString('hex')}@${pick(domains)}`;
        invitations.add([
          randomUUID(),
          organizationId,
          email,
          email,
          randomBytes(32).toString('hex'),
          ownerId,
          NOW - 2 * DAY,
          expires,
          1,
          NOW - 2 * DAY,
          accepted,
          revoked,
        ]);
      }
    }
    if (i % ROWS_PER_INSERT === 0)
      for (const rows of [users, licenses, memberRows, devices]) rows.flush();
  }
  for (const rows of [users, licenses, memberRows, devices, invitations]) rows.flush();
  // Feature usage of the team's devices, as seedUsage leaves the others'.
  const columns = USAGE_COLUMNS.join(', ');
  const today = Math.floor(NOW / DAY);
  const insertDay = db.prepare(
    `INSERT INTO usage_days (day, device_ref, ${columns}) VALUES (?, ?, ${usesSql(1)})`,
  );
  const insertMonth = db.prepare(
    `INSERT INTO usage_months (month, device_ref, ${columns}) VALUES (?, ?, ${usesSql(8)})`,
  );
  for (const ref of refs) {
    for (let back = DAILY_DAYS; back >= 0; back -= 1) {
      if (Math.random() < DAILY_ACTIVE) insertDay.run(today - back, ref);
    }
    for (let m = MONTHS_KEPT - 1; m >= 3; m -= 1) {
      const at = new Date(NOW);
      const month = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - m, 1));
      if (Math.random() < 0.9)
        insertMonth.run(month.getUTCFullYear() * 100 + month.getUTCMonth() + 1, ref);
    }
  }
  db.exec(`UPDATE devices SET usage_oldest_day = (SELECT min(u.day) FROM usage_days AS u
    WHERE u.device_ref = devices.usage_ref) WHERE usage_ref > ${usageRef - refs.length}`);
  db.exec('COMMIT');
  console.log(
    `  +organization of ${members} members (owner ${ownerEmail}): ${refs.length} active devices ` +
      'with a year of usage, invitations',
  );
  return organizationId;
}

/**
 * The team page's batch for each organization (members -> statement), `n` times each: the same
 * statements every time (the page of one organization loaded again and again).
 */
async function teamStatements(teams, n) {
  const result = new Map();
  for (const [members, organizationId] of teams) {
    const batch = await teamPageBatch(organizationId, NOW);
    result.set(members, {
      statementsSql: batch.map((one) => one.sql),
      method: 'batch',
      reads: true,
      params: Array.from({ length: n }, () => batch.map((one) => one.params)),
    });
  }
  return result;
}

/**
 * The team page through D1, in the largest database: D1_WARM_UP pages of each organization, then
 * blocks of BLOCK pages, the organizations taking turns (the order reversed every other block).
 * Returns members -> each block's time per page (ms).
 */
async function teamThroughD1(mf, size, statements) {
  const times = new Map(TEAM_SIZES.map((members) => [members, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const members of TEAM_SIZES) {
      const { params, ...statement } = statements.get(members);
      await runThroughD1(mf, size, { ...statement, params: params.slice(0, D1_WARM_UP) });
    }
    for (let block = 0; block < D1_SAMPLES / BLOCK; block += 1) {
      for (const members of block % 2 === 0 ? TEAM_SIZES : [...TEAM_SIZES].reverse()) {
        const { params, ...statement } = statements.get(members);
        const stamps = await runThroughD1(mf, size, {
          ...statement,
          params: params.slice(0, BLOCK),
        });
        times.get(members).push((stamps.at(-1) - stamps[0]) / BLOCK);
      }
    }
  }
  return times;
}

/** Diagnostic: the team page's statements inside SQLite, µs per page (p50 of SQLITE_SAMPLES). */
function teamInSqlite(file, statements) {
  const db = open(file);
  const result = new Map();
  for (const [members, { statementsSql, params }] of statements) {
    const prepared = statementsSql.map((one) => db.prepare(one));
    const times = [];
    for (let i = 0; i < SQLITE_WARM_UP + SQLITE_SAMPLES; i += 1) {
      const started = process.hrtime.bigint();
      prepared.forEach((one, j) => one.all(...params[0][j]));
      if (i >= SQLITE_WARM_UP) times.push(Number(process.hrtime.bigint() - started) / 1000);
    }
    result.set(members, times);
  }
  db.close();
  return result;
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
    'd.id, d.license_id, d.device_id, d.user_id, (SELECT license_key FROM licenses l WHERE l.id = d.license_id) AS license_key',
    `d.deactivated_at IS NULL AND EXISTS (SELECT 1 FROM licenses l JOIN users u ON u.id = l.user_id
      WHERE l.id = d.license_id AND l.status = 'active' AND l.expires_at > ${validUntil} AND u.is_deleted = 0)`,
    n,
  );
  return people.map((person, i) => ({
    emailNormalized: person.email_normalized,
    userId: person.id,
    sessionId: sessions[i].id,
    licenseKey: devices[i].license_key,
    licenseId: devices[i].license_id,
    deviceId: devices[i].device_id,
    // What an operator types to find someone by name: the start of the surname.
    emailFragment: (person.email_normalized.split(/\d/)[0] ?? '').split('.').pop().slice(0, 5),
    emailStart: person.email_normalized.slice(0, 2),
    deviceNamePrefix: person.email_normalized.split(/\d/)[0] ?? person.email_normalized,
    // Every active device reports usage (seedUsage): its account has a year of it.
    usageUserId: devices[i].user_id,
    batchId: randomUUID(),
  }));
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

/**
 * The last-seen UPDATE (device-touch) changes a row only a minute after its previous change: its
 * clock runs a minute a call, through every round of both timings.
 */
let writeClock = NOW;

/**
 * The statement of every hot query for each of `n` random key sets of the database in `file`:
 * { name: { sql, method, params: [one parameter list per key set] } }. Capturing runs the service
 * code, so it happens before any timing; the keys are drawn on a connection of their own.
 */
async function drawStatements(file, n) {
  const db = open(file);
  const keys = lookupKeys(db, n);
  db.close();
  const result = {};
  for (const query of hotQueries) {
    if (query.batch) {
      const batches = [];
      // A new batch id each: the writes change rows at any clock (the SQL holds today's number).
      for (const k of keys) batches.push(await hotBatch(query, k, NOW));
      const statementsSql = batches[0].map((one) => one.sql);
      if (batches.some((b) => b.some((one, i) => one.sql !== statementsSql[i]))) {
        throw new Error(`${query.name}: the SQL differs between keys`);
      }
      result[query.name] = {
        statementsSql,
        method: 'batch',
        params: batches.map((b) => b.map((one) => one.params)),
      };
      continue;
    }
    const statements = [];
    for (const k of keys) {
      statements.push(await hotStatement(query, k, query.writes ? (writeClock += 60_000) : NOW));
    }
    const [{ sql, method }] = statements;
    if (statements.some((s) => s.sql !== sql || s.method !== method)) {
      throw new Error(`${query.name}: the SQL differs between keys`);
    }
    result[query.name] = { sql, method, params: statements.map((s) => s.params) };
  }
  return result;
}

/**
 * Diagnostic: times every statement inside SQLite (node:sqlite on the database file, no D1 around
 * it), after SQLITE_WARM_UP lookups of other keys; returns { name: { times } } in µs. A fresh
 * connection, so the timing starts with an empty page cache, as the warm-up leaves it.
 */
function timeInSqlite(file, statements) {
  const db = open(file);
  const results = {};
  for (const query of hotQueries) {
    const { sql, statementsSql, params } = statements[query.name];
    const prepared = query.batch ? null : db.prepare(sql);
    const batch = query.batch ? statementsSql.map((one) => db.prepare(one)) : [];
    /** A batch as D1 runs it: one transaction; the last write's changes. */
    const runBatch = (values) => {
      db.exec('BEGIN');
      let changes = 0;
      batch.forEach((one, j) => (changes = one.run(...values[j]).changes));
      db.exec('COMMIT');
      return changes;
    };
    const times = [];
    let empty = 0;
    params.forEach((values, i) => {
      const started = process.hrtime.bigint();
      const found = query.batch
        ? runBatch(values)
        : query.writes
          ? prepared.run(...values).changes
          : prepared.all(...values).length;
      const elapsed = Number(process.hrtime.bigint() - started) / 1000;
      if (i >= SQLITE_WARM_UP) times.push(elapsed);
      if (Number(found) === 0) empty += 1;
    });
    if (empty > 0) throw new Error(`${query.name}: ${empty} lookups found (or changed) nothing`);
    results[query.name] = { times };
  }
  db.close();
  return results;
}

/**
 * Runs `params.length` lookups of one statement through the D1 binding of one size inside workerd,
 * one after another; returns the Worker's clock (ms) before the first and after each lookup.
 */
async function runThroughD1(mf, size, { sql, statementsSql, method, params, reads }) {
  const response = await mf.dispatchFetch('http://bench-scale.local/', {
    method: 'POST',
    body: JSON.stringify({ binding: bindingOf(size), sql, statementsSql, method, params, reads }),
  });
  if (!response.ok) throw new Error(`${sql}: ${response.status} ${await response.text()}`);
  const { stamps, empty } = await response.json();
  if (empty > 0) throw new Error(`${sql}: ${empty} lookups found (or changed) nothing`);
  return stamps;
}

/**
 * One round through D1. Per query: D1_WARM_UP lookups in each size's database, then blocks of
 * BLOCK lookups, a block of each size in turn (the order reversed every other block), so that the
 * sizes share the machine's load of the moment. `statements`: size -> drawn statements. Adds to
 * `pooled` per size and query: `blocks`, each block's time per lookup (its duration over BLOCK: the
 * millisecond clock is read once per block), and `calls`, each lookup's own whole milliseconds.
 */
async function roundThroughD1(mf, statements, pooled) {
  for (const query of hotQueries) {
    for (const size of sizes) {
      const { params, ...statement } = statements.get(size)[query.name];
      await runThroughD1(mf, size, { ...statement, params: params.slice(0, D1_WARM_UP) });
    }
    for (let block = 0; block < D1_SAMPLES / BLOCK; block += 1) {
      for (const size of block % 2 === 0 ? sizes : [...sizes].reverse()) {
        const { params, ...statement } = statements.get(size)[query.name];
        const from = D1_WARM_UP + block * BLOCK;
        const stamps = await runThroughD1(mf, size, {
          ...statement,
          params: params.slice(from, from + BLOCK),
        });
        const times = (pooled.get(size)[query.name] ??= { blocks: [], calls: [] });
        times.blocks.push((stamps.at(-1) - stamps[0]) / BLOCK);
        times.calls.push(...stamps.slice(1).map((stamp, i) => stamp - stamps[i]));
      }
    }
  }
}

/** Adds one round's results of one size to the pool: size -> { name: { key: [values] } }. */
function pool(pooled, size, results) {
  const perQuery = pooled.get(size);
  for (const [name, lists] of Object.entries(results)) {
    perQuery[name] ??= {};
    for (const [key, list] of Object.entries(lists)) (perQuery[name][key] ??= []).push(...list);
  }
}

/** The `p` quantile of `list` (sorted in place). */
const quantile = (list, p) =>
  percentile(
    list.sort((a, b) => a - b),
    p,
  );

const label = (n) =>
  n >= 1_000_000 ? `${n / 1_000_000} M` : n >= 1000 ? `${n / 1000} k` : String(n);

/** Prints rows of cells as columns: the first left-aligned, the others right-aligned. */
function printColumns(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const line = (row) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(line(rows[0]));
  console.log('-'.repeat(line(rows[0]).length));
  for (const row of rows.slice(1)) console.log(line(row));
}

/**
 * One table: per lookup, `cell(size, name)` for each size and the ratio of the largest size's p50
 * to the smallest's (`p50(size, name)`), with PASS/FAIL against RATIO_TARGET when `target`;
 * returns whether every ratio is within the target.
 */
function printTable({ unit, cell, p50, target }) {
  const small = sizes[0];
  const large = sizes.at(-1);
  const rows = [
    [
      'lookup',
      ...sizes.map((n) => `${label(n)} p50 / p99 ${unit}`),
      `${label(large)} / ${label(small)}`,
      ...(target ? ['result'] : []),
    ],
  ];
  let passed = true;
  for (const { name } of hotQueries) {
    const ratio = p50(large, name) / p50(small, name);
    if (ratio > RATIO_TARGET) passed = false;
    rows.push([
      name,
      ...sizes.map((size) => cell(size, name)),
      ratio.toFixed(2),
      ...(target ? [ratio <= RATIO_TARGET ? 'PASS' : 'FAIL'] : []),
    ]);
  }
  printColumns(rows);
  return passed;
}

// --- run -----------------------------------------------------------------------------------------

const started = performance.now();
const clock = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
/** The sizes in the order of one round: reversed every other round. */
const order = (round) => (round % 2 === 1 ? sizes : [...sizes].reverse());
const byteSize = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
let exitCode = 0;
/** Size -> the bytes the feature-usage tables add. */
const usageSizes = new Map();
try {
  const migrations = await readD1Migrations(join(root, 'migrations'));
  console.log(`Local D1 databases (Miniflare) in ${dir}`);
  console.log(`Migrations, through the D1 binding: ${migrations.map((m) => m.name).join(', ')}`);
  const files = await createDatabases(migrations);
  const sqliteVersion = new DatabaseSync(':memory:').prepare('select sqlite_version() v').get().v;
  for (const size of sizes) {
    console.log(
      `\nSeeding ${size.toLocaleString('en-US')} users (node:sqlite, SQLite ${sqliteVersion})`,
    );
    const db = open(files.get(size));
    seed(db, 0, size);
    seedUsage(db, size);
    db.prepare('INSERT INTO rate_limits (key, count, window_start) VALUES (?, ?, ?)').run(
      captureRateLimitRow.key,
      captureRateLimitRow.count,
      NOW,
    );
    db.exec('PRAGMA wal_checkpoint(TRUNCATE);');
    const pages = db.prepare('PRAGMA page_count').get().page_count;
    const pageSize = db.prepare('PRAGMA page_size').get().page_size;
    const usage = usageBytes(db);
    db.close();
    const usageTotal = [...usage.values()].reduce((a, b) => a + b, 0);
    usageSizes.set(size, usageTotal);
    console.log(
      `  database: ${byteSize(pages * pageSize)}, of which feature usage ${byteSize(usageTotal)} ` +
        `(${USAGE_OBJECTS.map((name) => `${name} ${byteSize(usage.get(name) ?? 0)}`).join(', ')})`,
    );
  }

  // The owner's team page: two organizations in the largest database.
  const teamSize = sizes.at(-1);
  console.log(`\nSeeding the team page's organizations into the ${label(teamSize)} users database`);
  const teamDb = open(files.get(teamSize));
  const teams = new Map(TEAM_SIZES.map((members) => [members, seedTeam(teamDb, members)]));
  teamDb.exec('PRAGMA wal_checkpoint(TRUNCATE);');
  teamDb.close();
  const teamPages = await teamStatements(teams, D1_WARM_UP + D1_SAMPLES);
  const teamSqlite = teamInSqlite(files.get(teamSize), teamPages);

  // Diagnostic: inside SQLite, every size once per round.
  console.log('');
  const lookups = !options['team-only'];
  const inSqlite = new Map(sizes.map((size) => [size, {}]));
  for (let round = 1; lookups && round <= ROUNDS; round += 1) {
    console.log(`Inside SQLite, round ${round} of ${ROUNDS} (${clock()})`);
    for (const size of order(round)) {
      const statements = await drawStatements(files.get(size), SQLITE_WARM_UP + SQLITE_SAMPLES);
      pool(inSqlite, size, timeInSqlite(files.get(size), statements));
    }
  }

  // Through D1. The keys of every round first: node:sqlite must not open the files while workerd
  // has them. Then a first pass over every size, not timed (workerd compiles the D1 code paths,
  // the databases open), and the timed rounds.
  console.log(`Drawing the keys for D1 (${clock()})`);
  const draw = async (n) => {
    const statements = new Map();
    for (const size of sizes) statements.set(size, await drawStatements(files.get(size), n));
    return statements;
  };
  const firstPass = lookups ? await draw(D1_FIRST_PASS) : new Map(sizes.map((size) => [size, {}]));
  const rounds = [];
  for (let round = 1; lookups && round <= ROUNDS; round += 1)
    rounds.push(await draw(D1_WARM_UP + D1_SAMPLES));
  const throughD1 = new Map(sizes.map((size) => [size, {}]));
  let teamTimes = new Map();
  const mf = await startD1();
  try {
    console.log(`Through D1, first pass, not timed (${clock()})`);
    for (const size of sizes) {
      for (const statement of Object.values(firstPass.get(size))) {
        await runThroughD1(mf, size, statement);
      }
    }
    for (const [i, statements] of rounds.entries()) {
      console.log(`Through D1, round ${i + 1} of ${ROUNDS} (${clock()})`);
      await roundThroughD1(mf, statements, throughD1);
    }
    console.log(`Through D1, the team page, ${ROUNDS} rounds (${clock()})`);
    teamTimes = await teamThroughD1(mf, teamSize, teamPages);
  } finally {
    await mf.dispose();
  }
  console.log(`Done (${clock()})`);

  const small = sizes[0];
  const large = sizes.at(-1);
  console.log(`
Through D1 (local workerd), ms per lookup: p50 of the mean over blocks of ${BLOCK} consecutive
lookups, p99 of single lookups (in whole milliseconds, the workerd clock's step); ${ROUNDS} × ${D1_SAMPLES}
lookups. Target: p50 at ${label(large)} users / p50 at ${label(small)} users ≤ ${RATIO_TARGET}.`);
  const d1 = (size, name) => throughD1.get(size)[name];
  const d1P50 = (size, name) => quantile(d1(size, name).blocks, 0.5);
  const passed =
    !lookups ||
    printTable({
      unit: 'ms',
      p50: d1P50,
      cell: (size, name) =>
        `${d1P50(size, name).toFixed(2)} / ${quantile(d1(size, name).calls, 0.99).toFixed(0)}`,
      target: true,
    });
  if (!passed) exitCode = 1;

  const [fewMembers, manyMembers] = TEAM_SIZES;
  console.log(`
The owner's team table (${teamPageQuery.name}: one D1 batch, GET /api/team/members) in the ${label(teamSize)} users
database, ms per page through D1 (p50 of the mean over blocks of ${BLOCK}; ${ROUNDS} × ${D1_SAMPLES} pages), and
inside SQLite (µs, diagnostic). Target: ${manyMembers} members ≤ ${TEAM_RATIO_TARGET} × ${fewMembers} members.`);
  const teamP50 = (members) => quantile(teamTimes.get(members), 0.5);
  const teamRatio = teamP50(manyMembers) / teamP50(fewMembers);
  printColumns([
    [
      'lookup',
      ...TEAM_SIZES.map((members) => `${members} members p50 ms`),
      ...TEAM_SIZES.map((members) => `${members} in SQLite p50 µs`),
      `${manyMembers} / ${fewMembers}`,
      'result',
    ],
    [
      teamPageQuery.name,
      ...TEAM_SIZES.map((members) => teamP50(members).toFixed(2)),
      ...TEAM_SIZES.map((members) => quantile(teamSqlite.get(members), 0.5).toFixed(1)),
      teamRatio.toFixed(2),
      teamRatio <= TEAM_RATIO_TARGET ? 'PASS' : 'FAIL',
    ],
  ]);
  if (!(teamRatio <= TEAM_RATIO_TARGET)) exitCode = 1;

  const usageLarge = usageSizes.get(large) ?? 0;
  const usageTarget = large >= 1_000_000 ? USAGE_BYTES_TARGET : Infinity;
  console.log(
    `\nFeature usage storage at ${label(large)} users (a year of use, ${DAILY_ACTIVE * 100} % active a day): ` +
      `${byteSize(usageLarge)}${Number.isFinite(usageTarget) ? ` (target ≤ ${byteSize(usageTarget)}: ${usageLarge <= usageTarget ? 'PASS' : 'FAIL'})` : ''}`,
  );
  if (usageLarge > usageTarget) exitCode = 1;

  const sqlite = (size, name) => inSqlite.get(size)[name].times;
  const sqliteP50 = (size, name) => quantile(sqlite(size, name), 0.5);
  if (lookups)
    console.log(`
Diagnostic, no target: inside SQLite (node:sqlite on the same files, no D1 around it), µs per
lookup; ${ROUNDS} × ${SQLITE_SAMPLES} lookups.`);
  if (lookups)
    printTable({
      unit: 'µs',
      p50: sqliteP50,
      cell: (size, name) =>
        `${sqliteP50(size, name).toFixed(1)} / ${quantile(sqlite(size, name), 0.99).toFixed(1)}`,
      target: false,
    });
  console.log('');
  for (const query of hotQueries) console.log(`  ${query.name}: ${query.lookup} — ${query.usedBy}`);
  console.log(`  ${teamPageQuery.name}: ${teamPageQuery.lookup} — ${teamPageQuery.usedBy}`);
} finally {
  cleanUp();
  if (options.keep) console.log(`Kept ${dir}`);
}
process.exit(exitCode);
