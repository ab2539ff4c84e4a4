/**
 * Authentication of the plugin's license management (/api/plugin/*) by the access token of its
 * sign-in from the ribbon (`Authorization: Bearer`). This is the only middleware that accepts
 * that token, and `requireSession` never does (it is no session JWT), so the token reaches these
 * calls and nothing else: not billing, account settings or the console. Failures are 401 with
 * `WWW-Authenticate: Bearer` (RFC 6750 §3): the plugin refreshes the token, or signs in again.
 */
import type { MiddlewareHandler } from 'hono';
import * as Texts from '../../src/contract/plugin-sign-in-texts';
import { pluginSignIn } from '../../src/site.config';
import type { AppEnv } from '../env';
import { fail } from '../lib/errors';
import { pluginGrantForAccessToken, type PluginGrant } from '../services/core/users/plugin-tokens';

/** Context of the plugin's license management: the app's, plus the token's sign-in. */
export interface PluginEnv extends AppEnv {
  Variables: AppEnv['Variables'] & { grant: PluginGrant };
}

function unauthorized(error?: 'invalid_token') {
  const challenge = `Bearer realm="${pluginSignIn.clientId}"${error ? `, error="${error}"` : ''}`;
  return fail('UNAUTHORIZED', {
    message: Texts.pluginTokenInvalid,
    headers: { 'WWW-Authenticate': challenge },
  });
}

/** Requires a live access token with the `licenses` scope; sets `c.get('grant')`. */
export const requirePluginToken: MiddlewareHandler<PluginEnv> = async (c, next) => {
  const token = c.req.header('Authorization')?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (!token) throw unauthorized();
  const grant = await pluginGrantForAccessToken(c.get('deps'), token);
  if (!grant || grant.scope.split(' ').every((scope) => scope !== pluginSignIn.scope)) {
    throw unauthorized('invalid_token');
  }
  c.set('grant', grant);
  await next();
};
