/**
 * Passkeys, declared once: adding, naming and removing them (Account Settings), signing in with
 * one (/login) and confirming it is you with one. Each ceremony is an options call, whose
 * `options` go to @simplewebauthn/browser, and a verify call with the browser's answer. The
 * Worker mounts its handlers on these (functions/routes/passkeys.ts) and the OpenAPI document
 * (document.ts) publishes them. Paths are relative to `/api`.
 */
import { z } from '@hono/zod-openapi';
import type { ErrorCode } from '../catalogue';
import { addPasskeySchema, renamePasskeySchema, usePasskeySchema } from '../schemas/passkeys';
import {
  authResponseSchema,
  messageResponseSchema,
  passkeyListSchema,
  passkeyOptionsSchema,
  passkeySchema,
  registrationOptionsSchema,
} from './account-schemas';
import { readErrors, sessionSecurity, writeErrors } from './dashboard-routes';
import {
  bodyErrors,
  declareRoute,
  errorAnswers,
  jsonAnswer,
  jsonRequest,
  publicCall,
} from './describe';

const passkeyTag = ['Passkeys'];
/** A ceremony's second step: its challenge is used once and ends after a few minutes. */
const ceremonyErrors: readonly ErrorCode[] = [
  ...bodyErrors,
  'PASSKEY_CHALLENGE_EXPIRED',
  'PASSKEY_NOT_ACCEPTED',
];
/** The id of one of the account's passkeys, as the list gives it. */
/** Plain, not lazy: the OpenAPI generator reads a parameter schema's fields (schemas/lazy.ts). */
const idParam = z.object({ id: z.string() });

export const listPasskeysRoute = declareRoute({
  method: 'get',
  path: '/passkeys',
  operationId: 'listPasskeys',
  tags: passkeyTag,
  summary: "The account's passkeys",
  description: 'Newest first, with how many the account may keep.',
  security: sessionSecurity,
  get responses() {
    return {
      200: jsonAnswer(passkeyListSchema, 'The passkeys.'),
      ...errorAnswers(...readErrors),
    };
  },
});

export const registrationOptionsRoute = declareRoute({
  method: 'post',
  path: '/passkeys/register/options',
  operationId: 'startAddingPasskey',
  tags: passkeyTag,
  summary: 'Start adding a passkey',
  description:
    'Options for `startRegistration`, with a suggested name. Needs a recent proof of who is at the keyboard (its strongest factor).',
  security: sessionSecurity,
  get responses() {
    return {
      200: jsonAnswer(registrationOptionsSchema, 'The ceremony.'),
      ...errorAnswers(...writeErrors, 'FRESH_VERIFICATION_REQUIRED', 'PASSKEY_LIMIT'),
    };
  },
});

export const addPasskeyRoute = declareRoute({
  method: 'post',
  path: '/passkeys/register/verify',
  operationId: 'addPasskey',
  tags: passkeyTag,
  summary: 'Add the passkey',
  description:
    "The browser's answer to the ceremony and the name its owner gave it. Counts as a fresh proof of the second factor for this session; an e-mail tells the owner.",
  security: sessionSecurity,
  request: jsonRequest(addPasskeySchema),
  get responses() {
    return {
      200: jsonAnswer(passkeySchema, 'The new passkey.'),
      ...errorAnswers(
        ...ceremonyErrors,
        ...writeErrors,
        'FRESH_VERIFICATION_REQUIRED',
        'PASSKEY_ALREADY_ADDED',
        'PASSKEY_LIMIT',
      ),
    };
  },
});

export const signInOptionsRoute = declareRoute({
  method: 'post',
  path: '/passkeys/sign-in/options',
  operationId: 'startPasskeySignIn',
  tags: passkeyTag,
  summary: 'Start signing in with a passkey',
  description:
    'Options for `startAuthentication` naming no account (the browser offers the passkeys it holds). Counted per address.',
  security: publicCall,
  get responses() {
    return {
      200: jsonAnswer(passkeyOptionsSchema, 'The ceremony.'),
      ...errorAnswers('TOO_MANY_ATTEMPTS'),
    };
  },
});

export const signInWithPasskeyRoute = declareRoute({
  method: 'post',
  path: '/passkeys/sign-in/verify',
  operationId: 'signInWithPasskey',
  tags: passkeyTag,
  summary: 'Sign in with a passkey',
  description:
    "The browser's answer to the sign-in ceremony. A passkey counts as both factors, so no code is asked. Counted per address.",
  security: publicCall,
  request: jsonRequest(usePasskeySchema),
  get responses() {
    return {
      200: jsonAnswer(
        authResponseSchema,
        'Signed in: the session (also set as the HttpOnly session cookie) and the user.',
      ),
      ...errorAnswers(
        ...ceremonyErrors,
        'PASSKEY_UNKNOWN',
        'ACCOUNT_DELETED',
        'SSO_REQUIRED',
        'TOO_MANY_ATTEMPTS',
      ),
    };
  },
});

export const confirmOptionsRoute = declareRoute({
  method: 'post',
  path: '/passkeys/confirm/options',
  operationId: 'startPasskeyConfirmation',
  tags: passkeyTag,
  summary: 'Start confirming it is you with a passkey',
  description: "Options for `startAuthentication` listing the account's own passkeys.",
  security: sessionSecurity,
  get responses() {
    return {
      200: jsonAnswer(passkeyOptionsSchema, 'The ceremony.'),
      ...errorAnswers(...writeErrors, 'PASSKEY_NOT_FOUND'),
    };
  },
});

export const confirmWithPasskeyRoute = declareRoute({
  method: 'post',
  path: '/passkeys/confirm/verify',
  operationId: 'confirmWithPasskey',
  tags: passkeyTag,
  summary: 'Confirm it is you with a passkey',
  description:
    "The browser's answer with one of the account's passkeys: a fresh proof of the second factor for this session, for the actions that ask for one.",
  security: sessionSecurity,
  request: jsonRequest(usePasskeySchema),
  get responses() {
    return {
      200: jsonAnswer(messageResponseSchema, 'Confirmed.'),
      ...errorAnswers(...ceremonyErrors, ...writeErrors, 'PASSKEY_NOT_FOUND'),
    };
  },
});

export const renamePasskeyRoute = declareRoute({
  method: 'patch',
  path: '/passkeys/{id}',
  operationId: 'renamePasskey',
  tags: passkeyTag,
  summary: 'Rename a passkey',
  description:
    "Gives one of the account's passkeys the name it is listed by in Account Settings (what the passkey itself is, and signing in with it, do not change).",
  security: sessionSecurity,
  request: { params: idParam, ...jsonRequest(renamePasskeySchema) },
  get responses() {
    return {
      200: jsonAnswer(passkeySchema, 'Renamed.'),
      ...errorAnswers(...bodyErrors, ...writeErrors, 'PASSKEY_NOT_FOUND'),
    };
  },
});

export const removePasskeyRoute = declareRoute({
  method: 'delete',
  path: '/passkeys/{id}',
  operationId: 'removePasskey',
  tags: passkeyTag,
  summary: 'Remove a passkey',
  description:
    'Needs a recent proof of who is at the keyboard (its strongest factor). It can no longer sign in or confirm.',
  security: sessionSecurity,
  request: { params: idParam },
  get responses() {
    return {
      200: jsonAnswer(messageResponseSchema, 'Removed.'),
      ...errorAnswers(...writeErrors, 'FRESH_VERIFICATION_REQUIRED', 'PASSKEY_NOT_FOUND'),
    };
  },
});

/** Every passkey call, in the order the document lists them. */
export const passkeyRoutes = [
  listPasskeysRoute,
  registrationOptionsRoute,
  addPasskeyRoute,
  renamePasskeyRoute,
  removePasskeyRoute,
  signInOptionsRoute,
  signInWithPasskeyRoute,
  confirmOptionsRoute,
  confirmWithPasskeyRoute,
];
