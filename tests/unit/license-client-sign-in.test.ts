/**
 * The reference client's sign-in commands (scripts/license-client.ts login, licenses, logout):
 * the code shown, the polling, the tokens kept beside the license file (readable by the user
 * only), an expired access token refreshed and the new pair saved, against a small stand-in of
 * the OAuth endpoints. The same client against the real Worker is
 * tests/worker/plugin-sign-in-client.test.ts.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT_LICENSE, EXIT_OK, main } from '../../scripts/license-client';
import { tokensPathFor } from '../../scripts/license-client-sign-in';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sign-in-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A stand-in server: pending once, then tokens; refresh gives a new pair; licenses needs `live`. */
function standIn() {
  const calls: string[] = [];
  let polls = 0;
  let pair = 1;
  const state = { live: 'access-1' };
  const fetch = async (url: string, init: RequestInit) => {
    const path = new URL(url).pathname;
    const params = new URLSearchParams(typeof init.body === 'string' ? init.body : '');
    calls.push(`${path} ${params.get('grant_type') ?? ''}`.trim());
    if (path === '/api/oauth/device') {
      return json({
        device_code: 'device-code',
        user_code: 'BCDF-GHJK',
        verification_uri: 'https://site.test/activate',
        verification_uri_complete: 'https://site.test/activate?user_code=BCDF-GHJK',
        expires_in: 600,
        interval: 5,
      });
    }
    if (path === '/api/oauth/token') {
      if (params.get('grant_type') === 'refresh_token') {
        if (params.get('refresh_token') !== `refresh-${pair}`) {
          return json({ error: 'invalid_grant', error_description: 'gone' }, 400);
        }
      } else if ((polls += 1) === 1) {
        return json({ error: 'authorization_pending', error_description: 'wait' }, 400);
      }
      pair += params.get('grant_type') === 'refresh_token' ? 1 : 0;
      state.live = `access-${pair}`;
      return json({
        access_token: state.live,
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: `refresh-${pair}`,
        scope: 'licenses',
      });
    }
    if (path === '/api/oauth/revoke') return new Response(null, { status: 200 });
    if (path === '/api/plugin/licenses') {
      const auth = new Headers(init.headers).get('Authorization');
      if (auth !== `Bearer ${state.live}`)
        return json({ message: 'no', code: 'UNAUTHORIZED' }, 401);
      return json({ licenses: [] });
    }
    return json({ message: 'not found', code: 'NOT_FOUND' }, 404);
  };
  return { fetch, calls };
}

function io(fetch: ReturnType<typeof standIn>['fetch'], now: () => Date) {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: {
      fetch,
      out: (line: string) => out.push(line),
      err: (line: string) => err.push(line),
      now,
      sleep: async () => undefined,
    },
  };
}

describe('license-client login, licenses and logout', () => {
  it('shows the code, polls until approved and keeps the tokens readable by the user only', async () => {
    const server = standIn();
    const file = join(dir, 'license.jwt');
    const run = io(server.fetch, () => new Date());
    expect(await main(['login', '--file', file, '--device-name', 'Office PC'], run.io)).toBe(
      EXIT_OK,
    );
    expect(run.out.join('\n')).toContain(
      'open https://site.test/activate and enter the code BCDF-GHJK',
    );
    expect(server.calls.filter((call) => call.includes('device_code'))).toHaveLength(2);
    const saved = JSON.parse(await readFile(tokensPathFor(file), 'utf8')) as {
      refreshToken: string;
    };
    expect(saved.refreshToken).toBe('refresh-1');
    expect((await stat(tokensPathFor(file))).mode & 0o777).toBe(0o600);
  });

  it('refreshes an expired access token, saves the new pair, and logout deletes it', async () => {
    const server = standIn();
    const file = join(dir, 'license.jwt');
    let clock = Date.now();
    const login = io(server.fetch, () => new Date(clock));
    await main(['login', '--file', file], login.io);

    clock += 2 * 3600 * 1000;
    const later = io(server.fetch, () => new Date(clock));
    expect(await main(['licenses', '--file', file], later.io)).toBe(EXIT_OK);
    expect(later.out).toEqual(['No licenses.']);
    const saved = JSON.parse(await readFile(tokensPathFor(file), 'utf8')) as {
      refreshToken: string;
    };
    expect(saved.refreshToken).toBe('refresh-2');

    expect(await main(['logout', '--file', file], later.io)).toBe(EXIT_OK);
    await expect(stat(tokensPathFor(file))).rejects.toThrow();
    const none = io(server.fetch, () => new Date(clock));
    expect(await main(['licenses', '--file', file], none.io)).toBe(EXIT_LICENSE);
    expect(none.err[0]).toContain('NOT_SIGNED_IN');
  });
});
