/**
 * The server keeps to its published contract. Against the running Worker: the document at
 * /api/openapi.json passes a maintained OpenAPI validator, and every documented operation is sent
 * valid and invalid requests whose answers must each be documented for that operation (status)
 * and match its schema (Ajv, JSON Schema 2020-12, OpenAPI 3.1's dialect). An operation added to
 * the document without cases here fails the last check, so the contract cannot drift unseen.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { withoutRefs } from '../../src/lib/api-reference';
import { DEVICE_CODE_GRANT, REFRESH_TOKEN_GRANT } from '../../src/contract/schemas/plugin-sign-in';
import { pluginSignIn } from '../../src/site.config';
import { buyStandard, licenseKeyFromDashboard, newVisitor, PASSWORD } from './auth.helpers';
import { expect, test } from './fixtures';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/**
 * What the cases share: a Standard account with one device, a signed-in plugin's tokens, and for
 * the account calls a second session and two sign-in codes still waiting for a decision.
 */
interface Seed {
  email: string;
  /** The site's origin, which the site's own forms send. */
  origin: string;
  session: string;
  /** The row id (on Usage & Sessions) of `device`, of the current session and of another one. */
  deviceRowId: string;
  sessionId: string;
  otherSessionId: string;
  pluginSignInId: string;
  /** User codes of sign-ins started and not yet decided. */
  pendingCodes: [string, string];
  licenseKey: string;
  licenseId: string;
  device: { deviceId: string; deviceName: string };
  accessToken: string;
  refreshToken: string;
  downloadUrl: string;
}

/** One request of a case: JSON `data` or OAuth `form`. */
interface Call {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  path?: string;
  data?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** 0 to read a redirect itself rather than where it leads. */
  maxRedirects?: number;
}
interface Case {
  name: string;
  call: (seed: Seed) => Call;
  status: number;
}

const ip = () => `10.${n()}.${n()}.${n()}`;
const n = () => 1 + Math.floor(Math.random() * 254);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const otherDevice = { deviceId: 'contract-second-pc', deviceName: 'Second PC' };
/** The session as the site's pages send it, without the Origin a browser adds to a change. */
const crossSiteCookie = (session: string) => ({ Cookie: `__Host-sw_session=${session}` });

const newPassword = 'a-new-contract-password';
/** A signup form of someone new. */
const newVisitorForm = () => ({
  customerName: 'Ada Lovelace',
  email: `contract-${crypto.randomUUID()}@example.com`,
  fingerprintId: 'contract-fingerprint',
});
/** WebAuthn answers of the right outline, for ceremonies the server never started. */
const registration = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
  clientExtensionResults: {},
};
const assertion = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' },
  clientExtensionResults: {},
};

/** The cases of each documented operation, keyed `METHOD /path` as the document writes it. */
const cases: Record<string, Case[]> = {
  'POST /api/licenses/activate': [
    {
      name: 'activates',
      call: (s) => ({ data: { licenseKey: s.licenseKey, ...s.device } }),
      status: 200,
    },
    { name: 'an empty body', call: () => ({ data: {} }), status: 400 },
    {
      name: 'an unknown key',
      call: (s) => ({ data: { ...s.device, licenseKey: 'SW-22222-22222-22222-22222' } }),
      status: 404,
    },
    {
      name: 'not JSON',
      call: () => ({ headers: { 'Content-Type': 'text/plain' }, data: 'x' }),
      status: 415,
    },
  ],
  'POST /api/licenses/validate': [
    {
      name: 'valid',
      call: (s) => ({ data: { licenseKey: s.licenseKey, deviceId: s.device.deviceId } }),
      status: 200,
    },
    {
      name: 'another device',
      call: (s) => ({ data: { licenseKey: s.licenseKey, deviceId: 'never-activated-pc' } }),
      status: 200,
    },
    {
      name: 'a malformed key',
      call: (s) => ({ data: { licenseKey: 'nope', deviceId: s.device.deviceId } }),
      status: 400,
    },
  ],
  'POST /api/licenses/deactivate': [
    {
      name: 'a device never activated',
      call: (s) => ({ data: { licenseKey: s.licenseKey, deviceId: 'never-activated-pc' } }),
      status: 404,
    },
    { name: 'no device id', call: (s) => ({ data: { licenseKey: s.licenseKey } }), status: 400 },
  ],
  'GET /api/licenses/public-key': [
    { name: 'the keys', call: () => ({ method: 'GET' }), status: 200 },
    { name: 'another method', call: () => ({ method: 'POST', data: {} }), status: 405 },
  ],
  'POST /api/releases/check': [
    {
      name: 'an older version',
      call: (s) => ({
        data: { licenseKey: s.licenseKey, deviceId: s.device.deviceId, currentVersion: '0.0.1' },
      }),
      status: 200,
    },
    {
      name: 'not a version',
      call: (s) => ({
        data: { licenseKey: s.licenseKey, deviceId: s.device.deviceId, currentVersion: 'new' },
      }),
      status: 400,
    },
  ],
  'GET /api/releases/download/{version}': [
    {
      name: 'the offered link',
      call: (s) => ({ method: 'GET', path: s.downloadUrl }),
      status: 200,
    },
    {
      name: 'a forged link',
      call: () => ({ method: 'GET', path: '/api/releases/download/1.0.0?token=forged' }),
      status: 403,
    },
  ],
  'POST /api/usage/report': [
    {
      name: 'a day of use',
      call: (s) => ({
        data: {
          licenseKey: s.licenseKey,
          deviceId: s.device.deviceId,
          batchId: crypto.randomUUID(),
          events: [
            { feature: 'renumber-views', day: new Date().toISOString().slice(0, 10), count: 3 },
          ],
        },
      }),
      status: 200,
    },
    {
      name: 'no events',
      call: (s) => ({ data: { licenseKey: s.licenseKey, deviceId: s.device.deviceId } }),
      status: 400,
    },
  ],
  'GET /api/plugin/licenses': [
    {
      name: 'with the token',
      call: (s) => ({ method: 'GET', headers: bearer(s.accessToken) }),
      status: 200,
    },
    { name: 'without a token', call: () => ({ method: 'GET' }), status: 401 },
  ],
  'POST /api/plugin/switch': [
    {
      name: 'to a license that is not the account’s',
      call: (s) => ({
        headers: bearer(s.accessToken),
        data: { ...otherDevice, toLicenseId: 'not-a-license' },
      }),
      status: 404,
    },
    {
      name: 'no target',
      call: (s) => ({ headers: bearer(s.accessToken), data: otherDevice }),
      status: 400,
    },
    {
      name: 'without a token',
      call: () => ({ data: { ...otherDevice, toLicenseId: 'x' } }),
      status: 401,
    },
  ],
  'POST /api/plugin/free': [
    {
      name: 'the second device',
      call: (s) => ({
        headers: bearer(s.accessToken),
        data: { licenseId: s.licenseId, deviceId: otherDevice.deviceId },
      }),
      status: 200,
    },
    {
      name: 'a device not on the license',
      call: (s) => ({
        headers: bearer(s.accessToken),
        data: { licenseId: s.licenseId, deviceId: 'never-activated-pc' },
      }),
      status: 404,
    },
    {
      name: 'no license',
      call: (s) => ({ headers: bearer(s.accessToken), data: {} }),
      status: 400,
    },
  ],
  'POST /api/oauth/device': [
    { name: 'starts', call: () => ({ form: { client_id: pluginSignIn.clientId } }), status: 200 },
    { name: 'another client', call: () => ({ form: { client_id: 'someone-else' } }), status: 401 },
    {
      name: 'JSON instead of a form',
      call: () => ({ data: { client_id: pluginSignIn.clientId } }),
      status: 400,
    },
  ],
  'POST /api/oauth/token': [
    {
      name: 'a refresh',
      call: (s) => ({
        form: {
          grant_type: REFRESH_TOKEN_GRANT,
          refresh_token: s.refreshToken,
          client_id: pluginSignIn.clientId,
        },
      }),
      status: 200,
    },
    {
      name: 'an unknown device code',
      call: () => ({
        form: {
          grant_type: DEVICE_CODE_GRANT,
          device_code: 'unknown',
          client_id: pluginSignIn.clientId,
        },
      }),
      status: 400,
    },
    {
      name: 'another grant type',
      call: () => ({ form: { grant_type: 'password', client_id: pluginSignIn.clientId } }),
      status: 400,
    },
  ],
  'POST /api/oauth/revoke': [
    {
      name: 'an unknown token',
      call: () => ({ form: { token: 'unknown', client_id: pluginSignIn.clientId } }),
      status: 200,
    },
    { name: 'no token', call: () => ({ form: { client_id: pluginSignIn.clientId } }), status: 400 },
  ],
  'POST /api/device-authorizations/lookup': [
    {
      name: 'a waiting code, typed loosely',
      call: (s) => ({
        headers: bearer(s.session),
        data: { userCode: ` ${s.pendingCodes[0].toLowerCase()} ` },
      }),
      status: 200,
    },
    {
      name: 'a code of another length',
      call: (s) => ({ headers: bearer(s.session), data: { userCode: 'ABC' } }),
      status: 400,
    },
    {
      name: 'an unknown code',
      call: (s) => ({
        headers: bearer(s.session),
        data: { userCode: pluginSignIn.userCodeAlphabet[0]!.repeat(pluginSignIn.userCodeLength) },
      }),
      status: 404,
    },
    {
      name: 'without a session',
      call: (s) => ({ data: { userCode: s.pendingCodes[0] } }),
      status: 401,
    },
  ],
  'POST /api/device-authorizations/approve': [
    {
      name: 'a waiting code',
      call: (s) => ({ headers: bearer(s.session), data: { userCode: s.pendingCodes[1] } }),
      status: 200,
    },
    {
      name: 'the same code again',
      call: (s) => ({ headers: bearer(s.session), data: { userCode: s.pendingCodes[1] } }),
      status: 409,
    },
    {
      name: 'by a cookie from another site',
      call: (s) => ({ headers: crossSiteCookie(s.session), data: { userCode: s.pendingCodes[0] } }),
      status: 403,
    },
  ],
  'POST /api/device-authorizations/deny': [
    {
      name: 'a waiting code',
      call: (s) => ({ headers: bearer(s.session), data: { userCode: s.pendingCodes[0] } }),
      status: 200,
    },
    { name: 'no code', call: (s) => ({ headers: bearer(s.session), data: {} }), status: 400 },
  ],
  'GET /api/usage': [
    {
      name: 'the overview',
      call: (s) => ({ method: 'GET', headers: bearer(s.session) }),
      status: 200,
    },
    { name: 'without a session', call: () => ({ method: 'GET' }), status: 401 },
    {
      name: 'a forged session',
      call: () => ({ method: 'GET', headers: bearer('not.a.session') }),
      status: 401,
    },
  ],
  'GET /api/usage/trend': [
    {
      name: 'the last 90 days',
      call: (s) => ({
        method: 'GET',
        path: '/api/usage/trend?days=90',
        headers: bearer(s.session),
      }),
      status: 200,
    },
    {
      name: 'a device that never reported',
      call: (s) => ({
        method: 'GET',
        path: '/api/usage/trend?days=30&device=never-reported-pc',
        headers: bearer(s.session),
      }),
      status: 404,
    },
    {
      name: 'a period not offered',
      call: (s) => ({
        method: 'GET',
        path: '/api/usage/trend?days=7',
        headers: bearer(s.session),
      }),
      status: 400,
    },
    { name: 'signed out', call: () => ({ method: 'GET' }), status: 401 },
  ],
  'GET /api/usage/features': [
    {
      name: 'the last 90 days',
      call: (s) => ({
        method: 'GET',
        path: '/api/usage/features?days=90',
        headers: bearer(s.session),
      }),
      status: 200,
    },
    {
      name: 'the default period',
      call: (s) => ({ method: 'GET', headers: bearer(s.session) }),
      status: 200,
    },
    {
      name: 'a period not offered',
      call: (s) => ({
        method: 'GET',
        path: '/api/usage/features?days=7',
        headers: bearer(s.session),
      }),
      status: 400,
    },
    { name: 'without a session', call: () => ({ method: 'GET' }), status: 401 },
  ],
  'PATCH /api/devices/{id}': [
    {
      name: 'a new name',
      call: (s) => ({
        method: 'PATCH',
        path: `/api/devices/${s.deviceRowId}`,
        headers: bearer(s.session),
        data: { deviceName: 'Office PC' },
      }),
      status: 200,
    },
    {
      name: 'an empty name',
      call: (s) => ({
        method: 'PATCH',
        path: `/api/devices/${s.deviceRowId}`,
        headers: bearer(s.session),
        data: { deviceName: ' ' },
      }),
      status: 400,
    },
    {
      name: 'a device that is not the account’s',
      call: (s) => ({
        method: 'PATCH',
        path: '/api/devices/not-a-device',
        headers: bearer(s.session),
        data: { deviceName: 'Office PC' },
      }),
      status: 404,
    },
    {
      name: 'by a cookie from another site',
      call: (s) => ({
        method: 'PATCH',
        path: `/api/devices/${s.deviceRowId}`,
        headers: crossSiteCookie(s.session),
        data: { deviceName: 'Office PC' },
      }),
      status: 403,
    },
  ],
  'POST /api/devices/{id}/deactivate': [
    {
      name: 'an active device',
      call: (s) => ({
        path: `/api/devices/${s.deviceRowId}/deactivate`,
        headers: bearer(s.session),
      }),
      status: 200,
    },
    {
      name: 'the same device again',
      call: (s) => ({
        path: `/api/devices/${s.deviceRowId}/deactivate`,
        headers: bearer(s.session),
      }),
      status: 404,
    },
    {
      name: 'without a session',
      call: (s) => ({ path: `/api/devices/${s.deviceRowId}/deactivate` }),
      status: 401,
    },
  ],
  'DELETE /api/sessions/{id}': [
    {
      name: 'another session',
      call: (s) => ({
        method: 'DELETE',
        path: `/api/sessions/${s.otherSessionId}`,
        headers: bearer(s.session),
      }),
      status: 200,
    },
    {
      name: 'the session already ended',
      call: (s) => ({
        method: 'DELETE',
        path: `/api/sessions/${s.otherSessionId}`,
        headers: bearer(s.session),
      }),
      status: 404,
    },
    {
      name: 'the current session',
      call: (s) => ({
        method: 'DELETE',
        path: `/api/sessions/${s.sessionId}`,
        headers: bearer(s.session),
      }),
      status: 400,
    },
  ],
  'POST /api/sessions/revoke-others': [
    { name: 'signs the others out', call: (s) => ({ headers: bearer(s.session) }), status: 200 },
    {
      name: 'by a cookie from another site',
      call: (s) => ({ headers: crossSiteCookie(s.session) }),
      status: 403,
    },
    { name: 'without a session', call: () => ({}), status: 401 },
  ],
  'DELETE /api/plugin-sign-ins/{id}': [
    {
      name: 'the signed-in plugin',
      call: (s) => ({
        method: 'DELETE',
        path: `/api/plugin-sign-ins/${s.pluginSignInId}`,
        headers: bearer(s.session),
      }),
      status: 200,
    },
    {
      name: 'a sign-in already ended',
      call: (s) => ({
        method: 'DELETE',
        path: `/api/plugin-sign-ins/${s.pluginSignInId}`,
        headers: bearer(s.session),
      }),
      status: 404,
    },
  ],
  ...accountAndConsoleCases(),
  'POST /api/sso/lookup': [
    { name: 'an address', call: (s) => ({ data: { email: s.email } }), status: 200 },
    { name: 'not an address', call: () => ({ data: { email: 'not an address' } }), status: 400 },
  ],
  'POST /api/login': [
    // No case signs in: the cookie it set would stay in the cases' context.
    {
      name: 'a wrong password',
      call: (s) => ({ data: { email: s.email, password: 'not-the-password' } }),
      status: 401,
    },
    { name: 'an empty body', call: () => ({ data: {} }), status: 400 },
  ],
  'POST /api/login-google': [
    {
      name: 'a forged token',
      call: () => ({ data: { googleAccessToken: 'forged' } }),
      status: 401,
    },
    { name: 'an empty body', call: () => ({ data: {} }), status: 400 },
  ],
  'GET /api/me': [
    { name: 'signed in', call: (s) => ({ headers: bearer(s.session) }), status: 200 },
    { name: 'without a session', call: () => ({}), status: 401 },
  ],
  'POST /api/logout': [
    { name: 'without a session', call: () => ({}), status: 200 },
    {
      name: 'by a cookie from another site',
      call: (s) => ({ headers: crossSiteCookie(s.session) }),
      status: 403,
    },
  ],
  'POST /api/forgot-password': [
    {
      name: 'a failed bot check',
      call: (s) => ({ data: { email: s.email, recaptchaToken: 'forged' } }),
      status: 403,
    },
    { name: 'an empty body', call: () => ({ data: {} }), status: 400 },
  ],
  'POST /api/reset-password': [
    {
      name: 'an unknown token',
      call: () => ({ data: { token: 'x'.repeat(32), password: newPassword } }),
      status: 400,
    },
  ],
  'POST /api/send-verification-email': [
    {
      name: 'a failed bot check',
      call: () => ({ data: { ...newVisitorForm(), plan: 'trial', recaptchaToken: 'forged' } }),
      status: 403,
    },
    { name: 'an empty body', call: () => ({ data: {} }), status: 400 },
  ],
  'POST /api/verify-email-code': [
    {
      name: 'no code was sent',
      call: () => ({ data: { email: newVisitorForm().email, code: '123456' } }),
      status: 400,
    },
  ],
  'POST /api/register-email-trial': [
    {
      name: 'an address not verified',
      call: () => ({
        data: { ...newVisitorForm(), password: newPassword, agreeToTerms: true, plan: 'trial' },
      }),
      status: 400,
    },
  ],
  'POST /api/register-google-trial': [
    {
      name: 'a forged token',
      call: () => ({
        data: {
          googleToken: 'forged',
          agreeToTerms: true,
          fingerprintId: 'contract-fingerprint',
          plan: 'trial',
        },
      }),
      status: 401,
    },
    { name: 'the other plan', call: () => ({ data: { plan: 'standard' } }), status: 400 },
  ],
  'GET /api/account/license': [
    { name: 'signed in', call: (s) => ({ headers: bearer(s.session) }), status: 200 },
    { name: 'without a session', call: () => ({}), status: 401 },
  ],
  'GET /api/download': [
    { name: 'signed in', call: (s) => ({ headers: bearer(s.session) }), status: 200 },
    { name: 'an API client without a session', call: () => ({}), status: 401 },
  ],
  'POST /api/change-password': [
    {
      name: 'a wrong current password',
      call: (s) => ({
        headers: bearer(s.session),
        data: { currentPassword: 'not-the-password', newPassword },
      }),
      status: 403,
    },
    {
      name: 'an empty body',
      call: (s) => ({ headers: bearer(s.session), data: {} }),
      status: 400,
    },
  ],
  'POST /api/set-password': [
    {
      name: 'an account that has one',
      call: (s) => ({ headers: bearer(s.session), data: { newPassword } }),
      status: 409,
    },
  ],
  'GET /api/account/usage-sharing': [
    { name: 'signed in', call: (s) => ({ headers: bearer(s.session) }), status: 200 },
  ],
  'PATCH /api/account/usage-sharing': [
    {
      name: 'shares',
      call: (s) => ({ method: 'PATCH', headers: bearer(s.session), data: { shareUsage: true } }),
      status: 200,
    },
    {
      name: 'not a boolean',
      call: (s) => ({ method: 'PATCH', headers: bearer(s.session), data: { shareUsage: 'yes' } }),
      status: 400,
    },
  ],
  'DELETE /api/delete': [
    { name: 'without a session', call: () => ({ method: 'DELETE' }), status: 401 },
    {
      name: 'by a cookie from another site',
      call: (s) => ({ method: 'DELETE', headers: crossSiteCookie(s.session) }),
      status: 403,
    },
  ],
  'GET /api/passkeys': [
    { name: 'signed in', call: (s) => ({ headers: bearer(s.session) }), status: 200 },
  ],
  'POST /api/passkeys/register/options': [
    { name: 'just signed in', call: (s) => ({ headers: bearer(s.session) }), status: 200 },
  ],
  'POST /api/passkeys/register/verify': [
    {
      name: 'an unknown ceremony',
      call: (s) => ({
        headers: bearer(s.session),
        data: { challengeId: 'unknown', name: 'Laptop', response: registration },
      }),
      status: 400,
    },
  ],
  'PATCH /api/passkeys/{id}': [
    {
      name: 'a passkey the account does not have',
      call: (s) => ({
        method: 'PATCH',
        path: '/api/passkeys/unknown',
        headers: bearer(s.session),
        data: { name: 'Laptop' },
      }),
      status: 404,
    },
    {
      name: 'an empty name',
      call: (s) => ({
        method: 'PATCH',
        path: '/api/passkeys/unknown',
        headers: bearer(s.session),
        data: { name: ' ' },
      }),
      status: 400,
    },
  ],
  'DELETE /api/passkeys/{id}': [
    {
      name: 'without a session',
      call: () => ({ method: 'DELETE', path: '/api/passkeys/unknown' }),
      status: 401,
    },
  ],
  'POST /api/passkeys/sign-in/options': [{ name: 'anyone', call: () => ({}), status: 200 }],
  'POST /api/passkeys/sign-in/verify': [
    {
      name: 'an unknown ceremony',
      call: () => ({ data: { challengeId: 'unknown', response: assertion } }),
      status: 400,
    },
  ],
  'POST /api/passkeys/confirm/options': [
    { name: 'an account without one', call: (s) => ({ headers: bearer(s.session) }), status: 404 },
  ],
  'POST /api/passkeys/confirm/verify': [
    {
      name: 'an unknown ceremony',
      call: (s) => ({
        headers: bearer(s.session),
        data: { challengeId: 'unknown', response: assertion },
      }),
      status: 400,
    },
  ],
  'GET /api/two-step': [
    { name: 'signed in', call: (s) => ({ headers: bearer(s.session) }), status: 200 },
  ],
  'POST /api/two-step/setup': [{ name: 'without a session', call: () => ({}), status: 401 }],
  'POST /api/two-step/confirm': [
    { name: 'no code', call: (s) => ({ headers: bearer(s.session), data: {} }), status: 400 },
  ],
  'POST /api/two-step/recovery-codes': [
    {
      name: 'two-step sign-in is off',
      call: (s) => ({ headers: bearer(s.session), data: { code: '123456' } }),
      status: 409,
    },
  ],
  'POST /api/two-step/off': [
    {
      name: 'two-step sign-in is off',
      call: (s) => ({ headers: bearer(s.session), data: { code: '123456' } }),
      status: 409,
    },
  ],
  'GET /api/verify-identity': [
    { name: 'signed in', call: (s) => ({ headers: bearer(s.session) }), status: 200 },
  ],
  'POST /api/verify-identity': [
    {
      name: 'a wrong password',
      call: (s) => ({ headers: bearer(s.session), data: { password: 'not-the-password' } }),
      status: 403,
    },
    {
      name: 'neither a code nor a password',
      call: (s) => ({ headers: bearer(s.session), data: {} }),
      status: 400,
    },
  ],
  'GET /api/health': [{ name: 'up', call: () => ({ method: 'GET' }), status: 200 }],
  'GET /api/config': [{ name: 'the configuration', call: () => ({ method: 'GET' }), status: 200 }],
  'GET /api/openapi.json': [
    { name: 'the document', call: () => ({ method: 'GET' }), status: 200 },
    { name: 'another method', call: () => ({ method: 'DELETE' }), status: 405 },
  ],
  'POST /api/contact': [
    {
      name: 'a failed bot check',
      call: (s) => ({
        data: { name: 'Ada', email: s.email, message: 'Hello', recaptchaToken: 'forged' },
      }),
      status: 403,
    },
    { name: 'an empty body', call: () => ({ data: {} }), status: 400 },
  ],
  'GET /.well-known/oauth-authorization-server': [
    { name: 'the metadata', call: () => ({ method: 'GET' }), status: 200 },
    { name: 'another method', call: () => ({ method: 'PUT', data: {} }), status: 405 },
  ],
  // The site's own forms and the console's pages, which answer pages.
  'POST /login': [
    {
      name: 'the right password, from our page',
      call: (s) => ({
        headers: { Origin: s.origin },
        form: { email: s.email, password: PASSWORD },
        maxRedirects: 0,
      }),
      status: 303,
    },
    {
      name: 'a wrong password',
      call: (s) => ({ headers: { Origin: s.origin }, form: { email: s.email, password: 'wrong' } }),
      status: 401,
    },
    {
      name: 'no e-mail',
      call: (s) => ({ headers: { Origin: s.origin }, form: { password: 'x' } }),
      status: 400,
    },
    {
      name: 'from another site',
      call: (s) => ({ form: { email: s.email, password: PASSWORD } }),
      status: 403,
    },
  ],
  'POST /login/code': [
    {
      name: 'no sign-in waiting for a code',
      call: (s) => ({ headers: { Origin: s.origin }, form: { code: '123456' } }),
      status: 401,
    },
    {
      name: 'no code',
      call: (s) => ({ headers: { Origin: s.origin }, form: { code: '' } }),
      status: 400,
    },
  ],
  'POST /sso/start': [
    {
      name: 'an address without single sign-on',
      call: (s) => ({ headers: { Origin: s.origin }, form: { email: s.email } }),
      status: 404,
    },
    { name: 'no e-mail', call: (s) => ({ headers: { Origin: s.origin }, form: {} }), status: 400 },
    { name: 'from another site', call: (s) => ({ form: { email: s.email } }), status: 403 },
  ],
  'GET /sso/callback': [
    {
      name: 'no sign-in under way in this browser',
      call: () => ({ method: 'GET', path: '/sso/callback?code=abc&state=def' }),
      status: 400,
    },
  ],
  'POST /forgot-password': [
    { name: 'an address', call: (s) => ({ form: { email: s.email } }), status: 200 },
  ],
  'POST /activate': [
    { name: 'a code', call: () => ({ form: { user_code: 'BCDF-GHJK' } }), status: 200 },
  ],
  'POST /signup': [{ name: 'anything', call: () => ({ form: { plan: 'trial' } }), status: 200 }],
  'POST /reset-password': [{ name: 'nothing', call: () => ({ form: {} }), status: 200 }],
  'GET /admin': [{ name: 'no operator', call: () => ({ method: 'GET' }), status: 404 }],
  'GET /admin/{page}': [
    { name: 'no operator', call: () => ({ method: 'GET', path: '/admin/audit' }), status: 404 },
  ],
};

/**
 * The account, signup, team, invitation, console and webhook calls: what the seeded Standard
 * customer (no team, no operator role) and a caller without a session get. Every call is asked at
 * least once, so each answer it gives is checked against the document.
 */
function accountAndConsoleCases(): Record<string, Case[]> {
  type Method = NonNullable<Call['method']>;
  const get = (path: string) => ({ method: 'GET' as const, path });
  const withoutSession = (method: Method, path: string, data?: unknown): Case => ({
    name: 'without a session',
    call: () => ({ method, path, ...(data === undefined ? {} : { data }) }),
    status: 401,
  });
  const signedIn = (
    name: string,
    method: Method,
    path: string,
    status: number,
    data?: unknown,
  ): Case => ({
    name,
    call: (s) => ({
      method,
      path,
      headers: bearer(s.session),
      ...(data === undefined ? {} : { data }),
    }),
    status,
  });
  const cases: Record<string, Case[]> = {
    'GET /api/billing': [
      signedIn('the Standard account', 'GET', '/api/billing', 200),
      withoutSession('GET', '/api/billing'),
    ],
    'GET /api/billing/invoices/{id}/pdf': [
      signedIn('an invoice of nobody', 'GET', '/api/billing/invoices/in_unknown/pdf', 404),
      withoutSession('GET', '/api/billing/invoices/in_unknown/pdf'),
    ],
    'POST /api/billing/checkout': [
      signedIn('an account already on Standard', 'POST', '/api/billing/checkout', 409, {}),
      withoutSession('POST', '/api/billing/checkout', {}),
    ],
    'POST /api/billing/invoice': [
      signedIn('an empty body', 'POST', '/api/billing/invoice', 400, {}),
      withoutSession('POST', '/api/billing/invoice', {}),
    ],
    'PATCH /api/billing/details': [
      signedIn('an empty body', 'PATCH', '/api/billing/details', 400, {}),
      withoutSession('PATCH', '/api/billing/details', {}),
    ],
    'POST /api/billing/portal': [withoutSession('POST', '/api/billing/portal')],
    'POST /api/billing/cancel': [
      signedIn('a reason too long', 'POST', '/api/billing/cancel', 400, {
        reason: 'x'.repeat(5000),
      }),
      withoutSession('POST', '/api/billing/cancel', {}),
    ],
    'POST /api/billing/resume': [withoutSession('POST', '/api/billing/resume')],
    'GET /api/billing/seats': [
      signedIn('the seats', 'GET', '/api/billing/seats', 200),
      withoutSession('GET', '/api/billing/seats'),
    ],
    'POST /api/billing/seats/preview': [
      signedIn('no seats', 'POST', '/api/billing/seats/preview', 400, { add: 0 }),
      withoutSession('POST', '/api/billing/seats/preview', { add: 1 }),
    ],
    'POST /api/billing/seats': [
      signedIn('an empty body', 'POST', '/api/billing/seats', 400, {}),
      withoutSession('POST', '/api/billing/seats', {}),
    ],
    'POST /api/billing/seats/renewal': [
      signedIn('an empty body', 'POST', '/api/billing/seats/renewal', 400, {}),
      withoutSession('POST', '/api/billing/seats/renewal', {}),
    ],
    'POST /api/register-email-standard': [
      { name: 'an empty body', call: () => ({ data: {} }), status: 400 },
    ],
    'POST /api/register-google-standard': [
      { name: 'an empty body', call: () => ({ data: {} }), status: 400 },
    ],
    'POST /api/check-payment-completion': [
      { name: 'an empty body', call: () => ({ data: {} }), status: 400 },
    ],
    'POST /api/invoice-quote': [{ name: 'an empty body', call: () => ({ data: {} }), status: 400 }],
    'POST /api/register-email-standard-invoice': [
      { name: 'an empty body', call: () => ({ data: {} }), status: 400 },
    ],
    'POST /api/register-google-standard-invoice': [
      { name: 'an empty body', call: () => ({ data: {} }), status: 400 },
    ],
    'POST /api/stripe/webhook': [
      {
        name: 'an unsigned event',
        call: () => ({ data: { id: 'evt_x', type: 'x' } }),
        status: 400,
      },
    ],
    'GET /api/invitations/{token}': [
      { name: 'an unknown link', call: () => get('/api/invitations/not-a-token'), status: 410 },
    ],
    'POST /api/invitations/{token}/accept': [
      withoutSession('POST', '/api/invitations/not-a-token/accept', {}),
    ],
    'POST /api/invitations/{token}/signup': [
      {
        name: 'an empty body',
        call: () => ({ path: '/api/invitations/not-a-token/signup', data: {} }),
        status: 400,
      },
    ],
    'GET /api/organization': [
      signedIn('an account without a team', 'GET', '/api/organization', 200),
      withoutSession('GET', '/api/organization'),
    ],
  };
  // The team page's calls: the customer owns no organization (403), nobody without a session.
  const team: [Method, string, string, unknown?][] = [
    ['GET', '/api/team', 'GET /api/team'],
    ['GET', '/api/team/members', 'GET /api/team/members'],
    ['GET', '/api/team/members/someone/devices', 'GET /api/team/members/{userId}/devices'],
    ['GET', '/api/team/member-names', 'GET /api/team/member-names'],
    ['GET', '/api/team/activity', 'GET /api/team/activity'],
    ['GET', '/api/team/activity.csv', 'GET /api/team/activity.csv'],
    ['GET', '/api/team/utilization', 'GET /api/team/utilization'],
    ['GET', '/api/team/usage-trend', 'GET /api/team/usage-trend'],
    ['GET', '/api/team/utilization.csv', 'GET /api/team/utilization.csv'],
    ['POST', '/api/team/invitations', 'POST /api/team/invitations', { email: 'a@example.com' }],
    [
      'POST',
      '/api/team/invitations/bulk',
      'POST /api/team/invitations/bulk',
      { entries: ['a@example.com'] },
    ],
    ['POST', '/api/team/invitations/someone/resend', 'POST /api/team/invitations/{id}/resend'],
    ['DELETE', '/api/team/invitations/someone', 'DELETE /api/team/invitations/{id}'],
    ['DELETE', '/api/team/members/someone', 'DELETE /api/team/members/{userId}'],
    ['POST', '/api/team/seat', 'POST /api/team/seat'],
    ['DELETE', '/api/team/seat', 'DELETE /api/team/seat'],
    ['POST', '/api/team/devices/someone/free', 'POST /api/team/devices/{id}/free'],
    ['POST', '/api/team/transfer', 'POST /api/team/transfer', { userId: 'someone' }],
    ['GET', '/api/team/scim', 'GET /api/team/scim'],
    ['POST', '/api/team/scim/token', 'POST /api/team/scim/token'],
    ['DELETE', '/api/team/scim/token', 'DELETE /api/team/scim/token'],
    ['GET', '/api/team/domains', 'GET /api/team/domains'],
    ['POST', '/api/team/domains', 'POST /api/team/domains', { domain: 'example.com' }],
    ['POST', '/api/team/domains/someone/check', 'POST /api/team/domains/{id}/check', {}],
    ['DELETE', '/api/team/domains/someone', 'DELETE /api/team/domains/{id}'],
    ['GET', '/api/team/sso', 'GET /api/team/sso'],
    [
      'PUT',
      '/api/team/sso',
      'PUT /api/team/sso',
      { issuer: 'https://login.example.com', clientId: 'app', clientSecret: 'secret' },
    ],
    ['PUT', '/api/team/sso/required', 'PUT /api/team/sso/required', { required: true }],
    ['DELETE', '/api/team/sso', 'DELETE /api/team/sso'],
  ];
  for (const [method, path, key, data] of team) {
    cases[key] = [
      signedIn('not the owner of a team', method, path, 403, data),
      withoutSession(method, path, data),
    ];
  }
  cases['GET /api/team/members']!.push(
    signedIn('a page that is no number', 'GET', '/api/team/members?page=x', 400),
  );
  cases['PUT /api/team/sso']!.push(
    signedIn('an issuer that is no URL', 'PUT', '/api/team/sso', 400, {
      issuer: 'login.example.com',
      clientId: 'app',
    }),
  );
  cases['PUT /api/team/sso/required']!.push(
    signedIn('a word for yes', 'PUT', '/api/team/sso/required', 400, { required: 'yes' }),
  );
  // SCIM: the customer owns no organization, so holds no SCIM token; none, or a wrong one, is 401
  // in SCIM's own error shape.
  const user = {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    userName: 'a@example.com',
  };
  const scim: [Method, string, string, unknown?][] = [
    ['GET', '/scim/v2/ServiceProviderConfig', 'GET /scim/v2/ServiceProviderConfig'],
    ['GET', '/scim/v2/ResourceTypes', 'GET /scim/v2/ResourceTypes'],
    ['GET', '/scim/v2/ResourceTypes/User', 'GET /scim/v2/ResourceTypes/{id}'],
    ['GET', '/scim/v2/Schemas', 'GET /scim/v2/Schemas'],
    ['GET', '/scim/v2/Schemas/x', 'GET /scim/v2/Schemas/{id}'],
    ['GET', '/scim/v2/Users', 'GET /scim/v2/Users'],
    ['POST', '/scim/v2/Users', 'POST /scim/v2/Users', user],
    ['GET', '/scim/v2/Users/someone', 'GET /scim/v2/Users/{id}'],
    ['PUT', '/scim/v2/Users/someone', 'PUT /scim/v2/Users/{id}', user],
    ['PATCH', '/scim/v2/Users/someone', 'PATCH /scim/v2/Users/{id}', { Operations: [] }],
    ['DELETE', '/scim/v2/Users/someone', 'DELETE /scim/v2/Users/{id}'],
  ];
  for (const [method, path, key, data] of scim) {
    cases[key] = [
      { ...withoutSession(method, path, data), name: 'without a token' },
      {
        name: 'with a wrong token',
        call: () => ({
          method,
          path,
          headers: bearer('swscim_not-a-token'),
          ...(data === undefined ? {} : { data }),
        }),
        status: 401,
      },
    ];
  }
  // The console: the customer is no operator (403), nobody without a session.
  const admin: [Method, string, string, unknown?][] = [
    ['GET', '/api/admin/session', 'GET /api/admin/session'],
    ['GET', '/api/admin/metrics', 'GET /api/admin/metrics'],
    ['GET', '/api/admin/usage-trend', 'GET /api/admin/usage-trend'],
    ['GET', '/api/admin/search?q=a', 'GET /api/admin/search'],
    ['GET', '/api/admin/customers/someone', 'GET /api/admin/customers/{id}'],
    ['POST', '/api/admin/customers/someone/actions', 'POST /api/admin/customers/{id}/actions', {}],
    ['POST', '/api/admin/customers/someone/notes', 'POST /api/admin/customers/{id}/notes', {}],
    [
      'DELETE',
      '/api/admin/customers/someone/notes/note',
      'DELETE /api/admin/customers/{id}/notes/{noteId}',
    ],
    ['GET', '/api/admin/inbox', 'GET /api/admin/inbox'],
    ['POST', '/api/admin/inbox/someone/handle', 'POST /api/admin/inbox/{id}/handle', {}],
    ['POST', '/api/admin/inbox/someone/reply', 'POST /api/admin/inbox/{id}/reply', {}],
    ['GET', '/api/admin/audit', 'GET /api/admin/audit'],
    ['GET', '/api/admin/money', 'GET /api/admin/money'],
    [
      'POST',
      '/api/admin/money/refunds/someone/retry',
      'POST /api/admin/money/refunds/{id}/retry',
      {},
    ],
    [
      'POST',
      '/api/admin/money/invoices/someone/retry-refund',
      'POST /api/admin/money/invoices/{id}/retry-refund',
      {},
    ],
    ['GET', '/api/admin/money/invoices/someone/pdf', 'GET /api/admin/money/invoices/{id}/pdf'],
    ['POST', '/api/admin/money/mails/someone/retry', 'POST /api/admin/money/mails/{id}/retry', {}],
    ['GET', '/api/admin/organizations', 'GET /api/admin/organizations'],
    ['POST', '/api/admin/organizations', 'POST /api/admin/organizations', {}],
    ['GET', '/api/admin/organizations/someone', 'GET /api/admin/organizations/{id}'],
    [
      'GET',
      '/api/admin/organizations/someone/domains',
      'GET /api/admin/organizations/{id}/domains',
    ],
    ['PATCH', '/api/admin/organizations/someone', 'PATCH /api/admin/organizations/{id}', {}],
    [
      'POST',
      '/api/admin/organizations/someone/team',
      'POST /api/admin/organizations/{id}/team',
      {},
    ],
  ];
  for (const [method, path, key, data] of admin) {
    cases[key] = [
      signedIn('a customer who is no operator', method, path, 403, data),
      withoutSession(method, path, data),
    ];
  }
  return cases;
}

/** Sends one case's request as the plugin would (its own client IP, so limits stay apart). */
function send(request: APIRequestContext, method: string, path: string, call: Call) {
  const headers = { 'CF-Connecting-IP': ip(), ...call.headers };
  const options = call.form ? { headers, form: call.form } : { headers, data: call.data };
  return request.fetch(call.path ?? path, {
    method: call.method ?? method,
    ...options,
    ...(call.maxRedirects === undefined ? {} : { maxRedirects: call.maxRedirects }),
  });
}

test.describe('The published API contract', () => {
  test('the document at /api/openapi.json is valid OpenAPI 3.1', async ({ request }) => {
    const document = (await (await request.get('/api/openapi.json')).json()) as Parameters<
      Validator['validate']
    >[0];
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  test('every documented operation answers only what the document says', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // Answers are checked one at a time, so each named component is put in its place first.
    const document = withoutRefs(
      (await (await request.get('/api/openapi.json')).json()) as OpenApiDocument,
    );
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const seed = await seedAccount(page, request);

    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${path}`,
        operation,
      })),
    );
    // Signing in through the form keeps its session cookie in the cases' context, which every
    // other case expects to hold none: that operation goes last.
    const signsIn = ({ key }: { key: string }) => (key === 'POST /login' ? 1 : 0);
    for (const { key, operation } of [...operations].sort((a, b) => signsIn(a) - signsIn(b))) {
      const [method, path] = key.split(' ') as [string, string];
      for (const contractCase of cases[key] ?? []) {
        const where = `${key}, ${contractCase.name}`;
        const response = await send(request, method, path, contractCase.call(seed));
        expect(response.status(), `${where}: ${await response.text()}`).toBe(contractCase.status);
        await expectDocumented(ajv, operation, response, where);
      }
    }
    // Every operation has cases, and every case names a documented operation.
    expect(operations.filter(({ key }) => !cases[key]?.length).map(({ key }) => key)).toEqual([]);
    expect(Object.keys(cases).filter((key) => !operations.some((op) => op.key === key))).toEqual(
      [],
    );
  });
});

/** The answer's status is documented for the operation, and its body matches that schema. */
async function expectDocumented(
  ajv: Ajv2020,
  operation: Operation,
  response: APIResponse,
  where: string,
) {
  const documented = operation.responses[String(response.status())];
  expect(documented, `${where}: status ${response.status()} is not documented`).toBeDefined();
  const contentType = response.headers()['content-type']?.split(';')[0] ?? '';
  const media = documented?.content;
  if (!media) {
    expect((await response.body()).length, `${where}: documented without a body`).toBe(0);
    return;
  }
  expect(Object.keys(media), `${where}: ${contentType} is not documented`).toContain(contentType);
  const schema = media[contentType]?.schema;
  if (contentType !== 'application/json' || !schema) return;
  const validate = ajv.compile(schema);
  const body: unknown = await response.json();
  expect(
    validate(body) ? [] : validate.errors,
    `${where}: ${JSON.stringify(body).slice(0, 300)}`,
  ).toEqual([]);
}

/**
 * A Standard customer with one activated device and a second one, whose plugin signed in with
 * the device flow (approved through the API with the account's session), plus an update link.
 */
async function seedAccount(
  page: Parameters<Parameters<typeof test>[2]>[0]['page'],
  request: APIRequestContext,
): Promise<Seed> {
  const { ip: visitorIp } = await newVisitor(page);
  const account = await buyStandard(page);
  const licenseKey = await licenseKeyFromDashboard(page);
  const headers = { 'CF-Connecting-IP': visitorIp };
  const device = { deviceId: 'contract-first-pc', deviceName: 'First PC' };
  for (const each of [device, otherDevice]) {
    const activated = await request.post('/api/licenses/activate', {
      headers,
      data: { licenseKey, ...each },
    });
    expect(activated.status(), await activated.text()).toBe(200);
  }
  // Sign-ins go through the page's own context, so the cases' context holds no session cookie.
  const login = await page.request.post('/api/login', {
    headers,
    data: { email: account.email, password: account.password },
  });
  const { token: session } = (await login.json()) as { token: string };

  const started = await request.post('/api/oauth/device', {
    headers,
    form: { client_id: pluginSignIn.clientId },
  });
  const { device_code, user_code } = (await started.json()) as {
    device_code: string;
    user_code: string;
  };
  const approved = await request.post('/api/device-authorizations/approve', {
    headers: { ...headers, ...bearer(session) },
    data: { userCode: user_code },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  const granted = await request.post('/api/oauth/token', {
    headers,
    form: { grant_type: DEVICE_CODE_GRANT, device_code, client_id: pluginSignIn.clientId },
  });
  const tokens = (await granted.json()) as { access_token: string; refresh_token: string };
  const listed = await request.get('/api/plugin/licenses', {
    headers: { ...headers, ...bearer(tokens.access_token) },
  });
  const { licenses } = (await listed.json()) as { licenses: { id: string; current: boolean }[] };
  const checked = await request.post('/api/releases/check', {
    headers,
    data: { licenseKey, deviceId: device.deviceId, currentVersion: '0.0.1' },
  });
  const offer = (await checked.json()) as { release?: { downloadUrl: string } };
  expect(offer.release, 'a Standard license is offered the current version').toBeDefined();

  // A second session of the account, and two plugin sign-ins waiting for the customer.
  const otherLogin = await page.request.post('/api/login', {
    headers,
    data: { email: account.email, password: account.password },
  });
  const { token: otherSession } = (await otherLogin.json()) as { token: string };
  const overviewOf = async (token: string) =>
    (await (
      await request.get('/api/usage', { headers: { ...headers, ...bearer(token) } })
    ).json()) as {
      devices: { id: string; deviceId: string }[];
      sessions: { id: string; current: boolean }[];
      plugins: { id: string }[];
    };
  const overview = await overviewOf(session);
  const current = (sessions: { id: string; current: boolean }[]) =>
    sessions.find((each) => each.current)?.id ?? '';
  const pendingCodes: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const waiting = await request.post('/api/oauth/device', {
      headers,
      form: { client_id: pluginSignIn.clientId },
    });
    pendingCodes.push(((await waiting.json()) as { user_code: string }).user_code);
  }
  return {
    email: account.email,
    origin: new URL(page.url()).origin,
    session,
    deviceRowId: overview.devices.find((each) => each.deviceId === device.deviceId)?.id ?? '',
    sessionId: current(overview.sessions),
    otherSessionId: current((await overviewOf(otherSession)).sessions),
    pluginSignInId: overview.plugins[0]?.id ?? '',
    pendingCodes: [pendingCodes[0] ?? '', pendingCodes[1] ?? ''],
    licenseKey,
    licenseId: licenses.find((license) => license.current)?.id ?? '',
    device,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    downloadUrl:
      new URL(offer.release?.downloadUrl ?? '/').pathname +
      new URL(offer.release?.downloadUrl ?? '/').search,
  };
}
