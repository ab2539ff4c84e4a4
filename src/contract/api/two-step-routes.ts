/**
 * Two-step sign-in with an authenticator app (Account Settings), and confirming it is you before
 * an action that asks for a recent proof, declared once: the Worker mounts its handlers on these
 * (functions/routes/two-step.ts) and the OpenAPI document (document.ts) publishes them. Each needs
 * the account's session. Paths are relative to `/api`.
 */
import type { ErrorCode } from '../catalogue';
import {
  confirmTwoStepSchema,
  identityProofSchema,
  newRecoveryCodesSchema,
} from '../schemas/two-step';
import {
  identityProofMethodsSchema,
  messageResponseSchema,
  recoveryCodesSchema,
  twoStepSetupSchema,
  twoStepStatusSchema,
} from './account-schemas';
import { readErrors, sessionSecurity, writeErrors } from './dashboard-routes';
import { bodyErrors, declareRoute, errorAnswers, jsonAnswer, jsonRequest } from './describe';

const twoStepTag = ['Two-step sign-in'];
/** A code from the app (or a recovery code) that is checked: wrong ones count per account. */
const codeErrors: readonly ErrorCode[] = [
  'TWO_STEP_NOT_ON',
  'WRONG_SECOND_FACTOR_CODE',
  'RECOVERY_CODE_USED',
  'TOO_MANY_ATTEMPTS',
];
const noStore = 'Shown once: the answer says `Cache-Control: no-store`.';

export const twoStepStatusRoute = declareRoute({
  method: 'get',
  path: '/two-step',
  operationId: 'getTwoStepStatus',
  tags: twoStepTag,
  summary: 'Whether two-step sign-in is on',
  description: 'Since when, and how many recovery codes are left unused.',
  security: sessionSecurity,
  get responses() {
    return {
      200: jsonAnswer(twoStepStatusSchema, 'The status.'),
      ...errorAnswers(...readErrors),
    };
  },
});

export const twoStepSetupRoute = declareRoute({
  method: 'post',
  path: '/two-step/setup',
  operationId: 'startTwoStepSetup',
  tags: twoStepTag,
  summary: 'Start turning two-step sign-in on',
  description: `A new secret for the authenticator app, as text and as a QR code; nothing changes until the app's first code confirms it. Needs a recent proof of who is at the keyboard. ${noStore}`,
  security: sessionSecurity,
  get responses() {
    return {
      200: jsonAnswer(twoStepSetupSchema, 'The secret to add to the app.'),
      ...errorAnswers(...writeErrors, 'FRESH_VERIFICATION_REQUIRED', 'TWO_STEP_ALREADY_ON'),
    };
  },
});

export const confirmTwoStepRoute = declareRoute({
  method: 'post',
  path: '/two-step/confirm',
  operationId: 'confirmTwoStep',
  tags: twoStepTag,
  summary: 'Turn two-step sign-in on',
  description: `The app's first code for the secret of the setup: two-step sign-in is on, and the answer holds the recovery codes. An e-mail tells the owner. ${noStore}`,
  security: sessionSecurity,
  request: jsonRequest(confirmTwoStepSchema),
  get responses() {
    return {
      200: jsonAnswer(recoveryCodesSchema, 'On, with the recovery codes.'),
      ...errorAnswers(
        ...bodyErrors,
        ...writeErrors,
        'TWO_STEP_SETUP_MISSING',
        'TWO_STEP_ALREADY_ON',
        'FRESH_VERIFICATION_REQUIRED',
        'WRONG_SECOND_FACTOR_CODE',
        'TOO_MANY_ATTEMPTS',
      ),
    };
  },
});

export const newRecoveryCodesRoute = declareRoute({
  method: 'post',
  path: '/two-step/recovery-codes',
  operationId: 'replaceRecoveryCodes',
  tags: twoStepTag,
  summary: 'Make new recovery codes',
  description: `For a current code; the old recovery codes stop working. ${noStore}`,
  security: sessionSecurity,
  request: jsonRequest(newRecoveryCodesSchema),
  get responses() {
    return {
      200: jsonAnswer(recoveryCodesSchema, 'The new recovery codes.'),
      ...errorAnswers(...bodyErrors, ...writeErrors, ...codeErrors),
    };
  },
});

export const turnOffTwoStepRoute = declareRoute({
  method: 'post',
  path: '/two-step/off',
  operationId: 'turnOffTwoStep',
  tags: twoStepTag,
  summary: 'Turn two-step sign-in off',
  description:
    'For a current code (the password is never enough); the secret and the recovery codes are removed. An e-mail tells the owner.',
  security: sessionSecurity,
  request: jsonRequest(identityProofSchema),
  get responses() {
    return {
      200: jsonAnswer(messageResponseSchema, 'Off.'),
      ...errorAnswers(...bodyErrors, ...writeErrors, ...codeErrors, 'STRONGER_PROOF_REQUIRED'),
    };
  },
});

export const identityProofMethodsRoute = declareRoute({
  method: 'get',
  path: '/verify-identity',
  operationId: 'getIdentityProofMethods',
  tags: twoStepTag,
  summary: 'How to confirm it is you',
  description:
    'The proofs that count for this person, those of their strongest factor: a passkey (through the passkey calls), an authenticator code, or the password. Empty: nothing to type, they sign in again.',
  security: sessionSecurity,
  get responses() {
    return {
      200: jsonAnswer(identityProofMethodsSchema, 'The proofs.'),
      ...errorAnswers(...readErrors),
    };
  },
});

export const verifyIdentityRoute = declareRoute({
  method: 'post',
  path: '/verify-identity',
  operationId: 'verifyIdentity',
  tags: twoStepTag,
  summary: 'Confirm it is you',
  description:
    "A current code, or the password when it is the strongest factor the person has: for a few minutes this session may do the actions that ask for a recent proof. Wrong passwords count on the sign-in budget of the e-mail, wrong codes on the account's.",
  security: sessionSecurity,
  request: jsonRequest(identityProofSchema),
  get responses() {
    return {
      200: jsonAnswer(messageResponseSchema, 'Confirmed.'),
      ...errorAnswers(
        ...bodyErrors,
        ...writeErrors,
        ...codeErrors,
        'STRONGER_PROOF_REQUIRED',
        'CURRENT_PASSWORD_WRONG',
        'NO_PASSWORD_TO_CHANGE',
      ),
    };
  },
});

/** Every two-step call, in the order the document lists them. */
export const twoStepRoutes = [
  twoStepStatusRoute,
  twoStepSetupRoute,
  confirmTwoStepRoute,
  newRecoveryCodesRoute,
  turnOffTwoStepRoute,
  identityProofMethodsRoute,
  verifyIdentityRoute,
];
