/**
 * The authorization server metadata (RFC 8414) at /.well-known/oauth-authorization-server, so a
 * standard OAuth client finds the endpoints by itself. The issuer is the site's origin.
 */
import type { AuthorizationServerMetadata } from '../../../src/contract/schemas/plugin-sign-in';
import {
  DEVICE_CODE_GRANT,
  REFRESH_TOKEN_GRANT,
} from '../../../src/contract/schemas/plugin-sign-in';
import { pluginSignIn } from '../../../src/site.config';

/** The metadata of the authorization server at `origin`. */
export function authorizationServerMetadata(origin: string): AuthorizationServerMetadata {
  return {
    issuer: origin,
    device_authorization_endpoint: `${origin}/api/oauth/device`,
    token_endpoint: `${origin}/api/oauth/token`,
    revocation_endpoint: `${origin}/api/oauth/revoke`,
    grant_types_supported: [DEVICE_CODE_GRANT, REFRESH_TOKEN_GRANT],
    // No authorization endpoint: the device flow needs none.
    response_types_supported: [],
    scopes_supported: [pluginSignIn.scope],
    // A public client: it identifies itself with client_id and proves nothing else.
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    service_documentation: `${origin}/guide`,
  };
}
