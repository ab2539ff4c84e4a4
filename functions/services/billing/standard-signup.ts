/**
 * Standard signup (DESIGN §3.2): a verified form becomes a *pending* signup (password already
 * hashed, no account yet) and a checkout session names it as `client_reference_id`. The account
 * is created only after payment (fulfilment.ts).
 */
import type { RegisterEmailBody } from '../../../src/contract/auth';
import { checkoutReturnUrls, type PaymentProvider } from '../../adapters/payments';
import { PaymentProviderError } from '../../adapters/payments/types';
import type { GoogleProfile } from '../../adapters/types';
import { pendingSignups } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { assertNoAccount } from '../accounts';
import type { Db, Millis } from '../db';
import { normalizeEmail } from '../emails';
import { useGoogleTokenOnce } from '../google-tokens';
import { hashPassword } from '../passwords';
import { assertPasswordAllowed } from '../signup';
import { consumeVerification, findVerified, notVerified } from '../verification';

/** How long a pending signup (and its browser cookie) waits for payment. */
export const PENDING_SIGNUP_TTL_MS = 24 * 60 * 60 * 1000;

/** 503 PAYMENTS_UNAVAILABLE: the provider is down or not configured; try again later. */
export function paymentsUnavailable(): ApiError {
  return new ApiError(503, 'PAYMENTS_UNAVAILABLE', 'Card payments are not available right now.');
}

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
  db: Db,
  payments: PaymentProvider,
  pepper: string,
  body: RegisterEmailBody,
  origin: string,
  now: Millis,
): Promise<StartedCheckout> {
  assertPasswordAllowed(body.password);
  const emailNormalized = normalizeEmail(body.email);
  const verification = await findVerified(db, body.email, now);
  if (
    verification.formData.fingerprintId !== body.fingerprintId ||
    verification.formData.plan !== 'standard'
  ) {
    throw notVerified();
  }
  await assertNoAccount(db, emailNormalized);
  const passwordHash = await hashPassword(body.password, pepper);
  await consumeVerification(db, verification.id, now);

  return createPendingCheckout(
    db,
    payments,
    {
      emailNormalized,
      customerName: body.customerName,
      email: body.email,
      passwordHash,
      googleSub: null,
      fingerprintId: body.fingerprintId,
    },
    origin,
    now,
  );
}

/**
 * Google standard signup: a verified Google ID token for an unknown Google account and e-mail
 * becomes a pending signup (no password) and a checkout session.
 */
export async function startGoogleStandardCheckout(
  db: Db,
  payments: PaymentProvider,
  profile: GoogleProfile,
  idToken: string,
  fingerprintId: string,
  origin: string,
  now: Millis,
): Promise<StartedCheckout> {
  const emailNormalized = normalizeEmail(profile.email);
  await assertNoAccount(db, emailNormalized, profile.sub);
  await useGoogleTokenOnce(db, idToken, now);
  const customerName = profile.name.trim() || profile.email.split('@')[0] || profile.email;
  return createPendingCheckout(
    db,
    payments,
    {
      emailNormalized,
      customerName: customerName.slice(0, 100),
      email: profile.email.trim(),
      passwordHash: null,
      googleSub: profile.sub,
      fingerprintId,
    },
    origin,
    now,
  );
}

/** Who is waiting for payment. Exactly one of passwordHash and googleSub is set. */
interface PendingAccount {
  emailNormalized: string;
  customerName: string;
  email: string;
  passwordHash: string | null;
  googleSub: string | null;
  fingerprintId: string;
}

async function createPendingCheckout(
  db: Db,
  payments: PaymentProvider,
  account: PendingAccount,
  origin: string,
  now: Millis,
): Promise<StartedCheckout> {
  const pendingSignupId = crypto.randomUUID();
  await db.insert(pendingSignups).values({
    id: pendingSignupId,
    ...account,
    plan: 'Standard',
    createdAt: now,
    expiresAt: now + PENDING_SIGNUP_TTL_MS,
    completedAt: null,
  });
  try {
    const session = await payments.createCheckoutSession({
      pendingSignupId,
      customerEmail: account.email,
      plan: 'standard',
      ...checkoutReturnUrls(origin),
    });
    return { pendingSignupId, sessionId: session.id, checkoutUrl: session.url };
  } catch (error) {
    if (error instanceof PaymentProviderError && error.code !== 'rejected') {
      throw paymentsUnavailable();
    }
    throw error;
  }
}
