import { describe, expect, it } from 'vitest';
import { site } from '../../src/site.config';
import { callWorker } from './helpers';

describe('GET /api/health', () => {
  it('answers ok with the current version from site.config', async () => {
    const response = await callWorker('/api/health');

    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ ok: true, version: site.currentVersion });
  });

  it('answers HEAD like GET, without a body', async () => {
    const response = await callWorker('/api/health', { method: 'HEAD' });

    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  it('answers another method with a 405 JSON error naming the allowed ones', async () => {
    const response = await callWorker('/api/health', { method: 'DELETE' });

    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('GET, HEAD');
    expect(await response.json()).toEqual({
      message: 'Method not allowed.',
      code: 'METHOD_NOT_ALLOWED',
    });
  });
});

describe('unknown /api paths', () => {
  it('answer a JSON 404 with code NOT_FOUND', async () => {
    const response = await callWorker('/api/no-such-endpoint');

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
  });

  it('answer a JSON 404 for any method, not a 405', async () => {
    const response = await callWorker('/api/no-such-endpoint', { method: 'POST' });

    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
