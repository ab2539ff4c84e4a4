// Every hot lookup (scripts/bench-scale-queries.ts: the SQL the services send, captured from the
// services themselves) must find its rows through an index on the migrated D1, never by reading
// a whole table: EXPLAIN QUERY PLAN shows SEARCH … USING (COVERING) INDEX / PRIMARY KEY, no SCAN.
// npm run bench:scale times the same statements through a local D1 at 1 k, 100 k and 1 M users,
// and the owner's team page (one batch) for a 5-member and a 250-member organization.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { statusFilters, teamSortKeys } from '../../src/contract/team';
import {
  firstTeamPage,
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
  // A statement's own intermediate rows (a WITH table read back, e.g. the team table's page) are
  // no table: SQLite builds them (CO-ROUTINE or MATERIALIZE) and scans what it built.
  const built = new Set(
    plans.flat().flatMap((line) => /^(?:CO-ROUTINE|MATERIALIZE) (\S+)$/.exec(line)?.[1] ?? []),
  );
  const plan = plans
    .flat()
    .filter((line) => !/^SCAN (v|CONSTANT ROW|\d+-ROW VALUES CLAUSE)$/.test(line))
    .filter((line) => !built.has(/^SCAN (\S+)$/.exec(line)?.[1] ?? ''));

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

  it.each(teamSortKeys.flatMap((sort) => statusFilters.map((status) => [sort, status] as const)))(
    `${teamPageQuery.name} by %s, status %s, searched, reads the two indexes only`,
    async (sort, status) => {
      const query = { ...firstTeamPage, sort, status, q: 'ada', dir: 'desc' as const };
      const statements = await teamPageBatch(crypto.randomUUID(), Date.now(), query);
      await expectIndexed(statements);
      const plan = (
        await Promise.all(statements.map(({ sql, params }) => queryPlan(sql, params)))
      ).flat();
      const searched = plan.filter((line) => /^SEARCH (m|i) /.test(line));
      expect(searched.length, plan.join('\n')).toBeGreaterThan(0);
      for (const line of searched) {
        expect(line, plan.join('\n')).toMatch(
          /USING COVERING INDEX (organization_members_roster_idx|organization_invitations_open_idx) /,
        );
      }
    },
  );

  it(`${teamPageQuery.name}: the first page by name streams from the index, no sort of the team`, async () => {
    const [, , page] = await teamPageBatch(crypto.randomUUID(), Date.now());
    const plan = await queryPlan(page!.sql, page!.params);
    const members = plan.indexOf(
      plan.find((line) => line.startsWith('SEARCH m USING COVERING INDEX'))!,
    );
    // The members' half needs no temporary B-tree: the index is in name order.
    expect(plan[members + 1] ?? '', plan.join('\n')).not.toMatch(/TEMP B-TREE/);
  });
});
