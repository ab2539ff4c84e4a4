import { describe, expect, it } from 'vitest';
import { appWith } from './adapters-fakes';
import { callWorker } from './helpers';

const development = { ENVIRONMENT: 'development' };

function requestToken(body: unknown, overrides: Partial<Env> = development) {
  return callWorker(
    '/dev/botcheck/token',
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    overrides,
  );
}

describe('POST /dev/botcheck/token', () => {
  it('answers { token } for each action', async () => {
    for (const action of ['signup', 'resend_verification', 'contact']) {
      const response = await requestToken({ action });

      expect(response.status).toBe(200);
      expect(response.headers.get('Cache-Control')).toBe('no-store');
      const body = await response.json<Record<string, unknown>>();
      expect(Object.keys(body)).toEqual(['token']);
      expect(body['token']).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    }
  });

  it('issues a different token each time', async () => {
    const first = await (await requestToken({ action: 'signup' })).json<{ token: string }>();
    const second = await (await requestToken({ action: 'signup' })).json<{ token: string }>();

    expect(first.token).not.toBe(second.token);
  });

  it.each([{ action: 'login' }, {}, 'signup', null])('answers a JSON 400 for %j', async (body) => {
    const response = await requestToken(body);

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it("issues tokens the app's local bot check accepts once, for their action only", async () => {
    const { app, request } = appWith(development);
    app.post('/api/test-only/bot/:action', async (c) => {
      const { token } = await c.req.json<{ token: string }>();
      const action = c.req.param('action') as 'signup' | 'contact';
      return c.json({ ok: await c.get('deps').botCheck.verify(token, action, null) });
    });
    const { token } = await (await requestToken({ action: 'signup' })).json<{ token: string }>();
    const check = async (action: string) =>
      (
        await request(`/api/test-only/bot/${action}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ token }),
        })
      ).json<{ ok: boolean }>();

    expect(await check('contact')).toEqual({ ok: false });
    expect(await check('signup')).toEqual({ ok: true });
    expect(await check('signup')).toEqual({ ok: false });
  });
});

describe('GET /dev/botcheck', () => {
  it('explains the token endpoint and its rules', async () => {
    const html = await (await callWorker('/dev/botcheck', {}, development)).text();

    expect(html).toContain('<h1>Bot check (local)</h1>');
    expect(html).toContain('POST /dev/botcheck/token');
    expect(html).toContain('only once');
  });
});
