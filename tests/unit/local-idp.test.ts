/**
 * The local OpenID provider that `npm start` runs (scripts/local-idp.mjs) is a real one: a relying
 * party built on oauth4webapi discovers it, sends a person through its sign-in page with PKCE,
 * state and nonce, exchanges the code and reads a signed ID token naming that person. A person
 * it does not know never gets back to the site with a code.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CLIENT, LOCAL_PEOPLE, issuerOf, localProvider } from '../../scripts/local-idp.mjs';

const SITE_PORT = 8787;
const redirectUri = `http://localhost:${SITE_PORT}/sso/callback`;
const insecure = { [oauth.allowInsecureRequests]: true };

let server: Server;
let issuer: URL;

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  const provider = localProvider({ port, sitePorts: [SITE_PORT] }) as {
    listen: (port: number, host: string, done: () => void) => Server;
  };
  await new Promise<void>((resolve) => {
    server = provider.listen(port, '127.0.0.1', resolve);
  });
  issuer = new URL(issuerOf(port));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** A browser's cookie jar for one sign-in at the provider. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    keep(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
    },
  };
}

/**
 * Follows the provider's pages as a person would: its sign-in form with `email` (any password),
 * then its consent form, until it sends the browser back to the site. Answers that address.
 */
async function signInAt(start: URL, email: string): Promise<URL> {
  const jar = cookieJar();
  let next: { url: URL; body?: URLSearchParams } = { url: start };
  for (let step = 0; step < 12; step += 1) {
    const response = await fetch(next.url, {
      method: next.body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        Cookie: jar.header(),
        ...(next.body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(next.body ? { body: next.body } : {}),
    });
    jar.keep(response);
    const location = response.headers.get('Location');
    if (location) {
      const url = new URL(location, next.url);
      if (url.href.startsWith(redirectUri)) return url;
      next = { url };
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    if (!action || !prompt) throw new Error(`no form to go on with (${response.status}): ${page}`);
    const body = new URLSearchParams({ prompt });
    if (prompt === 'login') {
      body.set('login', email);
      body.set('password', 'any password');
    }
    next = { url: new URL(action, next.url), body };
  }
  throw new Error('the provider never sent the browser back');
}

describe('the local OpenID provider', () => {
  it('signs a test person in: code with PKCE, state and nonce, and a signed ID token', async () => {
    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, insecure),
    );
    expect(as.code_challenge_methods_supported).toContain('S256');
    const client: oauth.Client = { client_id: LOCAL_CLIENT.clientId };
    const auth = oauth.ClientSecretBasic(LOCAL_CLIENT.clientSecret);
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const nonce = oauth.generateRandomNonce();
    const start = new URL(as.authorization_endpoint!);
    for (const [name, value] of Object.entries({
      client_id: client.client_id,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    }))
      start.searchParams.set(name, value);

    const back = await signInAt(start, 'ada@northwind.test');
    const params = oauth.validateAuthResponse(as, client, back, state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      auth,
      params,
      redirectUri,
      verifier,
      insecure,
    );
    const result = await oauth.processAuthorizationCodeResponse(as, client, response, {
      expectedNonce: nonce,
      requireIdToken: true,
    });
    // The ID token's signature, by the provider's published keys.
    await oauth.validateApplicationLevelSignature(as, response, insecure);
    const claims = oauth.getValidatedIdTokenClaims(result);
    expect(claims).toMatchObject({
      iss: issuer.href.replace(/\/$/, ''),
      aud: LOCAL_CLIENT.clientId,
      email: 'ada@northwind.test',
      email_verified: true,
      name: (LOCAL_PEOPLE as Record<string, { name: string }>)['ada@northwind.test']!.name,
    });
  });

  it('gives no code to someone it does not know', async () => {
    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, insecure),
    );
    const start = new URL(as.authorization_endpoint!);
    for (const [name, value] of Object.entries({
      client_id: LOCAL_CLIENT.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email',
      code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
      code_challenge_method: 'S256',
      state: 'x',
    }))
      start.searchParams.set(name, value);
    // The provider stops at an error page of its own: nobody goes back to the site with a code.
    await expect(signInAt(start, 'stranger@elsewhere.test')).rejects.toThrow(/Sign-in error/);
  });
});
