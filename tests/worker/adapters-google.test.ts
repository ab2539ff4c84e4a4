import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT, type JWK, type JWTPayload } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createGoogleIdentity,
  GOOGLE_JWKS_URL,
  googleJwks,
  GoogleTokenError,
} from '../../functions/adapters/identity';
import { appWith, fakeServer, neverAnswers } from './adapters-fakes';

const CLIENT_ID = '1234567890-abc.apps.googleusercontent.com';
const NOW = Date.UTC(2026, 10, 23, 10, 0, 0);
const nowSeconds = Math.floor(NOW / 1000);

let googleKey: CryptoKey;
let strangerKey: CryptoKey;
let jwks: { keys: JWK[] };

beforeAll(async () => {
  const google = await generateKeyPair('RS256', { extractable: true });
  const stranger = await generateKeyPair('RS256', { extractable: true });
  googleKey = google.privateKey;
  strangerKey = stranger.privateKey;
  jwks = {
    keys: [{ ...(await exportJWK(google.publicKey)), kid: 'google-1', alg: 'RS256', use: 'sig' }],
  };
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A fake https://www.googleapis.com/oauth2/v3/certs serving the test key. */
const fakeGoogleCerts = () => fakeServer(() => Response.json(jwks));

/** Google-shaped claims; an override of `undefined` leaves the claim out (JSON drops it). */
function claims(overrides: Record<string, unknown> = {}): JWTPayload {
  return {
    iss: 'https://accounts.google.com',
    aud: CLIENT_ID,
    azp: CLIENT_ID,
    sub: '110169484474386276334',
    email: 'ada@example.com',
    email_verified: true,
    name: 'Ada Lovelace',
    iat: nowSeconds - 10,
    exp: nowSeconds + 3_590,
    ...overrides,
  };
}

function sign(payload: JWTPayload, key: CryptoKey = googleKey, kid = 'google-1'): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(key);
}

function verifier(fetchImpl: typeof fetch) {
  return createGoogleIdentity({
    clientId: CLIENT_ID,
    keys: googleJwks({ fetch: fetchImpl }),
    now: () => NOW,
  });
}

describe('the Google ID token verifier', () => {
  it("accepts a token signed with a key from Google's JWKS and returns the profile", async () => {
    const certs = fakeGoogleCerts();

    const profile = await verifier(certs.fetch).verify(await sign(claims()));

    expect(profile).toEqual({
      sub: '110169484474386276334',
      email: 'ada@example.com',
      emailVerified: true,
      name: 'Ada Lovelace',
    });
    expect(certs.requests.map((request) => request.url)).toEqual([GOOGLE_JWKS_URL]);
  });

  it('accepts the issuer without the https:// prefix, as Google also issues it', async () => {
    const profile = await verifier(fakeGoogleCerts().fetch).verify(
      await sign(claims({ iss: 'accounts.google.com' })),
    );

    expect(profile.sub).toBe('110169484474386276334');
  });

  it('reports an unverified e-mail as emailVerified false, leaving the decision to the caller', async () => {
    const profile = await verifier(fakeGoogleCerts().fetch).verify(
      await sign(claims({ email_verified: false })),
    );

    expect(profile.emailVerified).toBe(false);
  });

  it('reads email_verified given as the string "true"', async () => {
    const profile = await verifier(fakeGoogleCerts().fetch).verify(
      await sign(claims({ email_verified: 'true' })),
    );

    expect(profile.emailVerified).toBe(true);
  });

  it.each<[string, Record<string, unknown>]>([
    ['another audience', { aud: 'someone-else.apps.googleusercontent.com' }],
    ['another issuer', { iss: 'https://accounts.evil.example' }],
    ['an expiry in the past', { exp: nowSeconds - 120 }],
    ['no subject', { sub: undefined }],
    ['no e-mail', { email: undefined }],
  ])('refuses a token with %s', async (_case, overrides) => {
    const token = await sign(claims(overrides));

    await expect(verifier(fakeGoogleCerts().fetch).verify(token)).rejects.toBeInstanceOf(
      GoogleTokenError,
    );
  });

  it('refuses a token without an expiry', async () => {
    const { exp: _exp, ...rest } = claims();

    await expect(verifier(fakeGoogleCerts().fetch).verify(await sign(rest))).rejects.toBeInstanceOf(
      GoogleTokenError,
    );
  });

  it('refuses an unsigned token (alg none)', async () => {
    const token = new UnsecuredJWT(claims()).encode();

    await expect(verifier(fakeGoogleCerts().fetch).verify(token)).rejects.toBeInstanceOf(
      GoogleTokenError,
    );
  });

  it('refuses a token whose signature was stripped', async () => {
    const [header, payload] = (await sign(claims())).split('.');

    await expect(
      verifier(fakeGoogleCerts().fetch).verify(`${header}.${payload}.`),
    ).rejects.toBeInstanceOf(GoogleTokenError);
  });

  it('refuses a token signed with HS256, whatever the key', async () => {
    const token = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'HS256', kid: 'google-1' })
      .sign(new TextEncoder().encode('a shared secret an attacker chose'));

    await expect(verifier(fakeGoogleCerts().fetch).verify(token)).rejects.toBeInstanceOf(
      GoogleTokenError,
    );
  });

  it('refuses a token signed by a key Google does not publish', async () => {
    const token = await sign(claims(), strangerKey);

    await expect(verifier(fakeGoogleCerts().fetch).verify(token)).rejects.toBeInstanceOf(
      GoogleTokenError,
    );
    await expect(
      verifier(fakeGoogleCerts().fetch).verify(await sign(claims(), strangerKey, 'other')),
    ).rejects.toBeInstanceOf(GoogleTokenError);
  });

  it('refuses when the JWKS cannot be fetched', async () => {
    const down = fakeServer(() => new Response('unavailable', { status: 503 }));

    await expect(verifier(down.fetch).verify(await sign(claims()))).rejects.toBeInstanceOf(
      GoogleTokenError,
    );
  });

  it('refuses when the JWKS does not answer in time', async () => {
    const stuck = fakeServer(neverAnswers);
    const verify = createGoogleIdentity({
      clientId: CLIENT_ID,
      keys: googleJwks({ fetch: stuck.fetch, timeoutMs: 20 }),
      now: () => NOW,
    });

    await expect(verify.verify(await sign(claims()))).rejects.toBeInstanceOf(GoogleTokenError);
  });

  it('refuses garbage', async () => {
    await expect(verifier(fakeGoogleCerts().fetch).verify('not.a.jwt')).rejects.toBeInstanceOf(
      GoogleTokenError,
    );
  });
});

describe('Google sign-in in the app', () => {
  it('uses Google with GOOGLE_CLIENT_ID as the audience when it is set', async () => {
    const certs = fakeGoogleCerts();
    certs.install();
    const { app, request } = appWith({ ENVIRONMENT: 'production', GOOGLE_CLIENT_ID: CLIENT_ID });
    const fresh = claims({
      iat: Math.floor(Date.now() / 1000),
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    const token = await sign(fresh);
    app.get('/api/test-only/google', async (c) => c.json(await c.get('deps').google.verify(token)));

    const response = await request('/api/test-only/google');

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ email: 'ada@example.com', emailVerified: true });
    expect(certs.requests.map((sent) => sent.url)).toContain(GOOGLE_JWKS_URL);
  });

  it('refuses every token in production without GOOGLE_CLIENT_ID, and says why in the log', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { app, request } = appWith({ ENVIRONMENT: 'production' });
    const token = await sign(claims());
    app.get('/api/test-only/google', async (c) => {
      const refused = await c
        .get('deps')
        .google.verify(token)
        .then(
          () => false,
          (error: unknown) => error instanceof GoogleTokenError,
        );
      return c.json({ refused });
    });

    expect(await (await request('/api/test-only/google')).json()).toEqual({ refused: true });
    expect(log.mock.calls.flat().join(' ')).toContain('GOOGLE_CLIENT_ID');
  });
});
