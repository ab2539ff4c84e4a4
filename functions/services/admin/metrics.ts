/**
 * The console's overview of the business: per period of a range (a day, or a calendar month for
 * 12 months, in UTC), what happened (trials started, trials converted to Standard, cancellations,
 * refunds) and where things stood at its end (paid subscriptions, MRR, Enterprise seats, active
 * devices). Each measure is ONE aggregate query that sums every period at once (a CASE per
 * period), and all of them go to D1 in one batch.
 *
 * Definitions, so the numbers can be checked by hand:
 * - a trial starts when the account's trial began: its trial ledger row (every trial signup writes
 *   one), or its Trial license for rows without one. It converted when the same account became
 *   paid after it, whenever that came: its first subscription (an upgrade in place, or a team
 *   bought), a team organization it owns, or an organization it joined. Each account converts
 *   once, at the first of these;
 * - a subscription is paying from its creation until it is `canceled` (its last update then is
 *   when it ended); MRR is, over the paying subscriptions, seats × price per seat (the list price
 *   where none was recorded) over 12, at today's seats;
 * - a cancellation is a subscription that ended in the period; the reasons listed are what
 *   customers typed in the cancel dialog, for cancellations made in the range;
 * - a refund is an operator's refund of a payment or an automatic refund, when it went through;
 * - Enterprise seats sold are those of Enterprise organizations whose term covers the moment; seats
 *   used, their members (teams of Standard seats count as subscriptions);
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
  organizationMembers,
  organizations,
  paymentRefunds,
  subscriptions,
} from '../../db/schema';
import { usageTotalsQuery } from '../core/usage/usage-store';
import { featureUsage } from '../../../src/site.config';
import { DAY_MS, type Db, type Millis } from '../shared/db';

interface Period {
  start: Millis;
  end: Millis;
  label: string;
}

// Made on first use: the first Intl formatter of an isolate loads its locale data, work a Worker
// started for any other request should not do (docs/performance.md, "Cold start").
let labels: { day: Intl.DateTimeFormat; month: Intl.DateTimeFormat } | undefined;
const periodLabels = () =>
  (labels ??= {
    day: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
    month: new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
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
      return { start, end, label: periodLabels().month.format(start) };
    });
  }
  const days = Number.parseInt(range, 10);
  const tomorrow = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1);
  return Array.from({ length: days }, (_, i) => {
    const start = tomorrow - (days - i) * DAY_MS;
    return { start, end: start + DAY_MS, label: periodLabels().day.format(start) };
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

/**
 * Accounts that had a trial and when it began: the trial ledger's e-mail row, written with every
 * trial signup and kept when the license is upgraded in place, or a Trial license (older rows).
 */
const trialsSql = sql`(select user_id, min(created_at) as started_at from (
    select user_id, created_at from trial_ledger where kind = 'email'
    union all select user_id, created_at from licenses where plan = 'Trial'
  ) group by user_id)`;

/** When an account became paid: a subscription, a team it owns, an organization it joined. */
const paidSql = sql`(select user_id, created_at as paid_at from subscriptions
    union all select owner_user_id, created_at from organizations where kind = 'team'
    union all select user_id, joined_at from organization_members)`;

/**
 * Each trial with the first moment its account became paid once it began (null: not yet). A
 * purchase in the same millisecond as the trial's start counts too: both are written at the
 * request's one clock reading, so a trial bought at once would otherwise never convert.
 */
const conversionsSql = sql`(select t.user_id as user_id, t.started_at as started_at,
    (select min(p.paid_at) from ${paidSql} as p
      where p.user_id = t.user_id and p.paid_at >= t.started_at) as converted_at
  from ${trialsSql} as t)`;

/** The list price in cents, for subscriptions that recorded no price per seat. */
const listCents = () => sql.raw(String(Math.round((plans.standard.priceUsd ?? 0) * 100)));

/** The overview for `range` as of `now`. */
export async function businessMetrics(
  db: Db,
  range: MetricRange,
  now: Millis,
): Promise<BusinessMetrics> {
  const periods = periodsOf(range, now);
  const from = periods[0]?.start ?? now;
  const to = periods.at(-1)?.end ?? now;
  const n = periods.length;
  const ended = sql`${subscriptions.status} = 'canceled'`;
  const payingAt = (t: SQL) =>
    sql`${subscriptions.createdAt} < ${t} and (not ${ended} or ${subscriptions.updatedAt} >= ${t})`;
  const enterprise = sql`${organizations.kind} = 'enterprise'`;
  const [
    trials,
    conversions,
    cancellations,
    operatorRefunds,
    operatorRefundedCents,
    automaticRefunds,
    automaticRefundedCents,
    paying,
    payingSeats,
    yearlyCents,
    seatsSold,
    seatsUsed,
    active,
    cohort,
    versions,
    reasons,
    usage,
  ] = await db.batch([
    db
      .select(perPeriod(periods, sql`t.started_at`))
      .from(sql`${trialsSql} as t`)
      .where(sql`t.started_at >= ${at(from)}`),
    db
      .select(perPeriod(periods, sql`c.converted_at`))
      .from(sql`${conversionsSql} as c`)
      .where(sql`c.converted_at >= ${at(from)}`),
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
    db.select(atEndOf(periods, payingAt)).from(subscriptions),
    db.select(atEndOf(periods, payingAt, sql`${subscriptions.quantity}`)).from(subscriptions),
    db
      .select(
        atEndOf(
          periods,
          payingAt,
          sql`${subscriptions.quantity} * coalesce(${subscriptions.unitAmount}, ${listCents()})`,
        ),
      )
      .from(subscriptions),
    db
      .select(
        atEndOf(
          periods,
          (t) =>
            sql`${enterprise} and ${organizations.termStart} < ${t} and ${organizations.termEnd} >= ${t}`,
          sql`${organizations.seats}`,
        ),
      )
      .from(organizations),
    db
      .select(
        atEndOf(
          periods,
          (t) =>
            sql`${organizationMembers.joinedAt} < ${t} and (${organizationMembers.removedAt} is null or ${organizationMembers.removedAt} >= ${t})
              and exists (select 1 from organizations as o where o.id = ${organizationMembers.organizationId} and o.kind = 'enterprise')`,
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
        converted: sql<number>`coalesce(sum(case when c.converted_at is not null then 1 else 0 end), 0)`,
      })
      .from(sql`${conversionsSql} as c`)
      .where(sql`c.started_at >= ${at(from)} and c.started_at < ${at(to)}`),
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
  return {
    range,
    periods,
    trialsStarted: series(trials, n),
    trialConversions: series(conversions, n),
    cancellations: series(cancellations, n),
    refunds: add(series(operatorRefunds, n), series(automaticRefunds, n)),
    refundedCents: add(series(operatorRefundedCents, n), series(automaticRefundedCents, n)),
    activeSubscriptions,
    paidSeats: series(payingSeats, n),
    mrrCents: series(yearlyCents, n).map((cents) => Math.round(cents / 12)),
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
