/**
 * Card payment calls: the standard signup answers where to pay, and the
 * payment-processing page polls check-payment-completion. No temporary password exists: the
 * browser that signed up holds an HttpOnly pending-signup cookie and is signed in directly.
 */
import { z } from 'zod';
import { refundReasons } from './messages';
import { userSchema } from './user';

/** Answer of POST /api/register-email-standard: send the browser to `checkoutUrl`. */
export const standardCheckoutResponseSchema = z.object({
  checkoutUrl: z.string().url(),
  /** The checkout session id (also in the success URL as `session_id`). */
  sessionId: z.string(),
});
export type StandardCheckoutResponse = z.infer<typeof standardCheckoutResponseSchema>;

/** POST /api/check-payment-completion */
export const checkPaymentCompletionSchema = z.object({
  sessionId: z.string().min(1).max(255),
});
export type CheckPaymentCompletionBody = z.infer<typeof checkPaymentCompletionSchema>;

/**
 * Answer of POST /api/check-payment-completion. Unpaid yet: `{ accountCreated: false }`. Paid:
 * `{ accountCreated: true }` and nothing more, except once: the first call from the browser that
 * signed up (it carries that signup's pending cookie, which the call then spends and clears) also
 * gets the e-mail and the session (`token`, `user`, `tokenExpiration`) and its cookie.
 */
export const paymentCompletionResponseSchema = z.object({
  accountCreated: z.boolean(),
  /**
   * True when the checkout was a Trial → Standard upgrade of an existing account.
   * The upgrading browser is already signed in: it gets `email`, `user` and `tokenExpiration` of
   * its own session (no new `token`); any other browser nothing more, and /login shows
   * Messages.upgradedPleaseLogin.
   */
  upgraded: z.boolean().optional(),
  email: z.string().optional(),
  token: z.string().optional(),
  user: userSchema.optional(),
  tokenExpiration: z.number().int().optional(),
  /**
   * With `accountCreated: false`: this payment could not be applied (e.g. the e-mail got an
   * account from another tab's payment) and is refunded automatically; `done` once refunded.
   * The page says so (Messages.paymentRefunded) and stops polling.
   */
  refund: z.object({ reason: z.enum(refundReasons), done: z.boolean() }).optional(),
});
export type PaymentCompletionResponse = z.infer<typeof paymentCompletionResponseSchema>;
