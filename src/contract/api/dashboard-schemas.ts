/**
 * The answers the account calls give (/activate's, Usage & Sessions'), described once: these zod
 * schemas are what the published contract states and what `npm run openapi` turns into the
 * islands' checks (src/generated/answers/); ../usage.ts and ../plugin-sign-in.ts name
 * their types. Worker and contract only: no island imports this (no zod in the browser).
 */
import { z } from 'zod';
import { deviceViewSchema } from '../schemas/licensing';
import { planLabels } from '../user';
import { lazySchema } from '../schemas/lazy';

export const deviceRequestViewSchema = lazySchema(() =>
  z.object({
    /** The user code, formatted XXXX-XXXX. */
    userCode: z.string(),
    clientName: z.string(),
    scope: z.string(),
    /** What the plugin said about the computer; null when it said nothing. */
    deviceName: z.string().nullable(),
    deviceId: z.string().nullable(),
    /** The signed-in account's e-mail, so the customer sees which account is being given. */
    accountEmail: z.string(),
    /** ISO 8601. */
    requestedAt: z.string(),
    expiresAt: z.string(),
  }),
);

export const deviceDecisionSchema = lazySchema(() =>
  z.object({
    status: z.enum(['approved', 'denied']),
    message: z.string(),
  }),
);

/** One row of the activation history. */
export const licenseEventViewSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    action: z.enum(['activated', 'deactivated', 'replaced', 'renamed']),
    source: z.enum(['plugin', 'dashboard', 'system', 'support']),
    deviceId: z.string(),
    /** The device's name then; a rename's reads "old name → new name". */
    deviceName: z.string(),
    /** ISO 8601. */
    at: z.string(),
  }),
);

/** A browser (or API) session of the account. */
export const sessionViewSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    /** ISO 8601. */
    createdAt: z.string(),
    lastUsedAt: z.string(),
    expiresAt: z.string(),
    /** Readable, e.g. "Chrome on Windows". */
    device: z.string(),
    ip: z.string().nullable(),
    /** The session making this request. */
    current: z.boolean(),
  }),
);

/** A plugin signed in to the account from its ribbon. */
export const pluginSignInViewSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    clientName: z.string(),
    deviceName: z.string().nullable(),
    deviceId: z.string().nullable(),
    /** ISO 8601: when the customer approved it, and when the plugin last used its token. */
    approvedAt: z.string(),
    lastUsedAt: z.string(),
  }),
);

export const usageOverviewSchema = lazySchema(() =>
  z.object({
    plan: z.enum(planLabels),
    /** Devices the license may have active: the plan's limit, or an Enterprise seat's. */
    deviceLimit: z.number().int(),
    devices: z.array(deviceViewSchema),
    /** Newest first, at most 50. */
    history: z.array(licenseEventViewSchema),
    /** Live (not revoked, not expired) sessions, current first. */
    sessions: z.array(sessionViewSchema),
    /** Plugins signed in and not signed out, most recently used first. */
    plugins: z.array(pluginSignInViewSchema),
    /** Deactivations used in the rolling window, of the most allowed. */
    deactivations: z.object({
      used: z.number().int(),
      max: z.number().int(),
      windowDays: z.number().int(),
    }),
    /** A one-line result of the action this answers. */
    message: z.string().optional(),
  }),
);

export const featureUsageDeviceSchema = lazySchema(() =>
  z.object({
    /** The plugin's machine id. */
    deviceId: z.string(),
    /** The name it was activated with (its newest), or the machine id when none is known. */
    deviceName: z.string(),
    /** Uses of each command in the period, in the order of the plugin's commands. */
    counts: z.array(z.number().int()),
    /** The last day (YYYY-MM-DD) each command was used on this device, whatever the period. */
    lastUsed: z.array(z.string().nullable()),
  }),
);

export const featureUsageViewSchema = lazySchema(() =>
  z.object({
    days: z.number().int(),
    /** YYYY-MM-DD, the first and last day of the period. */
    from: z.string(),
    to: z.string(),
    /** Account Settings' "Share feature usage". */
    shareUsage: z.boolean(),
    /** Devices that reported any use, most used first. */
    devices: z.array(featureUsageDeviceSchema),
  }),
);
