/**
 * Standard signup: a verified form becomes a *pending* signup (password already
 * hashed, no account yet) and a checkout session names it as `client_reference_id`. The account
 * is created only after payment (fulfill-signup.ts).
 */
import type { RegisterEmailBody, RegisterGoogleBody } from '../../../src/contract/auth';
import { checkoutReturnUrls } from '../../adapters/payments';
import { pendingSignups } from '../../db/schema';
import { fail } from '../../lib/errors';
import { useGoogleTokenOnce, verifyGoogleToken } from '../accounts/google-tokens';
import { assertPasswordAllowed, hashPassword } from '../accounts/passwords';
import { assertNoAccount, googleDisplayName } from '../accounts/users';
import { consumeVerification, findVerified } from '../accounts/verification';
import type { Deps } from '../shared/deps';
import { normalizeEmail } from '../shared/emails';
import { PENDING_SIGNUP_TTL_MS } from './pending-signups';
import { callProvider } from './provider';

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
  assertPasswordAllowed(body.password);
  const emailNormalized = normalizeEmail(body.email);
  const verification = await findVerified(deps, body.email);
  if (
    verification.formData.fingerprintId !== body.fingerprintId ||
    verification.formData.plan !== 'standard'
  ) {
    throw fail('NOT_VERIFIED');
  }
  await assertNoAccount(deps.db, emailNormalized);
  const passwordHash = await hashPassword(body.password, deps.secrets.pepper);
  await consumeVerification(deps, verification.id);

  return createPendingCheckout(deps, {
    emailNormalized,
    customerName: body.customerName,
    email: body.email,
    passwordHash,
    googleSub: null,
    fingerprintId: body.fingerprintId,
  });
}

/**
 * Google standard signup: a verified Google ID token for an unknown Google account and e-mail
 * becomes a pending signup (no password) and a checkout session.
 */
export async function startGoogleStandardCheckout(
  deps: Deps,
  body: Pick<RegisterGoogleBody, 'googleToken' | 'fingerprintId'>,
): Promise<StartedCheckout> {
  const profile = await verifyGoogleToken(deps, body.googleToken);
  const emailNormalized = normalizeEmail(profile.email);
  await assertNoAccount(deps.db, emailNormalized, profile.sub);
  await useGoogleTokenOnce(deps, body.googleToken);
  return createPendingCheckout(deps, {
    emailNormalized,
    customerName: googleDisplayName(profile),
    email: profile.email.trim(),
    passwordHash: null,
    googleSub: profile.sub,
    fingerprintId: body.fingerprintId,
  });
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
  { db, now, payments, origin }: Deps,
  account: PendingAccount,
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
  const session = await callProvider(() =>
    payments.createCheckoutSession({
      pendingSignupId,
      customerEmail: account.email,
      plan: 'standard',
      ...checkoutReturnUrls(origin),
    }),
  );
  return { pendingSignupId, sessionId: session.id, checkoutUrl: session.url };
}
