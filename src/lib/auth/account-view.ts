/** Display rules of the dashboard: the session's days left, dates and times, the upgrade box. */
import type { PlanLabel } from '../../contract/user';

const DAY_MS = 86_400_000;

/** Days until automatic log-out, shown from the stored expiry; 0 once it has passed. */
export function daysUntilLogout(tokenExpiration: number, now: number): number {
  return Math.max(0, Math.ceil((tokenExpiration - now) / DAY_MS));
}

/** "in 14 days", "in 1 day", "today". */
export function describeDaysLeft(days: number): string {
  if (days <= 0) return 'today';
  return days === 1 ? 'in 1 day' : `in ${days} days`;
}

/** Only Trial users see the upgrade box (the check is on 'Trial'). */
export function showsUpgradeBox(plan: PlanLabel): boolean {
  return plan === 'Trial';
}

/** "active" → "Active": license statuses are stored lower-case. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Whole days until `expiresAt` (ISO), as a Trial's "12 days left"; 0 once it has passed. */
export function daysLeft(expiresAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / DAY_MS));
}

/** "12 days left", "1 day left", "Ends today". */
export function daysLeftText(days: number): string {
  if (days <= 0) return 'Ends today';
  return days === 1 ? '1 day left' : `${days} days left`;
}
