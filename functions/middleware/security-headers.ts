import type { MiddlewareHandler } from 'hono';
import { apiCsp, baseSecurityHeaders, workerHtmlCsp } from '../lib/security-headers';

/**
 * Adds the shared security headers to every answer the Worker gives. Headers already
 * present win: static pages passed through from the assets binding carry dist/_headers (whose CSP
 * lists their inline-script hashes) and their own Cache-Control, and a route may opt into caching.
 */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    const isHtml = headers.get('Content-Type')?.startsWith('text/html') ?? false;
    const defaults: Record<string, string> = {
      ...baseSecurityHeaders,
      'Content-Security-Policy': isHtml ? workerHtmlCsp : apiCsp,
      // API answers carry per-user data and one-time states; no cache may keep them.
      'Cache-Control': 'no-store',
    };
    for (const [name, value] of Object.entries(defaults)) {
      if (!headers.has(name)) headers.set(name, value);
    }
  };
}
