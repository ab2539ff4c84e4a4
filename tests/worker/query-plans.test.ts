// Every hot lookup (scripts/bench-scale-queries.ts: the SQL the services send, captured from the
// services themselves) must find its rows through an index on the migrated D1, never by reading
// a whole table: EXPLAIN QUERY PLAN shows SEARCH … USING (COVERING) INDEX / PRIMARY KEY, no SCAN.
// npm run bench:scale times the same statements through a local D1 at 1 k, 100 k and 1 M users,
// and the owner's team page (one batch) for a 5-member and a 250-member organization.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  hotBatch,
  hotQueries,
  hotStatement,
  teamPageBatch,
  teamPageQuery,
  type CapturedStatement,
  type LookupKeys,
} from '../../scripts/bench-scale-queries';

const keys: LookupKeys = {
  emailNormalized: 'ada@example.com',
  userId: crypto.randomUUID(),
  sessionId: 'c2Vzc2lvbi1pZC1mb3ItdGhlLXF1ZXJ5LXBsYW4tdGVzdA',
  licenseKey: 'SW-7KQ3M-X9HDA-2PZRT-VWC4N',
  licenseId: crypto.randomUUID(),
  deviceId: 'device-0001',
  emailFragment: 'lovelace',
  emailStart: 'ad',
  deviceNamePrefix: 'ada.lovelace',
  usageUserId: crypto.randomUUID(),
  batchId: crypto.randomUUID(),
};

/** The `detail` lines of EXPLAIN QUERY PLAN for `sql` with `params`. */
async function queryPlan(sql: string, params: unknown[]): Promise<string[]> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail);
}

/** Fails unless every table the statements read is searched through an index or primary key. */
async function expectIndexed(statements: CapturedStatement[]) {
  const plans = await Promise.all(statements.map(({ sql, params }) => queryPlan(sql, params)));
  // A report's rows arrive as a VALUES list, which is read whole: it is the report itself.
  const plan = plans
    .flat()
    .filter((line) => !/^SCAN (v|CONSTANT ROW|\d+-ROW VALUES CLAUSE)$/.test(line));

  // The console's full-text search reads the FTS5 index: SQLite words it "SCAN … VIRTUAL TABLE
  // INDEX n:M…", where `M` is the MATCH through the trigram index (a whole-table read of a
  // virtual table has no `M`).
  const ftsMatch = /^SCAN \S+ VIRTUAL TABLE INDEX \d+:M/;
  // Every table the statement reads is searched through an index or the primary key…
  const reads = plan.filter((line) => /^(SEARCH|SCAN) /.test(line) && !ftsMatch.test(line));
  expect(reads.length + plan.filter((line) => ftsMatch.test(line)).length).toBeGreaterThan(0);
  for (const line of reads) {
    expect(line, plan.join('\n')).toMatch(
      /^SEARCH \S+( AS \S+)? USING (COVERING INDEX|INDEX|INTEGER PRIMARY KEY|PRIMARY KEY)\b/,
    );
  }
  // …and none is read whole.
  expect(
    plan.filter((line) => line.startsWith('SCAN ') && !ftsMatch.test(line)),
    plan.join('\n'),
  ).toEqual([]);
}

describe('the hot lookups use an index', () => {
  it.each(hotQueries.map((query) => [query.name, query] as const))('%s', async (_name, query) => {
    const statements = query.batch
      ? await hotBatch(query, keys, Date.now())
      : [await hotStatement(query, keys, Date.now())];
    await expectIndexed(statements);
  });

  it(`${teamPageQuery.name} (every statement of its batch)`, async () => {
    const statements = await teamPageBatch(crypto.randomUUID(), Date.now());
    expect(statements).toHaveLength(3);
    await expectIndexed(statements);
  });
});
