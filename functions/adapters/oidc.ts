/**
 * The OpenID Connect client of single sign-on (oidc-client.ts, on oauth4webapi), loaded the first
 * time a sign-in needs it: most requests never do, so a cold start does not evaluate the library.
 */
import type { OidcClient, OidcClientOptions } from './types';

export function createOidcClient(options: OidcClientOptions = {}): OidcClient {
  let loaded: Promise<OidcClient> | undefined;
  const client = () => {
    loaded ??= import('./oidc-client').then(({ createOidcClientNow }) =>
      createOidcClientNow(options),
    );
    return loaded;
  };
  return {
    checkProvider: async (issuer) => (await client()).checkProvider(issuer),
    authorizationUrl: async (connection, request) =>
      (await client()).authorizationUrl(connection, request),
    exchangeCode: async (connection, request) => (await client()).exchangeCode(connection, request),
  };
}
