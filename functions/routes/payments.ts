/**
 * Card payments (issue 4): the Stripe webhook and payment completion polling. Routes parse and
 * shape; services/billing holds the rules.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';
import { registerEmailSchema, registerGoogleSchema } from '../../src/contract/auth';
import { ErrorCode } from '../../src/contract/errors';
import {
  checkPaymentCompletionSchema,
  type PaymentCompletionResponse,
  type StandardCheckoutResponse,
} from '../../src/contract/payments';
import type { MailMessage } from '../adapters/types';
import { ApiError } from '../lib/errors';
import { methodNotAllowed } from '../lib/http';
import { jsonBody } from '../lib/validate';
import {
  clientOf,
  ipOf,
  nowOf,
  readSession,
  setSessionCookie,
  type AccountEnv,
} from '../middleware/auth';
import { checkPaymentCompletion, type Completion } from '../services/billing/completion';
import {
  startEmailStandardCheckout,
  startGoogleStandardCheckout,
  type StartedCheckout,
} from '../services/billing/standard-signup';
import { verifyGoogleToken } from '../services/google-tokens';
import { enforceRateLimit } from '../services/rate-limit';
import { newSession } from '../services/sessions';
import { toUserView } from '../services/user-view';
import { recordAlone } from '../services/billing/fulfilment';
import { applyBillingEvent } from '../services/billing/lifecycle';
import { fulfilPaidCheckout } from '../services/billing/paid-checkout';
import {
  eventRecordOf,
  readWebhookEvent,
  type InvoiceEvent,
  type SubscriptionEvent,
} from '../services/billing/webhook-events';
import { upgradeMail, welcomeMail } from '../services/mail-templates';
import type { LicenseRow } from '../services/licenses';
import type { UserRow } from '../services/users';

/** Stripe events are small, but a large invoice can exceed the API's 64 KB; 512 KB is ample. */
export const WEBHOOK_MAX_BYTES = 512 * 1024;

export async function sendOrLog(c: Context<AccountEnv>, message: MailMessage) {
  try {
    await c.get('mailer').send(message);
  } catch (error) {
    console.error(`Could not send the ${message.tag} e-mail:`, error);
  }
}

/** The welcome e-mail after payment; a failure is logged (the account exists already). */
export async function sendPaidWelcome(
  c: Context<AccountEnv>,
  { user, license }: { user: UserRow; license: LicenseRow },
) {
  await sendOrLog(
    c,
    welcomeMail(user.email, user.customerName, license, new URL(c.req.url).origin),
  );
}

/** The upgrade confirmation, sent by whichever caller did the upgrade; a failure is logged. */
async function sendUpgradeMail(
  c: Context<AccountEnv>,
  { user, license }: { user: UserRow; license: LicenseRow },
) {
  await sendOrLog(
    c,
    upgradeMail(user.email, user.customerName, license, new URL(c.req.url).origin),
  );
}

/**
 * POST /api/stripe/webhook. Mounted before the /api body guards (its own larger limit); no
 * session is read, so CSRF does not apply: the Stripe signature is the authentication.
 */
export const webhookRoutes = new Hono<AccountEnv>()
  .post(
    '/stripe/webhook',
    bodyLimit({
      maxSize: WEBHOOK_MAX_BYTES,
      onError: () => {
        throw new ApiError(413, ErrorCode.PAYLOAD_TOO_LARGE, 'Request body is too large.');
      },
    }),
    async (c) => {
      const raw = await c.req.text();
      const event = await readWebhookEvent(
        c.get('payments'),
        raw,
        c.req.header('Stripe-Signature') ?? null,
      );
      const db = c.get('db');
      const now = nowOf(c);
      const record = eventRecordOf(event);
      if (
        (event.type === 'checkout.session.completed' ||
          event.type === 'checkout.session.async_payment_succeeded') &&
        event.paymentStatus !== 'unpaid' &&
        event.reference !== null
      ) {
        const result = await fulfilPaidCheckout(db, event, event.reference, record, now);
        if (result.mail?.kind === 'welcome') await sendPaidWelcome(c, result.mail);
        if (result.mail?.kind === 'upgrade') await sendUpgradeMail(c, result.mail);
        return c.json({ received: true, outcome: result.outcome }, 200);
      }
      if (
        event.type === 'ignored' ||
        event.type === 'checkout.session.completed' ||
        event.type === 'checkout.session.async_payment_succeeded'
      ) {
        // Unpaid yet (async_payment_succeeded follows), not ours, or a type we do not act on.
        const fresh = await recordAlone(db, record, now);
        return c.json({ received: true, outcome: fresh ? 'ignored' : 'replayed' }, 200);
      }
      // Narrowed by hand: TS does not carry the discriminant through the `||` above.
      const outcome = await applyBillingEvent(
        db,
        event as InvoiceEvent | SubscriptionEvent,
        record,
        now,
      );
      if (outcome === 'not_ready') {
        // Its checkout is not fulfilled yet (events arrive in any order): Stripe retries later.
        throw new ApiError(409, 'NOT_READY', 'The subscription is not known yet; retry later.');
      }
      return c.json({ received: true, outcome }, 200);
    },
  )
  .all('/stripe/webhook', methodNotAllowed('POST'));

/** Names the pending signup of this browser (DESIGN §3.2); HttpOnly, signed, short-lived. */
export const PENDING_COOKIE = '__Host-sw_pending';
/** Lifetime of the pending-signup cookie: long enough to pay, short enough to be harmless. */
export const PENDING_COOKIE_SECONDS = 2 * 60 * 60;

const standardOnly = { error: 'This endpoint registers the Standard plan only.' };
const registerEmailStandardSchema = registerEmailSchema.refine(
  (b) => b.plan === 'standard',
  standardOnly,
);

const registerGoogleStandardSchema = registerGoogleSchema.refine(
  (b) => b.plan === 'standard',
  standardOnly,
);

/** Sets the pending-signup cookie and answers where to pay. */
async function checkoutResponse(c: Context<AccountEnv>, started: StartedCheckout) {
  await setSignedCookie(c, PENDING_COOKIE, started.pendingSignupId, c.get('config').JWT_SECRET, {
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
 * Standard user; any other caller only the e-mail (it is sent to /login). An invalid session, or
 * a cookie without our Origin, reads as none here: this call is not refused for it.
 */
async function upgradeCompletionResponse(
  c: Context<AccountEnv>,
  completion: Extract<Completion, { kind: 'upgrade' }>,
  now: number,
) {
  if (completion.upgradedNow) await sendUpgradeMail(c, completion);
  const session = await readSession(c).catch((error: unknown) => {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  });
  const answer = { accountCreated: true, upgraded: true, email: completion.email };
  if (session?.userId !== completion.user.id) {
    return c.json(answer satisfies PaymentCompletionResponse, 200);
  }
  return c.json(
    {
      ...answer,
      user: toUserView(completion.user, completion.license, session, now),
      tokenExpiration: session.expiresAt,
    } satisfies PaymentCompletionResponse,
    200,
  );
}

/** Standard signup and payment completion (behind the /api JSON and size guards). */
export const paymentRoutes = new Hono<AccountEnv>()
  .post('/register-email-standard', jsonBody(registerEmailStandardSchema), async (c) => {
    const started = await startEmailStandardCheckout(
      c.get('db'),
      c.get('payments'),
      c.get('config').PASSWORD_PEPPER,
      c.req.valid('json'),
      new URL(c.req.url).origin,
      nowOf(c),
    );
    return checkoutResponse(c, started);
  })
  .all('/register-email-standard', methodNotAllowed('POST'))

  .post('/register-google-standard', jsonBody(registerGoogleStandardSchema), async (c) => {
    const body = c.req.valid('json');
    const profile = await verifyGoogleToken(c.get('google'), body.googleToken);
    const started = await startGoogleStandardCheckout(
      c.get('db'),
      c.get('payments'),
      profile,
      body.googleToken,
      body.fingerprintId,
      new URL(c.req.url).origin,
      nowOf(c),
    );
    return checkoutResponse(c, started);
  })
  .all('/register-google-standard', methodNotAllowed('POST'))

  .post('/check-payment-completion', jsonBody(checkPaymentCompletionSchema), async (c) => {
    const now = nowOf(c);
    const db = c.get('db');
    const { JWT_SECRET } = c.get('config');
    // Each poll may call the payment provider: bounded per IP (the page itself polls 40 times).
    await enforceRateLimit(db, 'paymentCompletionPerIp', ipOf(c) ?? 'unknown', now);
    const completion = await checkPaymentCompletion(
      db,
      c.get('payments'),
      c.req.valid('json').sessionId,
      now,
    );
    if (!completion.accountCreated) {
      return c.json({ accountCreated: false } satisfies PaymentCompletionResponse, 200);
    }
    if (completion.kind === 'upgrade') return upgradeCompletionResponse(c, completion, now);
    if (completion.createdNow) await sendPaidWelcome(c, completion);

    // Only the browser that signed up (its signed pending cookie, from our own pages) is signed in.
    const pendingId = await getSignedCookie(c, JWT_SECRET, PENDING_COOKIE);
    const sameOrigin = c.req.header('Origin') === new URL(c.req.url).origin;
    if (pendingId !== completion.pendingSignupId || !sameOrigin) {
      return c.json(
        { accountCreated: true, email: completion.email } satisfies PaymentCompletionResponse,
        200,
      );
    }
    const session = await newSession(db, JWT_SECRET, completion.user.id, clientOf(c), now);
    await session.insert;
    setSessionCookie(c, session.token, session.info.expiresAt, now);
    deleteCookie(c, PENDING_COOKIE, { path: '/', secure: true, httpOnly: true, sameSite: 'Lax' });
    return c.json(
      {
        accountCreated: true,
        email: completion.email,
        token: session.token,
        user: toUserView(completion.user, completion.license, session.info, now),
        tokenExpiration: session.info.expiresAt,
      } satisfies PaymentCompletionResponse,
      200,
    );
  })
  .all('/check-payment-completion', methodNotAllowed('POST'));
