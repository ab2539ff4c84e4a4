/**
 * The plugin's sign-in from its ribbon: the OAuth 2.0 device authorization grant (RFC 8628), its
 * tokens (refresh, revocation: RFC 6749, RFC 7009) and the authorization server metadata
 * (RFC 8414), plus the signed-in calls of /activate. Shared by the Worker and the reference client
 * (scripts/license-client.ts).
 *
 * OAuth endpoints (form-encoded requests, JSON answers; errors `{ error, error_description }`):
 * - POST /api/oauth/device   DeviceAuthorizationRequest → DeviceAuthorizationResponse
 * - POST /api/oauth/token    TokenRequest → TokenResponse; 400 authorization_pending, slow_down,
 *   access_denied, expired_token, invalid_grant, invalid_request, invalid_client,
 *   unsupported_grant_type, invalid_scope
 * - POST /api/oauth/revoke   RevokeRequest → 200 with an empty body, known token or not
 * - GET  /.well-known/oauth-authorization-server → AuthorizationServerMetadata
 *
 * /activate (signed-in session, JSON; errors `{ message, code }`):
 * - POST /api/device-authorizations/lookup   UserCodeBody → DeviceRequestView
 * - POST /api/device-authorizations/approve  UserCodeBody → DeviceDecision
 * - POST /api/device-authorizations/deny     UserCodeBody → DeviceDecision
 */
import { z } from 'zod';
// Explicit .ts extensions: the reference client runs this file under plain Node (type stripping).
import * as pluginSignIn from '../../config/plugin-sign-in.ts';
import { licensing } from '../../site.config.ts';
import { plainName } from './names.ts';
import { codeMalformed } from '../plugin-sign-in-texts.ts';
import { lazySchema } from './lazy.ts';

export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
export const REFRESH_TOKEN_GRANT = 'refresh_token';

/** The error codes of RFC 6749 §5.2 and RFC 8628 §3.5 the OAuth endpoints answer. */
export const oauthErrorCodes = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'invalid_scope',
  'unsupported_grant_type',
  'unsupported_token_type',
  'authorization_pending',
  'slow_down',
  'access_denied',
  'expired_token',
] as const;
export type OAuthErrorCode = (typeof oauthErrorCodes)[number];

/** Every OAuth error answer. */
export const oauthErrorSchema = lazySchema(() =>
  z.object({
    error: z.enum(oauthErrorCodes),
    error_description: z.string(),
  }),
);
export type OAuthErrorBody = z.infer<typeof oauthErrorSchema>;

/** A space-separated scope list (RFC 6749 §3.3); empty means the default scope. */
const scopeParam = lazySchema(() => z.string().max(200).optional());

/** POST /api/oauth/device (form fields). `device_name` and `device_id` say which computer asks. */
export const deviceAuthorizationRequestSchema = lazySchema(() =>
  z.object({
    client_id: z.string().max(200),
    scope: scopeParam,
    device_name: plainName(
      z.string().trim().min(1).max(licensing.deviceNameMaxLength),
      'Device name must be plain text on one line.',
    ).optional(),
    device_id: z
      .string()
      .trim()
      .min(8)
      .max(128)
      .regex(/^[A-Za-z0-9._:-]+$/, 'Device id may hold letters, digits and . _ : - only.')
      .optional(),
  }),
);
export type DeviceAuthorizationRequest = z.infer<typeof deviceAuthorizationRequestSchema>;

export const deviceAuthorizationResponseSchema = lazySchema(() =>
  z.object({
    device_code: z.string(),
    /** 8 letters of `pluginSignIn.userCodeAlphabet`, shown as XXXX-XXXX. */
    user_code: z.string(),
    verification_uri: z.string(),
    verification_uri_complete: z.string(),
    expires_in: z.number().int(),
    interval: z.number().int(),
  }),
);
export type DeviceAuthorizationResponse = z.infer<typeof deviceAuthorizationResponseSchema>;

/** POST /api/oauth/token (form fields), one shape per grant type. */
export const tokenRequestSchema = lazySchema(() =>
  z.discriminatedUnion('grant_type', [
    z.object({
      grant_type: z.literal(DEVICE_CODE_GRANT),
      device_code: z.string().min(1).max(200),
      client_id: z.string().max(200),
    }),
    z.object({
      grant_type: z.literal(REFRESH_TOKEN_GRANT),
      refresh_token: z.string().min(1).max(200),
      client_id: z.string().max(200),
      scope: scopeParam,
    }),
  ]),
);
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export const tokenResponseSchema = lazySchema(() =>
  z.object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    /** Seconds (`pluginSignIn.accessTokenSeconds`). */
    expires_in: z.number().int(),
    refresh_token: z.string(),
    scope: z.literal(pluginSignIn.scope),
  }),
);
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** POST /api/oauth/revoke (form fields): an access or a refresh token ends the whole sign-in. */
export const revokeRequestSchema = lazySchema(() =>
  z.object({
    token: z.string().min(1).max(200),
    token_type_hint: z.enum(['access_token', 'refresh_token']).optional(),
    client_id: z.string().max(200),
  }),
);
export type RevokeRequest = z.infer<typeof revokeRequestSchema>;

export const authorizationServerMetadataSchema = lazySchema(() =>
  z.object({
    issuer: z.string(),
    device_authorization_endpoint: z.string(),
    token_endpoint: z.string(),
    revocation_endpoint: z.string(),
    grant_types_supported: z.array(z.string()),
    response_types_supported: z.array(z.string()),
    scopes_supported: z.array(z.string()),
    token_endpoint_auth_methods_supported: z.array(z.string()),
    revocation_endpoint_auth_methods_supported: z.array(z.string()),
    service_documentation: z.string(),
  }),
);
export type AuthorizationServerMetadata = z.infer<typeof authorizationServerMetadataSchema>;

/** The user code as typed on /activate: case, spaces and dashes are forgiven. */
export const userCodeSchema = lazySchema(() => {
  const letter = `[${pluginSignIn.userCodeAlphabet}${pluginSignIn.userCodeAlphabet.toLowerCase()}]`;
  return z
    .string()
    .max(40)
    .transform((value) => value.toUpperCase().replace(/[\s-]/g, ''))
    .refine(
      (value) =>
        value.length === pluginSignIn.userCodeLength &&
        [...value].every((char) => pluginSignIn.userCodeAlphabet.includes(char)),
      codeMalformed,
    )
    .meta({ pattern: `^[\\s-]*(?:${letter}[\\s-]*){${pluginSignIn.userCodeLength}}$` });
});

export const userCodeBodySchema = lazySchema(() => z.object({ userCode: userCodeSchema }));
export type UserCodeBody = z.infer<typeof userCodeBodySchema>;
