/**
 * check-payment-completion (SPEC §4 Payment processing, DESIGN §3.2, §3.3): asks the provider for
 * the checkout session and fulfils it itself when the webhook is late. Idempotent: the webhook
 * and any number of polls create one account (fulfilment.ts) or upgrade one once (upgrade.ts).
 */
import { ErrorCode, Messages } from '../../../src/contract/errors';
import {
  PaymentProviderError,
  type CheckoutSessionInfo,
  type PaymentProvider,
} from '../../adapters/payments/types';
import { ApiError } from '../../lib/errors';
import type { Db, Millis } from '../db';
import type { LicenseRow } from '../licenses';
import type { UserRow } from '../users';
import { findPendingSignup, fulfilPendingSignup, fulfilledAccount } from './fulfilment';
import { paymentsUnavailable } from './standard-signup';
import { enterpriseRefusal, fulfilUpgrade } from './upgrade';

const unknownSession = () => new ApiError(404, 'NOT_FOUND', 'Checkout session not found.');

export type Completion =
  | { accountCreated: false }
  | {
      accountCreated: true;
      kind: 'signup';
      email: string;
      pendingSignupId: string;
      user: UserRow;
      license: LicenseRow;
      /** This call created the account (send the welcome e-mail). */
      createdNow: boolean;
    }
  | {
      accountCreated: true;
      /** A Trial → Standard upgrade of the account `user`. */
      kind: 'upgrade';
      email: string;
      user: UserRow;
      license: LicenseRow;
      /** This call upgraded the account (send the upgrade e-mail). */
      upgradedNow: boolean;
    };

async function retrieve(payments: PaymentProvider, sessionId: string) {
  try {
    return await payments.retrieveCheckoutSession(sessionId);
  } catch (error) {
    if (error instanceof PaymentProviderError && error.code === 'not_found') throw unknownSession();
    if (error instanceof PaymentProviderError && error.code === 'unavailable') {
      throw paymentsUnavailable();
    }
    throw error;
  }
}

const isPaid = (session: CheckoutSessionInfo) =>
  session.status === 'complete' && session.paymentStatus !== 'unpaid';

export async function checkPaymentCompletion(
  db: Db,
  payments: PaymentProvider,
  sessionId: string,
  now: Millis,
): Promise<Completion> {
  const session = await retrieve(payments, sessionId);
  const reference = session.reference;
  if (reference && 'userId' in reference) {
    return upgradeCompletion(db, session, reference.userId, now);
  }
  if (!reference) throw unknownSession();
  const pending = await findPendingSignup(db, reference.pendingSignupId);
  if (!pending) throw unknownSession();

  let createdNow = false;
  if (isPaid(session) && pending.completedAt === null) {
    const result = await fulfilPendingSignup(
      db,
      {
        pendingSignupId: pending.id,
        customerId: session.customerId,
        subscriptionId: session.subscriptionId,
      },
      null,
      now,
    );
    createdNow = result.outcome === 'created';
  }
  const fresh = (await findPendingSignup(db, pending.id)) ?? pending;
  const account = await fulfilledAccount(db, fresh);
  if (!account) return { accountCreated: false };
  return {
    accountCreated: true,
    kind: 'signup',
    email: account.user.email,
    pendingSignupId: pending.id,
    ...account,
    createdNow,
  };
}

/** An upgrade checkout: unpaid → not yet; paid → upgraded (by this call if the webhook is late). */
async function upgradeCompletion(
  db: Db,
  session: CheckoutSessionInfo,
  userId: string,
  now: Millis,
): Promise<Completion> {
  if (!isPaid(session)) return { accountCreated: false };
  const result = await fulfilUpgrade(
    db,
    { userId, customerId: session.customerId, subscriptionId: session.subscriptionId },
    null,
    now,
  );
  switch (result.outcome) {
    case 'upgraded':
    case 'already':
      return {
        accountCreated: true,
        kind: 'upgrade',
        email: result.user.email,
        user: result.user,
        license: result.license,
        upgradedNow: result.outcome === 'upgraded',
      };
    case 'refused':
      if (result.reason === 'deleted') {
        throw new ApiError(403, ErrorCode.ACCOUNT_DELETED, Messages.accountDeleted);
      }
      if (result.reason === 'enterprise') throw enterpriseRefusal();
      // A paid subscription session without its subscription: the provider will fill it in.
      return { accountCreated: false };
    case 'unknown':
    case 'replayed':
      // `replayed` needs an event, which polling never passes.
      throw unknownSession();
  }
}
