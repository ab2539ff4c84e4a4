/**
 * When a member last used their seat, and whether they are idle: one rule for the team page's
 * table (views.ts) and the Utilization section, its CSV and e-mails (utilization.ts).
 */
import { limits } from '../../../src/site.config';
import { DAY_MS, type Millis } from '../shared/db';

/** The latest of a device's last license check and the start of a day with a command used. */
export function lastActivity(seen: Millis | null, used: Millis | null): Millis | null {
  if (seen === null) return used;
  return used === null ? seen : Math.max(seen, used);
}

/**
 * No activity for `limits.teamIdleDays` days, counted from joining when there was none (a member
 * who joined last week is not idle yet).
 */
export function isIdle(lastActivityAt: Millis | null, joinedAt: Millis, now: Millis): boolean {
  return (lastActivityAt ?? joinedAt) <= now - limits.teamIdleDays * DAY_MS;
}
