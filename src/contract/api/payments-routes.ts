/**
 * Standard signup and its payment, by card or by invoice, and the payment provider's webhook,
 * declared once: the Worker mounts its handlers on these (functions/routes/payments.ts,
 * stripe-webhook.ts) and the OpenAPI document (document.ts) publishes them. Anyone may make these
 * calls: the signup proves its e-mail with a code or a Google sign-in, and the webhook with the
 * provider's signature. Paths are relative to `/api`.
 */
import { z } from '@hono/zod-openapi';
import type { ErrorCode } from '../catalogue';
import { checkPaymentCompletionSchema } from '../schemas/auth';
import {
  invoiceQuoteSchema,
  registerEmailInvoiceSchema,
  registerGoogleInvoiceSchema,
} from '../schemas/invoice-purchase';
import {
  registerEmailStandardSchema,
  registerGoogleStandardSchema,
} from '../schemas/register-plans';
import {
  bodyErrors,
  declareRoute,
  errorAnswers,
  jsonAnswer,
  jsonRequest,
  publicCall,
} from './describe';
import {
  invoiceQuoteResponseSchema,
  invoiceSignupResponseSchema,
} from './invoice-purchase-answers';
import {
  paymentCompletionResponseSchema,
  standardCheckoutResponseSchema,
} from './payments-answers';

const tags = ['Standard signup'];
/** What refuses a new account with a password: an unverified e-mail, one taken, a weak password. */
const emailSignupErrors: readonly ErrorCode[] = ['NOT_VERIFIED', 'ACCOUNT_EXISTS', 'WEAK_PASSWORD'];
/** What refuses a new account by Google: a sign-in that fails, or an account that exists. */
const googleSignupErrors: readonly ErrorCode[] = ['GOOGLE_AUTH_FAILED', 'ACCOUNT_EXISTS'];
/** What refuses a purchase by invoice before anything is stored. */
const invoicePurchaseErrors: readonly ErrorCode[] = [
  'INVOICE_NEEDS_SEATS',
  'INVALID_BILLING_DETAILS',
  'INVALID_PO_NUMBER',
];
const checkoutErrors: readonly ErrorCode[] = ['CHECKOUT_IN_PROGRESS', 'PAYMENTS_UNAVAILABLE'];
const checkoutAnswer = () =>
  jsonAnswer(
    standardCheckoutResponseSchema,
    'Where to pay. The browser also gets a short-lived cookie naming this signup, so the page it returns to after paying signs it in.',
  );
const invoiceSignupAnswer = () =>
  jsonAnswer(
    invoiceSignupResponseSchema,
    'The account exists, with its team and the invoice sent; the browser is signed in (the session also as a cookie).',
  );

export const emailStandardSignupRoute = declareRoute({
  method: 'post',
  path: '/register-email-standard',
  operationId: 'startEmailStandardSignup',
  tags,
  summary: 'Sign up for Standard with a password',
  description:
    "Opens the payment provider's checkout for a new Standard account whose e-mail was verified with a code; the account is made once the payment arrives.",
  security: publicCall,
  request: jsonRequest(registerEmailStandardSchema),
  get responses() {
    return {
      200: checkoutAnswer(),
      ...errorAnswers(...bodyErrors, ...emailSignupErrors, ...checkoutErrors),
    };
  },
});

export const googleStandardSignupRoute = declareRoute({
  method: 'post',
  path: '/register-google-standard',
  operationId: 'startGoogleStandardSignup',
  tags,
  summary: 'Sign up for Standard with Google',
  description:
    "Opens the payment provider's checkout for a new Standard account signed in with Google; the account is made once the payment arrives.",
  security: publicCall,
  request: jsonRequest(registerGoogleStandardSchema),
  get responses() {
    return {
      200: checkoutAnswer(),
      ...errorAnswers(...bodyErrors, ...googleSignupErrors, ...checkoutErrors),
    };
  },
});

export const invoiceQuoteRoute = declareRoute({
  method: 'post',
  path: '/invoice-quote',
  operationId: 'quoteInvoice',
  tags,
  summary: 'Price of a purchase by invoice',
  description:
    'What an invoice for these seats and billing details charges (with tax, or none for a VAT number the EU register confirms), and within how many days it is due. Nothing is stored.',
  security: publicCall,
  request: jsonRequest(invoiceQuoteSchema),
  get responses() {
    return {
      200: jsonAnswer(invoiceQuoteResponseSchema, 'The quote.'),
      ...errorAnswers(...bodyErrors, ...invoicePurchaseErrors, 'TOO_MANY_ATTEMPTS'),
    };
  },
});

export const emailInvoiceSignupRoute = declareRoute({
  method: 'post',
  path: '/register-email-standard-invoice',
  operationId: 'signUpEmailByInvoice',
  tags,
  summary: 'Sign up a team with a password, paid by invoice',
  description:
    'Makes the Standard account (its e-mail verified with a code), its team and the open invoice at once. Sent again with the same `purchaseId`, it answers the same purchase.',
  security: publicCall,
  request: jsonRequest(registerEmailInvoiceSchema),
  get responses() {
    return {
      200: invoiceSignupAnswer(),
      ...errorAnswers(
        ...bodyErrors,
        ...invoicePurchaseErrors,
        ...emailSignupErrors,
        'PAYMENTS_UNAVAILABLE',
      ),
    };
  },
});

export const googleInvoiceSignupRoute = declareRoute({
  method: 'post',
  path: '/register-google-standard-invoice',
  operationId: 'signUpGoogleByInvoice',
  tags,
  summary: 'Sign up a team with Google, paid by invoice',
  description:
    'Makes the Standard account signed in with Google, its team and the open invoice at once. Sent again with the same `purchaseId`, it answers the same purchase.',
  security: publicCall,
  request: jsonRequest(registerGoogleInvoiceSchema),
  get responses() {
    return {
      200: invoiceSignupAnswer(),
      ...errorAnswers(
        ...bodyErrors,
        ...invoicePurchaseErrors,
        ...googleSignupErrors,
        'NOT_VERIFIED',
        'PAYMENTS_UNAVAILABLE',
      ),
    };
  },
});

export const paymentCompletionRoute = declareRoute({
  method: 'post',
  path: '/check-payment-completion',
  operationId: 'checkPaymentCompletion',
  tags,
  summary: 'Whether a checkout was paid',
  description:
    "Polled by the page the checkout returns to, with the checkout's `sessionId`: whether the account exists (or was upgraded), or why the payment is being refunded. Only the browser that signed up is signed in, once; any other caller learns nothing more than `accountCreated`.",
  security: publicCall,
  request: jsonRequest(checkPaymentCompletionSchema),
  get responses() {
    return {
      200: jsonAnswer(paymentCompletionResponseSchema, 'Where the payment stands.'),
      ...errorAnswers(
        ...bodyErrors,
        'NOT_FOUND',
        'CHECKOUT_CLOSED',
        'TOO_MANY_ATTEMPTS',
        'PAYMENTS_UNAVAILABLE',
      ),
    };
  },
});

/**
 * The payment provider's events. The handler reads the raw body itself (the signature is over its
 * exact bytes), so the body is documented as JSON Schema in a getter, which mounting never reads:
 * no validator parses it first.
 */
export const stripeWebhookRoute = declareRoute({
  method: 'post',
  path: '/stripe/webhook',
  operationId: 'receiveStripeEvent',
  tags: ['Payment provider'],
  summary: "The payment provider's events",
  description:
    'Stripe sends its events here (checkouts completed, invoices paid or failed, subscriptions changed or ended), signed with the webhook secret in `Stripe-Signature`. Each event is acted on once; a replay answers 200 again. Bodies up to 512 KB.',
  security: publicCall,
  get request() {
    const event = z.toJSONSchema(
      z.looseObject({
        id: z.string(),
        type: z.string(),
        created: z.int(),
        data: z.looseObject({}),
      }),
      { target: 'draft-2020-12' },
    );
    delete event.$schema;
    return {
      headers: z.object({
        'Stripe-Signature': z.string().meta({
          description: "The provider's signature of the raw body, with its timestamp.",
        }),
      }),
      body: {
        required: true,
        content: { 'application/json': { schema: event as never } },
      },
    };
  },
  get responses() {
    return {
      200: jsonAnswer(
        z.object({
          received: z.literal(true),
          /** What the event did, e.g. `applied`, `duplicate` or `ignored`. */
          outcome: z.string(),
        }),
        'Received: acted on, already seen, or of a kind we do not act on.',
      ),
      ...errorAnswers(
        'INVALID_SIGNATURE',
        'INVALID_EVENT',
        'NOT_READY',
        'NOT_FOUND',
        'PAYLOAD_TOO_LARGE',
        'PAYMENTS_UNAVAILABLE',
      ),
    };
  },
});

/** Every signup and payment call, in the order the document lists them. */
export const paymentRoutes = [
  emailStandardSignupRoute,
  googleStandardSignupRoute,
  paymentCompletionRoute,
  invoiceQuoteRoute,
  emailInvoiceSignupRoute,
  googleInvoiceSignupRoute,
];

/** The webhook, mounted before the API's JSON guards (its own body limit). */
export const webhookRoutes = [stripeWebhookRoute];
