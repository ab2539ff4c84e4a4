/**
 * The answers whose domain types src/contract/payments.ts names, described once: these zod schemas are
 * what the Worker's answers are typed by, what the published API states, and what
 * `npm run openapi` turns into the islands' checks (src/generated/answers/). Worker and
 * contract only: no island imports this (no zod in the browser).
 */
import { z } from 'zod';
import { lazySchema } from '../schemas/lazy';
import { refundReasons } from '../refunds';
import { userViewSchema as userSchema } from './account-schemas';

/** Answer of POST /api/register-email-standard: send the browser to `checkoutUrl`. */
export const standardCheckoutResponseSchema = lazySchema(() =>
  z.object({
    checkoutUrl: z.url({ protocol: /^https?$/ }),
    /** The checkout session id (also in the success URL as `session_id`). */
    sessionId: z.string(),
  }),
).meta({ id: 'CheckoutAnswer' });

/**
 * Answer of POST /api/check-payment-completion. Unpaid yet: `{ accountCreated: false }`. Paid:
 * `{ accountCreated: true }` and nothing more, except once: the first call from the browser that
 * signed up (it carries that signup's pending cookie, which the call then spends and clears) also
 * gets the e-mail and the session (`token`, `user`, `tokenExpiration`) and its cookie.
 */
export const paymentCompletionResponseSchema = lazySchema(() =>
  z.object({
    accountCreated: z.boolean(),
    /**
     * True when the checkout was a Trial → Standard upgrade of an existing account.
     * The upgrading browser is already signed in: it gets `email`, `user` and `tokenExpiration` of
     * its own session (no new `token`); any other browser nothing more, and /login shows
     * Messages.upgradedPleaseLogin.
     */
    upgraded: z.optional(z.boolean()),
    email: z.optional(z.string()),
    token: z.optional(z.string()),
    user: z.optional(userSchema),
    tokenExpiration: z.optional(z.int()),
    /**
     * With `accountCreated: false`: this payment could not be applied (e.g. the e-mail got an
     * account from another tab's payment) and is refunded automatically; `done` once refunded.
     * The page says so (Messages.paymentRefunded) and stops polling.
     */
    refund: z.optional(z.object({ reason: z.enum(refundReasons), done: z.boolean() })),
  }),
);
