import { drizzle, type DrizzleD1Database } from 'drizzle-orm/d1';
import * as schema from './schema';

type Db = DrizzleD1Database<typeof schema> & { $client: D1Database };

// Making a client walks the whole schema to build drizzle's relational-query configuration, a few
// milliseconds of CPU that every request paid (buildDeps makes one per request); the client keeps
// no state of its own between queries, so one per binding object serves every request after it.
const clients = new WeakMap<D1Database, Db>();

/** A drizzle client over the D1 binding, with the schema for typed relational queries. */
export function createDb(d1: D1Database): Db {
  let db = clients.get(d1);
  if (!db) {
    db = drizzle(d1, { schema });
    clients.set(d1, db);
  }
  return db;
}
