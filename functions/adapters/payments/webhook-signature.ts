/**
 * Stripe's webhook signature scheme, used by both payment providers: the Stripe SDK verifies
 * (real and local events go through the same code), and /dev/checkout signs its local events
 * exactly as Stripe does: `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret,
 * "<t>.<raw body>")>`, keyed with the whole `whsec_…` string.
 */
import Stripe from 'stripe';
import { WebhookSignatureError, type ProviderEvent } from './types';

/** Explicitly Web Crypto, whichever SDK build the bundler picks (the Node build defaults to node:crypto). */
const cryptoProvider = Stripe.createSubtleCryptoProvider();

/** Signs a raw payload for the `Stripe-Signature` header. */
export async function signWebhookPayload(
  payload: string,
  secret: string,
  timestampSeconds: number = Math.floor(Date.now() / 1000),
): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign(
    'HMAC',
    key,
    encoder.encode(`${timestampSeconds}.${payload}`),
  );
  const hex = [...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `t=${timestampSeconds},v1=${hex}`;
}

/**
 * Verifies with the SDK's `constructEventAsync` and its default tolerance (300 s: an event
 * signed earlier is refused, which bounds replays of a captured delivery). Errors become
 * WebhookSignatureError with a reason; the SDK's messages never reach a client.
 */
export async function verifyWebhookSignature(
  rawBody: string,
  signatureHeader: string | null,
  secret: string,
): Promise<ProviderEvent> {
  if (!signatureHeader) {
    throw new WebhookSignatureError('missing_signature', 'The Stripe-Signature header is missing.');
  }
  let event: unknown;
  try {
    event = await Stripe.webhooks.constructEventAsync(
      rawBody,
      signatureHeader,
      secret,
      undefined,
      cryptoProvider,
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      const stale = error.message.startsWith('Timestamp outside the tolerance zone');
      throw stale
        ? new WebhookSignatureError('stale', 'The webhook signature is too old.')
        : new WebhookSignatureError('invalid_signature', 'The webhook signature does not match.');
    }
    // A correctly signed body that is not JSON: only a broken sender produces that.
    throw new WebhookSignatureError('malformed', 'The webhook body is not a JSON event.');
  }
  if (!isEventEnvelope(event)) {
    throw new WebhookSignatureError('malformed', 'The webhook body is not a Stripe event.');
  }
  return event;
}

function isEventEnvelope(value: unknown): value is ProviderEvent {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as Record<string, unknown>;
  const data = event['data'];
  return (
    event['object'] === 'event' &&
    typeof event['id'] === 'string' &&
    typeof event['type'] === 'string' &&
    typeof event['created'] === 'number' &&
    typeof event['livemode'] === 'boolean' &&
    typeof data === 'object' &&
    data !== null &&
    'object' in data
  );
}
