/**
 * Where /login sends someone after signing in: the dashboard, or back to the console page that
 * asked for a fresh sign-in (`/login?next=/admin/customer?id=…`), or to /activate with the
 * plugin's code (`/login?next=/activate?user_code=…`). Only our own account and
 * console paths are followed, so a crafted link cannot send a visitor to another site (`//evil`,
 * `/\evil`, `https:…`) or anywhere unexpected.
 */

/** The page a sign-in opens when no (acceptable) `next` is given. */
export const DEFAULT_RETURN_PATH = '/dashboard';

/** `/admin…`, `/dashboard…` or `/activate`, then an optional query of plain characters; no fragment. */
const RETURN_PATH =
  /^\/(?:admin|dashboard|activate)(?:\/[A-Za-z0-9_-]+)*\/?(?:\?[A-Za-z0-9_.~%=&+-]*)?$/;

/** `next` when it is one of our account or console paths; otherwise the dashboard. */
export function returnPath(next: string | null | undefined): string {
  return next && next.length <= 300 && RETURN_PATH.test(next) ? next : DEFAULT_RETURN_PATH;
}

/** The /login address that comes back to `path` (this page) after signing in. */
export function loginReturningTo(path: string): string {
  const next = returnPath(path);
  return next === DEFAULT_RETURN_PATH ? '/login' : `/login?next=${encodeURIComponent(next)}`;
}
