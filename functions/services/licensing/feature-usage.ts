/**
 * Feature usage: the plugin's daily reports (POST /api/usage/report) and what Usage & Sessions
 * shows of them (GET /api/usage/features). A report is stored as daily totals, one row per
 * license, device and UTC day with a count per command (feature_usage_days), added to by ONE
 * upsert per report; the report's batch id is written in the same D1 batch under a UNIQUE
 * constraint, so a batch counts once however often or concurrently it is sent. The dashboard's
 * numbers are SQL sums over those rows, never a scan of raw events.
 */
import { and, desc, eq, getTableColumns, gte, sql, type SQL } from 'drizzle-orm';
import { UsageReportMessages } from '../../../src/contract/catalogue';
import { ApiMessages } from '../../../src/contract/messages';
import type {
  UsageEvent,
  UsageReportBody,
  UsageReportResponse,
} from '../../../src/contract/schemas/usage-report';
import type { FeatureUsageDevice, FeatureUsageView } from '../../../src/contract/usage';
import { featureUsage } from '../../../src/site.config';
import type { FeatureSlug, UsageRange } from '../../../src/config/feature-usage';
import {
  devices,
  featureUsageColumns,
  featureUsageDays,
  usageBatches,
  users,
} from '../../db/schema';
import { fail } from '../../lib/errors';
import { checkDevice } from '../core/licenses/plugin-calls';
import { DAY_MS, isUniqueViolation, type Db, type Millis } from '../shared/db';
import type { Deps } from '../shared/deps';

const { features, maxCountPerDay } = featureUsage;

/** The UTC calendar day (`YYYY-MM-DD`) of a time. */
export function dayOf(ms: Millis): string {
  return new Date(ms).toISOString().slice(0, 10);
}

const capText = maxCountPerDay.toLocaleString('en-US');

/** Counts per day and command, summed over the events (a plugin may send a pair twice). */
type DayCounts = Map<string, Map<FeatureSlug, number>>;

/**
 * Refuses (400, a plain message) a day outside the accepted window — more than
 * `reportDaysBack` days ago, or after tomorrow (UTC: the plugin dates by its own time zone) —
 * and a command's count for one day above the cap once the report's events are summed.
 */
export function sumReport(events: readonly UsageEvent[], now: Millis): DayCounts {
  const oldest = dayOf(now - featureUsage.reportDaysBack * DAY_MS);
  const newest = dayOf(now + featureUsage.reportDaysAhead * DAY_MS);
  const days: DayCounts = new Map();
  for (const { feature, day, count } of events) {
    if (day < oldest) {
      throw fail('VALIDATION_FAILED', {
        message: ApiMessages.usageDayTooOld(day, featureUsage.reportDaysBack),
      });
    }
    if (day > newest) {
      throw fail('VALIDATION_FAILED', { message: ApiMessages.usageDayInFuture(day) });
    }
    const counts = days.get(day) ?? new Map<FeatureSlug, number>();
    const sum = (counts.get(feature) ?? 0) + count;
    if (sum > maxCountPerDay) {
      throw fail('VALIDATION_FAILED', {
        message: ApiMessages.usageCountOverCap(feature, day, capText),
      });
    }
    days.set(day, counts.set(feature, sum));
  }
  return days;
}

/** Column name of a command's count: `renumber-views` → `renumber_views`. */
const columnOf = (feature: FeatureSlug) => featureUsageColumns[feature].name;

/** The schema's property of each command's column: `renumber-views` → `renumberViews`. */
const featureUsageKeys = (() => {
  const keyOf = new Map(
    Object.entries(getTableColumns(featureUsageDays)).map(([key, column]) => [column.name, key]),
  );
  return Object.fromEntries(
    features.map(({ slug }) => [slug, keyOf.get(columnOf(slug)) ?? slug]),
  ) as Record<FeatureSlug, string>;
})();

/**
 * The one statement that adds a report's counts: an INSERT … SELECT over a VALUES list (one row
 * per day) with ON CONFLICT DO UPDATE adding to the existing row, each count capped. The counts
 * are checked integers written into the SQL (D1 binds at most 100 parameters a statement); the
 * ids, days and version are bound.
 */
function addCountsStatement(
  db: Db,
  who: { licenseId: string; userId: string; deviceId: string; appVersion: string | null },
  days: DayCounts,
  now: Millis,
) {
  const rows: SQL[] = [];
  for (const [day, counts] of days) {
    if ([...counts.values()].every((count) => count === 0)) continue;
    const values = features.map(({ slug }) => {
      const count = counts.get(slug) ?? 0;
      if (!Number.isSafeInteger(count)) throw new Error(`Bad count ${count}`);
      return sql.raw(String(count));
    });
    rows.push(sql`(${day}, ${sql.join(values, sql`, `)})`);
  }
  if (rows.length === 0) return undefined;
  // The VALUES rows hold the day, then the counts in `features` order.
  const fromValues = new Map<string, SQL>(
    features.map(({ slug }, index) => [columnOf(slug), sql.raw(`v.column${index + 2}`)]),
  );
  const given: Record<string, SQL> = {
    license_id: sql`${who.licenseId}`,
    user_id: sql`${who.userId}`,
    device_id: sql`${who.deviceId}`,
    day: sql.raw('v.column1'),
    app_version: sql`${who.appVersion}`,
    updated_at: sql`${now}`,
  };
  // drizzle names every column of the table, in the table's order: the select follows it.
  const selected = Object.values(getTableColumns(featureUsageDays)).map((column) => {
    const value = given[column.name] ?? fromValues.get(column.name);
    if (!value) throw new Error(`No value for feature_usage_days.${column.name}`);
    return value;
  });
  const set = Object.fromEntries(
    features.map(({ slug }) => {
      const column = columnOf(slug);
      return [
        featureUsageKeys[slug],
        sql.raw(`min(${column} + excluded.${column}, ${maxCountPerDay})`),
      ];
    }),
  );
  // `where true` keeps SQLite from reading ON CONFLICT as a join constraint.
  return db
    .insert(featureUsageDays)
    .select(
      sql`select ${sql.join(selected, sql`, `)}
      from (values ${sql.join(rows, sql`, `)}) as v
      where true`,
    )
    .onConflictDoUpdate({
      target: [featureUsageDays.licenseId, featureUsageDays.deviceId, featureUsageDays.day],
      set: {
        ...set,
        appVersion: sql`coalesce(excluded.app_version, ${featureUsageDays.appVersion})`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/**
 * POST /api/usage/report. A license that is not valid on the device answers validate's status;
 * an account that turned sharing off is acknowledged and nothing is stored; a batch id seen
 * before (a retry, or the same batch sent concurrently) is acknowledged and counted once.
 */
export async function reportUsage(deps: Deps, body: UsageReportBody): Promise<UsageReportResponse> {
  const { db, now } = deps;
  const days = sumReport(body.events, now);
  const checked = await checkDevice(deps, body);
  if (!checked.ok) {
    const { status, message, license } = checked;
    return license ? { status, message, license } : { status, message };
  }
  const { license, shareUsage } = checked.keyed;
  if (!shareUsage) {
    return { status: 'VALID', message: UsageReportMessages.notShared, usageReporting: false };
  }
  const batch = db
    .insert(usageBatches)
    .values({ licenseId: license.id, batchId: body.batchId, receivedAt: now });
  const who = {
    licenseId: license.id,
    userId: license.userId,
    deviceId: checked.device.deviceId,
    appVersion: body.appVersion ?? null,
  };
  const counts = addCountsStatement(db, who, days, now);
  try {
    await (counts ? db.batch([batch, counts]) : db.batch([batch]));
  } catch (error) {
    // The batch id is taken: this report (or a copy sent at the same time) counted already, and
    // the failed D1 batch wrote nothing.
    if (!isUniqueViolation(error, 'usage_batches.license_id')) throw error;
    return {
      status: 'VALID',
      message: UsageReportMessages.alreadyReceived,
      usageReporting: true,
    };
  }
  return { status: 'VALID', message: UsageReportMessages.received, usageReporting: true };
}

/** SQL: the sum of a count column over the grouped rows. */
const sumOf = (feature: FeatureSlug) =>
  sql<number>`coalesce(sum(${featureUsageColumns[feature]}), 0)`.mapWith(Number);

/** SQL: the last day the command was used among the grouped rows, or null. */
const lastDayOf = (feature: FeatureSlug) =>
  sql<
    string | null
  >`max(case when ${featureUsageColumns[feature]} > 0 then ${featureUsageDays.day} end)`;

/** Per device: each command's uses on `from` and later (the (user_id, day) index). */
export function usageInPeriodQuery(db: Db, userId: string, from: string) {
  const sums = Object.fromEntries(features.map(({ slug }) => [slug, sumOf(slug)]));
  return db
    .select({ deviceId: featureUsageDays.deviceId, ...sums })
    .from(featureUsageDays)
    .where(and(eq(featureUsageDays.userId, userId), gte(featureUsageDays.day, from)))
    .groupBy(featureUsageDays.deviceId);
}

/** Per device: the last day each command was used (the user's rows, at most a year of them). */
export function usageLastUsedQuery(db: Db, userId: string) {
  const lasts = Object.fromEntries(features.map(({ slug }) => [slug, lastDayOf(slug)]));
  return db
    .select({ deviceId: featureUsageDays.deviceId, ...lasts })
    .from(featureUsageDays)
    .where(eq(featureUsageDays.userId, userId))
    .groupBy(featureUsageDays.deviceId);
}

/** GET /api/usage/features: the signed-in customer's feature use over the last `days` days. */
export async function featureUsageView(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  userId: string,
  days: UsageRange,
): Promise<FeatureUsageView> {
  const to = dayOf(now);
  const from = dayOf(now - (days - 1) * DAY_MS);
  // One round trip, each statement reading an index of its table.
  const [inPeriod, lastUsed, names, [account]] = await db.batch([
    usageInPeriodQuery(db, userId, from),
    usageLastUsedQuery(db, userId),
    db
      .select({ deviceId: devices.deviceId, deviceName: devices.deviceName })
      .from(devices)
      .where(eq(devices.userId, userId))
      .orderBy(desc(devices.activatedAt)),
    db.select({ shareUsage: users.shareUsage }).from(users).where(eq(users.id, userId)).limit(1),
  ]);
  const nameOf = new Map<string, string>();
  for (const row of names) if (!nameOf.has(row.deviceId)) nameOf.set(row.deviceId, row.deviceName);
  const countsOf = new Map(inPeriod.map((row) => [row.deviceId, row as Record<string, unknown>]));
  const views: FeatureUsageDevice[] = lastUsed.map((row) => {
    const last = row as Record<string, unknown>;
    const period = countsOf.get(row.deviceId);
    return {
      deviceId: row.deviceId,
      deviceName: nameOf.get(row.deviceId) ?? row.deviceId,
      counts: features.map(({ slug }) => Number(period?.[slug] ?? 0)),
      lastUsed: features.map(({ slug }) => (last[slug] as string | null | undefined) ?? null),
    };
  });
  const total = (view: FeatureUsageDevice) => view.counts.reduce((a, b) => a + b, 0);
  views.sort((a, b) => total(b) - total(a) || a.deviceName.localeCompare(b.deviceName));
  return { days, from, to, shareUsage: account?.shareUsage ?? true, devices: views };
}
