/**
 * The outside services the Worker talks to, each as a small interface with a real
 * implementation (used when its secret is configured) and a local one (development only).
 * Services get them in their deps (`deps.mailer`, `deps.botCheck`, `deps.google`, built by
 * functions/deps.ts); tests replace them through `createApp({ adapters })`.
 */

/** One e-mail; `tag` names the kind of message for logs and for the local mailbox. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The kind of e-mail (services/core/mail/rules.ts lists them), e.g. `welcome`. */
  tag: string;
}

/** Sends e-mail. Throws when the message could not be handed over (never fails silently). */
export interface Mailer {
  /**
   * `idempotencyKey` (the outbox id) lets the provider drop a second send of the same message,
   * e.g. when a consumer died after the provider accepted it but before we marked it sent.
   */
  send(message: MailMessage, options?: { idempotencyKey?: string }): Promise<void>;
  /**
   * True when the sent message stays readable only in our own outbox (the local mailbox), so a
   * code or reset link in it must be kept; otherwise it is emptied once delivered.
   */
  readonly keepsSentText?: boolean;
}

/** Work done in the background by the queue consumer (functions/queue.ts). */
export type BackgroundTask =
  /** Hand outbox message `outboxId` to the mail provider (services/core/mail/delivery.ts). */
  | { kind: 'deliver-mail'; outboxId: string }
  /** Forgot-password for `email`, done off the request so its timing tells nothing. */
  | { kind: 'password-reset'; email: string };

/** Hands background tasks to the queue (Cloudflare Queues; tests run them inline). */
export interface TaskQueue {
  /** Throws when the queue did not take them; the caller decides what that means. */
  enqueue(tasks: BackgroundTask[]): Promise<void>;
}

/** Bot-check action names: 'signup' and 'resend_verification' for signup's codes, 'contact' for
 * Get in Touch, 'forgot_password' for the reset request. */
export type BotAction = 'signup' | 'resend_verification' | 'contact' | 'forgot_password';

/**
 * Bot check (fails closed). `true` only for a valid, unused token issued for `action`;
 * a missing, reused, expired or wrong-action token, or an unreachable verifier, is `false`.
 */
export interface BotCheck {
  verify(token: string, action: BotAction, ip: string | null): Promise<boolean>;
}

/** The claims of a verified Google ID token that the account API uses. */
export interface GoogleProfile {
  /** Google's stable account id (`sub`); the key for linking, never the e-mail. */
  sub: string;
  email: string;
  /** Google's `email_verified`; sign-up requires it to be true (callers decide). */
  emailVerified: boolean;
  name: string;
}

/** Verifies a Google ID token (GIS credential). Throws on any invalid token. */
export interface GoogleIdentity {
  verify(idToken: string): Promise<GoogleProfile>;
}

/** What the EU's VAT register says of one number (vat-register.ts). */
export type VatRegisterAnswer = 'registered' | 'not_registered' | 'unavailable';

/** Asks the EU's VAT register whether a normalized VAT number (country prefix first) is registered. */
export interface VatRegister {
  /** VIES in production, the stand-in in development. */
  readonly kind: 'vies' | 'local';
  /** Never throws: an outage or timeout answers `unavailable`. */
  check(vatNumber: string): Promise<VatRegisterAnswer>;
}

/**
 * The TXT records of a host name (dns.ts): `answered` with the records, none when the name has
 * none or does not exist; `unavailable` when DNS could not be asked or answered with a failure.
 */
export type DnsTxtAnswer = { kind: 'answered'; records: string[] } | { kind: 'unavailable' };

/** Looks up TXT records, as the domain checks of organizations need them. */
export interface DnsTxtResolver {
  /** DNS over HTTPS in production, the /dev/dns stand-in in development. */
  readonly kind: 'doh' | 'local';
  /** Never throws: an outage, a timeout or a garbled answer is `unavailable`. */
  txt(name: string): Promise<DnsTxtAnswer>;
}

/** The adapters built for every request and cron run (with `payments` and `tasks`, functions/deps.ts). */
export interface Adapters {
  mailer: Mailer;
  botCheck: BotCheck;
  google: GoogleIdentity;
  vatRegister: VatRegister;
  dns: DnsTxtResolver;
  oidc: OidcClient;
}

/** An organization's OpenID provider as the client needs it (the secret already opened). */
export interface OidcConnection {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** The person an ID token names, once oauth4webapi checked it. */
export interface OidcIdentity {
  /** The provider's stable id of the person (`sub`). */
  subject: string;
  email: string;
  /** False only when the provider says the address is not verified. */
  emailVerified: boolean;
  /** The person's name as the provider has it; '' when it gives none. */
  name: string;
}

/**
 * Why a sign-in failed at or after the provider: its discovery, its own `error=` answer, an
 * answer that is not one, the token endpoint's refusal, or an ID token that did not pass.
 */
export type OidcFailureKind =
  'discovery' | 'provider-error' | 'bad-answer' | 'token-refused' | 'id-token';

export class OidcFailure extends Error {
  constructor(
    readonly kind: OidcFailureKind,
    readonly detail: string,
  ) {
    super(`${kind}: ${detail}`);
    this.name = 'OidcFailure';
  }
}

/** How the OpenID Connect client is built (adapters/oidc.ts). */
export interface OidcClientOptions {
  /** The Worker's global fetch unless given (tests hand in a fake provider). */
  fetch?: typeof fetch;
  /** Allows http issuers and endpoints on this computer: development only (the local provider). */
  allowHttp?: boolean;
  /** How long `checkProvider` waits for the discovery document; 5 seconds unless given. */
  checkTimeoutMs?: number;
}

/** The parts of a provider's discovery document sign-in needs, as `checkProvider` found them. */
export interface DiscoveredProvider {
  /** The issuer exactly as the document names it. */
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
}

/** Why a provider's discovery document did not pass `checkProvider`. */
export type ProviderCheckProblem =
  | { kind: 'timeout' }
  | { kind: 'unreachable' }
  | { kind: 'no-document'; status: number }
  | { kind: 'not-json' }
  | { kind: 'issuer-mismatch'; named: string }
  | { kind: 'missing-endpoint'; what: string };

export class ProviderCheckFailure extends Error {
  constructor(readonly problem: ProviderCheckProblem) {
    super(`provider check: ${problem.kind}`);
    this.name = 'ProviderCheckFailure';
  }
}

/** The OpenID Connect client of single sign-on (adapters/oidc.ts). */
export interface OidcClient {
  /**
   * Reads the issuer's discovery document now (never from the cache, which it refreshes) and
   * checks it: it names the same issuer and gives an authorization, a token and a key (JWKS)
   * endpoint, each https (or on this computer where http is allowed). Throws
   * ProviderCheckFailure saying what is wrong. What the owner's settings ask before a save.
   */
  checkProvider(issuer: string): Promise<DiscoveredProvider>;
  /** The provider's authorization URL for one sign-in (PKCE S256, state, nonce). */
  authorizationUrl(
    connection: OidcConnection,
    request: {
      redirectUri: string;
      state: string;
      nonce: string;
      codeVerifier: string;
      loginHint?: string;
    },
  ): Promise<URL>;
  /**
   * Takes the provider's answer at the callback URL: its `error=`, or the code exchanged and the
   * ID token checked (issuer, audience, expiry at `now`, nonce, signature). Throws OidcFailure.
   */
  exchangeCode(
    connection: OidcConnection,
    request: {
      callback: URL;
      state: string;
      redirectUri: string;
      codeVerifier: string;
      nonce: string;
      now: number;
    },
  ): Promise<OidcIdentity>;
}
