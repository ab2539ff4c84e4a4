import type { RouterRoute } from 'hono/types';

const patterns = new Map<string, RegExp>();

/** A route path (`/devices/:id`, `/admin/*`) as a regular expression over request paths. */
function patternOf(path: string): RegExp {
  let pattern = patterns.get(path);
  if (!pattern) {
    const source = path
      .split(/(:[A-Za-z0-9_]+(?:\{[^}]*\})?|\*)/)
      .map((part) => {
        if (part === '*') return '.*';
        if (part.startsWith(':')) return '[^/]+';
        return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('');
    pattern = new RegExp(`^${source}/?$`);
    patterns.set(path, pattern);
  }
  return pattern;
}

/**
 * The methods the app's route table answers at `path`, HEAD with GET; empty for a path it does not
 * know. The API answers other methods of a known path 405 with these as `Allow`, instead of the
 * 404 Hono would give, so a client learns it used the wrong verb rather than a wrong URL: one rule
 * for every route, read from the table itself. Middleware (method ALL) is no route of its own.
 */
export function allowedMethods(routes: readonly RouterRoute[], path: string): string[] {
  const methods = new Set<string>();
  const exact = new Set<string>();
  const trimmed = path.replace(/(.)\/$/, '$1');
  for (const route of routes) {
    if (route.method === 'ALL' || !patternOf(route.path).test(path)) continue;
    methods.add(route.method);
    if (route.path === trimmed) exact.add(route.method);
  }
  // A path spelled out by a route is that route's, never a value of another's parameter:
  // DELETE /sessions/revoke-others is the wrong method for POST /sessions/revoke-others, not a
  // session called "revoke-others".
  const answer = exact.size > 0 ? exact : methods;
  if (answer.has('GET')) answer.add('HEAD');
  return [...answer];
}
