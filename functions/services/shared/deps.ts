/**
 * What every service needs from the world, in one object: `(deps, input)`. Built once per request
 * by the context middleware and once per cron run (functions/deps.ts), so services never read
 * bindings, headers or the system clock themselves, and tests control each part.
 */
import type { PaymentProvider } from '../../adapters/payments';
import type {
  BotCheck,
  DnsTxtResolver,
  GoogleIdentity,
  Mailer,
  OidcClient,
  TaskQueue,
  VatRegister,
} from '../../adapters/types';
import type { Release } from '../../../src/releases/releases';
import type { Db, Millis } from './db';

/** The Worker secrets services use (parsed and checked once, functions/env.ts). */
export interface Secrets {
  /** Signs session JWTs and the pending-signup cookie; keys verification-code hashes. */
  jwtSecret: string;
  /** Keys password hashes. */
  pepper: string;
  /** The private Ed25519 JWK (JSON) that signs license files. */
  licenseSigningKey: string;
}

/** Who is calling: stored with sessions, activations and contact messages. */
export interface ClientInfo {
  /** As Cloudflare reports it (CF-Connecting-IP); null for local tools, tests and cron. */
  ip: string | null;
  userAgent: string | null;
}

export interface Deps {
  db: Db;
  /** The request's (or cron run's) time in ms; tests inject their own clock. */
  now: Millis;
  secrets: Secrets;
  /** Absolute origin for links in e-mails and checkout return URLs, e.g. `https://sheetwright.example`. */
  origin: string;
  client: ClientInfo;
  /** E-mail provider: Resend, or the local mailbox in development (adapters/mail.ts). */
  mailer: Mailer;
  /** Background tasks (mail delivery, forgot-password): the Cloudflare Queue (adapters/tasks.ts). */
  tasks: TaskQueue;
  /** Bot check: Turnstile, or signed single-use dev tokens in development. */
  botCheck: BotCheck;
  /** Google ID token verifier: Google's JWKS, or the /dev/google key in development. */
  google: GoogleIdentity;
  /** The EU's VAT register: VIES, or the stand-in that knows two numbers in development. */
  vatRegister: VatRegister;
  /** TXT look-ups (organizations' domains): DNS over HTTPS, or the /dev/dns stand-in in development. */
  dns: DnsTxtResolver;
  /** OpenID Connect client of the organizations' own identity providers (single sign-on). */
  oidc: OidcClient;
  /** Card payments: Stripe, or the /dev/checkout stand-in in development. */
  payments: PaymentProvider;
  /**
   * The releases, newest first: src/generated/releases.ts, written from src/content/releases/
   * (tests ship their own). The current version, the downloads and the update check read them.
   */
  releases: readonly Release[];
}
