/**
 * The OpenID Connect client of single sign-on, on oauth4webapi (loaded on first use by oidc.ts,
 * so a cold start does not evaluate it): the provider's discovery document
 * (kept a few minutes per isolate), the authorization URL with PKCE (S256), state and nonce, and
 * the code exchange with the client secret (client_secret_basic, or client_secret_post when the
 * provider accepts only that). The ID token is checked by oauth4webapi, never by hand: issuer,
 * audience, expiry and issue time, nonce, and its signature by the provider's published keys
 * (JWKS).
 *
 * Every request goes through `fetch` (oauth4webapi's `customFetch`): the Worker's global fetch in
 * production, a fake provider in the Worker tests. Plain http is allowed only when `allowHttp` is
 * set, which the composition root does only in development (the local provider of `npm start`
 * listens on http://localhost). oauth4webapi's clock is set to `now` (the request's time), so the
 * token's expiry is judged by the same clock as the rest of the request.
 */
import * as oauth from 'oauth4webapi';
import type { DiscoveredProvider, OidcClient, OidcClientOptions, OidcIdentity } from './types';
import { OidcFailure, ProviderCheckFailure } from './types';

/** How long a discovery document is kept per isolate. */
const DISCOVERY_TTL_MS = 5 * 60_000;
/** How long one request to the provider may take during a sign-in. */
const TIMEOUT_MS = 10_000;
/** How long the owner's save waits for the discovery document. */
const CHECK_TIMEOUT_MS = 5000;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Discovery documents by issuer, with when they were read. */
const discovered = new Map<string, { as: oauth.AuthorizationServer; at: number }>();

/** The scopes asked: the person's id, address and name. */
const SCOPE = 'openid email profile';

export function createOidcClientNow(options: OidcClientOptions = {}): OidcClient {
  const fetcher = options.fetch ?? ((input, init) => fetch(input, init));
  const http = {
    [oauth.customFetch]: (url: string, init: oauth.CustomFetchOptions<string, unknown>) =>
      fetcher(url, init as RequestInit),
    [oauth.allowInsecureRequests]: options.allowHttp === true,
    signal: () => AbortSignal.timeout(TIMEOUT_MS),
  };

  /** https, or http on this computer where allowed (the local provider in development). */
  const allowedUrl = (url: URL) =>
    url.protocol === 'https:' ||
    (options.allowHttp === true && url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname));

  async function checkProvider(issuer: string): Promise<DiscoveredProvider> {
    const issuerUrl = new URL(issuer);
    let response: Response;
    try {
      response = await oauth.discoveryRequest(issuerUrl, {
        ...http,
        signal: AbortSignal.timeout(options.checkTimeoutMs ?? CHECK_TIMEOUT_MS),
      });
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      throw new ProviderCheckFailure({ kind: timedOut ? 'timeout' : 'unreachable' });
    }
    let as: oauth.AuthorizationServer;
    try {
      as = await oauth.processDiscoveryResponse(issuerUrl, response);
    } catch (error) {
      if (error instanceof oauth.OperationProcessingError) {
        if (error.code === oauth.RESPONSE_IS_NOT_CONFORM)
          throw new ProviderCheckFailure({ kind: 'no-document', status: response.status });
        if (error.code === oauth.JSON_ATTRIBUTE_COMPARISON) {
          const named = (error.cause as { body?: { issuer?: unknown } } | undefined)?.body?.issuer;
          throw new ProviderCheckFailure({
            kind: 'issuer-mismatch',
            named: String(named).slice(0, 200),
          });
        }
      }
      throw new ProviderCheckFailure({ kind: 'not-json' });
    }
    const endpoint = (value: unknown, what: string): string => {
      const url = typeof value === 'string' && URL.canParse(value) ? new URL(value) : null;
      if (!url || !allowedUrl(url))
        throw new ProviderCheckFailure({ kind: 'missing-endpoint', what });
      return url.href;
    };
    const provider = {
      issuer: as.issuer,
      authorizationEndpoint: endpoint(as.authorization_endpoint, 'authorization endpoint'),
      tokenEndpoint: endpoint(as.token_endpoint, 'token endpoint'),
      jwksUri: endpoint(as.jwks_uri, 'key set (jwks_uri)'),
    };
    // A provider the owner just changed is read anew by the next sign-in, too.
    discovered.set(as.issuer, { as, at: Date.now() });
    return provider;
  }

  async function discover(issuer: string): Promise<oauth.AuthorizationServer> {
    const cached = discovered.get(issuer);
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.as;
    let issuerUrl: URL;
    try {
      issuerUrl = new URL(issuer);
    } catch {
      throw new OidcFailure('discovery', `the issuer ${issuer} is not a URL`);
    }
    try {
      const as = await oauth.processDiscoveryResponse(
        issuerUrl,
        await oauth.discoveryRequest(issuerUrl, { ...http, algorithm: 'oidc' }),
      );
      if (!as.authorization_endpoint || !as.token_endpoint || !as.jwks_uri) {
        throw new OidcFailure('discovery', 'its discovery document lacks an endpoint or its keys');
      }
      discovered.set(issuer, { as, at: Date.now() });
      return as;
    } catch (error) {
      if (error instanceof OidcFailure) throw error;
      throw new OidcFailure('discovery', describe(error));
    }
  }

  /** How the client proves itself at the token endpoint: Basic, unless only _post is offered. */
  function clientAuth(as: oauth.AuthorizationServer, secret: string): oauth.ClientAuth {
    const methods = as.token_endpoint_auth_methods_supported;
    if (
      methods &&
      !methods.includes('client_secret_basic') &&
      methods.includes('client_secret_post')
    ) {
      return oauth.ClientSecretPost(secret);
    }
    return oauth.ClientSecretBasic(secret);
  }

  return {
    checkProvider,

    async authorizationUrl(connection, request) {
      const as = await discover(connection.issuer);
      const url = new URL(as.authorization_endpoint!);
      const params = {
        client_id: connection.clientId,
        redirect_uri: request.redirectUri,
        response_type: 'code',
        scope: SCOPE,
        code_challenge: await oauth.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
        state: request.state,
        nonce: request.nonce,
        ...(request.loginHint ? { login_hint: request.loginHint } : {}),
      };
      for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
      return url;
    },

    async exchangeCode(connection, request): Promise<OidcIdentity> {
      const as = await discover(connection.issuer);
      const client: oauth.Client = {
        client_id: connection.clientId,
        [oauth.clockSkew]: Math.round((request.now - Date.now()) / 1000),
      };
      let params: URLSearchParams;
      try {
        params = oauth.validateAuthResponse(as, client, request.callback, request.state);
      } catch (error) {
        if (error instanceof oauth.AuthorizationResponseError) {
          throw new OidcFailure(
            'provider-error',
            error.error_description ? `${error.error}: ${error.error_description}` : error.error,
          );
        }
        throw new OidcFailure('bad-answer', describe(error));
      }
      let response: Response;
      try {
        response = await oauth.authorizationCodeGrantRequest(
          as,
          client,
          clientAuth(as, connection.clientSecret),
          params,
          request.redirectUri,
          request.codeVerifier,
          http,
        );
      } catch (error) {
        throw new OidcFailure('token-refused', describe(error));
      }
      let claims: oauth.IDToken;
      try {
        const result = await oauth.processAuthorizationCodeResponse(as, client, response, {
          expectedNonce: request.nonce,
          requireIdToken: true,
        });
        // The ID token's signature, by the keys the provider publishes.
        await oauth.validateApplicationLevelSignature(as, response, http);
        const validated = oauth.getValidatedIdTokenClaims(result);
        if (!validated) throw new OidcFailure('id-token', 'the answer holds no ID token');
        claims = validated;
      } catch (error) {
        if (error instanceof OidcFailure) throw error;
        if (error instanceof oauth.ResponseBodyError) {
          throw new OidcFailure(
            'token-refused',
            error.error_description ? `${error.error}: ${error.error_description}` : error.error,
          );
        }
        throw new OidcFailure('id-token', describe(error));
      }
      const email = typeof claims.email === 'string' ? claims.email.trim() : '';
      if (!email) throw new OidcFailure('id-token', 'the ID token names no e-mail address');
      return {
        subject: claims.sub,
        email,
        // Entra ID and Okta leave email_verified out; a provider that says false is not believed.
        emailVerified: claims.email_verified !== false,
        name: typeof claims.name === 'string' ? claims.name.trim().slice(0, 200) : '',
      };
    },
  };
}

/** An error in a few words for the owner's "last failure" (never a stack). */
function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 300);
}
