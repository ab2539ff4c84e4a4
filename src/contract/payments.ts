/**
 * Card payment answers: the standard signup answers where to pay, and the payment-processing
 * page polls check-payment-completion (its request: schemas/auth.ts). No temporary password exists: the
 * browser that signed up holds an HttpOnly pending-signup cookie and is signed in directly.
 * Shapes, not zod: the islands check these answers (see shape.ts).
 */
import { refundReasons } from './refunds.ts';
import { boolean, httpUrl, integer, object, oneOf, optional, string, type Infer } from './shape.ts';
import { userSchema } from './user.ts';

/** Answer of POST /api/register-email-standard: send the browser to `checkoutUrl`. */
export const standardCheckoutResponseSchema = object({
  checkoutUrl: httpUrl,
  /** The checkout session id (also in the success URL as `session_id`). */
  sessionId: string,
});
export type StandardCheckoutResponse = Infer<typeof standardCheckoutResponseSchema>;

/**
 * Answer of POST /api/check-payment-completion. Unpaid yet: `{ accountCreated: false }`. Paid:
 * `{ accountCreated: true }` and nothing more, except once: the first call from the browser that
 * signed up (it carries that signup's pending cookie, which the call then spends and clears) also
 * gets the e-mail and the session (`token`, `user`, `tokenExpiration`) and its cookie.
 */
export const paymentCompletionResponseSchema = object({
  accountCreated: boolean,
  /**
   * True when the checkout was a Trial → Standard upgrade of an existing account.
   * The upgrading browser is already signed in: it gets `email`, `user` and `tokenExpiration` of
   * its own session (no new `token`); any other browser nothing more, and /login shows
   * Messages.upgradedPleaseLogin.
   */
  upgraded: optional(boolean),
  email: optional(string),
  token: optional(string),
  user: optional(userSchema),
  tokenExpiration: optional(integer),
  /**
   * With `accountCreated: false`: this payment could not be applied (e.g. the e-mail got an
   * account from another tab's payment) and is refunded automatically; `done` once refunded.
   * The page says so (Messages.paymentRefunded) and stops polling.
   */
  refund: optional(object({ reason: oneOf(refundReasons), done: boolean })),
});
export type PaymentCompletionResponse = Infer<typeof paymentCompletionResponseSchema>;
