/**
 * The reference license client: what the Sheetwright plugin does to activate, validate and
 * deactivate a device, to check its license file offline (src/contract/schemas/licensing.ts) and to
 * check for, verify and download an update (src/contract/schemas/releases.ts). Pure
 * functions over an injectable `fetch`, so the same code runs in Node (scripts/license-client.ts,
 * the CLI) and inside the Worker tests; no file system here.
 *
 * Node runs this file through type stripping: erasable TypeScript only, explicit `.ts` imports.
 */
import {
  createLocalJWKSet,
  decodeProtectedHeader,
  errors,
  jwtVerify,
  type JSONWebKeySet,
} from 'jose';
import { z } from 'zod';
import {
  activateResponseSchema,
  deactivateResponseSchema,
  deviceViewSchema,
  LICENSE_FILE_AUDIENCE,
  LICENSE_FILE_ISSUER,
  licenseFileClaimsSchema,
  validateResponseSchema,
  type ActivateBody,
  type ActivateResponse,
  type DeactivateBody,
  type DeactivateResponse,
  type DeviceView,
  type LicenseFileClaims,
  type ValidateBody,
  type ValidateResponse,
} from '../src/contract/schemas/licensing.ts';
import {
  LicenseFileMessages,
  LicenseServerUnreachable,
  UpdateRefusedMessages,
} from '../src/contract/plugin-texts.ts';
import {
  RELEASE_MANIFEST_AUDIENCE,
  releaseManifestClaimsSchema,
  updateCheckResponseSchema,
  type ReleaseManifestClaims,
  type ReleaseOffer,
  type UpdateCheckRequest,
  type UpdateCheckResponse,
} from '../src/contract/schemas/releases.ts';
import {
  usageReportResponseSchema,
  type UsageReportBody,
  type UsageReportResponse,
} from '../src/contract/schemas/usage-report.ts';
import { compareVersions } from '../src/releases/versions.ts';

/** The part of `fetch` the client uses. */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/** Why a call did not succeed, in the words the plugin shows. */
export interface Problem {
  /**
   * The API's code (NOT_FOUND, EXPIRED, SUSPENDED, REVOKED, TOO_MANY_DEVICES,
   * DEVICE_NOT_ACTIVATED, DEACTIVATION_LIMIT, TOO_MANY_ATTEMPTS, VALIDATION_FAILED, …), or
   * NETWORK when the server could not be reached and SERVER for an answer we cannot read.
   */
  code: string;
  message: string;
  /** HTTP status; absent for NETWORK. */
  status?: number;
  /** The active devices, on TOO_MANY_DEVICES: the user picks one to free (replaceDeviceId). */
  devices?: DeviceView[];
  /** From Retry-After on 429. */
  retryAfterSeconds?: number;
}

export type Result<T> = { ok: true; data: T } | { ok: false; problem: Problem };

const errorBodySchema = z.object({
  message: z.string(),
  code: z.string().nullable(),
  devices: z.array(deviceViewSchema).optional(),
});

const jwksSchema = z.object({
  keys: z
    .array(
      z.looseObject({ kty: z.string(), kid: z.string().optional(), alg: z.string().optional() }),
    )
    .min(1),
});

/** What the plugin says when the server cannot be reached: it keeps working offline meanwhile. */
export const networkMessage = LicenseServerUnreachable;

async function problemOf(response: Response): Promise<Problem> {
  const retry = Number(response.headers.get('Retry-After'));
  const retryAfter = Number.isFinite(retry) && retry > 0 ? { retryAfterSeconds: retry } : {};
  const parsed = errorBodySchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) {
    return {
      code: 'SERVER',
      status: response.status,
      message: `The license server answered ${response.status} without a readable error. Please try again later.`,
      ...retryAfter,
    };
  }
  const { message, code, devices } = parsed.data;
  return {
    code: code ?? 'SERVER',
    status: response.status,
    message,
    ...(devices ? { devices } : {}),
    ...retryAfter,
  };
}

/** The license API as the plugin calls it. `baseUrl` is the site, e.g. https://sheetwright.example. */
export function createLicenseClient(options: { baseUrl: string; fetch?: Fetch }) {
  const doFetch: Fetch = options.fetch ?? ((url, init) => fetch(url, init));
  const url = (path: string) => new URL(path, options.baseUrl).toString();

  async function call<T>(
    path: string,
    init: RequestInit,
    schema: z.ZodType<T>,
  ): Promise<Result<T>> {
    let response: Response;
    try {
      response = await doFetch(url(path), {
        ...init,
        headers: { Accept: 'application/json', ...init.headers },
      });
    } catch {
      return { ok: false, problem: { code: 'NETWORK', message: networkMessage } };
    }
    if (!response.ok) return { ok: false, problem: await problemOf(response) };
    const parsed = schema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) {
      return {
        ok: false,
        problem: {
          code: 'SERVER',
          status: response.status,
          message: 'The license server sent an answer this client does not understand.',
        },
      };
    }
    return { ok: true, data: parsed.data };
  }

  const post = <T>(path: string, body: unknown, schema: z.ZodType<T>) =>
    call(
      path,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      },
      schema,
    );

  return {
    /** Any call of the API, its answer checked with `schema` (the token's license calls use it). */
    request: call,
    /** Activates this device (idempotent); at the limit, `replaceDeviceId` frees one in the same step. */
    activate: (body: ActivateBody): Promise<Result<ActivateResponse>> =>
      post('/api/licenses/activate', body, activateResponseSchema),
    /** Checks the license online; VALID brings a fresh license file. Other statuses are answers, not errors. */
    validate: (body: ValidateBody): Promise<Result<ValidateResponse>> =>
      post('/api/licenses/validate', body, validateResponseSchema),
    /** Frees this device (switching licenses = deactivate, then activate the other key). */
    deactivate: (body: DeactivateBody): Promise<Result<DeactivateResponse>> =>
      post('/api/licenses/deactivate', body, deactivateResponseSchema),
    /**
     * Sends one batch of feature usage (send it again, with the same `batchId`, until it is
     * answered): VALID means received (once, however often sent); `usageReporting: false`
     * means stop reporting. A license that is not valid answers validate's status.
     */
    reportUsage: (body: UsageReportBody): Promise<Result<UsageReportResponse>> =>
      post('/api/usage/report', body, usageReportResponseSchema),
    /** The JWKS to verify license files with; keep a copy for offline use. */
    publicKeys: (): Promise<Result<JSONWebKeySet>> =>
      call('/api/licenses/public-key', { method: 'GET' }, jwksSchema as z.ZodType<JSONWebKeySet>),
    /**
     * Asks whether a newer version is offered to this device. An offer (UPDATE_AVAILABLE) is
     * only a claim until `verifyUpdateOffer` accepts it; statuses other than an offer are answers.
     */
    checkUpdate: (body: UpdateCheckRequest): Promise<Result<UpdateCheckResponse>> =>
      post('/api/releases/check', body, updateCheckResponseSchema),
    /**
     * Downloads an accepted offer's installer and checks its size and SHA-256 against the signed
     * manifest: the bytes come back only when both match.
     */
    downloadUpdate: (offer: VerifiedOffer): Promise<Result<Uint8Array<ArrayBuffer>>> =>
      downloadInstaller(doFetch, offer),
  };
}

export type LicenseClient = ReturnType<typeof createLicenseClient>;

/** Why an offline check refused a license file. */
export type VerifyFailure = keyof typeof LicenseFileMessages;

export type VerifyResult =
  | { ok: true; claims: LicenseFileClaims; graceEndsAt: Date; licenseExpiresAt: Date }
  | { ok: false; reason: VerifyFailure; message: string };

function failure(reason: VerifyFailure): VerifyResult {
  return { ok: false, reason, message: LicenseFileMessages[reason] };
}

/**
 * Verifies a license file offline, as the plugin must before every start: Ed25519 signature by a
 * key of `jwks` (algorithm pinned to EdDSA), issuer, audience, expiry (the offline grace end) and,
 * when `deviceId` is given, that the file is bound to this machine.
 */
export async function verifyLicenseFile(
  file: string,
  jwks: JSONWebKeySet,
  options: { deviceId?: string; now?: Date } = {},
): Promise<VerifyResult> {
  try {
    decodeProtectedHeader(file);
  } catch {
    return failure('MALFORMED');
  }
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(file.trim(), createLocalJWKSet(jwks), {
      algorithms: ['EdDSA'],
      issuer: LICENSE_FILE_ISSUER,
      audience: LICENSE_FILE_AUDIENCE,
      requiredClaims: ['exp', 'iat', 'sub'],
      currentDate: options.now ?? new Date(),
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) return failure('EXPIRED');
    if (error instanceof errors.JWKSNoMatchingKey) return failure('UNKNOWN_KEY');
    if (error instanceof errors.JWTClaimValidationFailed) return failure('WRONG_ISSUER');
    if (error instanceof errors.JWSSignatureVerificationFailed) return failure('BAD_SIGNATURE');
    return failure('MALFORMED');
  }
  const claims = licenseFileClaimsSchema.safeParse(payload);
  if (!claims.success) return failure('MALFORMED');
  if (options.deviceId !== undefined && claims.data.did !== options.deviceId) {
    return failure('WRONG_DEVICE');
  }
  return {
    ok: true,
    claims: claims.data,
    graceEndsAt: new Date(claims.data.exp * 1000),
    licenseExpiresAt: new Date(claims.data.lexp * 1000),
  };
}

/** Why the plugin refused an update it was offered or downloaded: nothing is installed. */
export type UpdateRefusal = keyof typeof UpdateRefusedMessages;

/** An offer whose manifest verified: install only what these claims describe. */
export interface VerifiedOffer {
  claims: ReleaseManifestClaims;
  release: ReleaseOffer;
}

export type OfferResult =
  ({ ok: true } & VerifiedOffer) | { ok: false; reason: UpdateRefusal; message: string };

function refused(reason: UpdateRefusal): { ok: false; reason: UpdateRefusal; message: string } {
  return { ok: false, reason, message: UpdateRefusedMessages[reason] };
}

/** The offer's facts the manifest must state word for word. */
const SIGNED_FIELDS = [
  'version',
  'channel',
  'date',
  'notesUrl',
  'downloadUrl',
  'size',
  'sha256',
] as const satisfies readonly (keyof ReleaseOffer & keyof ReleaseManifestClaims)[];

/**
 * Accepts an update offer only as the plugin must: the manifest signed by a key of `jwks`
 * (EdDSA pinned, our issuer, the update audience, not expired), made for this machine, for a
 * version newer than the one running, and saying exactly what the offer says. Whatever fails,
 * nothing is downloaded.
 */
export async function verifyUpdateOffer(
  offer: { release: ReleaseOffer; manifest: string },
  jwks: JSONWebKeySet,
  expected: { deviceId: string; currentVersion: string; now?: Date },
): Promise<OfferResult> {
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(offer.manifest.trim(), createLocalJWKSet(jwks), {
      algorithms: ['EdDSA'],
      issuer: LICENSE_FILE_ISSUER,
      audience: RELEASE_MANIFEST_AUDIENCE,
      requiredClaims: ['exp', 'iat'],
      currentDate: expected.now ?? new Date(),
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) return refused('EXPIRED');
    if (error instanceof errors.JWKSNoMatchingKey) return refused('UNKNOWN_KEY');
    return refused('BAD_MANIFEST');
  }
  const claims = releaseManifestClaimsSchema.safeParse(payload);
  if (!claims.success) return refused('BAD_MANIFEST');
  if (claims.data.did !== expected.deviceId) return refused('WRONG_DEVICE');
  let newer: boolean;
  try {
    newer = compareVersions(claims.data.version, expected.currentVersion) > 0;
  } catch {
    newer = false;
  }
  if (!newer) return refused('NOT_NEWER');
  if (SIGNED_FIELDS.some((field) => offer.release[field] !== claims.data[field])) {
    return refused('MISMATCH');
  }
  return { ok: true, claims: claims.data, release: offer.release };
}

/** SHA-256 of `bytes`, lower-case hex (WebCrypto: the same in Node, the Worker and the plugin). */
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Checks downloaded installer bytes against a verified manifest: the size first (a cut-off
 * download), then the SHA-256 (any other file). Undefined when both match.
 */
export async function checkInstaller(
  bytes: Uint8Array<ArrayBuffer>,
  claims: Pick<ReleaseManifestClaims, 'size' | 'sha256'>,
): Promise<{ reason: UpdateRefusal; message: string } | undefined> {
  if (bytes.byteLength !== claims.size) {
    return { reason: 'SIZE_MISMATCH', message: UpdateRefusedMessages.SIZE_MISMATCH };
  }
  if ((await sha256Hex(bytes)) !== claims.sha256) {
    return { reason: 'HASH_MISMATCH', message: UpdateRefusedMessages.HASH_MISMATCH };
  }
  return undefined;
}

/** GET the signed download link and check the bytes; a refusal is a Problem with its reason as code. */
async function downloadInstaller(
  doFetch: Fetch,
  offer: VerifiedOffer,
): Promise<Result<Uint8Array<ArrayBuffer>>> {
  let response: Response;
  try {
    // The link from the signed claims, never from the unsigned offer.
    response = await doFetch(offer.claims.downloadUrl, { method: 'GET' });
  } catch {
    return { ok: false, problem: { code: 'NETWORK', message: networkMessage } };
  }
  if (!response.ok) return { ok: false, problem: await problemOf(response) };
  const bytes = new Uint8Array(await response.arrayBuffer());
  const refusal = await checkInstaller(bytes, offer.claims);
  if (refusal) return { ok: false, problem: { code: refusal.reason, message: refusal.message } };
  return { ok: true, data: bytes };
}
