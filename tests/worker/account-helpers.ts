/**
 * Helpers for the account API tests: an app with in-memory fakes for the outside services and a
 * controllable clock, plus small builders for the common steps (send a code, read it from the
 * fake mailbox, sign up). Every call to `accountApp()` is a separate world: its own clock, IP,
 * mailbox and (through `uniqueEmail()`) its own addresses, so tests never share state.
 */
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { expect } from 'vitest';
import type { AuthResponse } from '../../src/contract/user';
import type { Release } from '../../src/releases/releases';
import type { PaymentProvider } from '../../functions/adapters/payments';
import type {
  BotAction,
  GoogleProfile,
  MailMessage,
  OidcClient,
  VatRegister,
} from '../../functions/adapters/types';
import { createLocalVatRegister } from '../../functions/adapters/vat-register-local';
import { createApp } from '../../functions/app';
import { unknownRoute } from '../../functions/app-frame';
import { buildDeps, type AppAdapters } from '../../functions/deps';
import { readConfig, type Bindings } from '../../functions/env';
import { SESSION_COOKIE, type AccountEnv } from '../../functions/middleware/auth';
import { droppingTaskQueue, inlineTaskQueue, ORIGIN, type InlineTaskQueue } from './helpers';

/** A fixed, realistic start time (2026-03-01T12:00:00Z) that tests move forward by hand. */
export const START = Date.UTC(2026, 2, 1, 12);

/** A random address nobody else uses; `domain` for Gmail or disposable cases. */
export function uniqueEmail(domain = 'example.com', prefix = 'user'): string {
  return `${prefix}.${crypto.randomUUID().slice(0, 12)}@${domain}`;
}

/** A random browser fingerprint id. */
export function uniqueFingerprint(): string {
  return `fp-${crypto.randomUUID()}`;
}

/** A bot-check token the fake accepts for `action`. */
export function botToken(action: BotAction): string {
  return `ok:${action}`;
}

/** A Google ID token the fake identity adapter accepts, carrying `profile`. */
export function googleToken(profile: Partial<GoogleProfile> = {}): string {
  const full: GoogleProfile = {
    sub: `g-${crypto.randomUUID()}`,
    email: uniqueEmail('example.com', 'google'),
    emailVerified: true,
    name: 'Grace Google',
    ...profile,
  };
  // A nonce keeps two tokens for one profile distinct, as two real credentials would be. UTF-8
  // first: btoa takes Latin-1 only, and a profile's name may be in any script.
  const json = JSON.stringify({ ...full, nonce: crypto.randomUUID() });
  return `google:${btoa(String.fromCharCode(...new TextEncoder().encode(json)))}`;
}

export interface AccountApp {
  /** Sends a request; JSON bodies are serialized and get the JSON content type. */
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  /** POST with a JSON body. */
  post(path: string, json: unknown, headers?: Record<string, string>): Promise<Response>;
  clock: { now: number; advance(seconds: number): void };
  /** Every e-mail the app delivered, oldest first (tasks run inline, so at once). */
  mail: MailMessage[];
  /** The background tasks the app queued (run inline). */
  tasks: InlineTaskQueue;
  /** Bot-check calls, to assert the action used. */
  botCalls: { token: string; action: BotAction }[];
  /** This world's client IP (sent as CF-Connecting-IP). */
  ip: string;
  env: Bindings;
}

/** Options for `accountApp`. */
export interface AccountAppOptions {
  /** Make the fake mailer throw. */
  mailFails?: boolean;
  /** Keep queued background tasks without running them (a lost message, a killed Worker). */
  dropTasks?: boolean;
  /** Replaces the payment provider (e.g. the local one on a memory store). */
  payments?: PaymentProvider;
  /** Bindings for this app, merged over the test env (e.g. ENVIRONMENT). */
  env?: Partial<Bindings>;
  /** The releases the app knows (default: src/generated/releases.ts, the repository's own). */
  releases?: readonly Release[];
  /** The EU's VAT register (default: the local stand-in, which knows two numbers). */
  vatRegister?: VatRegister;
  /** The OpenID Connect client of single sign-on (e.g. one talking to a fake provider). */
  oidc?: OidcClient;
}

/** A fresh app with fake adapters and a clock starting at START. */
export function accountApp(options: AccountAppOptions = {}): AccountApp {
  const mail: MailMessage[] = [];
  const botCalls: { token: string; action: BotAction }[] = [];
  const clock = {
    now: START,
    advance(seconds: number) {
      this.now += seconds * 1000;
    },
  };
  const fullEnv: Bindings = { ...env, ...options.env };
  const adapters: Partial<AppAdapters> = {
    mailer: {
      async send(message) {
        if (options.mailFails) throw new Error('fake mail provider down');
        mail.push(message);
      },
    },
    botCheck: {
      async verify(token, action) {
        botCalls.push({ token, action });
        return token === botToken(action);
      },
    },
    google: {
      async verify(idToken) {
        if (!idToken.startsWith('google:')) throw new Error('not a Google token');
        const bytes = Uint8Array.from(atob(idToken.slice('google:'.length)), (c) =>
          c.charCodeAt(0),
        );
        return JSON.parse(new TextDecoder().decode(bytes)) as GoogleProfile;
      },
    },
    // Tests run as production, which would ask VIES over the network: the stand-in answers.
    vatRegister: options.vatRegister ?? createLocalVatRegister(),
    ...(options.payments ? { payments: options.payments } : {}),
    ...(options.releases ? { releases: options.releases } : {}),
    ...(options.oidc ? { oidc: options.oidc } : {}),
  };
  // Background tasks run inline with the same fakes and clock, as the queue consumer would.
  const runTasks = (): InlineTaskQueue =>
    inlineTaskQueue(() =>
      buildDeps({
        env: fullEnv,
        config: readConfig(fullEnv),
        now: clock.now,
        origin: ORIGIN,
        client: { ip: null, userAgent: null },
        overrides: adapters,
      }),
    );
  const tasks = options.dropTasks ? droppingTaskQueue() : runTasks();
  adapters.tasks = tasks;
  const app = createApp({ adapters });
  const wrapper = new Hono<AccountEnv>()
    .use('*', async (c, next) => {
      c.set('clock', () => clock.now);
      await next();
    })
    .route('/', app)
    .notFound(unknownRoute(app.routes));
  const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}-${crypto.randomUUID().slice(0, 8)}`;

  const request: AccountApp['request'] = (path, init = {}) => {
    const { json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (!headers.has('CF-Connecting-IP')) headers.set('CF-Connecting-IP', ip);
    if (json !== undefined) headers.set('Content-Type', 'application/json');
    const body = json === undefined ? rest.body : JSON.stringify(json);
    return Promise.resolve(
      wrapper.request(
        new URL(path, ORIGIN).toString(),
        { ...rest, headers, body: body ?? null },
        fullEnv,
      ),
    );
  };
  return {
    request,
    post: (path, json, headers = {}) => request(path, { method: 'POST', json, headers }),
    clock,
    mail,
    tasks,
    botCalls,
    ip,
    env: fullEnv,
  };
}

/**
 * The last 6-digit code mailed to `email` by this app; when its tasks are dropped (nothing is
 * delivered), the code still waiting in the outbox.
 */
export async function lastCode(app: AccountApp, email: string): Promise<string> {
  const to = email.trim().toLowerCase();
  const message = app.mail.filter((m) => m.to === to && m.tag === 'verification-code').at(-1);
  const waiting = message
    ? undefined
    : await env.DB.prepare(
        "SELECT text FROM outbox WHERE to_email = ? AND tag = 'verification-code' AND status = 'queued' ORDER BY created_at DESC, rowid DESC LIMIT 1",
      )
        .bind(to)
        .first<{ text: string }>();
  const code = (message ?? waiting)?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No verification code was mailed to ${email}`);
  return code;
}

/** A complete trial signup form. */
export function signupForm(overrides: Partial<Record<string, unknown>> = {}) {
  return {
    customerName: 'Ada Lovelace',
    email: uniqueEmail(),
    password: 'correct horse battery staple',
    agreeToTerms: true,
    fingerprintId: uniqueFingerprint(),
    plan: 'trial',
    ...overrides,
  } as {
    customerName: string;
    email: string;
    password: string;
    agreeToTerms: true;
    fingerprintId: string;
    plan: 'trial' | 'standard';
  };
}

/** POST /api/send-verification-email for a form. */
export function sendCode(app: AccountApp, form: ReturnType<typeof signupForm>, resend = false) {
  return app.post('/api/send-verification-email', {
    customerName: form.customerName,
    email: form.email,
    plan: form.plan,
    fingerprintId: form.fingerprintId,
    recaptchaToken: botToken(resend ? 'resend_verification' : 'signup'),
    ...(resend ? { resend: true } : {}),
  });
}

/** Sends a code and checks it, asserting both succeed. */
export async function verifyEmail(app: AccountApp, form: ReturnType<typeof signupForm>) {
  expect((await sendCode(app, form)).status).toBe(200);
  const response = await app.post('/api/verify-email-code', {
    email: form.email,
    code: await lastCode(app, form.email),
  });
  expect(response.status).toBe(200);
}

/** A signed-in account: the API's answer plus the cookie and headers to act as it. */
export interface SignedInAccount {
  form: ReturnType<typeof signupForm>;
  auth: AuthResponse;
  /** Cookie header value carrying the session. */
  cookie: string;
  /** Headers of a same-origin browser request with the session cookie. */
  browser: Record<string, string>;
  /** Headers of an API client with the Bearer token. */
  bearer: Record<string, string>;
}

/** The session cookie's value from a response, or undefined. */
export function sessionCookieOf(response: Response): string | undefined {
  const header = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  return header?.split(';')[0]?.slice(SESSION_COOKIE.length + 1);
}

/** Headers for acting with a token, as a browser (cookie + Origin) and as an API client. */
export function credentials(token: string) {
  const cookie = `${SESSION_COOKIE}=${token}`;
  return {
    cookie,
    browser: { Cookie: cookie, Origin: ORIGIN },
    bearer: { Authorization: `Bearer ${token}` },
  };
}

/** Runs the whole e-mail trial signup (send, verify, register) and returns the signed-in account. */
export async function signUpTrial(
  app: AccountApp,
  overrides: Partial<Record<string, unknown>> = {},
): Promise<SignedInAccount> {
  const form = signupForm(overrides);
  await verifyEmail(app, form);
  const response = await app.post('/api/register-email-trial', form);
  expect(response.status, await response.clone().text()).toBe(200);
  const auth = await response.json<AuthResponse>();
  return { form, auth, ...credentials(auth.token) };
}

/** Reads one row by SQL (for asserting what was stored). */
export async function queryAll<T>(sql: string, ...params: unknown[]): Promise<T[]> {
  const { results } = await env.DB.prepare(sql)
    .bind(...params)
    .all<T>();
  return results;
}
