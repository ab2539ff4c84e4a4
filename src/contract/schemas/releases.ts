/**
 * The plugin's update check and download (README "Plugin licensing"). Shared by the Worker and
 * the reference client (scripts/license-client-core.ts), which checks every answer with these
 * schemas before it reads it; the texts are in catalogue.ts.
 *
 * - POST /api/releases/check  UpdateCheckRequest → UpdateCheckResponse, always 200 for a
 *   well-formed request (like validate; rate-limited with it, 429 TOO_MANY_ATTEMPTS). The plugin
 *   reads `status`: UP_TO_DATE; UPDATE_AVAILABLE with the release and a signed manifest;
 *   UPDATE_NOT_INCLUDED (a Trial: a newer version exists, updates come with Standard); or, for a
 *   license that is not valid, validate's own status (EXPIRED, SUSPENDED, REVOKED, NOT_FOUND,
 *   DEVICE_NOT_ACTIVATED).
 * - GET /api/releases/download/:version?token=…  the installer, for 15 minutes after the check
 *   that offered it; 403 DOWNLOAD_LINK_INVALID for a link that expired or was not issued by us.
 */
import { z } from 'zod';
// Explicit .ts extensions: the reference client runs this file under plain Node (type stripping).
import { releaseChannels } from '../../releases/releases.ts';
import { isVersion, VERSION_PATTERN } from '../../releases/versions.ts';
import { deviceIdSchema, LICENSE_FILE_ISSUER, licenseKeySchema } from './licensing.ts';
import { lazySchema } from './lazy.ts';

export const updateCheckBodySchema = lazySchema(() =>
  z.object({
    licenseKey: licenseKeySchema,
    deviceId: deviceIdSchema,
    /** The version the plugin runs. */
    currentVersion: z
      .string()
      .trim()
      .refine(isVersion, 'Current version must be a version such as 1.0.0 or 1.1.0-beta.1.')
      // What a client may send, as the document says it: a version, spaces around forgiven.
      .meta({ pattern: `^\\s*${VERSION_PATTERN.source.slice(1, -1)}\\s*$` }),
    /** `beta` also offers beta-channel releases; default `stable`. */
    channel: z
      .enum(releaseChannels, { error: `Channel must be ${releaseChannels.join(' or ')}.` })
      .default('stable'),
  }),
);
/** What the plugin sends (`channel` may be left out). */
export type UpdateCheckRequest = z.input<typeof updateCheckBodySchema>;
/** What the Worker reads after validation. */
export type UpdateCheckBody = z.output<typeof updateCheckBodySchema>;

/** Audience of release manifests: never accepted as a license file, nor the other way round. */
export const RELEASE_MANIFEST_AUDIENCE = 'sheetwright-plugin-update';

/**
 * Claims of the signed manifest of an offered update (JWT, alg EdDSA, header `kid`): signed with
 * the license key, so the plugin checks with the public key it already keeps that the size and
 * SHA-256 it will check the download against are ours. It must also check `aud`, `iss`, `exp`,
 * `did` (its own machine id) and that `version` is newer than the one it runs.
 */
export const releaseManifestClaimsSchema = lazySchema(() =>
  z.object({
    iss: z.literal(LICENSE_FILE_ISSUER),
    aud: z.literal(RELEASE_MANIFEST_AUDIENCE),
    /** User id. */
    sub: z.string(),
    /** License id. */
    lid: z.string(),
    /** Device (machine) id the offer was made to. */
    did: z.string(),
    version: z.string(),
    channel: z.enum(releaseChannels),
    /** Release date, YYYY-MM-DD. */
    date: z.string(),
    notesUrl: z.string(),
    /** The short-lived download link (expires with the manifest). */
    downloadUrl: z.string(),
    /** Bytes of the installer. */
    size: z.number().int().positive(),
    /** SHA-256 of the installer, lower-case hex. */
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    iat: z.number().int(),
    exp: z.number().int(),
  }),
);
export type ReleaseManifestClaims = z.infer<typeof releaseManifestClaimsSchema>;

/** An update the plugin may install: where to read about it and get it, what to expect. */
export const releaseOfferSchema = lazySchema(() =>
  z.object({
    version: z.string(),
    channel: z.enum(releaseChannels),
    /** Release date, YYYY-MM-DD. */
    date: z.string(),
    /** The release notes: /changelog#v{version}. */
    notesUrl: z.url(),
    /** The installer; works until `downloadExpiresAt`, then check again for a new link. */
    downloadUrl: z.url(),
    /** ISO 8601. */
    downloadExpiresAt: z.string(),
    /** Bytes of the installer. */
    size: z.number().int().positive(),
    /** SHA-256 of the installer, lower-case hex. */
    sha256: z.string(),
  }),
);
export type ReleaseOffer = z.infer<typeof releaseOfferSchema>;

/** License statuses answered as validate answers them: the plugin stops as it would. */
export const updateCheckLicenseStatuses = [
  'EXPIRED',
  'SUSPENDED',
  'REVOKED',
  'NOT_FOUND',
  'DEVICE_NOT_ACTIVATED',
] as const;

export const updateCheckResponseSchema = lazySchema(() =>
  z.discriminatedUnion('status', [
    /** Nothing newer on the asked channel. `latestVersion` is the newest there is on it. */
    z.object({ status: z.literal('UP_TO_DATE'), message: z.string(), latestVersion: z.string() }),
    /**
     * A newer version the plan includes. `manifest` is a JWT (ReleaseManifestClaims) signed with
     * the license key: trust `release` only as far as it equals the manifest's claims.
     */
    z.object({
      status: z.literal('UPDATE_AVAILABLE'),
      message: z.string(),
      release: releaseOfferSchema,
      manifest: z.string(),
    }),
    /** A newer version exists that the plan does not include (a Trial): the upgrade link. */
    z.object({
      status: z.literal('UPDATE_NOT_INCLUDED'),
      message: z.string(),
      latestVersion: z.string(),
      notesUrl: z.url(),
      upgradeUrl: z.url(),
    }),
    /** The license is not valid on this device: validate's status and message. */
    z.object({ status: z.enum(updateCheckLicenseStatuses), message: z.string() }),
  ]),
);
export type UpdateCheckResponse = z.infer<typeof updateCheckResponseSchema>;
export type UpdateCheckStatus = UpdateCheckResponse['status'];
