/**
 * The license API the plugin talks to, and the dashboard's Usage &
 * Sessions calls. Shared by the Worker, the islands and the reference client
 * (scripts/license-client.ts).
 *
 * Plugin calls (JSON; the license key in the body is the credential, no session is needed; rate-
 * limited per IP, 429 TOO_MANY_ATTEMPTS with Retry-After):
 * - POST /api/licenses/activate   ActivateBody → ActivateResponse. Idempotent per (key, device):
 *   a reinstall is not a new device. At the limit → 403 `{ message: Messages.tooManyDevices,
 *   code: 'TOO_MANY_DEVICES', devices: DeviceView[] }`; with `replaceDeviceId` the named device
 *   is freed and this one activated in one step (counts as a deactivation). Any other license
 *   problem → 403 with the LicenseCheckStatus as `code` (EXPIRED, SUSPENDED, REVOKED) or 404
 *   NOT_FOUND.
 * - POST /api/licenses/validate   ValidateBody → ValidateResponse, always 200 for a well-formed
 *   request: the plugin reads `status`. VALID comes with a fresh license file (and last seen).
 * - POST /api/licenses/deactivate DeactivateBody → DeactivateResponse. 404 DEVICE_NOT_ACTIVATED;
 *   429 DEACTIVATION_LIMIT beyond `licensing.maxDeactivations` per window.
 * - GET  /api/licenses/public-key → a JWKS `{ keys: [Ed25519 public JWK with kid, alg EdDSA] }`.
 *
 * Dashboard calls (signed-in session):
 * - GET    /api/usage                          → UsageOverview
 * - POST   /api/devices/:id/deactivate         → UsageOverview (`:id` is DeviceView.id)
 * - DELETE /api/sessions/:id                   → UsageOverview (revokes one other session)
 * - POST   /api/sessions/revoke-others         → UsageOverview
 * - DELETE /api/plugin-sign-ins/:id            → UsageOverview (signs out one plugin)
 * - GET    /api/download                       → the installer file (see functions/routes/download.ts)
 */
import { z } from 'zod';
// Explicit .ts extensions: the reference client runs this file under plain Node (type stripping),
// which resolves no extensionless paths; Vite, wrangler and tsc accept either form.
import { licensing } from '../../site.config.ts';
import { plainName } from './names.ts';
import type { DeviceView } from '../usage.ts';
import { planLabels } from '../user.ts';
import { lazySchema } from './lazy.ts';

export type { DeviceView };
/** An active device as the plugin's answers and the Usage page list it (the type: usage.ts). */
export const deviceViewSchema = lazySchema(() =>
  z.object({
    /** Our row id (for /api/devices/:id/deactivate). */
    id: z.string(),
    /** The plugin's machine id. */
    deviceId: z.string(),
    deviceName: z.string(),
    appVersion: z.string().nullable(),
    /** ISO 8601. */
    activatedAt: z.string(),
    lastSeenAt: z.string(),
  }),
);

/** What a check of a license on a device can say; the plugin tells the user what to do. */
export const licenseCheckStatuses = [
  'VALID',
  'EXPIRED',
  'SUSPENDED',
  'REVOKED',
  'NOT_FOUND',
  'DEVICE_NOT_ACTIVATED',
  'TOO_MANY_DEVICES',
] as const;
export type LicenseCheckStatus = (typeof licenseCheckStatuses)[number];

/** `SW-XXXXX-XXXXX-XXXXX-XXXXX`; case and surrounding spaces are forgiven. */
export const licenseKeySchema = lazySchema(() =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^SW(-[23456789A-HJ-NP-Z]{5}){4}$/, 'Please enter a valid license key.')
    // What a client may send, as the document says it: the key in either case, spaces around.
    .meta({ pattern: '^\\s*[Ss][Ww](-[23456789A-HJ-NP-Za-hj-np-z]{5}){4}\\s*$' }),
);

/** The plugin's stable machine id: opaque, URL-safe. */
export const deviceIdSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .min(8)
    .max(128)
    .regex(/^[A-Za-z0-9._:-]+$/, 'Invalid device id.'),
);

export const deviceNameSchema = lazySchema(() =>
  plainName(z.string().trim().min(1, 'Please name the device.').max(licensing.deviceNameMaxLength)),
);

const appVersion = lazySchema(() =>
  z
    .string()
    .trim()
    .max(32)
    .regex(/^[0-9A-Za-z.+-]+$/)
    .optional(),
);

export const activateBodySchema = lazySchema(() =>
  z.object({
    licenseKey: licenseKeySchema,
    deviceId: deviceIdSchema,
    deviceName: deviceNameSchema,
    appVersion,
    /** Free this active device (DeviceView.deviceId) and activate the new one, in one step. */
    replaceDeviceId: deviceIdSchema.optional(),
  }),
);
export type ActivateBody = z.infer<typeof activateBodySchema>;

export const validateBodySchema = lazySchema(() =>
  z.object({
    licenseKey: licenseKeySchema,
    deviceId: deviceIdSchema,
    appVersion,
  }),
);
export type ValidateBody = z.infer<typeof validateBodySchema>;

export const deactivateBodySchema = lazySchema(() =>
  z.object({
    licenseKey: licenseKeySchema,
    deviceId: deviceIdSchema,
  }),
);
export type DeactivateBody = z.infer<typeof deactivateBodySchema>;

/** The license as the plugin shows it. */
export const licenseInfoSchema = lazySchema(() =>
  z.object({
    plan: z.enum(planLabels),
    status: z.enum(['active', 'expired', 'suspended', 'revoked']),
    /** ISO 8601. */
    expiresAt: z.string(),
    /** Devices the license may have active: the plan's limit, or an Enterprise seat's. */
    deviceLimit: z.number().int(),
    activeDevices: z.number().int(),
  }),
);
export type LicenseInfo = z.infer<typeof licenseInfoSchema>;

export const activateResponseSchema = lazySchema(() =>
  z.object({
    status: z.literal('VALID'),
    message: z.string(),
    /** Ed25519-signed JWT (LicenseFileClaims); verify offline with /api/licenses/public-key. */
    licenseFile: z.string(),
    license: licenseInfoSchema,
    device: deviceViewSchema,
    /** Whether the plugin sends feature-usage reports (false: the customer turned it off). */
    usageReporting: z.boolean(),
  }),
);
export type ActivateResponse = z.infer<typeof activateResponseSchema>;

export const validateResponseSchema = lazySchema(() =>
  z.object({
    status: z.enum(licenseCheckStatuses),
    message: z.string(),
    license: licenseInfoSchema.optional(),
    /** Present when VALID: a fresh license file with a new offline grace end. */
    licenseFile: z.string().optional(),
    /** Present when VALID: whether the plugin sends feature-usage reports (docs/plugin-api.md). */
    usageReporting: z.boolean().optional(),
  }),
);
export type ValidateResponse = z.infer<typeof validateResponseSchema>;

export const deactivateResponseSchema = lazySchema(() =>
  z.object({
    message: z.string(),
    license: licenseInfoSchema,
  }),
);
export type DeactivateResponse = z.infer<typeof deactivateResponseSchema>;

/** Issuer and audience of license files. */
export const LICENSE_FILE_ISSUER = 'sheetwright';
export const LICENSE_FILE_AUDIENCE = 'sheetwright-plugin';

/**
 * Claims of a license file (JWT, alg EdDSA, header `kid`). `exp` is the offline grace end:
 * min(now + licensing.offlineGraceDays, license expiry); the plugin must check it, `aud`, `iss`
 * and `did` (its own machine id) and refuse the file otherwise.
 */
export const licenseFileClaimsSchema = lazySchema(() =>
  z.object({
    iss: z.literal(LICENSE_FILE_ISSUER),
    aud: z.literal(LICENSE_FILE_AUDIENCE),
    /** User id. */
    sub: z.string(),
    /** License id. */
    lid: z.string(),
    plan: z.enum(planLabels),
    /** Device (machine) id the file is bound to. */
    did: z.string(),
    /** License expiry, seconds since the epoch. */
    lexp: z.number().int(),
    /** Issued at and offline grace end (= exp), seconds since the epoch. */
    iat: z.number().int(),
    exp: z.number().int(),
  }),
);
export type LicenseFileClaims = z.infer<typeof licenseFileClaimsSchema>;
