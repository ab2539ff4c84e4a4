/**
 * Payment settings, as zod fields for functions/env.ts to spread into its config schema, so each
 * is parsed once with the rest and a malformed one fails at the first request, naming itself.
 * Which provider they select is decided in ./index.ts. A function, so the fields are built with
 * that schema, the first time it is used (src/contract/schemas/lazy.ts), not when this loads.
 */
import { z } from 'zod';

/** Absent and empty (a `[vars]` default of "") both mean "not configured". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const paymentsConfigFields = () => ({
  /** Stripe secret or restricted key (secret). With it, checkout and billing go to Stripe. */
  STRIPE_SECRET_KEY: optional(
    z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_… or rk_…)'),
  ),
  /** Signing secret of the Stripe webhook endpoint for /api/stripe/webhook (secret). */
  STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_\S+$/, 'must start with whsec_')),
  /** The yearly Standard price in Stripe (`price_…`, [vars]); its amount must match site.config. */
  STRIPE_PRICE_ID: optional(z.string().regex(/^price_\w+$/, 'must be a Stripe price id (price_…)')),
  /**
   * `true` once Stripe Tax is set up (origin address, registrations, product tax code): Checkout
   * then adds tax with `automatic_tax`. Off by default ([vars]); without it no tax is added.
   */
  STRIPE_AUTOMATIC_TAX: optional(z.enum(['true', 'false'])),
  /** Tests and fakes only: another API host for the Stripe SDK (default api.stripe.com). */
  STRIPE_API_HOST: optional(z.string().min(1)),
  /** Tests and fakes only: the API port (default 443). */
  STRIPE_API_PORT: optional(z.coerce.number().int().min(1).max(65535)),
  /** Tests and fakes only: `http` for a fake server (default https). */
  STRIPE_API_PROTOCOL: optional(z.enum(['http', 'https'])),
  /**
   * Development only: the secret /dev/checkout signs its webhook events with, and the local
   * provider verifies them with. Written to .dev.vars by `npm start`; ignored in production.
   */
  DEV_STRIPE_WEBHOOK_SECRET: optional(
    z.string().regex(/^whsec_\S{24,}$/, 'must be whsec_ + 24 or more characters'),
  ),
});

/** The settings createPayments reads; `Config` from env.ts satisfies it once the fields are in. */
export type PaymentsConfig = z.infer<z.ZodObject<ReturnType<typeof paymentsConfigFields>>> & {
  ENVIRONMENT: 'production' | 'development';
};
