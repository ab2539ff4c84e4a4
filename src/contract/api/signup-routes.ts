/**
 * Signing up for a trial, declared once: the Worker mounts its handlers on these
 * (functions/routes/signup.ts) and the OpenAPI document (document.ts) publishes them. Paths are
 * relative to `/api`.
 */
import { sendVerificationSchema, verifyCodeSchema } from '../schemas/auth';
import { registerEmailTrialSchema, registerGoogleTrialSchema } from '../schemas/register-plans';
import {
  authResponseSchema,
  sendVerificationResponseSchema,
  verifyCodeResponseSchema,
} from './account-schemas';
import {
  bodyErrors,
  declareRoute,
  errorAnswers,
  jsonAnswer,
  jsonRequest,
  publicCall,
} from './describe';

const signupTag = ['Signup'];
const newAccount =
  'The new account, signed in: the session (also set as the HttpOnly session cookie) and the user.';

export const sendVerificationRoute = declareRoute({
  method: 'post',
  path: '/send-verification-email',
  operationId: 'sendVerificationCode',
  tags: signupTag,
  summary: 'E-mail a signup code',
  description:
    'Bot-checked (action `signup`, or `resend_verification` with `resend: true`). The address must have no account, and a trial is refused to a disposable address or to an address or device that had one. Codes count per address and per e-mail.',
  security: publicCall,
  request: jsonRequest(sendVerificationSchema),
  get responses() {
    return {
      200: jsonAnswer(sendVerificationResponseSchema, 'The code is on its way.'),
      ...errorAnswers(
        ...bodyErrors,
        'BOT_CHECK_FAILED',
        'DISPOSABLE_EMAIL',
        'ACCOUNT_EXISTS',
        'DUPLICATE_TRIAL',
        'TOO_MANY_ATTEMPTS',
      ),
    };
  },
});

export const verifyCodeRoute = declareRoute({
  method: 'post',
  path: '/verify-email-code',
  operationId: 'verifySignupCode',
  tags: signupTag,
  summary: 'Check a signup code',
  description:
    'The code e-mailed for this address. A few wrong codes end it (429); right, it answers the form it was sent for, and the address counts as verified for registering.',
  security: publicCall,
  request: jsonRequest(verifyCodeSchema),
  get responses() {
    return {
      200: jsonAnswer(verifyCodeResponseSchema, 'Verified.'),
      ...errorAnswers(...bodyErrors, 'INVALID_CODE', 'CODE_EXPIRED', 'TOO_MANY_ATTEMPTS'),
    };
  },
});

export const registerEmailTrialRoute = declareRoute({
  method: 'post',
  path: '/register-email-trial',
  operationId: 'registerEmailTrial',
  tags: signupTag,
  summary: 'Start a trial with e-mail and password',
  description:
    'For an address verified with its code from the same device (`fingerprintId`) for the trial plan. Makes the account and its Trial license and signs it in.',
  security: publicCall,
  request: jsonRequest(registerEmailTrialSchema),
  get responses() {
    return {
      200: jsonAnswer(authResponseSchema, newAccount),
      ...errorAnswers(
        ...bodyErrors,
        'WEAK_PASSWORD',
        'NOT_VERIFIED',
        'DISPOSABLE_EMAIL',
        'ACCOUNT_EXISTS',
        'DUPLICATE_TRIAL',
      ),
    };
  },
});

export const registerGoogleTrialRoute = declareRoute({
  method: 'post',
  path: '/register-google-trial',
  operationId: 'registerGoogleTrial',
  tags: signupTag,
  summary: 'Start a trial with Google',
  description:
    "The Google ID token (credential) of Google Identity Services, used once. Google's verified address and Google account must have no account and no trial yet.",
  security: publicCall,
  request: jsonRequest(registerGoogleTrialSchema),
  get responses() {
    return {
      200: jsonAnswer(authResponseSchema, newAccount),
      ...errorAnswers(
        ...bodyErrors,
        'GOOGLE_AUTH_FAILED',
        'DISPOSABLE_EMAIL',
        'ACCOUNT_EXISTS',
        'DUPLICATE_TRIAL',
      ),
    };
  },
});

/** Every signup call, in the order the document lists them. */
export const signupRoutes = [
  sendVerificationRoute,
  verifyCodeRoute,
  registerEmailTrialRoute,
  registerGoogleTrialRoute,
];
