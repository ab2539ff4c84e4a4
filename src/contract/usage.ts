/**
 * What the dashboard's Usage & Sessions calls answer (the calls: schemas/licensing.ts), as shapes the
 * Usage island checks (see shape.ts). The plugin's own answers stay zod schemas in schemas/licensing.ts;
 * the published contract's zod twins of these are in api/dashboard-schemas.ts.
 */
import {
  array,
  boolean,
  integer,
  nullable,
  object,
  oneOf,
  optional,
  string,
  type Infer,
} from './shape.ts';
import { planLabels } from './user.ts';

/** An active device as the plugin's 403 and the Usage page list it. */
export const deviceViewSchema = object({
  /** Our row id (for /api/devices/:id/deactivate). */
  id: string,
  /** The plugin's machine id. */
  deviceId: string,
  deviceName: string,
  appVersion: nullable(string),
  /** ISO 8601. */
  activatedAt: string,
  lastSeenAt: string,
});
export type DeviceView = Infer<typeof deviceViewSchema>;

/** One row of the activation history (audit trail). */
export const licenseEventViewSchema = object({
  id: string,
  action: oneOf(['activated', 'deactivated', 'replaced', 'renamed']),
  source: oneOf(['plugin', 'dashboard', 'system', 'support']),
  deviceId: string,
  /** The device's name then; a rename's reads "old name → new name". */
  deviceName: string,
  /** ISO 8601. */
  at: string,
});
export type LicenseEventView = Infer<typeof licenseEventViewSchema>;

/** A browser (or API) session of the account. */
export const sessionViewSchema = object({
  id: string,
  /** ISO 8601. */
  createdAt: string,
  lastUsedAt: string,
  expiresAt: string,
  /** Readable, e.g. "Chrome on Windows"; "Unknown device" when the user agent says nothing. */
  device: string,
  ip: nullable(string),
  /** The session making this request. */
  current: boolean,
});
export type SessionView = Infer<typeof sessionViewSchema>;

/** A plugin signed in to the account from its ribbon (Usage & Sessions, "Signed-in plugins"). */
export const pluginSignInViewSchema = object({
  id: string,
  clientName: string,
  /** What the plugin said about the computer; null when it said nothing. */
  deviceName: nullable(string),
  deviceId: nullable(string),
  /** ISO 8601: when the customer approved it, and when the plugin last used its token. */
  approvedAt: string,
  lastUsedAt: string,
});
export type PluginSignInView = Infer<typeof pluginSignInViewSchema>;

export const usageOverviewSchema = object({
  plan: oneOf(planLabels),
  /** Devices the license may have active: the plan's limit, or an Enterprise seat's. */
  deviceLimit: integer,
  devices: array(deviceViewSchema),
  /** Newest first, at most 50. */
  history: array(licenseEventViewSchema),
  /** Live (not revoked, not expired) sessions, current first. */
  sessions: array(sessionViewSchema),
  /** Plugins signed in with the device flow and not signed out, most recently used first. */
  plugins: array(pluginSignInViewSchema),
  deactivations: object({
    used: integer,
    max: integer,
    windowDays: integer,
  }),
  /** A one-line result of the last action (e.g. SuccessMessages.deviceDeactivated). */
  message: optional(string),
});
export type UsageOverview = Infer<typeof usageOverviewSchema>;

/**
 * Feature usage for Usage & Sessions (GET /api/usage/features?days=30|90|365): the plugin's
 * daily reports summed per device and command over the last `days` days (UTC, `from`..`to`
 * inclusive). `counts` and `lastUsed` follow the order of `featureUsage.features`.
 */
export const featureUsageDeviceSchema = object({
  /** The plugin's machine id. */
  deviceId: string,
  /** The name it was activated with (its newest), or the machine id when none is known. */
  deviceName: string,
  /** Uses of each command in the period. */
  counts: array(integer),
  /** The last day (YYYY-MM-DD) each command was used on this device, whatever the period. */
  lastUsed: array(nullable(string)),
});
export type FeatureUsageDevice = Infer<typeof featureUsageDeviceSchema>;

export const featureUsageViewSchema = object({
  days: integer,
  /** YYYY-MM-DD, the first and last day of the period. */
  from: string,
  to: string,
  /** Account Settings' "Share feature usage". */
  shareUsage: boolean,
  /** Devices that reported any use (within the retention), most used first. */
  devices: array(featureUsageDeviceSchema),
});
export type FeatureUsageView = Infer<typeof featureUsageViewSchema>;

/** GET and PATCH /api/account/usage-sharing. */
export const usageSharingSchema = object({
  shareUsage: boolean,
  message: optional(string),
});
export type UsageSharing = Infer<typeof usageSharingSchema>;
