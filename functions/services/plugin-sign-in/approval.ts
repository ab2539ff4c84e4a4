/**
 * The customer's side of a sign-in request, on /activate (signed in): look the typed code up,
 * see which app and computer ask, then approve or deny. Every look-up and decision counts on a
 * budget per IP and per account (shared/rate-limit.ts), so codes cannot be guessed from here;
 * a decision is one conditional UPDATE, so a request is decided once.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { DeviceDecision, DeviceRequestView } from '../../../src/contract/plugin-sign-in';
import { pluginSignIn } from '../../../src/site.config';
import { SuccessMessages } from '../../../src/contract/messages';
import { deviceAuthorizations, type DeviceAuthorizationRow } from '../../db/schema';
import { fail } from '../../lib/errors';
import { liveAccount } from '../core/users/users';
import { iso } from '../shared/db';
import type { Deps } from '../shared/deps';
import { enforceRateLimit } from '../shared/rate-limit';
import { formatUserCode, userCodeHash } from './codes';

/** Counts one attempt on both budgets (IP first: one account cannot lift another's). */
async function countAttempt(deps: Deps, userId: string): Promise<void> {
  await enforceRateLimit(deps, 'deviceApprovalPerIp', deps.client.ip);
  await enforceRateLimit(deps, 'deviceApprovalPerAccount', userId);
}

/** The pending request with this (normalized) user code; the codes of why not otherwise. */
async function pendingRequest(deps: Deps, userCode: string): Promise<DeviceAuthorizationRow> {
  const { db, now, secrets } = deps;
  const [row] = await db
    .select()
    .from(deviceAuthorizations)
    .where(eq(deviceAuthorizations.userCodeHash, await userCodeHash(secrets.jwtSecret, userCode)))
    .limit(1);
  return explained(row, now);
}

/** `row` when it is pending and not expired; else throws the code saying why. */
function explained(row: DeviceAuthorizationRow | undefined, now: number): DeviceAuthorizationRow {
  if (!row) throw fail('SIGN_IN_CODE_UNKNOWN');
  if (row.expiresAt <= now) throw fail('SIGN_IN_CODE_EXPIRED');
  if (row.status !== 'pending') throw fail('SIGN_IN_CODE_DECIDED');
  return row;
}

/** POST /api/device-authorizations/lookup: what the customer is asked to approve. */
export async function lookUpRequest(
  deps: Deps,
  userId: string,
  userCode: string,
): Promise<DeviceRequestView> {
  await countAttempt(deps, userId);
  const user = await liveAccount(deps.db, userId);
  const row = await pendingRequest(deps, userCode);
  return {
    userCode: formatUserCode(userCode),
    clientName: pluginSignIn.clientName,
    scope: row.scope,
    deviceName: row.deviceName,
    deviceId: row.deviceId,
    accountEmail: user.email,
    requestedAt: iso(row.createdAt),
    expiresAt: iso(row.expiresAt),
  };
}

/**
 * POST /api/device-authorizations/approve and …/deny: decides the pending request for the
 * signed-in account. The plugin's next poll gets its tokens, or access_denied.
 */
export async function decideRequest(
  deps: Deps,
  userId: string,
  userCode: string,
  decision: 'approved' | 'denied',
): Promise<DeviceDecision> {
  const { db, now, secrets } = deps;
  await countAttempt(deps, userId);
  await liveAccount(db, userId);
  const hash = await userCodeHash(secrets.jwtSecret, userCode);
  const [decided] = await db
    .update(deviceAuthorizations)
    .set({ status: decision, userId, decidedAt: now })
    .where(
      and(
        eq(deviceAuthorizations.userCodeHash, hash),
        eq(deviceAuthorizations.status, 'pending'),
        gt(deviceAuthorizations.expiresAt, now),
      ),
    )
    .returning({ id: deviceAuthorizations.id });
  if (!decided) {
    // Nothing changed: say why, from the row as it is now.
    const [row] = await db
      .select()
      .from(deviceAuthorizations)
      .where(eq(deviceAuthorizations.userCodeHash, hash))
      .limit(1);
    explained(row, now);
    throw fail('SIGN_IN_CODE_DECIDED');
  }
  const message =
    decision === 'approved'
      ? SuccessMessages.pluginSignInApproved
      : SuccessMessages.pluginSignInDenied;
  return { status: decision, message };
}
