/**
 * The clients and scopes the authorization server knows: one public client (the plugin, which
 * holds no secret) with one scope. Anything else is refused with OAuth's own error codes.
 */
import * as Texts from '../../../src/contract/plugin-sign-in-texts';
import { pluginSignIn } from '../../../src/site.config';
import { oauthFail } from '../../lib/oauth-errors';

/** Throws invalid_client unless `clientId` is the plugin's. */
export function assertKnownClient(clientId: string): void {
  // 401: the client could not be identified (RFC 6749 §5.2).
  if (clientId !== pluginSignIn.clientId) {
    throw oauthFail('invalid_client', Texts.unknownClient, { status: 401 });
  }
}

/**
 * The granted scope for an asked one (space-separated; none asked means the default): only
 * `licenses` exists, anything else is invalid_scope.
 */
export function grantedScope(asked: string | undefined): string {
  const scopes = (asked ?? '').split(' ').filter((part) => part !== '');
  if (scopes.some((part) => part !== pluginSignIn.scope)) {
    throw oauthFail('invalid_scope', Texts.unknownScope);
  }
  return pluginSignIn.scope;
}
