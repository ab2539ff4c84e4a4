/**
 * check-payment-completion: asks the provider for
 * the checkout session and fulfills it itself when the webhook is late. Idempotent: the webhook
 * and any number of polls create one account (fulfill-signup.ts) or upgrade one once
 * (fulfill-upgrade.ts); whichever call does the work sends the e-mail. A paid checkout's invoice
 * and receipt are recorded here too when its invoice.paid webhook is late (reconcile.ts). The browser that paid for a
 * new account is signed in once (`signInPaidSignup`).
 */
import type { UserRow, LicenseRow, RefundRow } from '../../db/schema';
import { ApiMessages, type RefundReason } from '../../../src/contract/messages';
import type { AuthResponse } from '../../../src/contract/user';
import type { CheckoutSessionInfo } from '../../adapters/payments';
import { fail } from '../../lib/errors';
import { newSession } from '../core/users/sessions';
import { toUserView } from '../core/users/user-view';
import { isTokenReuse, tokenConsumption } from '../shared/consumed-tokens';
import type { Millis } from '../shared/db';
import type { Deps } from '../shared/deps';
import { enforceRateLimit } from '../shared/rate-limit';
import { fulfilledAccount, fulfillPendingSignup } from './fulfill-signup';
import { fulfillUpgrade } from './fulfill-upgrade';
import { findPendingSignup } from '../core/payments/pending-signups';
import { callProvider } from '../core/payments/provider';
import { recordCheckoutInvoiceSoon } from './reconcile';

const unknownSession = () => fail('NOT_FOUND', { message: ApiMessages.checkoutNotFound });
/**
 * An unpaid checkout that can no longer be paid: it expired, or a newer checkout of the same
 * signup or account replaced it. Answered apart from "not paid yet" so the payment page stops
 * asking at once instead of promising an account that will never come.
 */
const closedSession = () => fail('CHECKOUT_CLOSED');

export type Completion =
  | { accountCreated: false }
  /** Paid, but not applied: refunded (or being refunded) automatically, for `reason`. */
  | { accountCreated: false; refund: { reason: RefundReason; done: boolean } }
  | {
      accountCreated: true;
      /** A paid Standard signup: the account of pending signup `pendingSignupId`. */
      kind: 'signup';
      email: string;
      pendingSignupId: string;
      /** When the pending signup (and so its browser's right to be signed in) expires. */
      pendingExpiresAt: Millis;
      user: UserRow;
      license: LicenseRow;
    }
  | {
      accountCreated: true;
      /** A Trial → Standard upgrade of the account `user`. */
      kind: 'upgrade';
      email: string;
      user: UserRow;
      license: LicenseRow;
    };

const isPaid = (session: CheckoutSessionInfo) =>
  session.status === 'complete' && session.paymentStatus !== 'unpaid';

export async function checkPaymentCompletion(deps: Deps, sessionId: string): Promise<Completion> {
  const { db, payments } = deps;
  // Each poll may call the payment provider: bounded per IP (the page itself polls 40 times).
  await enforceRateLimit(deps, 'paymentCompletionPerIp', deps.client.ip);
  const session = await callProvider(
    () => payments.retrieveCheckoutSession(sessionId),
    unknownSession,
  );
  const reference = session.reference;
  if (reference && 'userId' in reference) {
    return upgradeCompletion(deps, session, reference.userId);
  }
  if (!reference) throw unknownSession();
  const pending = await findPendingSignup(db, reference.pendingSignupId);
  if (!pending) throw unknownSession();

  if (isPaid(session) && pending.completedAt === null) {
    const result = await fulfillPendingSignup(deps, {
      pendingSignupId: pending.id,
      checkoutSessionId: session.id,
      customerId: session.customerId,
      subscriptionId: session.subscriptionId,
      event: null,
      quantity: session.quantity,
    });
    if (result.outcome === 'refunded') return refunded(result.refund);
  }
  const fresh = (await findPendingSignup(db, pending.id)) ?? pending;
  const account = await fulfilledAccount(db, fresh);
  if (!account) {
    if (session.status === 'expired') throw closedSession();
    return { accountCreated: false };
  }
  // Its invoice and receipt, if the invoice.paid webhook has not recorded them (reconcile.ts).
  if (isPaid(session)) await recordCheckoutInvoiceSoon(deps, session.subscriptionId);
  return {
    accountCreated: true,
    kind: 'signup',
    email: account.user.email,
    pendingSignupId: pending.id,
    pendingExpiresAt: pending.expiresAt,
    ...account,
  };
}

/** What the payment page is told about a refunded payment (no e-mail, no account). */
function refunded(refund: RefundRow): Completion {
  return {
    accountCreated: false,
    refund: { reason: refund.reason, done: refund.status === 'refunded' },
  };
}

/** The consumed_tokens purpose that makes a pending signup's browser sign-in single use. */
const PENDING_SESSION = 'pending-session';

/**
 * Signs in the browser that paid for the new account `completion` (the route has checked that it
 * holds this pending signup's cookie), once. The session row is inserted in one batch with the
 * consumed_tokens row of the pending signup, so of any number of concurrent or later calls exactly
 * one starts a session; the others, and any call after the pending signup expired, get null.
 */
export async function signInPaidSignup(
  deps: Deps,
  completion: Extract<Completion, { kind: 'signup' }>,
): Promise<AuthResponse | null> {
  const { db, now } = deps;
  if (now >= completion.pendingExpiresAt) return null;
  const session = await newSession(deps, completion.user.id);
  const consumption = await tokenConsumption(
    db,
    PENDING_SESSION,
    completion.pendingSignupId,
    completion.pendingExpiresAt,
  );
  try {
    await db.batch([consumption.insert, session.insert]);
  } catch (error) {
    if (isTokenReuse(error)) return null;
    throw error;
  }
  return {
    token: session.token,
    user: toUserView(completion.user, completion.license, session.info, now),
    tokenExpiration: session.info.expiresAt,
  };
}

/**
 * An upgrade checkout: unpaid → not yet, or closed once expired; paid → upgraded (by this call if
 * the webhook is late).
 */
async function upgradeCompletion(
  deps: Deps,
  session: CheckoutSessionInfo,
  userId: string,
): Promise<Completion> {
  if (!isPaid(session)) {
    if (session.status === 'expired') throw closedSession();
    return { accountCreated: false };
  }
  const result = await fulfillUpgrade(deps, {
    userId,
    checkoutSessionId: session.id,
    customerId: session.customerId,
    subscriptionId: session.subscriptionId,
    event: null,
    quantity: session.quantity,
  });
  switch (result.outcome) {
    case 'upgraded':
    case 'already':
      // Its invoice and receipt, if the invoice.paid webhook has not recorded them (reconcile.ts).
      await recordCheckoutInvoiceSoon(deps, session.subscriptionId);
      return {
        accountCreated: true,
        kind: 'upgrade',
        email: result.user.email,
        user: result.user,
        license: result.license,
      };
    case 'refunded':
    case 'voided':
      return refunded(result.refund);
    case 'incomplete':
      // A paid subscription session without its subscription: the provider will fill it in.
      return { accountCreated: false };
    case 'unknown':
    case 'replayed':
      // `replayed` needs an event, which polling never passes.
      throw unknownSession();
  }
}
