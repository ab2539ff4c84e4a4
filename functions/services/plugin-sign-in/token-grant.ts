/**
 * The token endpoint and revocation: the plugin polls with its device code until the customer
 * decides (RFC 8628 §3.4-3.5), then refreshes its short-lived access token with a refresh token
 * that is replaced at each use (RFC 6749 §6), reuse of any replaced one ending the sign-in and a
 * retry within seconds getting the same answer (RFC 9700 §4.14), and ends the sign-in by revoking
 * either token (RFC 7009). Failures are OAuth errors (lib/oauth-errors.ts).
 */
import { and, eq } from 'drizzle-orm';
import * as Texts from '../../../src/contract/plugin-sign-in-texts';
import {
  DEVICE_CODE_GRANT,
  type RevokeRequest,
  type TokenRequest,
  type TokenResponse,
} from '../../../src/contract/schemas/plugin-sign-in';
import { pluginSignIn } from '../../../src/site.config';
import { deviceAuthorizations, type DeviceAuthorizationRow } from '../../db/schema';
import { oauthFail } from '../../lib/oauth-errors';
import {
  newTokenPair,
  refreshPluginTokens,
  revokePluginToken,
  tokensFromApproval,
  type IssuedPair,
} from '../core/users/plugin-tokens';
import type { Millis } from '../shared/db';
import type { Deps } from '../shared/deps';
import { assertKnownClient, grantedScope } from './clients';
import { deviceCodeHash } from './codes';

/** The token endpoint's answer for `pair`; `expires_in` counts from `now`. */
function tokenResponse(pair: IssuedPair, now: Millis): TokenResponse {
  return {
    access_token: pair.accessToken,
    token_type: 'Bearer',
    expires_in: Math.max(0, Math.ceil((pair.accessExpiresAt - now) / 1000)),
    refresh_token: pair.refreshToken,
    scope: pluginSignIn.scope,
  };
}

/** POST /api/oauth/token, either grant. */
export async function grantTokens(deps: Deps, request: TokenRequest): Promise<TokenResponse> {
  assertKnownClient(request.client_id);
  if (request.grant_type === DEVICE_CODE_GRANT) {
    return exchangeDeviceCode(deps, request.device_code, request.client_id);
  }
  grantedScope(request.scope);
  const pair = await newTokenPair(deps.now);
  const outcome = await refreshPluginTokens(deps, request.refresh_token, request.client_id, pair);
  if (outcome.kind === 'refused') throw oauthFail('invalid_grant', Texts.refreshTokenInvalid);
  return tokenResponse(outcome.pair, deps.now);
}

/**
 * One poll with a device code. Until the customer decides: authorization_pending, or slow_down
 * when this poll came sooner than the interval after the last (the interval then grows by
 * `slowDownStepSeconds`, and stays grown). Then the tokens once, access_denied, or
 * expired_token after the request's 10 minutes; a used or unknown code is invalid_grant.
 */
async function exchangeDeviceCode(
  deps: Deps,
  deviceCode: string,
  clientId: string,
): Promise<TokenResponse> {
  const { db, now } = deps;
  const [row] = await db
    .select()
    .from(deviceAuthorizations)
    .where(eq(deviceAuthorizations.deviceCodeHash, await deviceCodeHash(deviceCode)))
    .limit(1);
  if (!row || row.clientId !== clientId || row.status === 'used') {
    throw oauthFail('invalid_grant', Texts.deviceCodeInvalid);
  }
  if (row.expiresAt <= now) throw oauthFail('expired_token', Texts.expiredToken);
  if (row.status === 'denied') throw oauthFail('access_denied', Texts.accessDenied);
  if (row.status === 'pending') return await waitedPoll(deps, row);

  const pair = await newTokenPair(now);
  const [issued] = await db.batch([
    tokensFromApproval(db, row.id, pair, now),
    db
      .update(deviceAuthorizations)
      .set({ status: 'used' })
      .where(and(eq(deviceAuthorizations.id, row.id), eq(deviceAuthorizations.status, 'approved'))),
  ]);
  // A concurrent poll took the tokens first, or the account was deleted meanwhile.
  if (issued.length === 0) throw oauthFail('invalid_grant', Texts.deviceCodeInvalid);
  return tokenResponse(pair, now);
}

/** Records a poll of a pending request and throws what the plugin should do next. */
async function waitedPoll(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  row: DeviceAuthorizationRow,
): Promise<never> {
  const tooSoon = row.lastPolledAt !== null && now - row.lastPolledAt < row.intervalSeconds * 1000;
  const intervalSeconds = row.intervalSeconds + (tooSoon ? pluginSignIn.slowDownStepSeconds : 0);
  await db
    .update(deviceAuthorizations)
    .set({ lastPolledAt: now, intervalSeconds })
    .where(eq(deviceAuthorizations.id, row.id));
  if (tooSoon) throw oauthFail('slow_down', Texts.slowDown);
  throw oauthFail('authorization_pending', Texts.authorizationPending);
}

/**
 * POST /api/oauth/revoke: ends the sign-in of the token, whichever of its two it is. An unknown
 * or already revoked token is not an error (RFC 7009 §2.2): the answer is the same.
 */
export async function revokeToken(deps: Deps, request: RevokeRequest): Promise<void> {
  assertKnownClient(request.client_id);
  await revokePluginToken(deps, request.token, request.client_id);
}
