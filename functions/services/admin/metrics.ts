/**
 * The console's overview of the business: per period of a range (a day, or a calendar month for
 * 12 months, in UTC), what happened (trials started, trials converted to Standard, cancellations,
 * refunds) and where things stood at its end (paid subscriptions, MRR, Enterprise seats, active
 * devices). Each measure is ONE aggregate query that sums every period at once (a CASE per
 * period), and all of them go to D1 in one batch.
 *
 * Definitions, so the numbers can be checked by hand:
 * - a trial starts when its Trial license is created; it converted when the same account got a
 *   Standard license later (a purchase, whenever it came);
 * - a subscription is paying from its creation until it is `canceled` (its last update then is
 *   when it ended); MRR is the paying subscriptions times the yearly price over 12;
 * - a cancellation is a subscription that ended in the period; the reasons listed are what
 *   customers typed in the cancel dialog, for cancellations made in the range;
 * - a refund is an operator's refund of a payment or an automatic refund, when it went through;
 * - seats sold are those of organizations whose term covers the moment; seats used, their members;
 * - an active device is an activation not yet deactivated at that moment;
 * - feature adoption reads the product's daily usage totals (usage_totals, a row a day kept by
 *   the reports themselves): device-days are the devices that used a command, added up over the
 *   period's days.
 */
import { and, desc, eq, gte, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { plans } from '../../../src/site.config';
import type { BusinessMetrics, MetricRange } from '../../../src/contract/admin-metrics';
import {
  devices,
  invoices,
  licenses,
  organizationMembers,
  organizations,
  paymentRefunds,
  subscriptions,
} from '../../db/schema';
import { usageTotalsQuery } from '../core/usage/usage-store';
import { featureUsage } from '../../../src/site.config';
import { DAY_MS, outerColumn, type Db, type Millis } from '../shared/db';

interface Period {
  start: Millis;
  end: Millis;
  label: string;
}

const dayLabel = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const monthLabel = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The periods of `range` ending with the one that holds `now`, oldest first. */
export function periodsOf(range: MetricRange, now: Millis): Period[] {
  const today = new Date(now);
  if (range === '12m') {
    const year = today.getUTCFullYear();
    const month = today.getUTCMonth();
    return Array.from({ length: 12 }, (_, i) => {
      const start = Date.UTC(year, month - 11 + i, 1);
      const end = Date.UTC(year, month - 10 + i, 1);
      return { start, end, label: monthLabel.format(start) };
    });
  }
  const days = Number.parseInt(range, 10);
  const tomorrow = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1);
  return Array.from({ length: days }, (_, i) => {
    const start = tomorrow - (days - i) * DAY_MS;
    return { start, end: start + DAY_MS, label: dayLabel.format(start) };
  });
}

/** A literal integer in SQL: our own computed times, never input (keeps D1's 100-parameter cap). */
const at = (ms: Millis) => sql.raw(String(Math.trunc(ms)));

/** One column per period: the sum of `value` over the rows whose `time` falls in it. */
function perPeriod(periods: readonly Period[], time: SQL, value: SQL = sql`1`) {
  return Object.fromEntries(
    periods.map((period, i) => [
      `p${i}`,
      sql<number>`coalesce(sum(case when ${time} >= ${at(period.start)} and ${time} < ${at(period.end)} then ${value} else 0 end), 0)`,
    ]),
  );
}

/**
 * One column per period: the sum of `value` over the rows alive at its end, `alive(t)` saying
 * which rows are (their start before t, their end missing or not before t).
 */
function atEndOf(periods: readonly Period[], alive: (t: SQL) => SQL, value: SQL = sql`1`) {
  return Object.fromEntries(
    periods.map((period, i) => [
      `p${i}`,
      sql<number>`coalesce(sum(case when ${alive(at(period.end))} then ${value} else 0 end), 0)`,
    ]),
  );
}

/** The period columns of a one-row answer, in order. */
function series(rows: readonly Record<string, unknown>[], count: number): number[] {
  const row = rows[0] ?? {};
  return Array.from({ length: count }, (_, i) => Number(row[`p${i}`] ?? 0));
}

function add(a: readonly number[], b: readonly number[]): number[] {
  return a.map((value, i) => value + (b[i] ?? 0));
}

/** The overview for `range` as of `now`. */
export async function businessMetrics(
  db: Db,
  range: MetricRange,
  now: Millis,
): Promise<BusinessMetrics> {
  const periods = periodsOf(range, now);
  const from = periods[0]?.start ?? now;
  const n = periods.length;
  const ended = sql`${subscriptions.status} = 'canceled'`;
  const [
    trials,
    conversions,
    cancellations,
    operatorRefunds,
    operatorRefundedCents,
    automaticRefunds,
    automaticRefundedCents,
    paying,
    seatsSold,
    seatsUsed,
    active,
    cohort,
    versions,
    reasons,
    usage,
  ] = await db.batch([
    db
      .select(perPeriod(periods, sql`${licenses.createdAt}`))
      .from(licenses)
      .where(and(eq(licenses.plan, 'Trial'), gte(licenses.createdAt, from))),
    db
      .select(perPeriod(periods, sql`${licenses.createdAt}`))
      .from(licenses)
      .where(
        and(
          eq(licenses.plan, 'Standard'),
          gte(licenses.createdAt, from),
          sql`exists (select 1 from licenses as t where t.user_id = ${licenses.userId} and t.plan = 'Trial' and t.created_at < ${licenses.createdAt})`,
        ),
      ),
    db
      .select(perPeriod(periods, sql`${subscriptions.updatedAt}`))
      .from(subscriptions)
      .where(and(ended, gte(subscriptions.updatedAt, from))),
    db
      .select(perPeriod(periods, sql`${invoices.refundedAt}`))
      .from(invoices)
      .where(and(eq(invoices.refundStatus, 'refunded'), gte(invoices.refundedAt, from))),
    db
      .select(perPeriod(periods, sql`${invoices.refundedAt}`, sql`${invoices.refundAmount}`))
      .from(invoices)
      .where(and(eq(invoices.refundStatus, 'refunded'), gte(invoices.refundedAt, from))),
    db
      .select(perPeriod(periods, sql`${paymentRefunds.refundedAt}`))
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.status, 'refunded'), gte(paymentRefunds.refundedAt, from))),
    db
      .select(
        perPeriod(
          periods,
          sql`${paymentRefunds.refundedAt}`,
          sql`coalesce(${paymentRefunds.amount}, 0)`,
        ),
      )
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.status, 'refunded'), gte(paymentRefunds.refundedAt, from))),
    db
      .select(
        atEndOf(
          periods,
          (t) =>
            sql`${subscriptions.createdAt} < ${t} and (not ${ended} or ${subscriptions.updatedAt} >= ${t})`,
        ),
      )
      .from(subscriptions),
    db
      .select(
        atEndOf(
          periods,
          (t) => sql`${organizations.termStart} < ${t} and ${organizations.termEnd} >= ${t}`,
          sql`${organizations.seats}`,
        ),
      )
      .from(organizations),
    db
      .select(
        atEndOf(
          periods,
          (t) =>
            sql`${organizationMembers.joinedAt} < ${t} and (${organizationMembers.removedAt} is null or ${organizationMembers.removedAt} >= ${t})`,
        ),
      )
      .from(organizationMembers),
    db
      .select(
        atEndOf(
          periods,
          (t) =>
            sql`${devices.activatedAt} < ${t} and (${devices.deactivatedAt} is null or ${devices.deactivatedAt} >= ${t})`,
        ),
      )
      .from(devices),
    db
      .select({
        started: sql<number>`count(*)`,
        // Qualified by hand: drizzle writes a selected column unqualified, which the subquery
        // would read as its own.
        converted: sql<number>`coalesce(sum(case when exists (select 1 from licenses as s where s.user_id = ${outerColumn(licenses.userId)} and s.plan = 'Standard' and s.created_at > ${outerColumn(licenses.createdAt)}) then 1 else 0 end), 0)`,
      })
      .from(licenses)
      .where(and(eq(licenses.plan, 'Trial'), gte(licenses.createdAt, from))),
    db
      .select({ version: devices.appVersion, devices: sql<number>`count(*)` })
      .from(devices)
      .where(and(isNull(devices.deactivatedAt), gte(devices.lastSeenAt, now - 30 * DAY_MS)))
      .groupBy(devices.appVersion)
      .orderBy(desc(sql`count(*)`))
      .limit(20),
    db
      .select({ at: subscriptions.updatedAt, reason: subscriptions.cancelReason })
      .from(subscriptions)
      .where(and(isNotNull(subscriptions.cancelReason), gte(subscriptions.updatedAt, from)))
      .orderBy(desc(subscriptions.updatedAt))
      .limit(20),
    // At most a row a day of the range, read by its key.
    usageTotalsQuery(db, Math.floor(from / DAY_MS)),
  ]);
  const activeSubscriptions = series(paying, n);
  const monthlyCents = Math.round(((plans.standard.priceUsd ?? 0) * 100) / 12);
  return {
    range,
    periods,
    trialsStarted: series(trials, n),
    trialConversions: series(conversions, n),
    cancellations: series(cancellations, n),
    refunds: add(series(operatorRefunds, n), series(automaticRefunds, n)),
    refundedCents: add(series(operatorRefundedCents, n), series(automaticRefundedCents, n)),
    activeSubscriptions,
    mrrCents: activeSubscriptions.map((count) => count * monthlyCents),
    enterpriseSeatsSold: series(seatsSold, n),
    enterpriseSeatsUsed: series(seatsUsed, n),
    activeDevices: series(active, n),
    cohort: {
      trialsStarted: Number(cohort[0]?.started ?? 0),
      converted: Number(cohort[0]?.converted ?? 0),
    },
    pluginVersions: versions.map((row) => ({ version: row.version, devices: Number(row.devices) })),
    cancellationReasons: reasons.map((row) => ({ at: row.at, reason: row.reason ?? '' })),
    featureAdoption: adoptionOf(periods, usage),
    currency: 'usd',
  };
}

/** The product's daily usage totals added up per period. */
function adoptionOf(
  periods: readonly Period[],
  days: readonly Record<string, unknown>[],
): BusinessMetrics['featureAdoption'] {
  const zeros = () => periods.map(() => 0);
  const deviceDays = zeros();
  const features = featureUsage.features.map(({ slug }) => ({
    slug,
    uses: zeros(),
    deviceDays: zeros(),
  }));
  for (const row of days) {
    const time = Number(row['day']) * DAY_MS;
    const index = periods.findIndex((period) => time >= period.start && time < period.end);
    if (index < 0) continue;
    deviceDays[index] = (deviceDays[index] ?? 0) + Number(row['devices']);
    for (const feature of features) {
      feature.uses[index] = (feature.uses[index] ?? 0) + Number(row[`uses:${feature.slug}`] ?? 0);
      feature.deviceDays[index] =
        (feature.deviceDays[index] ?? 0) + Number(row[`devices:${feature.slug}`] ?? 0);
    }
  }
  return { deviceDays, features };
}
