/**
 * The dashboard's Usage & Sessions : the current license's devices, the activation
 * history, the live sessions, and the actions on them (free or rename a device, sign out a session). Each action takes effect at once: a freed
 * device validates as DEVICE_NOT_ACTIVATED and a revoked session's next request is a 401.
 */
import type { PluginTokenRow, SessionRow } from '../../db/schema';
import type { PluginSignInView, SessionView, UsageOverview } from '../../../src/contract/usage';
import { ApiMessages } from '../../../src/contract/messages';
import { licensing, pluginSignIn } from '../../../src/site.config';
import { fail } from '../../lib/errors';
import {
  listLiveSessions,
  revokeOtherSessions,
  revokeUserSession,
  type SessionInfo,
} from '../core/users/sessions';
import { listPluginSignIns, revokeUserPluginSignIn } from '../core/users/plugin-tokens';
import { iso } from '../shared/db';
import type { Deps } from '../shared/deps';
import { describeUserAgent } from '../shared/user-agent';
import { deactivationTimes } from '../core/licenses/deactivations';
import {
  activeDevices,
  findDeviceRow,
  freeDevice,
  renameDevice,
  toDeviceView,
} from '../core/licenses/devices';
import { deviceLimitOfLicense } from '../core/licenses/license-check';
import { licenseHistory } from '../core/licenses/history';
import { currentLicense } from '../core/licenses/licenses';

/** Rows of the activation history the page shows. */

function toSessionView(row: SessionRow, currentId: string): SessionView {
  return {
    id: row.id,
    createdAt: iso(row.createdAt),
    lastUsedAt: iso(row.lastUsedAt),
    expiresAt: iso(row.expiresAt),
    device: describeUserAgent(row.userAgent),
    ip: row.ip,
    current: row.id === currentId,
  };
}

function toPluginSignInView(row: PluginTokenRow): PluginSignInView {
  return {
    id: row.id,
    clientName: pluginSignIn.clientName,
    deviceName: row.deviceName,
    deviceId: row.deviceId,
    approvedAt: iso(row.createdAt),
    lastUsedAt: iso(row.lastUsedAt),
  };
}

/** GET /api/usage, and the answer of every action (with its `message`). */
export async function usageOverview(
  deps: Pick<Deps, 'db' | 'now'>,
  session: SessionInfo,
  message?: string,
): Promise<UsageOverview> {
  const { db, now } = deps;
  const license = await currentLicense(db, session.userId);
  // Every account gets a license with its first sign-in; a missing one is a data fault.
  if (!license) throw new Error(`User ${session.userId} has no license`);
  const [deviceLimit, devices, events, sessions, plugins, used] = await Promise.all([
    deviceLimitOfLicense(db, license),
    activeDevices(db, license.id),
    licenseHistory(db, session.userId),
    listLiveSessions(deps, session.userId),
    listPluginSignIns(deps, session.userId),
    deactivationTimes(db, license.id, now),
  ]);
  const views = sessions.map((row) => toSessionView(row, session.sessionId));
  return {
    plan: license.plan,
    deviceLimit,
    devices: devices.map(toDeviceView),
    history: events,
    // The current session first, then the most recently used (listLiveSessions' order).
    sessions: [...views.filter((s) => s.current), ...views.filter((s) => !s.current)],
    plugins: plugins.map(toPluginSignInView),
    deactivations: {
      used: used.length,
      max: licensing.maxDeactivations,
      windowDays: licensing.deactivationWindowDays,
    },
    ...(message === undefined ? {} : { message }),
  };
}

/**
 * POST /api/devices/:id/deactivate: frees one of the caller's own active devices; any other id is
 * a 404, so device ids of other accounts cannot be probed. Same limit as the plugin's deactivate.
 */
export async function deactivateOwnDevice(
  { db, now, client }: Deps,
  session: SessionInfo,
  deviceRowId: string,
): Promise<void> {
  const device = await findDeviceRow(db, {
    id: deviceRowId,
    userId: session.userId,
    activeOnly: true,
  });
  if (!device) throw fail('DEVICE_NOT_ACTIVATED', { message: ApiMessages.ownDeviceNotActive });
  await freeDevice(db, device, 'dashboard', { now, ip: client.ip });
}

/**
 * PATCH /api/devices/:id: renames one of the caller's own active devices (the plugin lists it by
 * that name too); any other id is a 404, as for deactivation.
 */
export async function renameOwnDevice(
  { db, now, client }: Deps,
  session: SessionInfo,
  deviceRowId: string,
  name: string,
): Promise<void> {
  const device = await findDeviceRow(db, {
    id: deviceRowId,
    userId: session.userId,
    activeOnly: true,
  });
  if (!device || !(await renameDevice(db, device.id, name, { now, ip: client.ip }))) {
    throw fail('DEVICE_NOT_ACTIVATED', { message: ApiMessages.ownDeviceNotActive });
  }
}

/** DELETE /api/sessions/:id: signs out one other session of the caller. */
export async function revokeOneSession(
  deps: Deps,
  session: SessionInfo,
  targetId: string,
): Promise<void> {
  if (targetId === session.sessionId) {
    throw fail('BAD_REQUEST', { message: ApiMessages.cannotRevokeCurrentSession });
  }
  if (!(await revokeUserSession(deps, session.userId, targetId))) {
    throw fail('NOT_FOUND', { message: ApiMessages.sessionAlreadyEnded });
  }
}

/** POST /api/sessions/revoke-others. */
export async function revokeOthers(deps: Deps, session: SessionInfo): Promise<void> {
  await revokeOtherSessions(deps, session.userId, session.sessionId);
}

/** DELETE /api/plugin-sign-ins/:id: signs out one plugin of the caller (its tokens stop at once). */
export async function signOutPlugin(deps: Deps, session: SessionInfo, id: string): Promise<void> {
  if (!(await revokeUserPluginSignIn(deps, session.userId, id))) {
    throw fail('NOT_FOUND', { message: ApiMessages.pluginSignInAlreadyEnded });
  }
}
