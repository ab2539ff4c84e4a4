/**
 * What the browser itself posts or asks outside /api, declared like every call so the document
 * holds every route of the Worker: the sign-in forms posted without JavaScript
 * (functions/routes/login-form.ts), the island forms a browser posts before their scripts load
 * (functions/routes/early-forms.ts), and the console's pages (middleware/operator.ts). They
 * answer pages, not JSON; the reference for plugin developers leaves them out
 * (src/lib/api-reference.ts). Paths are the site's own, without a prefix.
 */
import { z } from 'zod';
import { loginSchema, ssoStartSchema } from '../schemas/auth';
import { lazySchema } from '../schemas/lazy';
import { confirmTwoStepSchema } from '../schemas/two-step';
import { errorCatalogue, type ErrorCode } from '../catalogue';
import {
  codesByStatus,
  declareRoute,
  formRequest,
  lazyParameters,
  publicCall,
  retryAfter,
} from './describe';

const formTag = ['Site forms'];
const consoleTag = ['Console pages'];

const html = () => ({ 'text/html': { schema: z.string() } });

/** A page of the site, as the assets serve it. */
function pageAnswer(description: string) {
  return { description, content: html() };
}

/**
 * The form's own page again with the refusal written into it, under the refusal's status; where
 * no built page is at hand (a Worker without the site's assets), the refusal as `{ message, code }`.
 */
function refusals(...codes: readonly ErrorCode[]) {
  return Object.fromEntries(
    [...codesByStatus(codes)].map(([status, list]) => [
      status,
      {
        description: `The form's page again, saying why: ${list.map((code) => `\`${code}\` (${errorCatalogue[code].message})`).join('; ')}.`,
        ...(status === 429 || status === 503 ? { headers: { 'Retry-After': retryAfter() } } : {}),
        content: {
          ...html(),
          'application/json': {
            schema: z.looseObject({ message: z.string(), code: z.enum(list) }),
          },
        },
      },
    ]),
  );
}

/** Signed in: on to the dashboard, or to `next` when it is one of the site's own pages. */
function signedInAnswer(description: string) {
  return {
    description,
    headers: {
      Location: {
        description: 'Where the browser goes next.',
        schema: { type: 'string' as const },
      },
    },
  };
}

const nextQuery = lazySchema(() =>
  z.object({
    next: z
      .string()
      .max(2000)
      .optional()
      .meta({ description: 'The account or console page to go to once signed in.' }),
  }),
);

export const loginFormRoute = declareRoute({
  method: 'post',
  path: '/login',
  operationId: 'submitLoginForm',
  tags: formTag,
  summary: 'Sign in without JavaScript',
  description:
    "The /login page's form as the browser posts it: the same sign-in as `POST /api/login`. Signed in, it goes on with the session cookie; with two-step sign-in on, to /login/code. The form must come from the site's own page (`Origin`).",
  security: publicCall,
  get request() {
    return { query: lazyParameters(nextQuery), ...formRequest(loginSchema) };
  },
  get responses() {
    return {
      303: signedInAnswer('Signed in (to the dashboard or `next`), or on to the code form.'),
      ...refusals(
        'BAD_REQUEST',
        'VALIDATION_FAILED',
        'INVALID_CREDENTIALS',
        'ACCOUNT_DELETED',
        'SSO_REQUIRED',
        'CSRF_REJECTED',
        'PAYLOAD_TOO_LARGE',
        'TOO_MANY_ATTEMPTS',
        'SERVICE_BUSY',
      ),
    };
  },
});

export const codeFormRoute = declareRoute({
  method: 'post',
  path: '/login/code',
  operationId: 'submitSignInCodeForm',
  tags: formTag,
  summary: 'The code of two-step sign-in, without JavaScript',
  description:
    'The /login/code form: the code from the authenticator app (or a recovery code) for the sign-in waiting in its cookie.',
  security: publicCall,
  get request() {
    return { query: lazyParameters(nextQuery), ...formRequest(confirmTwoStepSchema) };
  },
  get responses() {
    return {
      303: signedInAnswer('Signed in: to the dashboard or `next`.'),
      ...refusals(
        'BAD_REQUEST',
        'VALIDATION_FAILED',
        'WRONG_SECOND_FACTOR_CODE',
        'RECOVERY_CODE_USED',
        'SECOND_STEP_EXPIRED',
        'CSRF_REJECTED',
        'PAYLOAD_TOO_LARGE',
        'TOO_MANY_ATTEMPTS',
        'SERVICE_BUSY',
      ),
    };
  },
});

export const ssoStartRoute = declareRoute({
  method: 'post',
  path: '/sso/start',
  operationId: 'startSingleSignOn',
  tags: formTag,
  summary: "Sign in through the organization's identity provider",
  description:
    "The /login page's Continue with single sign-on, with or without JavaScript: the address's organization (its verified domain, with a connection) gets a sign-in under way for 10 minutes (state, PKCE verifier, nonce), its state in a short-lived HttpOnly cookie, and the browser goes to the provider. `next` (one of the site's own account pages, such as /activate with the plugin's code) is where the sign-in ends. The form must come from the site's own page (`Origin`).",
  security: publicCall,
  get request() {
    return { query: lazyParameters(nextQuery), ...formRequest(ssoStartSchema) };
  },
  get responses() {
    return {
      200: pageAnswer(
        "A small page that goes on at once to the identity provider's sign-in page (a meta refresh, with a link): the site's CSP lets a form's answer redirect only to the site itself.",
      ),
      ...refusals(
        'BAD_REQUEST',
        'VALIDATION_FAILED',
        'SSO_NOT_AVAILABLE',
        'SSO_PROVIDER_UNAVAILABLE',
        'CSRF_REJECTED',
        'PAYLOAD_TOO_LARGE',
        'TOO_MANY_ATTEMPTS',
        'SERVICE_BUSY',
      ),
    };
  },
});

/** The provider's answer: a code and the state, or its own error. */
const ssoCallbackQuery = lazySchema(() =>
  z.object({
    code: z.string().optional().meta({ description: 'The authorization code.' }),
    state: z.string().optional().meta({ description: 'The state this sign-in was sent with.' }),
    iss: z.string().optional().meta({ description: "The provider's issuer, when it sends it." }),
    error: z.string().optional().meta({ description: "The provider's error, instead of a code." }),
    error_description: z
      .string()
      .optional()
      .meta({ description: "The provider's words about its error." }),
  }),
);

export const ssoCallbackRoute = declareRoute({
  method: 'get',
  path: '/sso/callback',
  operationId: 'finishSingleSignOn',
  tags: formTag,
  summary: "The identity provider's answer",
  description:
    "Where the organization's identity provider sends the browser back (the redirect URI to register there). The state must be the one in this browser's cookie and still waiting (it is used once); the code is exchanged with the client secret and the ID token checked (issuer, audience, expiry, nonce, signature by the provider's keys); its address must be on a verified domain of the organization. Signed in (a first sign-in joins the team on a free seat), the browser goes on with the session cookie; otherwise the /login page says what went wrong and how to try again.",
  security: publicCall,
  get request() {
    return { query: lazyParameters(ssoCallbackQuery) };
  },
  get responses() {
    return {
      303: signedInAnswer('Signed in: to the dashboard, or to the page the sign-in started for.'),
      ...refusals(
        'SSO_SIGN_IN_EXPIRED',
        'SSO_NOT_AVAILABLE',
        'SSO_FAILED',
        'SSO_WRONG_DOMAIN',
        'SSO_NO_SEAT',
        'SSO_PROVIDER_UNAVAILABLE',
        'ACCOUNT_DELETED',
        'ALREADY_MEMBER',
        'SERVICE_BUSY',
      ),
    };
  },
});

/** Whatever the form held: nothing of it is acted on, and any field may be left out. */
const earlyFormSchema = lazySchema(() => z.record(z.string(), z.string()));

function earlyFormRoute(path: string, operationId: string, page: string) {
  return declareRoute({
    method: 'post',
    path,
    operationId,
    tags: formTag,
    summary: `The ${page} form, posted before its script loaded`,
    description:
      'Nothing is acted on: the page again, asking to press the button once more, with the e-mail address or plugin code typed still in its field.',
    security: publicCall,
    get request() {
      return formRequest(earlyFormSchema);
    },
    get responses() {
      return { 200: pageAnswer('The page with its notice.') };
    },
  });
}

export const earlyFormRoutes = [
  earlyFormRoute('/forgot-password', 'submitForgotPasswordFormEarly', 'forgot-password'),
  earlyFormRoute('/activate', 'submitActivateFormEarly', 'plugin sign-in'),
  earlyFormRoute('/signup', 'submitSignupFormEarly', 'signup'),
  earlyFormRoute('/reset-password', 'submitResetPasswordFormEarly', 'new password'),
];

const consoleAnswers = () => ({
  200: pageAnswer('The page, for an operator who proved a second factor; never cached.'),
  403: pageAnswer('The page, which asks the operator to set up or use a second factor first.'),
  404: pageAnswer("The site's page for an address it does not have: anyone else."),
});

export const consoleHomeRoute = declareRoute({
  method: 'get',
  path: '/admin',
  operationId: 'getConsoleHome',
  tags: consoleTag,
  summary: "The console's overview page",
  description: "The operators' console. To anyone else it is an address the site does not have.",
  security: [{ operatorSession: [] }],
  get responses() {
    return consoleAnswers();
  },
});

export const consolePageRoute = declareRoute({
  method: 'get',
  path: '/admin/{page}',
  operationId: 'getConsolePage',
  tags: consoleTag,
  summary: 'A page of the console',
  description:
    'Search, a customer, organizations, the inbox, the audit log, money. Any other address under /admin answers 404.',
  security: [{ operatorSession: [] }],
  request: {
    params: z.object({
      page: z.string().meta({ description: 'The page, such as `customer` or `audit`.' }),
    }),
  },
  get responses() {
    return consoleAnswers();
  },
});

/** Every page route, in the order the document lists them. */
export const pageRoutes = [
  loginFormRoute,
  codeFormRoute,
  ssoStartRoute,
  ssoCallbackRoute,
  ...earlyFormRoutes,
  consoleHomeRoute,
  consolePageRoute,
];
