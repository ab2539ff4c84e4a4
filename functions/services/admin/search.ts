/**
 * The console's one search box: a customer by any part of their e-mail or name (any
 * case), User ID, license key (with or without dashes), Stripe customer / subscription / checkout /
 * invoice id, device id or device name. Every lookup is an index search (tests/worker/
 * query-plans.test.ts), so it stays fast at a million accounts:
 * - e-mail and name: the FTS5 trigram index `users_search` (migration 0009) for three characters
 *   or more, read newest first (users' rowids grow with sign-up time) and paged by rowid; two
 *   characters: a range over the e-mail index (a prefix);
 * - ids and keys: their UNIQUE or plain indexes, exact;
 * - device names: the NOCASE index, by prefix.
 * Exact matches come first on the first page; the e-mail and name matches are paged after them.
 */
import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { CustomerHit, SearchResults } from '../../../src/contract/admin';
import { ConsoleMessages } from '../../../src/contract/messages';
import {
  checkoutSessions,
  devices,
  invoices,
  licenses,
  paymentRefunds,
  subscriptions,
  users,
  type UserRow,
} from '../../db/schema';
import { fail } from '../../lib/errors';
import { normalizeLicenseKey } from '../core/licenses/license-keys';
import { prefixEnd, type Db } from '../shared/db';
import { normalizeEmail } from '../shared/email-identity';

export const SEARCH_PAGE_SIZE = 20;
/** Exact matches shown at most (an id names one customer; a device id or name a few). */
const EXACT_LIMIT = 20;

const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Hit = { user: UserRow; matchedBy: string };

function toHit({ user, matchedBy }: Hit): CustomerHit {
  return {
    userId: user.id,
    email: user.email,
    customerName: user.customerName,
    plan: user.plan,
    createdAt: new Date(user.createdAt).toISOString(),
    isDeleted: user.isDeleted,
    matchedBy,
  };
}

async function usersByIds(db: Db, ids: string[], matchedBy: string): Promise<Hit[]> {
  const unique = [...new Set(ids)].slice(0, EXACT_LIMIT);
  if (unique.length === 0) return [];
  const rows = await db.select().from(users).where(inArray(users.id, unique));
  return rows.map((user) => ({ user, matchedBy }));
}

async function usersByEmails(db: Db, emails: string[], matchedBy: string): Promise<Hit[]> {
  const unique = [...new Set(emails)].slice(0, EXACT_LIMIT);
  if (unique.length === 0) return [];
  const rows = await db.select().from(users).where(inArray(users.emailNormalized, unique));
  return rows.map((user) => ({ user, matchedBy }));
}

/** Customers an exact identifier names: ids, keys, Stripe ids, devices. */
async function exactMatches(db: Db, query: string): Promise<Hit[]> {
  const lookups: Promise<Hit[]>[] = [];
  if (EMAIL_ADDRESS.test(query)) {
    lookups.push(usersByEmails(db, [normalizeEmail(query)], 'e-mail'));
  }
  if (UUID.test(query)) {
    lookups.push(usersByIds(db, [query.toLowerCase()], 'User ID'));
  }
  const key = normalizeLicenseKey(query);
  if (key) {
    lookups.push(userIdsByLicenseKey(db, key).then((ids) => usersByIds(db, ids, 'license key')));
  }
  if (query.startsWith('cus_')) {
    lookups.push(
      db
        .select({ userId: subscriptions.userId })
        .from(subscriptions)
        .where(eq(subscriptions.stripeCustomerId, query))
        .limit(EXACT_LIMIT)
        .then((rows) =>
          usersByIds(
            db,
            rows.map((row) => row.userId),
            'Stripe customer',
          ),
        ),
    );
  }
  if (query.startsWith('sub_')) {
    lookups.push(
      db
        .select({ userId: subscriptions.userId })
        .from(subscriptions)
        .where(eq(subscriptions.stripeSubscriptionId, query))
        .then((rows) =>
          usersByIds(
            db,
            rows.map((row) => row.userId),
            'Stripe subscription',
          ),
        ),
    );
  }
  if (query.startsWith('in_')) {
    lookups.push(
      db
        .select({ userId: invoices.userId })
        .from(invoices)
        .where(eq(invoices.id, query))
        .then((rows) =>
          usersByIds(
            db,
            rows.map((row) => row.userId),
            'Stripe invoice',
          ),
        ),
    );
  }
  if (query.startsWith('cs_')) lookups.push(checkoutMatches(db, query));
  lookups.push(deviceMatches(db, query));
  return (await Promise.all(lookups)).flat();
}

/** A checkout session names an account (upgrade), an e-mail (signup) or a refunded payment. */
async function checkoutMatches(db: Db, sessionId: string): Promise<Hit[]> {
  const [opened, refunded] = await Promise.all([
    db
      .select({ ownerKey: checkoutSessions.ownerKey })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, sessionId))
      .limit(EXACT_LIMIT),
    db
      .select({ userId: paymentRefunds.userId, email: paymentRefunds.email })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.checkoutSessionId, sessionId))
      .limit(EXACT_LIMIT),
  ]);
  const ids = opened.flatMap(({ ownerKey }) =>
    ownerKey.startsWith('user:') ? [ownerKey.slice(5)] : [],
  );
  const emails = opened.flatMap(({ ownerKey }) =>
    ownerKey.startsWith('email:') ? [ownerKey.slice(6)] : [],
  );
  ids.push(...refunded.flatMap(({ userId }) => (userId ? [userId] : [])));
  const hits = await Promise.all([
    usersByIds(db, ids, 'Stripe checkout'),
    usersByEmails(db, emails, 'Stripe checkout'),
  ]);
  return hits.flat();
}

/** The account holding a license key (normalized, with dashes). */
export async function userIdsByLicenseKey(db: Db, key: string): Promise<string[]> {
  const rows = await db
    .select({ userId: licenses.userId })
    .from(licenses)
    .where(eq(licenses.licenseKey, key));
  return rows.map((row) => row.userId);
}

/** Accounts with a device of this machine id (the plugin's id, exact). */
export async function userIdsByDeviceId(db: Db, deviceId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: devices.userId })
    .from(devices)
    .where(eq(devices.deviceId, deviceId))
    .limit(EXACT_LIMIT);
  return rows.map((row) => row.userId);
}

/** Accounts with a device whose name starts with `prefix`, in any case (the NOCASE index). */
export async function userIdsByDeviceName(db: Db, prefix: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: devices.userId })
    .from(devices)
    .where(
      and(
        sql`${devices.deviceName} collate nocase >= ${prefix}`,
        sql`${devices.deviceName} collate nocase < ${prefixEnd(prefix)}`,
      ),
    )
    .limit(EXACT_LIMIT);
  return rows.map((row) => row.userId);
}

/** Devices by the plugin's machine id (exact) or by name (prefix, any case). */
async function deviceMatches(db: Db, query: string): Promise<Hit[]> {
  const [byId, byName] = await Promise.all([
    userIdsByDeviceId(db, query),
    userIdsByDeviceName(db, query),
  ]);
  const hits = await Promise.all([
    usersByIds(db, byId, 'device id'),
    usersByIds(db, byName, 'device name'),
  ]);
  return hits.flat();
}

/** An FTS5 phrase of the query (double quotes doubled), matched anywhere by the trigrams. */
function phrase(query: string): string {
  return `"${query.replaceAll('"', '""')}"`;
}

/**
 * A page of customers whose e-mail or name contains the query, newest first (three characters or
 * more; two: whose e-mail starts with them).
 */
export async function textMatches(
  db: Db,
  query: string,
  cursor: string | undefined,
): Promise<{ hits: Hit[]; nextCursor: string | null }> {
  if ([...query].length >= 3) {
    const before = cursor?.startsWith('t:') ? Number(cursor.slice(2)) : Number.MAX_SAFE_INTEGER;
    if (!Number.isSafeInteger(before)) return { hits: [], nextCursor: null };
    const found = await db.all<{ rid: number }>(
      sql`select rowid as rid from users_search
        where users_search match ${phrase(query)} and rowid < ${before}
        order by rowid desc limit ${SEARCH_PAGE_SIZE + 1}`,
    );
    const page = found.slice(0, SEARCH_PAGE_SIZE);
    const rows = page.length
      ? await db
          .select()
          .from(users)
          .where(
            inArray(
              sql`${users}.rowid`,
              page.map((row) => row.rid),
            ),
          )
          .orderBy(desc(sql`${users}.rowid`))
      : [];
    const last = page[page.length - 1];
    return {
      hits: rows.map((user) => ({ user, matchedBy: 'e-mail or name' })),
      nextCursor: found.length > SEARCH_PAGE_SIZE && last ? `t:${last.rid}` : null,
    };
  }
  // Two characters: the e-mail's first two (the index is over the lower-cased e-mail).
  const prefix = query.toLowerCase();
  const from = cursor?.startsWith('p:') ? cursor.slice(2) : undefined;
  const conditions: SQL[] = [
    from === undefined
      ? gte(users.emailNormalized, prefix)
      : sql`${users.emailNormalized} > ${from}`,
    lt(users.emailNormalized, prefixEnd(prefix)),
  ];
  const rows = await db
    .select()
    .from(users)
    .where(and(...conditions))
    .orderBy(users.emailNormalized)
    .limit(SEARCH_PAGE_SIZE + 1);
  const page = rows.slice(0, SEARCH_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    hits: page.map((user) => ({ user, matchedBy: 'e-mail' })),
    nextCursor: rows.length > SEARCH_PAGE_SIZE && last ? `p:${last.emailNormalized}` : null,
  };
}

/** GET /api/admin/search: exact matches first (first page only), then e-mail and name matches. */
export async function searchCustomers(
  db: Db,
  rawQuery: string,
  cursor?: string,
): Promise<SearchResults> {
  // Control characters mean nothing in a search and would upset the FTS5 query parser.

  const query = rawQuery.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if ([...query].length < 2) {
    throw fail('VALIDATION_FAILED', { message: ConsoleMessages.searchTooShort });
  }
  const exact = cursor ? [] : await exactMatches(db, query);
  exact.sort((a, b) => b.user.createdAt - a.user.createdAt);
  // A whole address names one account through the e-mail index; as a full-text phrase it would
  // have to read the long trigram lists of its every part (`.com`, `mai`, …) for nothing more.
  const text = EMAIL_ADDRESS.test(query)
    ? { hits: [], nextCursor: null }
    : await textMatches(db, query, cursor);
  const seen = new Set<string>();
  const results: CustomerHit[] = [];
  for (const hit of [...exact, ...text.hits]) {
    if (seen.has(hit.user.id)) continue;
    seen.add(hit.user.id);
    results.push(toHit(hit));
  }
  return { query, results, nextCursor: text.nextCursor };
}
