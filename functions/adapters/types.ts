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
  /** The kind of e-mail (services/mail/rules.ts lists them), e.g. `welcome`. */
  tag: string;
}

/** Sends e-mail. Throws when the message could not be handed over (never fails silently). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Bot-check action names (SPEC §7: 'signup' and 'resend_verification'; 'contact' for Get in Touch). */
export type BotAction = 'signup' | 'resend_verification' | 'contact';

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

/** The adapters built for every request and cron run (with `payments`, functions/deps.ts). */
export interface Adapters {
  mailer: Mailer;
  botCheck: BotCheck;
  google: GoogleIdentity;
}
