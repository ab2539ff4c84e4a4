// The schema of the real migrations, made once per runtime and then laid down again in one batch.
//
// setup.ts gives each worker test file empty storage with the schema production has. Applying the
// migrations one by one (35 batches, tables rebuilt on the way) took about a third of a second
// per file, 40 s of a whole `npm test`. The first file of a runtime applies the real migrations;
// what they left in sqlite_master (every table, index, trigger and virtual table, with the
// migrations' own rows of d1_migrations) is kept, and each later file, after reset() emptied the
// database, runs those statements in one batch. Before a file starts, its schema is compared with
// the migrated one entry by entry, and a difference fails the file.
import { applyD1Migrations, type D1Migration } from 'cloudflare:test';

const MIGRATIONS_TABLE = 'd1_migrations';

interface SchemaEntry {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

interface Snapshot {
  /** sqlite_master, in the order the migrations created it. */
  entries: SchemaEntry[];
  /** The statements that create it again (shadow tables of FTS5 come with their virtual table). */
  statements: string[];
  /** The names in d1_migrations, in the order applied. */
  migrations: string[];
}

const KEY = Symbol.for('sheetwright.tests.schemaSnapshot');
const store = globalThis as { [KEY]?: Snapshot };

async function schemaOf(db: D1Database): Promise<SchemaEntry[]> {
  const { results } = await db
    .prepare(
      // D1's own tables (_cf_…) and SQLite's (sqlite_…) are not the migrations' work.
      "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' ORDER BY rowid",
    )
    .all<SchemaEntry>();
  return results;
}

function snapshotOf(entries: SchemaEntry[], migrations: string[]): Snapshot {
  const virtual = entries
    .filter((entry) => entry.sql?.toUpperCase().startsWith('CREATE VIRTUAL TABLE'))
    .map((entry) => entry.name);
  const isShadow = (entry: SchemaEntry) =>
    entry.type === 'table' &&
    virtual.some((name) => entry.name.startsWith(`${name}_`)) &&
    !virtual.includes(entry.name);
  const statements = entries
    // Automatic indexes (UNIQUE, PRIMARY KEY) have no SQL; their table makes them.
    .filter((entry) => entry.sql !== null && !isShadow(entry))
    .map((entry) => entry.sql as string);
  return { entries, statements, migrations };
}

const sortedText = (entries: SchemaEntry[]) =>
  entries
    .map((entry) => JSON.stringify([entry.type, entry.name, entry.tbl_name, entry.sql]))
    .sort();

/**
 * Drops what the database still holds. reset() deletes every Durable Object's storage, D1's among
 * them, but now and then (3 files of 126 in a whole run) the database still held the file before's
 * schema and rows afterwards; applying the migrations with "IF NOT EXISTS" used to go on over them.
 */
async function emptyLeftovers(db: D1Database): Promise<void> {
  const left = await schemaOf(db);
  if (left.length === 0) return;
  const virtual = left.filter((entry) => entry.sql?.toUpperCase().startsWith('CREATE VIRTUAL'));
  const shadowOf = (name: string) => virtual.some((table) => name.startsWith(`${table.name}_`));
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const drops = [
    ...left.filter((entry) => entry.type === 'trigger').map((e) => `DROP TRIGGER ${quote(e.name)}`),
    ...left.filter((entry) => entry.type === 'view').map((e) => `DROP VIEW ${quote(e.name)}`),
    ...virtual.map((entry) => `DROP TABLE ${quote(entry.name)}`),
    ...left
      .filter((e) => e.type === 'table' && !virtual.includes(e) && !shadowOf(e.name))
      .map((entry) => `DROP TABLE ${quote(entry.name)}`),
  ];
  // Child rows go with their tables: the foreign keys are checked when the batch commits.
  await db.batch(['PRAGMA defer_foreign_keys = ON', ...drops].map((sql) => db.prepare(sql)));
  const still = await schemaOf(db);
  if (still.length > 0) {
    throw new Error(
      `reset() left tables that could not be dropped: ${still.map((e) => e.name).join(', ')}`,
    );
  }
}

/**
 * Gives an emptied database the migrations' schema: the real migrations the first time in this
 * runtime, their result in one batch after that, checked against the first.
 */
export async function applySchema(db: D1Database, migrations: D1Migration[]): Promise<void> {
  const snapshot = store[KEY];
  if (!snapshot) {
    await applyD1Migrations(db, migrations, MIGRATIONS_TABLE);
    const { results } = await db
      .prepare(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY id`)
      .all<{ name: string }>();
    store[KEY] = snapshotOf(
      await schemaOf(db),
      results.map((row) => row.name),
    );
    return;
  }
  const names = migrations.map((migration) => migration.name);
  if (JSON.stringify(names) !== JSON.stringify(snapshot.migrations)) {
    throw new Error('The migrations changed while the tests ran; run the tests again.');
  }
  await emptyLeftovers(db);
  const insert = db.prepare(`INSERT INTO ${MIGRATIONS_TABLE} (name) VALUES (?)`);
  await db.batch([
    ...snapshot.statements.map((sql) => db.prepare(sql)),
    ...snapshot.migrations.map((name) => insert.bind(name)),
  ]);
  const made = sortedText(await schemaOf(db));
  const expected = sortedText(snapshot.entries);
  if (JSON.stringify(made) !== JSON.stringify(expected)) {
    const missing = expected.filter((entry) => !made.includes(entry));
    const extra = made.filter((entry) => !expected.includes(entry));
    throw new Error(
      `The schema laid down again differs from the migrated one.\nMissing: ${missing.join('\n')}\nExtra: ${extra.join('\n')}`,
    );
  }
}
