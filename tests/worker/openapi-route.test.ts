import { describe, expect, it } from 'vitest';
import { callWorker, ORIGIN } from './helpers';

describe('GET /api/openapi.json', () => {
  it('answers the document, naming this server, cacheable and readable from any origin', async () => {
    const response = await callWorker('/api/openapi.json');

    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=300');
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    const document = await response.json<{
      openapi: string;
      servers: { url: string }[];
      paths: Record<string, Record<string, { operationId?: string }>>;
      components: { schemas: Record<string, unknown> };
    }>();
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: ORIGIN }]);
    expect(document.paths['/api/openapi.json']?.['get']?.operationId).toBe('getOpenApiDocument');
    expect(Object.keys(document.components.schemas)).toContain('ActivateLicenseAnswer');
  });

  it('answers another method 405 with Allow', async () => {
    const response = await callWorker('/api/openapi.json', { method: 'POST', body: '{}' });

    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toContain('GET');
  });
});
