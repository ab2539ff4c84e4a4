import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  jwtVerify,
  type JSONWebKeySet,
} from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { GOOGLE_ISSUERS, GoogleTokenError } from '../../functions/adapters/identity';
import { LOCAL_GOOGLE_CLIENT_ID } from '../../functions/adapters/identity-local';
import { appWith, devGooglePrivateJwk } from './adapters-fakes';
import { callWorker } from './helpers';

const privateJwk = await devGooglePrivateJwk();
const development = { ENVIRONMENT: 'development', DEV_GOOGLE_PRIVATE_JWK: privateJwk };

function consent(fields: Record<string, string>, overrides: Partial<Env> = development) {
  return callWorker(
    '/dev/google',
    { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' },
    overrides,
  );
}

const identity = { email: 'Grace.Hopper@Example.com', name: 'Grace Hopper', email_verified: 'on' };

/** The ID token in a consent redirect's `#google_credential=` fragment. */
function credentialOf(response: Response): string {
  const location = response.headers.get('Location') ?? '';
  const credential = new URLSearchParams(location.split('#')[1] ?? '').get('google_credential');
  if (!credential) throw new Error(`no credential in ${location}`);
  return credential;
}

async function localJwks(): Promise<JSONWebKeySet> {
  return (await callWorker('/dev/google/jwks', {}, development)).json<JSONWebKeySet>();
}

describe('GET /dev/google', () => {
  it('shows a consent form with labelled e-mail and name prefilled with a random identity', async () => {
    const first = await (await callWorker('/dev/google?return_to=/login', {}, development)).text();
    const second = await (await callWorker('/dev/google?return_to=/login', {}, development)).text();

    expect(first).toContain('<html lang="en">');
    expect(first).toMatch(/<title>[^<]+<\/title>/);
    expect(first).toMatch(
      /<label for="email">E-mail<\/label>\s*<input id="email" name="email" type="email" required value="[^"]+@example\.com"/,
    );
    expect(first).toMatch(
      /<label for="name">Name<\/label>\s*<input id="name" name="name" type="text" required value="[^"]+"/,
    );
    expect(first).toContain('value="continue">Continue</button>');
    expect(first).toContain('value="cancel" formnovalidate>Cancel</button>');
    expect(first).toContain('<input type="hidden" name="return_to" value="/login" />');
    const email = (html: string) =>
      /name="email" type="email" required value="([^"]+)"/.exec(html)?.[1];
    expect(email(first)).not.toBe(email(second));
  });

  it('is served with a CSP that runs no script and allows only its own style', async () => {
    const response = await callWorker('/dev/google', {}, development);
    const csp = response.headers.get('Content-Security-Policy') ?? '';

    expect(csp).toContain("script-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/]+=*'/);
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(await response.text()).not.toContain('<script');
  });

  it('allows exactly the inline style the page carries', async () => {
    const response = await callWorker('/dev/google', {}, development);
    const style = /<style>([\s\S]*?)<\/style>/.exec(await response.text())?.[1] ?? '';
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(style));
    const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));

    expect(response.headers.get('Content-Security-Policy')).toContain(`'sha256-${hash}'`);
  });

  it('defaults return_to to /login', async () => {
    const html = await (await callWorker('/dev/google', {}, development)).text();

    expect(html).toContain('name="return_to" value="/login"');
  });

  it('keeps the query of a same-site return_to', async () => {
    const html = await (
      await callWorker('/dev/google?return_to=%2Fsignup%3Fplan%3Dtrial', {}, development)
    ).text();

    expect(html).toContain('name="return_to" value="/signup?plan=trial"');
  });

  it('explains how to create the key when DEV_GOOGLE_PRIVATE_JWK is missing', async () => {
    const response = await callWorker(
      '/dev/google',
      {},
      { ENVIRONMENT: 'development', DEV_GOOGLE_PRIVATE_JWK: '' },
    );

    expect(response.status).toBe(503);
    expect(await response.text()).toContain('npm start');
  });
});

describe('return_to of /dev/google', () => {
  const foreign = [
    'https://evil.example/steal',
    'http://evil.example',
    '//evil.example',
    '//evil.example/login',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/.//evil.example',
    '/\n/evil.example',
    'https:evil.example',
    'https:',
    'javascript:alert(1)',
    'data:text/html,hi',
    'login',
    ' /login',
  ];

  it.each(foreign)('refuses %j on the consent page', async (returnTo) => {
    const response = await callWorker(
      `/dev/google?return_to=${encodeURIComponent(returnTo)}`,
      {},
      development,
    );

    expect(response.status).toBe(400);
    expect(await response.text()).not.toContain('name="return_to"');
  });

  it.each(foreign)('refuses %j on Continue and Cancel, redirecting nowhere', async (returnTo) => {
    for (const decision of ['continue', 'cancel']) {
      const response = await consent({ ...identity, decision, return_to: returnTo });

      expect(response.status).toBe(400);
      expect(response.headers.get('Location')).toBeNull();
    }
  });

  it('normalizes a same-site path before redirecting to it', async () => {
    const response = await consent({
      ...identity,
      decision: 'cancel',
      return_to: '/a/../login?x=1',
    });

    expect(response.headers.get('Location')).toBe('/login?x=1#google_error=access_denied');
  });
});

describe('POST /dev/google', () => {
  it('Continue redirects to return_to with #google_credential=<ID token>', async () => {
    const response = await consent({
      ...identity,
      decision: 'continue',
      return_to: '/signup?plan=trial',
    });

    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toMatch(
      /^\/signup\?plan=trial#google_credential=[\w-]+\.[\w-]+\.[\w-]+$/,
    );
  });

  it('Cancel redirects to return_to with #google_error=access_denied', async () => {
    const response = await consent({ decision: 'cancel', return_to: '/login' });

    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/login#google_error=access_denied');
  });

  it('issues a Google-shaped ID token that verifies with the key set at /dev/google/jwks', async () => {
    const credential = credentialOf(
      await consent({ ...identity, decision: 'continue', return_to: '/login' }),
    );
    const jwks = await localJwks();

    const { payload, protectedHeader } = await jwtVerify(credential, createLocalJWKSet(jwks), {
      algorithms: ['RS256'],
      issuer: GOOGLE_ISSUERS,
      audience: LOCAL_GOOGLE_CLIENT_ID,
    });

    expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: jwks.keys[0]?.kid });
    expect(payload).toMatchObject({
      iss: 'https://accounts.google.com',
      aud: 'sheetwright-local-google-client',
      email: 'grace.hopper@example.com',
      email_verified: true,
      name: 'Grace Hopper',
    });
    expect(payload.sub).toMatch(/^\d{21,}$/);
    expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(600);
  });

  it('publishes only the public half of the key', async () => {
    const jwks = await localJwks();

    expect(jwks.keys).toHaveLength(1);
    expect(Object.keys(jwks.keys[0] ?? {}).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
  });

  it('gives the same e-mail the same subject and a new token id each time', async () => {
    const first = decodeJwt(credentialOf(await consent({ ...identity, decision: 'continue' })));
    const second = decodeJwt(
      credentialOf(
        await consent({ ...identity, email: 'grace.hopper@example.com', decision: 'continue' }),
      ),
    );
    const other = decodeJwt(
      credentialOf(await consent({ ...identity, email: 'ada@example.com', decision: 'continue' })),
    );

    expect(second.sub).toBe(first.sub);
    expect(second.jti).not.toBe(first.jti);
    expect(other.sub).not.toBe(first.sub);
  });

  it('reports email_verified false when the box is unchecked', async () => {
    const { email_verified: _verified, ...unverified } = identity;
    const credential = credentialOf(await consent({ ...unverified, decision: 'continue' }));

    expect(decodeJwt(credential).email_verified).toBe(false);
  });

  it('shows the form again with an error for an invalid e-mail, escaping what was typed', async () => {
    const response = await consent({
      email: '"><script>x</script>',
      name: 'Ada',
      decision: 'continue',
    });
    const html = await response.text();

    expect(response.status).toBe(400);
    expect(html).toContain('role="alert"');
    expect(html).not.toContain('<script>x</script>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('refuses a form without a decision', async () => {
    const response = await consent({ ...identity, return_to: '/login' });

    expect(response.status).toBe(400);
    expect(response.headers.get('Location')).toBeNull();
  });
});

describe('the local Google verifier', () => {
  it('accepts the /dev/google credential through c.get("google") in development', async () => {
    const credential = credentialOf(await consent({ ...identity, decision: 'continue' }));
    const { app, request } = appWith(development);
    app.get('/api/test-only/google', async (c) =>
      c.json(await c.get('deps').google.verify(credential)),
    );

    const response = await request('/api/test-only/google');

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      sub: decodeJwt(credential).sub,
      email: 'grace.hopper@example.com',
      emailVerified: true,
      name: 'Grace Hopper',
    });
  });

  it('refuses a credential signed by another development key', async () => {
    const credential = credentialOf(await consent({ ...identity, decision: 'continue' }));
    const { app, request } = appWith({
      ...development,
      DEV_GOOGLE_PRIVATE_JWK: await devGooglePrivateJwk(),
    });
    app.get('/api/test-only/google', async (c) =>
      c.json({
        refused: await c
          .get('deps')
          .google.verify(credential)
          .then(
            () => false,
            (e: unknown) => e instanceof GoogleTokenError,
          ),
      }),
    );

    expect(await (await request('/api/test-only/google')).json()).toEqual({ refused: true });
  });

  it('refuses local credentials in production, where GOOGLE_CLIENT_ID is required', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const credential = credentialOf(await consent({ ...identity, decision: 'continue' }));
    const { app, request } = appWith({
      ENVIRONMENT: 'production',
      DEV_GOOGLE_PRIVATE_JWK: privateJwk,
    });
    app.get('/api/test-only/google', async (c) =>
      c.json({
        refused: await c
          .get('deps')
          .google.verify(credential)
          .then(
            () => false,
            (e: unknown) => e instanceof GoogleTokenError,
          ),
      }),
    );

    expect(await (await request('/api/test-only/google')).json()).toEqual({ refused: true });
    vi.restoreAllMocks();
  });

  it('signs with the header kid the key set lists', async () => {
    const credential = credentialOf(await consent({ ...identity, decision: 'continue' }));
    const jwks = await localJwks();

    expect(decodeProtectedHeader(credential).kid).toBe(jwks.keys[0]?.kid);
  });
});
