import type { MiddlewareHandler } from 'hono';
import { ApiMessages } from '../../src/contract/messages';
import type { AppEnv } from '../env';
import { errorResponse, fail } from '../lib/errors';

/**
 * In production the Worker answers only for the site's own host (`deps.origin`, from
 * configuration): a request whose Host header names another one — a forged header, a stray DNS
 * name, the workers.dev address — gets 421 Misdirected Request and reaches no route, so nothing
 * can be built from a host an attacker chose. Locally any address is served (`siteOrigin`).
 */
export function onlyOwnHost(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { origin } = c.get('deps');
    if (new URL(c.req.url).host === new URL(origin).host) return next();
    const error = fail('WRONG_HOST', { message: ApiMessages.wrongHost(origin) });
    if (new URL(c.req.url).pathname.startsWith('/api/')) return errorResponse(c, error);
    return c.text(error.message, error.status);
  };
}
