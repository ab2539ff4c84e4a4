/**
 * A fake OpenID provider for the single sign-on tests, answering inside the test (no network):
 * its discovery document, its keys (JWKS), its authorization step (a person "signs in" and the
 * browser is sent back with a code) and its token endpoint, which checks the client secret, the
 * redirect URI, the PKCE verifier and that a code is used once, and issues ID tokens signed with
 * an ES256 key it generates (jose). Switches make it misbehave as a real provider or an attacker
 * might: another audience, an expired token, a token signed by another key, a replayed code.
 */
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { createOidcClient } from '../../functions/adapters/oidc';
import type { OidcClient } from '../../functions/adapters/types';

export const FAKE_CLIENT_ID = 'sheetwright-test';
export const FAKE_CLIENT_SECRET = 'fake-provider-secret';
const KID = 'fake-key-1';

/** The switches, changed by tests between steps. */
export interface ProviderSwitches {
  /** The ID token's `aud`: another client's. */
  audience?: string;
  /** The ID token expired ten minutes before it was issued. */
  expired?: boolean;
  /** The ID token is signed by a key the provider does not publish (under the same `kid`). */
  otherKey?: boolean;
  /** The token endpoint accepts a code again (a replay the site must refuse by its state). */
  acceptReplayedCode?: boolean;
  /** Only client_secret_post is offered in discovery. */
  postOnly?: boolean;
  /** The ID token's nonce: another one. */
  otherNonce?: boolean;
  /** Every request answers 503 (the provider is down). */
  down?: boolean;
}

interface IssuedCode {
  email: string;
  name: string;
  emailVerified: boolean;
  nonce: string;
  challenge: string;
  redirectUri: string;
  used: boolean;
}

export interface FakeOidcProvider {
  issuer: string;
  switches: ProviderSwitches;
  /** The OIDC client as the Worker builds it, with its fetch going to this provider. */
  client: OidcClient;
  /** Every token request's client authentication as received (`basic` or `post`). */
  tokenAuth: ('basic' | 'post')[];
  /**
   * A person signs in at the provider from `authorizationUrl` (the site's redirect): answers the
   * URL the provider sends the browser back to, with a code and the state.
   */
  signIn(
    authorizationUrl: string,
    person: { email: string; name?: string; emailVerified?: boolean },
  ): URL;
  /** The provider refuses the person: back to the site with `error=access_denied`. */
  deny(authorizationUrl: string): URL;
}

const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

async function s256(verifier: string) {
  return base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });

/** A provider at a fresh issuer, with `clock` (ms) as its time, as the test's. */
export async function fakeOidcProvider(clock: () => number): Promise<FakeOidcProvider> {
  const issuer = `https://idp-${crypto.randomUUID().slice(0, 8)}.example`;
  const keys = await generateKeyPair('ES256', { extractable: true });
  const stranger = await generateKeyPair('ES256', { extractable: true });
  const publicJwk: JWK = {
    ...(await exportJWK(keys.publicKey)),
    kid: KID,
    alg: 'ES256',
    use: 'sig',
  };
  const codes = new Map<string, IssuedCode>();
  const switches: ProviderSwitches = {};
  const tokenAuth: ('basic' | 'post')[] = [];

  async function idToken(code: IssuedCode): Promise<string> {
    const now = Math.floor(clock() / 1000);
    const iat = switches.expired ? now - 900 : now;
    const key: CryptoKey = switches.otherKey ? stranger.privateKey : keys.privateKey;
    return new SignJWT({
      email: code.email,
      email_verified: code.emailVerified,
      name: code.name,
      nonce: switches.otherNonce ? 'another-nonce' : code.nonce,
    })
      .setProtectedHeader({ alg: 'ES256', kid: KID, typ: 'JWT' })
      .setIssuer(issuer)
      .setSubject(`sub-${code.email}`)
      .setAudience(switches.audience ?? FAKE_CLIENT_ID)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 300)
      .sign(key);
  }

  async function token(request: Request): Promise<Response> {
    const form = new URLSearchParams(await request.text());
    const basic = request.headers.get('Authorization');
    let clientId: string | null;
    let secret: string | null;
    if (basic?.startsWith('Basic ')) {
      tokenAuth.push('basic');
      const [id, pass] = atob(basic.slice(6)).split(':').map(decodeURIComponent);
      clientId = id ?? null;
      secret = pass ?? null;
    } else {
      tokenAuth.push('post');
      clientId = form.get('client_id');
      secret = form.get('client_secret');
    }
    if (clientId !== FAKE_CLIENT_ID || secret !== FAKE_CLIENT_SECRET) {
      return json({ error: 'invalid_client' }, 401);
    }
    const issued = codes.get(form.get('code') ?? '');
    if (!issued || (issued.used && !switches.acceptReplayedCode)) {
      return json({ error: 'invalid_grant', error_description: 'unknown or used code' }, 400);
    }
    if (issued.redirectUri !== form.get('redirect_uri')) {
      return json({ error: 'invalid_grant', error_description: 'redirect_uri differs' }, 400);
    }
    if ((await s256(form.get('code_verifier') ?? '')) !== issued.challenge) {
      return json({ error: 'invalid_grant', error_description: 'PKCE verification failed' }, 400);
    }
    issued.used = true;
    return json({
      access_token: crypto.randomUUID(),
      token_type: 'Bearer',
      expires_in: 300,
      id_token: await idToken(issued),
    });
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.origin !== issuer) return new Response('unknown host', { status: 502 });
    if (switches.down) return new Response('down for maintenance', { status: 503 });
    switch (url.pathname) {
      case '/.well-known/openid-configuration':
        return json({
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['ES256'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: switches.postOnly
            ? ['client_secret_post']
            : ['client_secret_basic', 'client_secret_post'],
        });
      case '/jwks':
        return json({ keys: [publicJwk] });
      case '/token':
        return request.method === 'POST' ? token(request) : new Response(null, { status: 405 });
      default:
        return new Response('not found', { status: 404 });
    }
  }

  const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit) =>
    handle(new Request(input, init));

  function back(authorizationUrl: string, params: Record<string, string>): URL {
    const asked = new URL(authorizationUrl);
    if (asked.origin !== issuer) throw new Error(`not this provider: ${authorizationUrl}`);
    const redirect = new URL(asked.searchParams.get('redirect_uri') ?? '');
    for (const [name, value] of Object.entries(params)) redirect.searchParams.set(name, value);
    redirect.searchParams.set('state', asked.searchParams.get('state') ?? '');
    return redirect;
  }

  return {
    issuer,
    switches,
    tokenAuth,
    client: createOidcClient({ fetch: fakeFetch }),
    signIn(authorizationUrl, person) {
      const asked = new URL(authorizationUrl);
      if (asked.searchParams.get('code_challenge_method') !== 'S256') {
        throw new Error('the site sent no S256 PKCE challenge');
      }
      const code = crypto.randomUUID();
      codes.set(code, {
        email: person.email,
        name: person.name ?? 'Ada Northwind',
        emailVerified: person.emailVerified ?? true,
        nonce: asked.searchParams.get('nonce') ?? '',
        challenge: asked.searchParams.get('code_challenge') ?? '',
        redirectUri: asked.searchParams.get('redirect_uri') ?? '',
        used: false,
      });
      return back(authorizationUrl, { code });
    },
    deny(authorizationUrl) {
      return back(authorizationUrl, {
        error: 'access_denied',
        error_description: 'The user is not assigned to this application',
      });
    },
  };
}
