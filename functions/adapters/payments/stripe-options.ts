/**
 * The Stripe provider's settings and API version, apart from the SDK: stripe.ts (which the Worker
 * imports) and stripe-sdk.ts (loaded on first use) both read them.
 */
import type Stripe from 'stripe';

/**
 * The API version every call is pinned to. Typed as the SDK's latest, so an SDK upgrade that
 * moves it fails type-checking here, and someone re-reads the changelog for shape changes
 * (e.g. 2025-03-31 moved `current_period_end` onto subscription items). The webhook endpoint in
 * the Stripe dashboard should use the same version; webhook-events.ts also reads older shapes.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.LatestApiVersion;

export interface StripePaymentsOptions {
  secretKey: string;
  webhookSecret: string;
  /** The yearly Standard price (`price_…`). */
  priceId: string;
  /** Stripe Tax is set up: Checkout computes and adds tax (`STRIPE_AUTOMATIC_TAX`). */
  automaticTax?: boolean;
  /** Another API server (tests point the SDK at a fake one); default api.stripe.com:443 over https. */
  api?: { host: string; port?: number | undefined; protocol?: 'http' | 'https' | undefined };
  fetch?: typeof fetch;
}
