/**
 * check-payment-completion (SPEC §4 Payment processing, DESIGN §3.2): asks the provider for the
 * checkout session and fulfils it itself when the webhook is late. Idempotent: the webhook and
 * any number of polls create one account (fulfilment.ts).
 */
import { PaymentProviderError, type PaymentProvider } from '../../adapters/payments/types';
import { ApiError } from '../../lib/errors';
import type { Db, Millis } from '../db';
import type { LicenseRow } from '../licenses';
import type { UserRow } from '../users';
import { findPendingSignup, fulfilPendingSignup, fulfilledAccount } from './fulfilment';
import { paymentsUnavailable } from './standard-signup';

const unknownSession = () => new ApiError(404, 'NOT_FOUND', 'Checkout session not found.');

export type Completion =
  | { accountCreated: false }
  | {
      accountCreated: true;
      email: string;
      pendingSignupId: string;
      user: UserRow;
      license: LicenseRow;
      /** This call created the account (send the welcome e-mail). */
      createdNow: boolean;
    };

export async function checkPaymentCompletion(
  db: Db,
  payments: PaymentProvider,
  sessionId: string,
  now: Millis,
): Promise<Completion> {
  let session;
  try {
    session = await payments.retrieveCheckoutSession(sessionId);
  } catch (error) {
    if (error instanceof PaymentProviderError && error.code === 'not_found') throw unknownSession();
    if (error instanceof PaymentProviderError && error.code === 'unavailable') {
      throw paymentsUnavailable();
    }
    throw error;
  }
  const reference = session.reference;
  if (!reference || !('pendingSignupId' in reference)) throw unknownSession();
  const pending = await findPendingSignup(db, reference.pendingSignupId);
  if (!pending) throw unknownSession();

  const paid = session.status === 'complete' && session.paymentStatus !== 'unpaid';
  let createdNow = false;
  if (paid && pending.completedAt === null) {
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
    email: account.user.email,
    pendingSignupId: pending.id,
    ...account,
    createdNow,
  };
}
