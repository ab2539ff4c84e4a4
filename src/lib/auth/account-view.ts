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

/** A date for people, e.g. "July 2, 2025"; the raw text when it is not a date. */
export function formatDate(iso: string, locale = 'en-US'): string {
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return iso;
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric' }).format(
    time,
  );
}

/** A moment for people, e.g. "July 2, 2025, 9:41 AM". */
export function formatDateTime(iso: string, locale = 'en-US'): string {
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(time);
}

/** Only Trial users see the upgrade box (the check is on 'Trial'). */
export function showsUpgradeBox(plan: PlanLabel): boolean {
  return plan === 'Trial';
}

/** "active" → "Active": license statuses are stored lower-case. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
