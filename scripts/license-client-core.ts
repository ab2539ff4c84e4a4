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
import createClient from 'openapi-fetch';
import { z } from 'zod';
import type { paths } from '../src/generated/api-types.ts';
import { pluginLicensesSchema } from '../src/contract/schemas/plugin-licenses.ts';
import {
  activateResponseSchema,
  deactivateResponseSchema,
  LICENSE_FILE_AUDIENCE,
  LICENSE_FILE_ISSUER,
  licenseFileClaimsSchema,
  validateResponseSchema,
  type DeviceView,
  type LicenseFileClaims,
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
} from '../src/contract/schemas/releases.ts';
import { usageReportResponseSchema } from '../src/contract/schemas/usage-report.ts';
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

const jwksSchema = z.object({
  keys: z
    .array(
      z.looseObject({ kty: z.string(), kid: z.string().optional(), alg: z.string().optional() }),
    )
    .min(1),
});

/** What the plugin says when the server cannot be reached: it keeps working offline meanwhile. */
export const networkMessage = LicenseServerUnreachable;

/** The JSON body an operation of the document takes. */
type JsonBody<Operation> = Operation extends {
  requestBody: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;
export type ActivateBody = JsonBody<paths['/api/licenses/activate']['post']>;
export type ValidateBody = JsonBody<paths['/api/licenses/validate']['post']>;
export type DeactivateBody = JsonBody<paths['/api/licenses/deactivate']['post']>;
export type UsageReportBody = JsonBody<paths['/api/usage/report']['post']>;
export type UpdateCheckRequest = JsonBody<paths['/api/releases/check']['post']>;
export type SwitchBody = JsonBody<paths['/api/plugin/switch']['post']>;
export type FreeBody = JsonBody<paths['/api/plugin/free']['post']>;

/** The server could not be reached (thrown by the client's fetch, told apart from a bad answer). */
class Unreachable extends Error {}

/** Seconds from `Retry-After`, when the server sent a positive number of them. */
function retryAfterOf(response: Response): { retryAfterSeconds?: number } {
  const retry = Number(response.headers.get('Retry-After'));
  return Number.isFinite(retry) && retry > 0 ? { retryAfterSeconds: retry } : {};
}

/** An error answer as the document declares them: `{ message, code }`, and `devices` on TOO_MANY_DEVICES. */
interface ErrorAnswer {
  message: string;
  code: string | null;
  devices?: DeviceView[];
}

/**
 * The problem an error answer describes. Its body is typed by the document; what arrives is
 * checked too, since a proxy in between may answer with an HTML page or nothing.
 */
function problemOf(error: ErrorAnswer | string, response: Response): Problem {
  const retryAfter = retryAfterOf(response);
  if (typeof error !== 'object' || typeof error.message !== 'string') {
    return {
      code: 'SERVER',
      status: response.status,
      message: `The license server answered ${response.status} without a readable error. Please try again later.`,
      ...retryAfter,
    };
  }
  const devices = Array.isArray(error.devices) ? { devices: error.devices } : {};
  return {
    code: error.code ?? 'SERVER',
    status: response.status,
    message: error.message,
    ...devices,
    ...retryAfter,
  };
}

/** A body read without the document's types (the installer's link): an error answer or not. */
function errorAnswerOf(body: unknown): ErrorAnswer | string {
  if (typeof body !== 'object' || body === null || !('message' in body)) return '';
  const { message } = body;
  const code = 'code' in body && typeof body.code === 'string' ? body.code : null;
  return typeof message === 'string' ? { message, code } : '';
}

const unreadable = (status: number): Problem => ({
  code: 'SERVER',
  status,
  message: 'The license server sent an answer this client does not understand.',
});

/**
 * A typed call's outcome as a Result: the error answer as a Problem, the answer checked against
 * the contract's schema (the same one the document is generated from).
 */
async function settle<D, E extends ErrorAnswer>(
  pending: Promise<
    | { data: D; error?: never; response: Response }
    | { data?: never; error: E | string; response: Response }
  >,
  schema: z.ZodType,
): Promise<Result<D>> {
  let answer: Awaited<typeof pending>;
  try {
    answer = await pending;
  } catch (error) {
    if (error instanceof Unreachable)
      return { ok: false, problem: { code: 'NETWORK', message: networkMessage } };
    // The answer was not JSON: openapi-fetch failed to parse it.
    return { ok: false, problem: unreadable(0) };
  }
  // openapi-fetch sets `error` for every answer that is not 2xx (the body, or '' without one).
  const { data, error, response } = answer;
  if (error !== undefined) return { ok: false, problem: problemOf(error, response) };
  if (data === undefined || !schema.safeParse(data).success)
    return { ok: false, problem: unreadable(response.status) };
  return { ok: true, data };
}

/**
 * The API's typed client (openapi-fetch over the types generated from the OpenAPI document,
 * src/generated/api-types.ts): paths, bodies and answers, error answers included, come from the
 * document. `accessToken` signs the calls of the plugin's sign-in.
 */
export function createApiClient(options: { baseUrl: string; fetch?: Fetch; accessToken?: string }) {
  const doFetch: Fetch = options.fetch ?? ((url, init) => fetch(url, init));
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/$/, ''),
    headers: {
      Accept: 'application/json',
      ...(options.accessToken ? { Authorization: `Bearer ${options.accessToken}` } : {}),
    },
    fetch: async (request) => {
      const body = ['GET', 'HEAD'].includes(request.method) ? undefined : await request.text();
      try {
        return await doFetch(request.url, {
          method: request.method,
          headers: request.headers,
          ...(body === undefined ? {} : { body }),
        });
      } catch {
        throw new Unreachable();
      }
    },
  });
}

/** The license API as the plugin calls it. `baseUrl` is the site, e.g. https://sheetwright.example. */
export function createLicenseClient(options: { baseUrl: string; fetch?: Fetch }) {
  const doFetch: Fetch = options.fetch ?? ((url, init) => fetch(url, init));
  const api = createApiClient({ ...options, fetch: doFetch });

  return {
    /** Activates this device (idempotent); at the limit, `replaceDeviceId` frees one in the same step. */
    activate: (body: ActivateBody) =>
      settle(api.POST('/api/licenses/activate', { body }), activateResponseSchema),
    /** Checks the license online; VALID brings a fresh license file. Other statuses are answers, not errors. */
    validate: (body: ValidateBody) =>
      settle(api.POST('/api/licenses/validate', { body }), validateResponseSchema),
    /** Frees this device (switching licenses = deactivate, then activate the other key). */
    deactivate: (body: DeactivateBody) =>
      settle(api.POST('/api/licenses/deactivate', { body }), deactivateResponseSchema),
    /**
     * Sends one batch of feature usage (send it again, with the same `batchId`, until it is
     * answered): VALID means received (once, however often sent); `usageReporting: false`
     * means stop reporting. A license that is not valid answers validate's status.
     */
    reportUsage: (body: UsageReportBody) =>
      settle(api.POST('/api/usage/report', { body }), usageReportResponseSchema),
    /** The JWKS to verify license files with; keep a copy for offline use. */
    publicKeys: () => settle(api.GET('/api/licenses/public-key'), jwksSchema),
    /**
     * Asks whether a newer version is offered to this device. An offer (UPDATE_AVAILABLE) is
     * only a claim until `verifyUpdateOffer` accepts it; statuses other than an offer are answers.
     */
    checkUpdate: (body: UpdateCheckRequest) =>
      settle(api.POST('/api/releases/check', { body }), updateCheckResponseSchema),
    /**
     * Downloads an accepted offer's installer and checks its size and SHA-256 against the signed
     * manifest: the bytes come back only when both match.
     */
    downloadUpdate: (offer: VerifiedOffer): Promise<Result<Uint8Array<ArrayBuffer>>> =>
      downloadInstaller(doFetch, offer),
  };
}

/** The calls of the signed-in plugin, with the access token of its sign-in. */
export function createPluginClient(options: {
  baseUrl: string;
  fetch?: Fetch;
  accessToken: string;
}) {
  const api = createApiClient(options);
  return {
    list: () => settle(api.GET('/api/plugin/licenses'), pluginLicensesSchema),
    switchTo: (body: SwitchBody) =>
      settle(api.POST('/api/plugin/switch', { body }), activateResponseSchema),
    free: (body: FreeBody) =>
      settle(api.POST('/api/plugin/free', { body }), deactivateResponseSchema),
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
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => '');
    return { ok: false, problem: problemOf(errorAnswerOf(body), response) };
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  const refusal = await checkInstaller(bytes, offer.claims);
  if (refusal) return { ok: false, problem: { code: refusal.reason, message: refusal.message } };
  return { ok: true, data: bytes };
}
