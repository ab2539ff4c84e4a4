/** Where /login goes after signing in (src/lib/auth/return-path.ts): only our own pages. */
import { describe, expect, it } from 'vitest';
import { loginReturningTo, returnPath } from '../../src/lib/auth/return-path';

describe('the return path after signing in', () => {
  it.each([
    ['/admin', '/admin'],
    [
      '/admin/customer?id=6c4f0a1e-3b2d-4e5f-9a8b-7c6d5e4f3a2b',
      '/admin/customer?id=6c4f0a1e-3b2d-4e5f-9a8b-7c6d5e4f3a2b',
    ],
    ['/admin/organizations?q=acme%20corp', '/admin/organizations?q=acme%20corp'],
    ['/dashboard/billing', '/dashboard/billing'],
    ['/activate?user_code=BCDF-GHJK', '/activate?user_code=BCDF-GHJK'],
  ])('follows our own page %s', (next, expected) => {
    expect(returnPath(next)).toBe(expected);
  });

  it.each([
    null,
    '',
    '//evil.example/admin',
    '/\\evil.example',
    'https://evil.example/admin',
    '/administrator',
    '/activated',
    '/admin/../api/logout',
    '/admin/customer#token',
    '/login',
    '/admin/customer?id=<script>',
    `/admin/customer?id=${'a'.repeat(400)}`,
  ])('sends %j to the dashboard instead', (next) => {
    expect(returnPath(next)).toBe('/dashboard');
  });

  it('builds the login link that comes back to a console page', () => {
    expect(loginReturningTo('/admin/customer?id=42')).toBe(
      '/login?next=%2Fadmin%2Fcustomer%3Fid%3D42',
    );
    expect(loginReturningTo('/somewhere-else')).toBe('/login');
  });
});
