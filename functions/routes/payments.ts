/**
 * Standard signup and payment completion: start a paid signup's checkout,
 * and poll whether a checkout has been paid; or, for a team paying by invoice, quote the invoice
 * and make the account, its team and the invoice at once (src/contract/invoice-purchase.ts).
 * Routes parse and shape; services/signup and services/billing hold the rules. The Stripe
 * webhook is routes/stripe-webhook.ts.
 */
import type { Context } from 'hono';
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';
import {
  emailInvoiceSignupRoute,
  emailStandardSignupRoute,
  googleInvoiceSignupRoute,
  googleStandardSignupRoute,
  invoiceQuoteRoute,
  paymentCompletionRoute,
} from '../../src/contract/api/payments-routes';
import type {
  PaymentCompletionResponse,
  StandardCheckoutResponse,
} from '../../src/contract/payments';
import type {
  InvoiceQuoteResponse,
  InvoiceSignupResponse,
} from '../../src/contract/invoice-purchase';
import type { InvoicePurchaseBody } from '../../src/contract/schemas/invoice-purchase';
import { ApiError } from '../lib/errors';
import { declaredRoutes } from '../lib/openapi';
import { readSession, setSessionCookie, type AccountEnv } from '../middleware/auth';
import { toUserView } from '../services/core/users/user-view';
import {
  checkPaymentCompletion,
  signInPaidSignup,
  type Completion,
} from '../services/billing/completion';
import {
  emailInvoiceSignup,
  googleInvoiceSignup,
  startEmailStandardCheckout,
  startGoogleStandardCheckout,
  type StartedCheckout,
} from '../services/signup/standard-signup';
import {
  checkPurchase,
  invoicePendingSignup,
  quoteInvoice,
  signInInvoicedSignup,
  type CheckedPurchase,
} from '../services/billing/invoice-purchase';
import type { PendingSignupRow } from '../db/schema';

/** Names the pending signup of this browser; HttpOnly, signed, short-lived. */
export const PENDING_COOKIE = '__Host-sw_pending';
/** Lifetime of the pending-signup cookie: long enough to pay, short enough to be harmless. */
export const PENDING_COOKIE_SECONDS = 2 * 60 * 60;

/** Sets the pending-signup cookie and answers where to pay. */
async function checkoutResponse(c: Context<AccountEnv>, started: StartedCheckout) {
  const { jwtSecret } = c.get('deps').secrets;
  await setSignedCookie(c, PENDING_COOKIE, started.pendingSignupId, jwtSecret, {
    httpOnly: true,
    secure: true,
    sameSite: 'Lax',
    path: '/',
    maxAge: PENDING_COOKIE_SECONDS,
  });
  return c.json(
    {
      checkoutUrl: started.checkoutUrl,
      sessionId: started.sessionId,
    } satisfies StandardCheckoutResponse,
    200,
  );
}

/**
 * A paid upgrade: the upgrading browser keeps its own session (no new token) and gets the
 * Standard user; any other caller learns only that it is done (no e-mail: it is sent to /login).
 * An invalid session, or a cookie without our Origin, reads as none here: this call is not refused
 * for it.
 */
async function upgradeCompletionResponse(
  c: Context<AccountEnv>,
  completion: Extract<Completion, { kind: 'upgrade' }>,
) {
  const session = await readSession(c).catch((error: unknown) => {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  });
  if (session?.userId !== completion.user.id) {
    return c.json(
      { accountCreated: true, upgraded: true } satisfies PaymentCompletionResponse,
      200,
    );
  }
  return c.json(
    {
      accountCreated: true,
      upgraded: true,
      email: completion.email,
      user: toUserView(completion.user, completion.license, session, c.get('deps').now),
      tokenExpiration: session.expiresAt,
    } satisfies PaymentCompletionResponse,
    200,
  );
}

/**
 * A paid new account. Only the browser that signed up (its signed pending cookie, on a request
 * from our own pages) is signed in, and only once: its first poll after the account exists
 * spends the pending signup's sign-in server-side and clears the cookie. Every other answer,
 * to that browser later or to anyone else, is `{ accountCreated: true }` and nothing more.
 */
async function signupCompletionResponse(
  c: Context<AccountEnv>,
  completion: Extract<Completion, { kind: 'signup' }>,
) {
  const deps = c.get('deps');
  const created = { accountCreated: true } satisfies PaymentCompletionResponse;
  const pendingId = await getSignedCookie(c, deps.secrets.jwtSecret, PENDING_COOKIE);
  const sameOrigin = c.req.header('Origin') === deps.origin;
  if (pendingId !== completion.pendingSignupId || !sameOrigin) return c.json(created, 200);

  // Spent by this call or an earlier one: either way the browser no longer needs it.
  deleteCookie(c, PENDING_COOKIE, { path: '/', secure: true, httpOnly: true, sameSite: 'Lax' });
  const auth = await signInPaidSignup(deps, completion);
  if (!auth) return c.json(created, 200);
  setSessionCookie(c, auth.token, auth.tokenExpiration, deps.now);
  return c.json(
    { accountCreated: true, email: completion.email, ...auth } satisfies PaymentCompletionResponse,
    200,
  );
}

/**
 * A signup paying by invoice: the purchase checked first (nothing stored on a refusal), then the
 * verified signup stored as its pending signup, then the subscription, the account and its team
 * made at once, and the browser signed in.
 */
async function invoiceSignupResponse(
  c: Context<AccountEnv>,
  body: InvoicePurchaseBody,
  pendingOf: (purchase: CheckedPurchase) => Promise<PendingSignupRow>,
) {
  const deps = c.get('deps');
  const purchase = await checkPurchase(deps, body);
  const pending = await pendingOf(purchase);
  const signup = await invoicePendingSignup(deps, pending, purchase);
  const auth = await signInInvoicedSignup(deps, signup);
  setSessionCookie(c, auth.token, auth.tokenExpiration, deps.now);
  return c.json({ ...auth, invoice: signup.invoice } satisfies InvoiceSignupResponse, 200);
}

/** Standard signup and payment completion (behind the /api JSON and size guards). */
export const paymentRoutes = declaredRoutes<AccountEnv>()
  .openapi(emailStandardSignupRoute, async (c) =>
    checkoutResponse(c, await startEmailStandardCheckout(c.get('deps'), c.req.valid('json'))),
  )

  .openapi(googleStandardSignupRoute, async (c) =>
    checkoutResponse(c, await startGoogleStandardCheckout(c.get('deps'), c.req.valid('json'))),
  )

  // What an invoice for these seats and billing details will charge (no session: the signup
  // asks before the account exists).
  .openapi(invoiceQuoteRoute, async (c) =>
    c.json(
      (await quoteInvoice(c.get('deps'), c.req.valid('json'))) satisfies InvoiceQuoteResponse,
      200,
    ),
  )

  .openapi(emailInvoiceSignupRoute, async (c) => {
    const body = c.req.valid('json');
    return invoiceSignupResponse(c, body, (purchase) =>
      emailInvoiceSignup(c.get('deps'), body, { ...purchase, purchaseId: body.purchaseId }),
    );
  })

  .openapi(googleInvoiceSignupRoute, async (c) => {
    const body = c.req.valid('json');
    return invoiceSignupResponse(c, body, (purchase) =>
      googleInvoiceSignup(c.get('deps'), body, { ...purchase, purchaseId: body.purchaseId }),
    );
  })

  .openapi(paymentCompletionRoute, async (c) => {
    const completion = await checkPaymentCompletion(c.get('deps'), c.req.valid('json').sessionId);
    if (!completion.accountCreated) {
      // A refunded payment says why (never whose account): the page tells the payer in words.
      const refund = 'refund' in completion ? { refund: completion.refund } : {};
      return c.json({ accountCreated: false, ...refund } satisfies PaymentCompletionResponse, 200);
    }
    if (completion.kind === 'upgrade') return upgradeCompletionResponse(c, completion);
    return signupCompletionResponse(c, completion);
  });
