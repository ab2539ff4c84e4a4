import { describe, expect, it } from 'vitest';
import { callWorker } from './helpers';

function expectBaseSecurityHeaders(headers: Headers) {
  expect(headers.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains');
  expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
  expect(headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('Permissions-Policy')).toContain('camera=()');
  expect(headers.get('X-Frame-Options')).toBe('DENY');
  expect(headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin-allow-popups');
}

describe('security headers on API answers', () => {
  it('are present on a successful answer, with a CSP that loads nothing and forbids framing', async () => {
    const response = await callWorker('/api/health');

    expectBaseSecurityHeaders(response.headers);
    expect(response.headers.get('Content-Security-Policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(response.headers.get('Cache-Control')).toBe('no-store');
  });

  it('are present on error answers too', async () => {
    const response = await callWorker('/api/no-such-endpoint');

    expectBaseSecurityHeaders(response.headers);
    expect(response.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('Cache-Control')).toBe('no-store');
  });
});

describe('paths outside /api and /dev', () => {
  it('are served from the assets binding, keeping the CSP and caching of _headers', async () => {
    const response = await callWorker('/');

    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Fixture home');
    // The static CSP carries the inline-script hashes; the Worker must not replace it.
    expect(response.headers.get('Content-Security-Policy')).toContain("'sha256-fixture'");
    expect(response.headers.get('Cache-Control')).not.toBe('no-store');
    expectBaseSecurityHeaders(response.headers);
  });

  it('answer the site 404 page for unknown pages', async () => {
    const response = await callWorker('/no-such-page');

    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Fixture not found');
  });
});
