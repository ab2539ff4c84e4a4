import { describe, expect, it } from 'vitest';
import { callWorker, jsonBodyOfSize } from './helpers';

// POST /api/health answers 405 once a request gets past the guards, which makes it a probe for
// "accepted by the guards" until real POST routes exist.
describe('request bodies sent to /api', () => {
  it('are refused with 415 when they are not application/json', async () => {
    const response = await callWorker('/api/health', {
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
    const response = await callWorker('/api/health', {
      method: 'POST',
      body: new URLSearchParams({ email: 'a@example.com' }),
    });

    expect(response.status).toBe(415);
  });

  it('are accepted as application/json with a charset parameter', async () => {
    const response = await callWorker('/api/health', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: '{}',
    });

    expect(response.status).toBe(405);
  });

  it('may be absent on a POST without Content-Type', async () => {
    const response = await callWorker('/api/health', { method: 'POST' });

    expect(response.status).toBe(405);
  });

  it('are accepted at exactly 64 KB', async () => {
    const response = await callWorker('/api/health', jsonBodyOfSize(64 * 1024));

    expect(response.status).toBe(405);
  });

  it('are refused with 413 above 64 KB', async () => {
    const response = await callWorker('/api/health', jsonBodyOfSize(64 * 1024 + 1));

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
    const response = await callWorker('/api/health', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });

    expect(response.status).toBe(413);
  });
});
