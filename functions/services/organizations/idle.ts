/**
 * When a member last used their seat, and whether they are idle: one rule for the team page's
 * table (people.ts), the console's organization page (views.ts) and the Utilization section, its
 * CSV and e-mails (utilization.ts).
 *
 * The last activity is kept on the member row (`organization_members.last_active_at`, moved
 * forward by triggers, migration 0029): the latest of a license check by any of the license's
 * devices (freed ones too) and the start of a day, or of a folded month, with a command used.
 */
import { sql, type SQL } from 'drizzle-orm';
import { limits } from '../../../src/site.config';
import { DAY_MS, type Millis } from '../shared/db';

/** Activity at or before this time is too old: a member with none since is idle. */
export function idleBefore(now: Millis): Millis {
  return now - limits.teamIdleDays * DAY_MS;
}

/**
 * No activity for `limits.teamIdleDays` days, counted from joining when there was none (a member
 * who joined last week is not idle yet).
 */
export function isIdle(lastActivityAt: Millis | null, joinedAt: Millis, now: Millis): boolean {
  return (lastActivityAt ?? joinedAt) <= idleBefore(now);
}

/** `isIdle` in SQL, for the member row aliased `member` (1 when idle, else 0). */
export function idleSql(member: string, now: Millis): SQL<number> {
  const alias = sql.raw(member);
  return sql<number>`(coalesce(${alias}.last_active_at, ${alias}.joined_at) <= ${idleBefore(now)})`;
}
