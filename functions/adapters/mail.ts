/**
 * E-mail providers: Resend's HTTP API in production; in development the local mailbox, where
 * the D1 outbox row itself is the delivered message (read at /dev/mailbox; mail-local.ts). Every message is
 * written to the outbox first (services/core/mail/outbox.ts); these only hand it over, and throw when
 * they could not, so the queue tries again.
 */
import type { MailMessage, Mailer } from './types';

/** Resend's send endpoint (https://resend.com/docs/api-reference/emails/send-email). */
export const RESEND_API_URL = 'https://api.resend.com/emails';

/** An e-mail the provider refused or never received; `status` is 0 when no answer came. */
export class MailDeliveryError extends Error {
  override readonly name = 'MailDeliveryError';
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export interface ResendMailerOptions {
  apiKey: string;
  /** Sender, e.g. `Sheetwright <no-reply@sheetwright.example>`; its domain must be verified. */
  from: string;
  /** Another Resend-compatible endpoint (tests point it at a fake server). */
  endpoint?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Sends through Resend's HTTP API (Bearer key, JSON body). Throws MailDeliveryError on failure. */
export function createResendMailer(options: ResendMailerOptions): Mailer {
  const { apiKey, from, endpoint = RESEND_API_URL, timeoutMs = 10_000 } = options;
  // Resolved per call, not captured at creation, so a test's fetch spy applies.
  const send =
    options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  // An error message must never carry the key, even if a provider echoed it back.
  const scrub = (text: string) => text.split(apiKey).join('[redacted]');

  return {
    async send(message: MailMessage, { idempotencyKey } = {}) {
      const body = {
        from,
        to: [message.to],
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
      };
      let response: Response;
      try {
        response = await send(endpoint, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${apiKey}`,
            'Content-Type': 'application/json',
            // Resend keeps a key 24 hours: a retried delivery of one outbox row is sent once.
            ...(idempotencyKey === undefined ? {} : { 'Idempotency-Key': idempotencyKey }),
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const reason = error instanceof Error ? error.name : 'network error';
        throw new MailDeliveryError(
          0,
          `E-mail provider unreachable (${reason}); tag ${message.tag}`,
        );
      }
      if (!response.ok) {
        // The provider's explanation helps the operator ("domain not verified"); cap its size.
        const detail = scrub((await response.text().catch(() => '')).slice(0, 300));
        throw new MailDeliveryError(
          response.status,
          `E-mail provider answered ${response.status}; tag ${message.tag}: ${detail}`,
        );
      }
      // Drain the body so the connection can be reused.
      await response.body?.cancel();
    },
  };
}

/**
 * Production without RESEND_API_KEY and MAIL_FROM: every send fails loudly (logged, thrown)
 * instead of dropping mail on the floor or falling back to a table nobody reads.
 */
export function createUnconfiguredMailer(): Mailer {
  return {
    async send(message: MailMessage) {
      const error = new MailDeliveryError(
        0,
        `E-mail is not configured: set the RESEND_API_KEY secret and MAIL_FROM; tag ${message.tag}`,
      );
      console.error(error.message);
      throw error;
    },
  };
}
