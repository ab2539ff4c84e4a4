import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { DrizzleD1Database } from 'drizzle-orm/d1';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type * as schema from '../../db/schema';

/** The drizzle client services take as their first argument (built per request), with its D1 binding. */
export type Db = DrizzleD1Database<typeof schema> & { $client: D1Database };

/** Milliseconds since the epoch; services take `now` as a value so tests control the clock. */
export type Millis = number;

/** One day in milliseconds. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** A time as the API answers it: ISO 8601 in UTC. */
export const iso = (ms: Millis): string => new Date(ms).toISOString();

/** `iso`, or null for no time. */
export const isoOrNull = (ms: Millis | null): string | null => (ms === null ? null : iso(ms));

/** The UTC calendar day (`YYYY-MM-DD`) of a time. */
export const utcDay = (ms: Millis): string => iso(ms).slice(0, 10);

/** The first millisecond of a calendar day (`YYYY-MM-DD`, already validated) in UTC. */
export function utcDayStart(date: string): Millis {
  return Date.parse(`${date}T00:00:00Z`);
}

/**
 * True when `error` (or its cause, as drizzle wraps D1 errors) is a UNIQUE constraint failure on
 * `table.column`; D1 reports e.g. `UNIQUE constraint failed: users.email_normalized`.
 */
export function isUniqueViolation(error: unknown, target: string): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const { message } = current;
    if (message.includes('UNIQUE constraint failed') && message.includes(target)) return true;
    current = current.cause;
  }
  return false;
}

/**
 * `"table"."column"`, for a column of the outer statement inside a correlated subquery: in a
 * single-table statement drizzle writes columns unqualified, and a subquery would read `"user_id"`
 * as its own table's column.
 */
export function outerColumn(column: SQLiteColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/**
 * The exclusive end of the range of strings that start with `prefix` (a range over an index
 * finds them; `LIKE 'ab%'` would not use a binary or NOCASE index here).
 */
export function prefixEnd(prefix: string): string {
  return `${prefix}\u{10FFFF}`;
}

/** The rows a raw read answers (`sql<Row>`…). */
type RowsOf<Query> = Query extends SQL<infer Row> ? Row[] : never;

/**
 * Raw reads (`sql<Row>`…, as `db.all` takes them) sent as ONE D1 batch: drizzle's own batch
 * cannot carry raw SQL with parameters. Each answers its rows as objects.
 */
export async function readBatch<const Queries extends readonly SQL[]>(
  db: Db,
  queries: Queries,
): Promise<{ -readonly [K in keyof Queries]: RowsOf<Queries[K]> }> {
  const statements = queries.map((query) => {
    const { sql: text, params } = db.all(query).getQuery();
    return db.$client.prepare(text).bind(...params);
  });
  const results = await db.$client.batch<unknown>(statements);
  return results.map((result) => result.results) as {
    -readonly [K in keyof Queries]: RowsOf<Queries[K]>;
  };
}
