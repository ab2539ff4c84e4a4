import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { limits } from '../../src/site.config';
import { JWT_AUDIENCE, JWT_ISSUER } from '../../functions/services/core/users/sessions';
import { accountApp, credentials, queryAll, signUpTrial, type AccountApp } from './account-helpers';
import { ORIGIN } from './helpers';

const DAY_S = 24 * 60 * 60;

interface Claims {
  sub: string;
  jti: string;
  iss?: string;
  aud?: string;
  iat: number;
  exp: number;
}

/** The claims of a real session token, to forge variations of it. */
function claimsOf(token: string): Claims {
  const [, payload] = token.split('.');
  return JSON.parse(atob((payload ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as Claims;
}

async function sign(claims: Claims, secret: string, alg = 'HS256') {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg, typ: 'JWT' })
    .sign(new TextEncoder().encode(secret));
}

async function meStatus(app: AccountApp, token: string) {
  const response = await app.request('/api/me', { headers: credentials(token).bearer });
  return { status: response.status, body: await response.json<{ code: string }>() };
}

describe('session tokens', () => {
  it('carry sub, jti, issuer, audience, iat and an exp of 14 days', async () => {
    const app = accountApp();
    const { auth } = await signUpTrial(app);

    const claims = claimsOf(auth.token);

    expect(claims).toMatchObject({ sub: auth.user.userId, iss: JWT_ISSUER, aud: JWT_AUDIENCE });
    expect(claims.exp - claims.iat).toBe(limits.sessionDays * DAY_S);
    const [row] = await queryAll<{ user_id: string }>(
      'SELECT user_id FROM sessions WHERE id = ?',
      claims.jti,
    );
    expect(row?.user_id).toBe(auth.user.userId);
  });

  it('are refused with 401 when tampered with', async () => {
    const app = accountApp();
    const { auth } = await signUpTrial(app);
    const [header, payload, signature] = auth.token.split('.');
    const other = { ...claimsOf(auth.token), sub: crypto.randomUUID() };
    const forgedPayload = btoa(JSON.stringify(other))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');

    const result = await meStatus(app, `${header}.${forgedPayload}.${signature}`);

    expect(result.status).toBe(401);
    expect(result.body.code).toBe('UNAUTHORIZED');
    expect(payload).not.toBe(forgedPayload);
  });

  it('are refused when signed with another secret', async () => {
    const app = accountApp();
    const { auth } = await signUpTrial(app);

    const token = await sign(claimsOf(auth.token), 'another-secret-that-is-long-enough-0123456789');

    expect((await meStatus(app, token)).status).toBe(401);
  });

  it.each([
    ['a wrong issuer', { iss: 'someone-else' }],
    ['a wrong audience', { aud: 'another-app' }],
    ['no issuer', { iss: undefined }],
  ])('are refused with %s, even when correctly signed', async (_, change) => {
    const app = accountApp();
    const { auth } = await signUpTrial(app);

    const claims = { ...claimsOf(auth.token), ...change } as Claims;
    const token = await sign(claims, app.env.JWT_SECRET);

    expect((await meStatus(app, token)).status).toBe(401);
  });

  it('are refused with the "none" algorithm', async () => {
    const app = accountApp();
    const { auth } = await signUpTrial(app);
    const c = claimsOf(auth.token);

    const token = new UnsecuredJWT({ ...c }).encode();

    expect((await meStatus(app, token)).status).toBe(401);
  });

  it('are refused when signed with HS512 instead of HS256', async () => {
    const app = accountApp();
    const { auth } = await signUpTrial(app);

    const token = await sign(claimsOf(auth.token), app.env.JWT_SECRET, 'HS512');

    expect((await meStatus(app, token)).status).toBe(401);
  });

  it('are refused without exp', async () => {
    const app = accountApp();
    const { auth } = await signUpTrial(app);
    const { exp: _, ...rest } = claimsOf(auth.token);

    const token = await new SignJWT({ ...rest })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(app.env.JWT_SECRET));

    expect((await meStatus(app, token)).status).toBe(401);
  });

  it('expire after 14 days with 401 SESSION_EXPIRED', async () => {
    const app = accountApp();
    const { auth } = await signUpTrial(app);

    app.clock.advance(limits.sessionDays * DAY_S - 60);
    expect((await meStatus(app, auth.token)).status).toBe(200);
    app.clock.advance(60);
    const result = await meStatus(app, auth.token);

    expect(result.status).toBe(401);
    expect(result.body).toEqual({
      message: 'Your session has expired. Please log in again.',
      code: 'SESSION_EXPIRED',
    });
  });

  it('are refused when their row was revoked, even with a valid signature', async () => {
    const app = accountApp();
    const { auth } = await signUpTrial(app);
    await queryAll('UPDATE sessions SET revoked_at = 1 WHERE id = ?', claimsOf(auth.token).jti);

    expect((await meStatus(app, auth.token)).status).toBe(401);
  });

  it('are refused once the user is deleted, even if the row was somehow not revoked', async () => {
    const app = accountApp();
    const { auth } = await signUpTrial(app);
    await queryAll('UPDATE users SET is_deleted = 1 WHERE id = ?', auth.user.userId);

    expect((await meStatus(app, auth.token)).status).toBe(401);
  });

  it('are refused when their row expired before the token says', async () => {
    const app = accountApp();
    const { auth } = await signUpTrial(app);
    await queryAll(
      'UPDATE sessions SET expires_at = ? WHERE id = ?',
      app.clock.now,
      claimsOf(auth.token).jti,
    );

    expect((await meStatus(app, auth.token)).body.code).toBe('SESSION_EXPIRED');
  });

  it('are refused for a session id that does not exist', async () => {
    const app = accountApp();
    const { auth } = await signUpTrial(app);

    const token = await sign(
      { ...claimsOf(auth.token), jti: 'no-such-session' },
      app.env.JWT_SECRET,
    );

    expect((await meStatus(app, token)).status).toBe(401);
  });

  it('update last_used_at at most once a minute', async () => {
    const app = accountApp();
    const { auth } = await signUpTrial(app);
    const { jti } = claimsOf(auth.token);
    const lastUsed = async () =>
      (
        await queryAll<{ last_used_at: number }>(
          'SELECT last_used_at FROM sessions WHERE id = ?',
          jti,
        )
      )[0]?.last_used_at;

    app.clock.advance(30);
    await meStatus(app, auth.token);
    const afterHalfAMinute = await lastUsed();
    app.clock.advance(60);
    await meStatus(app, auth.token);

    expect(afterHalfAMinute).toBe(auth.tokenExpiration - limits.sessionDays * DAY_S * 1000);
    expect(await lastUsed()).toBe(app.clock.now);
  });
});

describe('cookie-authenticated writes (CSRF)', () => {
  it('are refused with 403 CSRF_REJECTED from another origin', async () => {
    const app = accountApp();
    const { cookie } = await signUpTrial(app);

    const response = await app.request('/api/delete', {
      method: 'DELETE',
      headers: { Cookie: cookie, Origin: 'https://evil.example' },
    });

    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      message: 'Cross-site request refused.',
      code: 'CSRF_REJECTED',
    });
  });

  it('are refused without an Origin header', async () => {
    const app = accountApp();
    const { cookie } = await signUpTrial(app);

    const response = await app.request('/api/delete', {
      method: 'DELETE',
      headers: { Cookie: cookie },
    });

    expect(response.status).toBe(403);
  });

  it('are accepted from our own origin', async () => {
    const app = accountApp();
    const { cookie } = await signUpTrial(app);

    const response = await app.request('/api/delete', {
      method: 'DELETE',
      headers: { Cookie: cookie, Origin: ORIGIN },
    });

    expect(response.status).toBe(200);
  });

  it('do not apply to Bearer requests, which a browser never sends on its own', async () => {
    const app = accountApp();
    const { bearer } = await signUpTrial(app);

    const response = await app.request('/api/delete', {
      method: 'DELETE',
      headers: { ...bearer, Origin: 'https://evil.example' },
    });

    expect(response.status).toBe(200);
  });

  it('do not apply to reads: GET /api/me works with the cookie alone', async () => {
    const app = accountApp();
    const { cookie } = await signUpTrial(app);

    const response = await app.request('/api/me', { headers: { Cookie: cookie } });

    expect(response.status).toBe(200);
  });
});
