/**
 * The plugin asks to be signed in (RFC 8628 §3.1-3.2): a new request with a device code for the
 * plugin and a user code for the customer, who opens /activate, types it and decides
 * (approval.ts); meanwhile the plugin polls the token endpoint (token-grant.ts).
 */
import type {
  DeviceAuthorizationRequest,
  DeviceAuthorizationResponse,
} from '../../../src/contract/schemas/plugin-sign-in';
import { pluginSignIn } from '../../../src/site.config';
import { deviceAuthorizations } from '../../db/schema';
import { isUniqueViolation } from '../shared/db';
import type { Deps } from '../shared/deps';
import { assertKnownClient, grantedScope } from './clients';
import { deviceCodeHash, formatUserCode, newDeviceCode, newUserCode, userCodeHash } from './codes';
import { enforceOAuthRateLimit } from './oauth-rate-limit';

/** The page where the customer types the code. */
export function verificationUri(origin: string): string {
  return `${origin}/activate`;
}

/** New user codes tried when one collides with a live request's (20^8 values: almost never). */
const USER_CODE_TRIES = 3;

/** POST /api/oauth/device. */
export async function requestDeviceAuthorization(
  deps: Deps,
  request: DeviceAuthorizationRequest,
  origin: string,
): Promise<DeviceAuthorizationResponse> {
  const { db, now, secrets, client } = deps;
  assertKnownClient(request.client_id);
  const scope = grantedScope(request.scope);
  await enforceOAuthRateLimit(deps, 'deviceAuthorizationPerIp');

  const deviceCode = newDeviceCode();
  for (let attempt = 1; ; attempt += 1) {
    const userCode = newUserCode();
    try {
      await db.insert(deviceAuthorizations).values({
        id: crypto.randomUUID(),
        deviceCodeHash: await deviceCodeHash(deviceCode),
        userCodeHash: await userCodeHash(secrets.jwtSecret, userCode),
        clientId: request.client_id,
        scope,
        deviceName: request.device_name ?? null,
        deviceId: request.device_id ?? null,
        status: 'pending',
        userId: null,
        intervalSeconds: pluginSignIn.pollIntervalSeconds,
        lastPolledAt: null,
        createdAt: now,
        expiresAt: now + pluginSignIn.deviceCodeSeconds * 1000,
        decidedAt: null,
        ip: client.ip,
      });
      const shown = formatUserCode(userCode);
      const uri = verificationUri(origin);
      return {
        device_code: deviceCode,
        user_code: shown,
        verification_uri: uri,
        verification_uri_complete: `${uri}?user_code=${shown}`,
        expires_in: pluginSignIn.deviceCodeSeconds,
        interval: pluginSignIn.pollIntervalSeconds,
      };
    } catch (error) {
      if (attempt >= USER_CODE_TRIES || !isUniqueViolation(error, 'user_code_hash')) throw error;
    }
  }
}
