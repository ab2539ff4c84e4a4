import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createTurnstileBotCheck,
  TURNSTILE_SITEVERIFY_URL,
} from '../../functions/adapters/botcheck';
import {
  createLocalBotCheck,
  issueLocalBotToken,
  LOCAL_TOKEN_TTL_MS,
} from '../../functions/adapters/botcheck-local';
import type { BotAction } from '../../functions/adapters/types';
import { createDb } from '../../functions/db/client';
import { appWith, fakeServer, neverAnswers } from './adapters-fakes';

const SECRET = '0x4AAAAAAAtest-secret';
const HOST = 'sheetwright.test';

/** A fake siteverify that knows a few tokens, like Turnstile's dashboard test keys. */
function fakeSiteverify() {
  const answers: Record<string, object> = {
    'token-signup': {
      success: true,
      action: 'signup',
      hostname: HOST,
      challenge_ts: '2026-11-23T10:00:00Z',
    },
    'token-contact': { success: true, action: 'contact', hostname: HOST },
    'token-elsewhere': { success: true, action: 'signup', hostname: 'evil.example' },
    'token-spent': { success: false, 'error-codes': ['timeout-or-duplicate'] },
  };
  return fakeServer(async (request) => {
    const { response } = await request.json<{ response: string }>();
    return Response.json(
      answers[response] ?? { success: false, 'error-codes': ['invalid-input-response'] },
    );
  });
}

function turnstile(fetchImpl: typeof fetch, timeoutMs?: number) {
  return createTurnstileBotCheck({
    secretKey: SECRET,
    expectedHostname: HOST,
    fetch: fetchImpl,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the Turnstile bot check', () => {
  it('posts secret, response, remoteip and an idempotency key to siteverify as JSON', async () => {
    const server = fakeSiteverify();

    await turnstile(server.fetch).verify('token-signup', 'signup', '203.0.113.9');

    const [sent] = server.requests;
    expect(sent?.url).toBe(TURNSTILE_SITEVERIFY_URL);
    expect(sent?.method).toBe('POST');
    expect(sent?.headers.get('Content-Type')).toBe('application/json');
    const { idempotency_key: idempotencyKey, ...body } = JSON.parse(sent?.body ?? '') as Record<
      string,
      unknown
    >;
    expect(body).toEqual({ secret: SECRET, response: 'token-signup', remoteip: '203.0.113.9' });
    expect(idempotencyKey).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
  });

  it('leaves remoteip out when the client address is unknown', async () => {
    const server = fakeSiteverify();

    await turnstile(server.fetch).verify('token-signup', 'signup', null);

    expect(JSON.parse(server.requests[0]?.body ?? '')).not.toHaveProperty('remoteip');
  });

  it('accepts a successful answer for the expected action and hostname', async () => {
    expect(await turnstile(fakeSiteverify().fetch).verify('token-signup', 'signup', null)).toBe(
      true,
    );
  });

  it('refuses a token solved for another action', async () => {
    const check = turnstile(fakeSiteverify().fetch);

    expect(await check.verify('token-contact', 'signup', null)).toBe(false);
    expect(await check.verify('token-signup', 'resend_verification', null)).toBe(false);
  });

  it('refuses a token solved on another hostname', async () => {
    expect(await turnstile(fakeSiteverify().fetch).verify('token-elsewhere', 'signup', null)).toBe(
      false,
    );
  });

  it('refuses an answer with success false, such as a reused token', async () => {
    const check = turnstile(fakeSiteverify().fetch);

    expect(await check.verify('token-spent', 'signup', null)).toBe(false);
    expect(await check.verify('made-up', 'signup', null)).toBe(false);
  });

  it('refuses, and logs the codes, when siteverify says our secret is wrong', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = fakeServer(() =>
      Response.json({ success: false, 'error-codes': ['invalid-input-secret'] }),
    );

    expect(await turnstile(server.fetch).verify('token-signup', 'signup', null)).toBe(false);
    expect(log.mock.calls.flat().join(' ')).toContain('invalid-input-secret');
  });

  it.each([500, 403, 204])('refuses when siteverify answers status %i', async (status) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const server = fakeServer(
      () => new Response(status === 204 ? null : '{"success":true}', { status }),
    );

    expect(await turnstile(server.fetch).verify('token-signup', 'signup', null)).toBe(false);
  });

  it('refuses when siteverify answers something that is not its JSON', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const server = fakeServer(() => new Response('<html>maintenance</html>'));

    expect(await turnstile(server.fetch).verify('token-signup', 'signup', null)).toBe(false);
  });

  it('refuses when siteverify does not answer before the timeout', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const server = fakeServer(neverAnswers);

    expect(await turnstile(server.fetch, 20).verify('token-signup', 'signup', null)).toBe(false);
    expect(warn.mock.calls.flat().join(' ')).toContain('TimeoutError');
  });

  it('refuses when siteverify cannot be reached', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const server = fakeServer(() => Promise.reject(new TypeError('Network connection lost')));

    expect(await turnstile(server.fetch).verify('token-signup', 'signup', null)).toBe(false);
  });

  it('refuses an empty or oversized token without calling siteverify', async () => {
    const server = fakeSiteverify();
    const check = turnstile(server.fetch);

    expect(await check.verify('', 'signup', null)).toBe(false);
    expect(await check.verify('x'.repeat(2049), 'signup', null)).toBe(false);
    expect(server.requests).toEqual([]);
  });

  it('waits 5 seconds by default before giving up', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');

    await turnstile(fakeSiteverify().fetch).verify('token-signup', 'signup', null);

    expect(timeout).toHaveBeenCalledWith(5_000);
  });

  it('is what the app uses when both Turnstile keys are set, checking the request hostname', async () => {
    const server = fakeSiteverify();
    server.install();
    const { app, request } = appWith({
      ENVIRONMENT: 'production',
      TURNSTILE_SECRET_KEY: SECRET,
      TURNSTILE_SITE_KEY: '0x4AAAAAAAsite',
    });
    app.get('/api/test-only/bot', async (c) =>
      c.json({
        ok: await c.get('deps').botCheck.verify(c.req.query('token') ?? '', 'signup', null),
      }),
    );

    expect(await (await request('/api/test-only/bot?token=token-signup')).json()).toEqual({
      ok: true,
    });
    expect(await (await request('/api/test-only/bot?token=token-elsewhere')).json()).toEqual({
      ok: false,
    });
    expect(server.requests).toHaveLength(2);
  });
});

describe('the bot check in production without Turnstile keys', () => {
  it.each([
    ['both missing', {}],
    ['secret missing', { TURNSTILE_SITE_KEY: '0x4AAAAAAAsite' }],
  ])('refuses every token, even a valid local one (%s)', async (_case, settings) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { app, request, env: appEnv } = appWith({ ENVIRONMENT: 'production', ...settings });
    const token = await issueLocalBotToken(appEnv.JWT_SECRET, 'signup');
    app.get('/api/test-only/bot', async (c) =>
      c.json({ ok: await c.get('deps').botCheck.verify(token, 'signup', null) }),
    );

    expect(await (await request('/api/test-only/bot')).json()).toEqual({ ok: false });
    expect(log.mock.calls.flat().join(' ')).toContain('TURNSTILE_SECRET_KEY');
  });
});

describe('the local bot check', () => {
  const secret = env.JWT_SECRET;
  const local = (now?: () => number) =>
    createLocalBotCheck({ secret, db: createDb(env.DB), ...(now ? { now } : {}) });

  it('accepts a token for the action it was issued for', async () => {
    const token = await issueLocalBotToken(secret, 'signup');

    expect(await local().verify(token, 'signup', null)).toBe(true);
  });

  it('accepts a token only once', async () => {
    const token = await issueLocalBotToken(secret, 'resend_verification');
    const check = local();

    expect(await check.verify(token, 'resend_verification', null)).toBe(true);
    expect(await check.verify(token, 'resend_verification', null)).toBe(false);
    expect(await local().verify(token, 'resend_verification', null)).toBe(false);
  });

  it('accepts exactly one of two concurrent uses of a token', async () => {
    const token = await issueLocalBotToken(secret, 'contact');

    const results = await Promise.all([
      local().verify(token, 'contact', null),
      local().verify(token, 'contact', null),
    ]);

    expect(results.sort()).toEqual([false, true]);
  });

  it.each<[BotAction, BotAction]>([
    ['signup', 'resend_verification'],
    ['resend_verification', 'signup'],
    ['contact', 'signup'],
  ])(
    'refuses a %s token offered for %s, and leaves it usable for its own action',
    async (issued, offered) => {
      const token = await issueLocalBotToken(secret, issued);

      expect(await local().verify(token, offered, null)).toBe(false);
      expect(await local().verify(token, issued, null)).toBe(true);
    },
  );

  it('accepts a token until 5 minutes after issue and refuses it from then on', async () => {
    const issuedAt = Date.UTC(2026, 10, 23, 10, 0, 0);
    const early = await issueLocalBotToken(secret, 'signup', issuedAt);
    const late = await issueLocalBotToken(secret, 'signup', issuedAt);

    expect(
      await local(() => issuedAt + LOCAL_TOKEN_TTL_MS - 1_000).verify(early, 'signup', null),
    ).toBe(true);
    expect(await local(() => issuedAt + LOCAL_TOKEN_TTL_MS).verify(late, 'signup', null)).toBe(
      false,
    );
  });

  it('refuses a token signed with another secret', async () => {
    const token = await issueLocalBotToken(`${secret}-other`, 'signup');

    expect(await local().verify(token, 'signup', null)).toBe(false);
  });

  it('refuses a tampered token', async () => {
    const [header, , signature] = (await issueLocalBotToken(secret, 'contact')).split('.');
    const forgedPayload = btoa(
      JSON.stringify({
        action: 'signup',
        exp: 4_000_000_000,
        iat: 1,
        jti: 'x',
        aud: 'sheetwright-dev-botcheck',
      }),
    )
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');

    expect(await local().verify(`${header}.${forgedPayload}.${signature}`, 'signup', null)).toBe(
      false,
    );
  });

  it('refuses a missing or malformed token', async () => {
    expect(await local().verify('', 'signup', null)).toBe(false);
    expect(await local().verify('not-a-token', 'signup', null)).toBe(false);
  });
});
