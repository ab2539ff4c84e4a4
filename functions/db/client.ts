import { drizzle, type DrizzleD1Database } from 'drizzle-orm/d1';
import * as schema from './schema';

/** A drizzle client over the D1 binding, with the schema for typed relational queries. */
export function createDb(
  d1: D1Database,
): DrizzleD1Database<typeof schema> & { $client: D1Database } {
  return drizzle(d1, { schema });
}
