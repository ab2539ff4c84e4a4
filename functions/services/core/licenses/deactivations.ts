/**
 * The deactivation budget of a license: the customer may free at most `licensing.maxDeactivations`
 * devices (from the plugin or the dashboard) inside a rolling window of
 * `licensing.deactivationWindowDays`; the system's and support's own deactivations do not count,
 * and an operator's reset forgives the ones before it.
 */
import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { licensing } from '../../../../src/site.config';
import { licenseEvents } from '../../../db/schema';
import { fail, type ApiError } from '../../../lib/errors';
import { DAY_MS, type Db, type Millis } from '../../shared/db';

/** Who freed a device at the customer's request (the system's own deactivations are not limited). */
export type DeactivationSource = 'plugin' | 'dashboard';

/** Audit sources whose deactivations count against `licensing.maxDeactivations`. */
export const countedSources: readonly DeactivationSource[] = ['plugin', 'dashboard'];

/** Audit actions that free a device. */
export const countedActions = ['deactivated', 'replaced'] as const;

/** The rolling window deactivations are counted in. */
export const deactivationWindowMs = licensing.deactivationWindowDays * DAY_MS;

/** SQL: when the deactivation budget of license `licenseIdSql` was last reset (0: never). */
export function deactivationsResetSql(licenseIdSql: SQL): SQL<number> {
  return sql<number>`coalesce((select reset.deactivations_reset_at from licenses as reset where reset.id = ${licenseIdSql}), 0)`;
}

/**
 * SQL: the deactivations of license `licenseIdSql` that count against `licensing.maxDeactivations`
 * at `now` (by plugin or dashboard, inside the rolling window, after any reset by support).
 */
export function countedDeactivationsSql(licenseIdSql: SQL, now: Millis): SQL<number> {
  const list = (values: readonly string[]) =>
    sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    );
  return sql<number>`(select count(*) from license_events as e
    where e.license_id = ${licenseIdSql} and e.action in (${list(countedActions)})
      and e.source in (${list(countedSources)}) and e.created_at > ${now - deactivationWindowMs}
      and e.created_at > ${deactivationsResetSql(licenseIdSql)})`;
}

/** SQL condition: the license `licenseIdSql` has room for one more deactivation at `now`. */
export function underDeactivationLimit(licenseIdSql: SQL, now: Millis): SQL {
  return sql`${countedDeactivationsSql(licenseIdSql, now)} < ${licensing.maxDeactivations}`;
}

/** Counted deactivations of a license still inside the window at `now`, oldest first (ms). */
export async function deactivationTimes(db: Db, licenseId: string, now: Millis): Promise<number[]> {
  const rows = await db
    .select({ at: licenseEvents.createdAt })
    .from(licenseEvents)
    .where(
      and(
        eq(licenseEvents.licenseId, licenseId),
        inArray(licenseEvents.action, [...countedActions]),
        inArray(licenseEvents.source, [...countedSources]),
        gt(licenseEvents.createdAt, now - deactivationWindowMs),
        // An operator's reset (licenses.deactivations_reset_at) forgives the ones before it.
        gt(licenseEvents.createdAt, deactivationsResetSql(sql`${licenseId}`)),
      ),
    )
    .orderBy(asc(licenseEvents.createdAt));
  return rows.map((row) => row.at);
}

/** Seconds until one more deactivation fits into the window (for Retry-After). */
export function secondsUntilDeactivationFrees(times: number[], now: Millis): number {
  const freeing = times[times.length - licensing.maxDeactivations];
  return freeing === undefined
    ? 1
    : Math.max(1, Math.ceil((freeing + deactivationWindowMs - now) / 1000));
}

/** 429 DEACTIVATION_LIMIT with Retry-After: when the oldest counted deactivation leaves the window. */
export async function deactivationLimitReached(
  db: Db,
  licenseId: string,
  now: Millis,
): Promise<ApiError> {
  const times = await deactivationTimes(db, licenseId, now);
  return fail('DEACTIVATION_LIMIT', {
    headers: { 'Retry-After': String(secondsUntilDeactivationFrees(times, now)) },
  });
}
