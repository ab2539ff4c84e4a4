/**
 * Standard signup: a verified form becomes a *pending* signup (password already
 * hashed, no account yet) and a checkout session names it as `client_reference_id`. The account
 * is created only after payment (fulfill-signup.ts).
 */
import type { RegisterEmailBody, RegisterGoogleBody } from '../../../src/contract/schemas/auth';
import { checkoutReturnUrls } from '../../adapters/payments';
import { pendingSignups } from '../../db/schema';
import { claimEmailSignup, claimGoogleSignup, type NewAccount } from './new-accounts';
import type { Deps } from '../shared/deps';
import { PENDING_SIGNUP_TTL_MS } from '../core/payments/pending-signups';
import { openOneCheckout } from '../core/payments/open-checkouts';
import { callProvider } from '../core/payments/provider';

/** The started checkout: where to send the browser, and the pending signup it is for. */
export interface StartedCheckout {
  pendingSignupId: string;
  sessionId: string;
  checkoutUrl: string;
}

/**
 * Verified e-mail standard signup: the e-mail must have been verified recently for the standard
 * plan from the same device; the verification is used up; a pending signup is stored and a
 * checkout session created for it.
 */
export async function startEmailStandardCheckout(
  deps: Deps,
  body: RegisterEmailBody,
): Promise<StartedCheckout> {
  return createPendingCheckout(
    deps,
    await claimEmailSignup(deps, body, 'standard'),
    body.seats ?? 1,
  );
}

/**
 * Google standard signup: a verified Google ID token for an unknown Google account and e-mail
 * becomes a pending signup (no password) and a checkout session.
 */
export async function startGoogleStandardCheckout(
  deps: Deps,
  body: Pick<RegisterGoogleBody, 'googleToken' | 'fingerprintId' | 'seats'>,
): Promise<StartedCheckout> {
  return createPendingCheckout(deps, await claimGoogleSignup(deps, body), body.seats ?? 1);
}

/**
 * Stores who is waiting for payment and opens their checkout: the e-mail's one open checkout, so
 * an earlier one (another tab, a second verification) is expired and cannot be paid as well.
 */
async function createPendingCheckout(
  deps: Deps,
  account: NewAccount,
  seats: number,
): Promise<StartedCheckout> {
  const { db, now, payments, origin } = deps;
  const pendingSignupId = crypto.randomUUID();
  await db.insert(pendingSignups).values({
    id: pendingSignupId,
    ...account,
    plan: 'Standard',
    seats,
    createdAt: now,
    expiresAt: now + PENDING_SIGNUP_TTL_MS,
    completedAt: null,
  });
  const session = await openOneCheckout(
    deps,
    { kind: 'signup', emailNormalized: account.emailNormalized },
    () =>
      callProvider(() =>
        payments.createCheckoutSession({
          pendingSignupId,
          customerEmail: account.email,
          plan: 'standard',
          quantity: seats,
          ...checkoutReturnUrls(origin),
        }),
      ),
  );
  return { pendingSignupId, sessionId: session.id, checkoutUrl: session.url };
}
