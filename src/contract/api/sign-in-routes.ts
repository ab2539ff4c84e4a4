/**
 * Signing in and out, and a forgotten password, declared once: the Worker mounts its handlers on
 * these (functions/routes/auth.ts, password.ts) and the OpenAPI document (document.ts) publishes
 * them. Paths are relative to `/api`.
 */
import {
  forgotPasswordSchema,
  loginGoogleSchema,
  loginSchema,
  resetPasswordSchema,
  ssoLookupSchema,
} from '../schemas/auth';
import { lazySchema } from '../schemas/lazy';
import { z } from 'zod';
import { meResponseSchema, messageResponseSchema, signInAnswerSchema } from './account-schemas';
import { sessionSecurity } from './dashboard-routes';
import {
  bodyErrors,
  declareRoute,
  errorAnswers,
  jsonAnswer,
  jsonRequest,
  publicCall,
} from './describe';

const signInTag = ['Sign-in'];
const signedIn =
  'Signed in: the session (also set as the HttpOnly session cookie), or, when the account has two-step sign-in on, `secondFactorRequired` (the code is asked on /login/code).';

export const loginRoute = declareRoute({
  method: 'post',
  path: '/login',
  operationId: 'signIn',
  tags: signInTag,
  summary: 'Sign in with e-mail and password',
  description:
    'Attempts count per address and per e-mail (or, from a browser that signed in to this account before, per that browser), so guessing stays slow; a refusal says only that the e-mail or password is wrong.',
  security: publicCall,
  request: jsonRequest(loginSchema),
  get responses() {
    return {
      200: jsonAnswer(signInAnswerSchema, signedIn),
      ...errorAnswers(
        ...bodyErrors,
        'INVALID_CREDENTIALS',
        'ACCOUNT_DELETED',
        'SSO_REQUIRED',
        'TOO_MANY_ATTEMPTS',
      ),
    };
  },
});

export const loginGoogleRoute = declareRoute({
  method: 'post',
  path: '/login-google',
  operationId: 'signInWithGoogle',
  tags: signInTag,
  summary: 'Sign in with Google',
  description:
    "The Google ID token (credential) of Google Identity Services, used once. An e-mail account with the same address as Google's verified one is linked to that Google account.",
  security: publicCall,
  request: jsonRequest(loginGoogleSchema),
  get responses() {
    return {
      200: jsonAnswer(signInAnswerSchema, signedIn),
      ...errorAnswers(
        ...bodyErrors,
        'GOOGLE_AUTH_FAILED',
        'GOOGLE_USER_NOT_FOUND',
        'ACCOUNT_DELETED',
        'SSO_REQUIRED',
        'TOO_MANY_ATTEMPTS',
      ),
    };
  },
});

export const meRoute = declareRoute({
  method: 'get',
  path: '/me',
  operationId: 'getSignedInUser',
  tags: signInTag,
  summary: 'Who is signed in',
  description: 'The account of the session, its license, and when the session ends.',
  security: sessionSecurity,
  get responses() {
    return {
      200: jsonAnswer(meResponseSchema, 'The signed-in account.'),
      ...errorAnswers('UNAUTHORIZED', 'SESSION_EXPIRED'),
    };
  },
});

export const logoutRoute = declareRoute({
  method: 'post',
  path: '/logout',
  operationId: 'signOut',
  tags: signInTag,
  summary: 'Sign out',
  description:
    'Ends the session and clears its cookie. Succeeds without a session too, or with one that has already ended.',
  // The session is optional: without one there is nothing to end.
  security: [...sessionSecurity, {}],
  get responses() {
    return {
      200: jsonAnswer(messageResponseSchema, 'Signed out.'),
      ...errorAnswers('CSRF_REJECTED'),
    };
  },
});

export const forgotPasswordRoute = declareRoute({
  method: 'post',
  path: '/forgot-password',
  operationId: 'requestPasswordReset',
  tags: signInTag,
  summary: 'E-mail a password reset link',
  description:
    'Bot-checked (action `forgot_password`). The answer is the same, after the same work, whether or not the address has an account; an account that signs in with a password gets a link that works once.',
  security: publicCall,
  request: jsonRequest(forgotPasswordSchema),
  get responses() {
    return {
      200: jsonAnswer(messageResponseSchema, 'Asked: a link is on its way if the account exists.'),
      ...errorAnswers(
        ...bodyErrors,
        'BOT_CHECK_FAILED',
        'TOO_MANY_ATTEMPTS',
        'EMAIL_DELIVERY_FAILED',
      ),
    };
  },
});

export const resetPasswordRoute = declareRoute({
  method: 'post',
  path: '/reset-password',
  operationId: 'resetPassword',
  tags: signInTag,
  summary: 'Choose a new password with a reset link',
  description:
    'The `token` of the e-mailed link, used once. Every session and plugin sign-in of the account ends; sign in with the new password.',
  security: publicCall,
  request: jsonRequest(resetPasswordSchema),
  get responses() {
    return {
      200: jsonAnswer(messageResponseSchema, 'The password is changed.'),
      ...errorAnswers(...bodyErrors, 'WEAK_PASSWORD', 'INVALID_RESET_TOKEN'),
    };
  },
});

/** Whether an address signs in through its organization's identity provider. */
export const ssoLookupAnswerSchema = lazySchema(() =>
  z.object({
    organizationName: z.string().nullable().meta({
      description:
        'The organization whose verified domain the address is on, when it has single sign-on; null otherwise.',
    }),
  }),
);

export const ssoLookupRoute = declareRoute({
  method: 'post',
  path: '/sso/lookup',
  operationId: 'lookUpSingleSignOn',
  tags: signInTag,
  summary: 'Whether an address signs in by single sign-on',
  description:
    "The login page asks as the address is typed: an address on an organization's verified domain, when the organization connected its identity provider, is offered Continue with single sign-on (the form posts to /sso/start). Only the domain counts: the answer says nothing of whether the address has an account.",
  security: publicCall,
  request: jsonRequest(ssoLookupSchema),
  get responses() {
    return {
      200: jsonAnswer(ssoLookupAnswerSchema, "The address's single sign-on, or none."),
      ...errorAnswers(...bodyErrors, 'TOO_MANY_ATTEMPTS'),
    };
  },
});

/** Every sign-in call, in the order the document lists them. */
export const signInRoutes = [
  loginRoute,
  loginGoogleRoute,
  ssoLookupRoute,
  meRoute,
  logoutRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
];
