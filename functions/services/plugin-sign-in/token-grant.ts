/**
 * The token endpoint and revocation: the plugin polls with its device code until the customer
 * decides (RFC 8628 §3.4-3.5), then refreshes its short-lived access token with a refresh token
 * that is replaced at each use (RFC 6749 §6), and ends the sign-in by revoking either token
 * (RFC 7009). Failures are OAuth errors (lib/oauth-errors.ts).
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
  revokePluginToken,
  rotateRefreshToken,
  tokensFromApproval,
  type NewTokenPair,
} from '../core/users/plugin-tokens';
import type { Deps } from '../shared/deps';
import { assertKnownClient, grantedScope } from './clients';
import { deviceCodeHash } from './codes';

function tokenResponse(pair: NewTokenPair): TokenResponse {
  return {
    access_token: pair.accessToken,
    token_type: 'Bearer',
    expires_in: pluginSignIn.accessTokenSeconds,
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
  const rotated = await rotateRefreshToken(deps, request.refresh_token, request.client_id, pair);
  if (!rotated) throw oauthFail('invalid_grant', Texts.refreshTokenInvalid);
  return tokenResponse(pair);
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
  return tokenResponse(pair);
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
