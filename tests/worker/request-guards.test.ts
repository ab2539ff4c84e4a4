import { describe, expect, it } from 'vitest';
import { callWorker, jsonBodyOfSize } from './helpers';

// POST /api/login answers 400 VALIDATION_FAILED for a body without its fields once the request
// gets past the guards, which makes it a probe for "accepted by the guards".
const PROBE = '/api/login';

async function passedTheGuards(response: Response) {
  expect(response.status).toBe(400);
  expect((await response.json<{ code: string }>()).code).toBe('VALIDATION_FAILED');
}
describe('request bodies sent to /api', () => {
  it('are refused with 415 when they are not application/json', async () => {
    const response = await callWorker(PROBE, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'hello',
    });

    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      message: 'Request body must be application/json.',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });

  it('are refused with 415 when form-encoded, as a cross-site form would send them', async () => {
    const response = await callWorker(PROBE, {
      method: 'POST',
      body: new URLSearchParams({ email: 'a@example.com' }),
    });

    expect(response.status).toBe(415);
  });

  it('are accepted as application/json with a charset parameter', async () => {
    const response = await callWorker(PROBE, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: '{}',
    });

    await passedTheGuards(response);
  });

  it('may be absent on a POST without Content-Type', async () => {
    const response = await callWorker(PROBE, { method: 'POST' });

    await passedTheGuards(response);
  });

  it('are accepted at exactly 64 KB', async () => {
    const response = await callWorker(PROBE, jsonBodyOfSize(64 * 1024));

    await passedTheGuards(response);
  });

  it('are refused with 413 above 64 KB', async () => {
    const response = await callWorker(PROBE, jsonBodyOfSize(64 * 1024 + 1));

    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      message: 'Request body is too large.',
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('are refused with 413 above 64 KB when streamed without a Content-Length', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 5; i += 1) controller.enqueue(chunk);
        controller.close();
      },
    });
    const response = await callWorker(PROBE, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });

    expect(response.status).toBe(413);
  });
});

describe('a known API path asked with another method', () => {
  it('answers 405 with Allow before reading the body: not 415 for a form, not 413 for a big one', async () => {
    const form = await callWorker('/api/health', {
      method: 'POST',
      body: new URLSearchParams({ email: 'a@example.com' }),
    });
    const big = await callWorker('/api/health', jsonBodyOfSize(64 * 1024 + 1));

    for (const response of [form, big]) {
      expect(response.status).toBe(405);
      expect(response.headers.get('Allow')).toBe('GET, HEAD');
      expect((await response.json<{ code: string }>()).code).toBe('METHOD_NOT_ALLOWED');
    }
  });

  it("never takes a path a route spells out as the value of another route's parameter", async () => {
    for (const method of ['DELETE', 'GET', 'PATCH']) {
      const response = await callWorker('/api/sessions/revoke-others', { method });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('Allow'), method).toBe('POST');
    }
    const session = await callWorker('/api/sessions/some-session-id', { method: 'PUT' });
    expect(session.status).toBe(405);
    expect(session.headers.get('Allow')).toBe('DELETE');
  });
});
