/**
 * POST /api/stripe/webhook: Stripe's events, handed to services/billing/webhook.ts, which
 * verifies the signature and applies the event. Mounted before the /api body guards (its own,
 * larger limit); no session is read, so CSRF does not apply: the Stripe signature is the
 * authentication.
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { stripeWebhookRoute } from '../../src/contract/api/payments-routes';
import type { AppEnv } from '../env';
import { declaredRoutes } from '../lib/openapi';
import { fail } from '../lib/errors';
import { handleStripeWebhook } from '../services/billing/webhook';

/** Where Stripe sends our events (and /dev/checkout's Pay, locally). */
export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

/** Stripe events are small, but a large invoice can exceed the API's 64 KB; 512 KB is ample. */
export const WEBHOOK_MAX_BYTES = 512 * 1024;

const limitWebhookBody: MiddlewareHandler<AppEnv> = bodyLimit({
  maxSize: WEBHOOK_MAX_BYTES,
  onError: () => {
    throw fail('PAYLOAD_TOO_LARGE');
  },
});

// Its request is documented only (a getter, declared in payments-routes.ts), so no validator reads
// the body before the signature check does.
export const webhookRoutes = declaredRoutes<AppEnv>().openapi(
  { ...stripeWebhookRoute, middleware: limitWebhookBody },
  async (c) => {
    const outcome = await handleStripeWebhook(c.get('deps'), {
      rawBody: await c.req.text(),
      signature: c.req.header('Stripe-Signature') ?? null,
    });
    return c.json({ received: true as const, outcome }, 200);
  },
);
