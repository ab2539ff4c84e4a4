import { describe, expect, it } from 'vitest';
import { devGooglePrivateJwk } from './adapters-fakes';
import { callWorker } from './helpers';

// Every route the /dev tools answer in development, with a request each would accept there.
const devRequests: [method: string, path: string, init?: RequestInit][] = [
  ['GET', '/dev/'],
  ['GET', '/dev/mailbox'],
  ['GET', '/dev/mailbox?to=ada@example.com'],
  ['GET', '/dev/mailbox.json'],
  ['GET', '/dev/mailbox.json?to=ada@example.com'],
  ['GET', '/dev/google?return_to=/login'],
  ['GET', '/dev/google/jwks'],
  ['GET', '/dev/botcheck'],
  ['GET', '/dev/dns'],
  [
    'POST',
    '/dev/dns',
    { body: new URLSearchParams({ name: 'halden.example', value: 'sheetwright-verification=0' }) },
  ],
  ['POST', '/dev/dns/remove', { body: new URLSearchParams({ id: 'none' }) }],
  [
    'POST',
    '/dev/botcheck/token',
    { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ action: 'signup' }) },
  ],
  [
    'POST',
    '/dev/google',
    {
      body: new URLSearchParams({
        return_to: '/login',
        email: 'ada@example.com',
        name: 'Ada',
        decision: 'continue',
      }),
    },
  ],
];

const privateJwk = await devGooglePrivateJwk();

describe('the /dev tools', () => {
  it.each(devRequests)('answer %s %s in development', async (method, path, init = {}) => {
    const response = await callWorker(
      path,
      { method, ...init, redirect: 'manual' },
      { ENVIRONMENT: 'development', DEV_GOOGLE_PRIVATE_JWK: privateJwk },
    );

    expect([200, 303]).toContain(response.status);
  });

  it.each(devRequests)(
    'are the site 404 for %s %s in production, even with the dev key set',
    async (method, path, init = {}) => {
      const response = await callWorker(
        path,
        { method, ...init, redirect: 'manual' },
        { ENVIRONMENT: 'production', DEV_GOOGLE_PRIVATE_JWK: privateJwk },
      );
      const text = await response.text();

      expect(response.status).toBe(404);
      expect(text).not.toContain('Development tools');
      expect(text).not.toMatch(/"token"|"keys"|"messages"|google_credential/);
    },
  );

  it('answer exactly like a /dev path that never existed, in production', async () => {
    const production = { ENVIRONMENT: 'production' };
    const existing = await callWorker(
      '/dev/botcheck/token',
      { method: 'POST', body: '{}' },
      production,
    );
    const missing = await callWorker(
      '/dev/no-such-tool',
      { method: 'POST', body: '{}' },
      production,
    );

    expect(existing.status).toBe(missing.status);
    expect(await existing.text()).toBe(await missing.text());
    expect(existing.headers.get('Content-Type')).toBe(missing.headers.get('Content-Type'));
  });
});
