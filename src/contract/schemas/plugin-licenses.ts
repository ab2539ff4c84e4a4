/**
 * License management from the plugin's ribbon, with the access token of its sign-in
 * (schemas/plugin-sign-in.ts) as `Authorization: Bearer`; the token reaches these calls and no
 * other. Shared by the Worker and the reference client (scripts/license-client.ts).
 *
 * - GET  /api/plugin/licenses  → PluginLicenses: every license of the account, newest first
 * - POST /api/plugin/switch    SwitchBody → ActivateResponse (as activate): this device leaves
 *   one license and joins another in one step, with one audit trail; the leaving counts as a
 *   deactivation. 403 TOO_MANY_DEVICES (with `devices`), EXPIRED, SUSPENDED, REVOKED for the
 *   license to join; 429 DEACTIVATION_LIMIT; nothing changes on any refusal.
 * - POST /api/plugin/free      FreeBody → DeactivateResponse: frees a device of one of the
 *   account's licenses (another computer), on the same budget as the dashboard's deactivate.
 * A missing, expired or revoked token is 401 UNAUTHORIZED with `WWW-Authenticate: Bearer`.
 */
import { z } from 'zod';
// Explicit .ts extensions: the reference client runs this file under plain Node (type stripping).
import {
  deviceIdSchema,
  deviceNameSchema,
  deviceViewSchema,
  licenseInfoSchema,
} from './licensing.ts';
import { lazySchema } from './lazy.ts';

/** One of the account's licenses, with its devices. */
export const pluginLicenseSchema = lazySchema(() =>
  licenseInfoSchema.unwrap().extend({
    id: z.string(),
    licenseKey: z.string(),
    /** The account's current license (its newest); older ones read `revoked`. */
    current: z.boolean(),
    devices: z.array(deviceViewSchema),
  }),
);
export type PluginLicense = z.infer<typeof pluginLicenseSchema>;

export const pluginLicensesSchema = lazySchema(() =>
  z.object({
    licenses: z.array(pluginLicenseSchema),
  }),
);
export type PluginLicenses = z.infer<typeof pluginLicensesSchema>;

/** A license id of the account (PluginLicense.id). */
const licenseIdSchema = lazySchema(() => z.string().trim().min(1).max(64));

export const switchBodySchema = lazySchema(() =>
  z.object({
    /** This computer's machine id. */
    deviceId: deviceIdSchema,
    /** The name to show for it on the new license. */
    deviceName: deviceNameSchema,
    /** The license to leave; by default the one of the account this device is active on. */
    fromLicenseId: licenseIdSchema.optional(),
    toLicenseId: licenseIdSchema,
    appVersion: z
      .string()
      .trim()
      .max(32)
      .regex(/^[0-9A-Za-z.+-]+$/)
      .optional(),
  }),
);
export type SwitchBody = z.infer<typeof switchBodySchema>;

export const freeBodySchema = lazySchema(() =>
  z.object({
    licenseId: licenseIdSchema,
    /** The machine id of the device to free (DeviceView.deviceId). */
    deviceId: deviceIdSchema,
  }),
);
export type FreeBody = z.infer<typeof freeBodySchema>;
