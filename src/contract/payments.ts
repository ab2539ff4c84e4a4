/**
 * Card payment answers: the standard signup answers where to pay, and the payment-processing
 * page polls check-payment-completion (its request: schemas/auth.ts). No temporary password exists: the
 * browser that signed up holds an HttpOnly pending-signup cookie and is signed in directly.
 * The zod schemas are in api/payments-answers.ts; the islands' checks in src/generated/answers/.
 */
import type { CheckPaymentCompletionAnswer } from '../generated/answers/CheckPaymentCompletionAnswer';
import type { CheckoutAnswer } from '../generated/answers/CheckoutAnswer';

/** Answer of POST /api/register-email-standard: send the browser to `checkoutUrl`. */
export type StandardCheckoutResponse = CheckoutAnswer;

/**
 * Answer of POST /api/check-payment-completion. Unpaid yet: `{ accountCreated: false }`. Paid:
 * `{ accountCreated: true }` and nothing more, except once: the first call from the browser that
 * signed up (it carries that signup's pending cookie, which the call then spends and clears) also
 * gets the e-mail and the session (`token`, `user`, `tokenExpiration`) and its cookie.
 */
export type PaymentCompletionResponse = CheckPaymentCompletionAnswer;
