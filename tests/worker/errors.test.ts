import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../functions/app';
import { callWorker, ORIGIN } from './helpers';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('an unexpected error in a route', () => {
  it('answers a generic 500 JSON and logs the error, never showing its message or stack', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    // A test-only route: production code has no way to throw on purpose.
    const app = createApp();
    app.get('/api/test-only/boom', () => {
      throw new Error('database password is hunter2');
    });

    const response = await app.request(`${ORIGIN}/api/test-only/boom`, {}, env);
    const text = await response.text();

    expect(response.status).toBe(500);
    expect(JSON.parse(text)).toEqual({ message: 'Internal error', code: 'INTERNAL' });
    expect(text).not.toContain('hunter2');
    expect(text).not.toMatch(/at .+:\d+/);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(log).toHaveBeenCalledOnce();
  });
});

describe('a database that refuses for a moment', () => {
  it.each([
    ['a local D1 locked by another process', 'D1_ERROR: database is locked: SQLITE_BUSY'],
    ['a D1 connection lost', 'D1_ERROR: Network connection lost.'],
  ])('answers 503 SERVICE_BUSY with Retry-After for %s, never a 500', async (_, cause) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = createApp();
    // drizzle wraps D1's error in its own, with D1's as the cause.
    app.post('/api/test-only/busy', () => {
      throw new Error('Failed query: update "verification_codes" …', {
        cause: new Error(cause),
      });
    });

    const response = await app.request(`${ORIGIN}/api/test-only/busy`, { method: 'POST' }, env);

    expect(response.status).toBe(503);
    expect(response.headers.get('Retry-After')).toBe('2');
    expect(await response.json()).toEqual({
      message: 'The service is busy for a moment. Please try again in a few seconds.',
      code: 'SERVICE_BUSY',
    });
    expect(warn).toHaveBeenCalledOnce();
    expect(error).not.toHaveBeenCalled();
  });
});

describe('a missing secret', () => {
  it('fails the request with a generic 500 and logs the variable by name', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});

    const response = await callWorker('/api/health', {}, { JWT_SECRET: '' });

    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: 'Internal error', code: 'INTERNAL' });
    expect(String(log.mock.calls[0]?.[1])).toContain('JWT_SECRET');
  });
});
