/**
 * The hot lookups, as the SQL our code really sends to D1. Each one calls the service function
 * itself (findUserByEmail, verifySession, findLicenseByKey, …) with a drizzle client over a
 * recording D1 binding that answers every statement with no rows, so the statement and its
 * parameters are exactly what production issues and stay in sync with the services.
 *
 * Two users: `npm run bench:scale` (scripts/bench-scale.mjs: timings through a local D1 binding at
 * 1 k, 100 k and 1 M users, each statement sent with the method drizzle uses, and the owner's team
 * page for a small and a large organization) and tests/worker/query-plans.test.ts (EXPLAIN QUERY
 * PLAN on the migrated test D1).
 */
import { createDb } from '../functions/db/client';
import {
  textMatches,
  userIdsByDeviceId,
  userIdsByDeviceName,
  userIdsByLicenseKey,
} from '../functions/services/admin/search';
import { signSessionToken, verifySession } from '../functions/services/core/users/sessions';
import { findUserByEmail, findUserById } from '../functions/services/core/users/users';
import { findActiveDevice, touchSeenDevice } from '../functions/services/core/licenses/devices';
import { usableDeviceSql } from '../functions/services/core/licenses/plugin-calls';
import {
  activeDeviceCount,
  findLicenseByKey,
  licenseForDeviceQuery,
} from '../functions/services/core/licenses/license-check';
import { currentLicense } from '../functions/services/core/licenses/licenses';
import { eq } from 'drizzle-orm';
import { devices } from '../functions/db/schema';
import { teamPeoplePage } from '../functions/services/organizations/people';
import type { PeopleQuery } from '../src/contract/schemas/team-requests';
import {
  dayNumber,
  deviceRefs,
  usageQueries,
  usageTotalsQuery,
} from '../functions/services/core/usage/usage-store';
import {
  deviceTrendStatements,
  productTrendStatements,
} from '../functions/services/core/usage/usage-trend';
import { reportStatements, sumReport } from '../functions/services/licensing/feature-usage';
import type { Db, Millis } from '../functions/services/shared/db';
import type { Secrets } from '../functions/services/shared/deps';
import { counterKey, rateLimitStep } from '../functions/services/shared/rate-limit';

/** The D1 statement method a statement is sent with. */
export type D1Method = 'all' | 'raw' | 'first' | 'run';

/** One statement as sent to D1: its SQL, its parameters and the method drizzle calls. */
export interface CapturedStatement {
  sql: string;
  params: unknown[];
  method: D1Method;
}

/** A D1 binding that records every statement and answers it with no rows. */
function recordingD1(log: CapturedStatement[]): D1Database {
  const statement = (sql: string, params: unknown[] = []) => ({
    sql,
    params,
    bind: (...values: unknown[]) => statement(sql, values),
    all: async () => {
      log.push({ sql, params, method: 'all' });
      return { results: [], success: true, meta: {} };
    },
    raw: async () => {
      log.push({ sql, params, method: 'raw' });
      return [];
    },
    first: async () => {
      log.push({ sql, params, method: 'first' });
      return null;
    },
    run: async () => {
      log.push({ sql, params, method: 'run' });
      return { results: [], success: true, meta: { changes: 0 } };
    },
  });
  return {
    prepare: (sql: string) => statement(sql),
    batch: async (statements: { sql: string; params: unknown[] }[]) =>
      statements.map(({ sql, params }) => {
        log.push({ sql, params, method: 'run' });
        return { results: [], success: true, meta: { changes: 0 } };
      }),
  } as unknown as D1Database;
}

/**
 * The statements `run` sends. An error after at least one statement is expected (a lookup that
 * finds nothing may throw, e.g. verifySession's 401) and ignored.
 */
export async function captureStatements(
  run: (db: Db) => Promise<unknown>,
): Promise<CapturedStatement[]> {
  const log: CapturedStatement[] = [];
  try {
    await run(createDb(recordingD1(log)));
  } catch (error) {
    if (log.length === 0) throw error;
  }
  return log;
}

/** The keys one round of lookups uses: one existing user and what hangs off it. */
export interface LookupKeys {
  emailNormalized: string;
  userId: string;
  sessionId: string;
  licenseKey: string;
  licenseId: string;
  deviceId: string;
  /** Part of a name or e-mail (five characters), as an operator types it into the search. */
  emailFragment: string;
  /** The first two characters of an e-mail (the console's shortest search). */
  emailStart: string;
  /** The start of a device name. */
  deviceNamePrefix: string;
  /** The account of that device, whose devices report feature usage. */
  usageUserId: string;
  /** A batch id never sent before (the report writes it). */
  batchId: string;
}

/** The rate limit the plugin calls count against, and the client address of the captured ones. */
const CAPTURE_RULE = 'licenseApiPerIp';
const CAPTURE_CLIENT_IP = '198.51.100.7';

/**
 * The `rate_limits` row the captured plugin calls find (the Worker counts the call into it
 * earlier in the same batch): the database the statements run on needs it, one call in.
 */
export const captureRateLimitRow = { key: counterKey(CAPTURE_RULE, CAPTURE_CLIENT_IP), count: 1 };

/** A secret for the session tokens the capture signs (never used outside it). */
const CAPTURE_JWT_SECRET = 'bench-scale-capture-secret-not-a-real-one';

/** A hot lookup: which rows it finds, who issues it, and the service call that issues it. */
export interface HotQuery {
  name: string;
  /** The lookup in a few words (table and key). */
  lookup: string;
  /** The code paths that issue it. */
  usedBy: string;
  /**
   * Changes a row (the bench runs it for real: it is part of the hot path), and only when `now`
   * is at least a minute after the previous call for the same keys.
   */
  writes?: boolean;
  /** Sends several statements as one D1 batch (a transaction), timed as one call. */
  batch?: boolean;
  run: (db: Db, keys: LookupKeys, now: Millis) => Promise<unknown>;
}

/** What every timed report carries: three commands used today (the same SQL for every key). */
const BENCH_EVENTS = (now: Millis) => {
  const day = new Date(now).toISOString().slice(0, 10);
  return [
    { feature: 'renumber-views' as const, day, count: 4 },
    { feature: 'schedule-link' as const, day, count: 1 },
    { feature: 'cad-import' as const, day, count: 2 },
  ];
};

export const hotQueries: HotQuery[] = [
  {
    name: 'user-by-email',
    lookup: 'users by email_normalized',
    usedBy: 'login (findUserByEmail); admin search, exact e-mail',
    run: (db, keys) => findUserByEmail(db, keys.emailNormalized),
  },
  {
    name: 'current-license',
    lookup: "licenses by user_id, newest (a user's current license)",
    usedBy: 'login (startSession → currentLicense); /api/me; admin search by user id',
    run: (db, keys) => currentLicense(db, keys.userId),
  },
  {
    name: 'session-check',
    lookup: 'sessions by id (WITHOUT ROWID), deleted-account check',
    usedBy: 'every signed-in request (requireSession → verifySession; /api/me batches it)',
    run: async (db, keys, now) => {
      const info = {
        userId: keys.userId,
        sessionId: keys.sessionId,
        createdAt: now - 60_000,
        expiresAt: now + 86_400_000,
        secondFactorAt: null,
        verifiedAt: now - 60_000,
      };
      const token = await signSessionToken(CAPTURE_JWT_SECRET, info);
      const secrets = { jwtSecret: CAPTURE_JWT_SECRET } as Secrets;
      return verifySession({ db, now, secrets }, token);
    },
  },
  {
    name: 'license-check',
    lookup: 'licenses by license_key with the active device and the device count',
    usedBy: 'validate, activate, deactivate (licenseForDeviceQuery, batched with the rate limit)',
    run: (db, keys) => licenseForDeviceQuery(db, keys.licenseKey, keys.deviceId),
  },
  {
    name: 'license-by-key',
    lookup: 'licenses by license_key, deleted-account and newer-license checks',
    usedBy: 'a refused activation (findLicenseByKey); admin search by license key',
    run: (db, keys) => findLicenseByKey(db, keys.licenseKey),
  },
  {
    name: 'device-touch',
    lookup: 'active device by license key + device id, license usable, last seen a minute ago',
    usedBy: 'validate, activate again (touchSeenDevice, batched with the rate limit and the read)',
    writes: true,
    run: (db, keys, now) => {
      const { withinLimit } = rateLimitStep({ db, now }, CAPTURE_RULE, CAPTURE_CLIENT_IP);
      return touchSeenDevice(db, keys.licenseKey, keys.deviceId, {}, now, withinLimit);
    },
  },
  {
    name: 'device-find',
    lookup: 'devices by license_id + device_id, active',
    usedBy: 'activate with replace (findActiveDevice)',
    run: (db, keys) => findActiveDevice(db, keys.licenseId, keys.deviceId),
  },
  {
    name: 'device-count',
    lookup: 'count of active devices by license_id',
    usedBy: 'the answer after an activation or deactivation (licenseInfo → activeDeviceCount)',
    run: (db, keys) => activeDeviceCount(db, keys.licenseId),
  },
  {
    name: 'user-by-id',
    lookup: 'users by id',
    usedBy: '/api/me (batched with the session check); admin search by user id (findUserById)',
    run: (db, keys) => findUserById(db, keys.userId),
  },
  {
    name: 'usage-days',
    lookup: "usage_days by the account's devices' usage_ref (one key range each)",
    usedBy: 'Usage & Sessions, feature usage over 365 days (featureUsageView → usageQueries)',
    run: (db, keys, now) => usageQueries(db, eq(devices.userId, keys.usageUserId), now, 365)[0],
  },
  {
    name: 'usage-months',
    lookup: "usage_months by month (the last 13) and the account's devices' usage_ref",
    usedBy: 'Usage & Sessions, feature usage over 365 days (featureUsageView → usageQueries)',
    run: (db, keys, now) => usageQueries(db, eq(devices.userId, keys.usageUserId), now, 365)[1],
  },
  {
    name: 'usage-report',
    lookup:
      "a report's writes: usage_reports by (device_ref, batch), usage_totals and usage_days by day",
    usedBy: "POST /api/usage/report, in the license check's batch (reportUsage → reportStatements)",
    writes: true,
    batch: true,
    run: (db, keys, now) => {
      const { withinLimit } = rateLimitStep({ db, now }, CAPTURE_RULE, CAPTURE_CLIENT_IP);
      const statements = reportStatements(db, {
        usable: usableDeviceSql(now, keys.licenseKey, keys.deviceId, withinLimit),
        batch: BigInt.asIntN(64, BigInt(`0x${keys.batchId.replace(/-/g, '').slice(0, 16)}`)),
        days: sumReport(BENCH_EVENTS(now), now),
        now,
      });
      return db.batch(statements);
    },
  },
  {
    name: 'usage-adoption',
    lookup: 'usage_totals by day, the last 90',
    usedBy: "the console overview's feature adoption (businessMetrics → usageTotalsQuery)",
    run: (db, _keys, now) => usageTotalsQuery(db, dayNumber(now) - 89),
  },
  {
    name: 'usage-trend',
    lookup:
      "usage_days by the account's devices' usage_ref from a day on, grouped per point; usage_months by month and usage_ref; the last 60 days",
    usedBy: 'Usage & Sessions, use over 365 days (accountUsageTrend → deviceTrendStatements)',
    batch: true,
    run: (db, keys, now) =>
      db.batch(
        deviceTrendStatements(
          db,
          deviceRefs(db, eq(devices.userId, keys.usageUserId)),
          dayNumber(now),
          365,
        ).statements,
      ),
  },
  {
    name: 'usage-trend-product',
    lookup: 'usage_totals by day, the last 365 grouped per week, and the last 60',
    usedBy: "the console's feature adoption over time (productUsageTrend → productTrendStatements)",
    batch: true,
    run: (db, _keys, now) => db.batch(productTrendStatements(db, dayNumber(now), 365).statements),
  },
  {
    name: 'admin-search-text',
    lookup: 'users_search (FTS5 trigram) by part of an e-mail or name, newest 21',
    usedBy: 'the console search box, three characters or more (textMatches)',
    run: (db, keys) => textMatches(db, keys.emailFragment, undefined),
  },
  {
    name: 'admin-search-start',
    lookup: 'users by the first two characters of email_normalized, first 21',
    usedBy: 'the console search box, two characters (textMatches)',
    run: (db, keys) => textMatches(db, keys.emailStart, undefined),
  },
  {
    name: 'admin-search-key',
    lookup: 'licenses by license_key → user id',
    usedBy: 'the console search box, a license key (userIdsByLicenseKey)',
    run: (db, keys) => userIdsByLicenseKey(db, keys.licenseKey),
  },
  {
    name: 'admin-search-device-id',
    lookup: 'devices by device_id → user ids',
    usedBy: 'the console search box, a device id (userIdsByDeviceId)',
    run: (db, keys) => userIdsByDeviceId(db, keys.deviceId),
  },
  {
    name: 'admin-search-device-name',
    lookup: 'devices by device_name prefix, any case (NOCASE index) → user ids',
    usedBy: 'the console search box, a device name (userIdsByDeviceName)',
    run: (db, keys) => userIdsByDeviceName(db, keys.deviceNamePrefix),
  },
];

/** The statements a batch hot query sends for `keys`, as one D1 batch. */
export async function hotBatch(
  query: HotQuery,
  keys: LookupKeys,
  now: Millis,
): Promise<CapturedStatement[]> {
  const statements = await captureStatements((db) => query.run(db, keys, now));
  if (!query.batch || statements.length < 2) {
    throw new Error(`${query.name} sent ${statements.length} statements as a batch`);
  }
  return statements;
}

/** The one statement a hot query sends for `keys` (each that is no batch sends exactly one). */
export async function hotStatement(
  query: HotQuery,
  keys: LookupKeys,
  now: Millis,
): Promise<CapturedStatement> {
  const statements = await captureStatements((db) => query.run(db, keys, now));
  const [only] = statements;
  if (!only || statements.length !== 1) {
    throw new Error(`${query.name} sent ${statements.length} statements, expected one`);
  }
  return only;
}

/**
 * The owner's team page, its table (GET /api/team/members → teamPeoplePage): ONE D1 batch of reads
 * for a page of the team, whatever its size (the members' and the invitations' counts from their
 * covering indexes, the page with its members' licenses; their devices are listed on demand). The bench times the page the
 * owner first sees (page 1, by name) for a 5-member and a 250-member organization (the large one
 * within 1.3 × the small one).
 */
export const teamPageQuery = {
  name: 'team-members-page',
  lookup:
    'organization_members_roster_idx and organization_invitations_open_idx by organization ' +
    "(counts per status, one page by name, as one JSON value), the page's licenses by id",
  usedBy: "the owner's team table, GET /api/team/members (teamPeoplePage), its first page",
};

/** The page the owner first sees: page 1, by name A to Z, no search, every status. */
export const firstTeamPage: PeopleQuery = {
  page: 1,
  sort: 'name',
  dir: 'asc',
  q: '',
  status: 'all',
};

/** The statements of the team table's one batch for organization `organizationId`. */
export async function teamPageBatch(
  organizationId: string,
  now: Millis,
  query: PeopleQuery = firstTeamPage,
): Promise<CapturedStatement[]> {
  const statements = await captureStatements((db) =>
    teamPeoplePage(db, { id: organizationId }, query, now),
  );
  if (statements.length < 2) {
    throw new Error(`${teamPageQuery.name} sent ${statements.length} statements as a batch`);
  }
  return statements;
}
