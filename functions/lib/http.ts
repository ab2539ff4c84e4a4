import type { Handler } from 'hono';
import { fail } from './errors';

/**
 * Handler for the other methods of a known path: 405 with `Allow`, instead of the 404 Hono
 * would give, so a client learns it used the wrong verb rather than a wrong URL.
 * Register it with `.all(path, methodNotAllowed('GET'))` after the path's real handlers.
 */
export function methodNotAllowed(...allowed: string[]): Handler {
  const allow = [...new Set([...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])])].join(', ');
  return () => {
    throw fail('METHOD_NOT_ALLOWED', { headers: { Allow: allow } });
  };
}
