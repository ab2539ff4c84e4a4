/**
 * Standard signup: a verified form becomes a *pending* signup (password already
 * hashed, no account yet) and a checkout session names it as `client_reference_id`. The account
 * is created only after payment (fulfill-signup.ts).
 */
import type { RegisterEmailBody, RegisterGoogleBody } from '../../../src/contract/schemas/auth';
import { checkoutReturnUrls } from '../../adapters/payments';
import { pendingSignups, type PendingSignupRow } from '../../db/schema';
import { fail } from '../../lib/errors';
import { claimEmailSignup, claimGoogleSignup, type NewAccount } from './new-accounts';
import type { Deps } from '../shared/deps';
import { normalizeEmail } from '../shared/emails';
import { findPendingSignup, PENDING_SIGNUP_TTL_MS } from '../core/payments/pending-signups';
import { openOneCheckout } from '../core/payments/open-checkouts';
import { callProvider } from '../core/payments/provider';
import { verifyGoogleToken } from '../core/users/google-tokens';
import { verifyPassword } from '../core/users/passwords';

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

/** What a signup paying by invoice buys; checked before (billing/invoice-purchase.ts). */
export interface InvoicedPurchase {
  /** The browser's id of this purchase: the pending signup's id. */
  purchaseId: string;
  seats: number;
  poNumber: string | null;
}

/**
 * Verified e-mail signup paying by invoice: as startEmailStandardCheckout, but the pending signup
 * is named by the purchase and waits for no checkout (the invoice is sent at once). A repeat of
 * the same purchase (a double click, a retry whose answer was lost) finds it again, once the
 * same person is proven by the same e-mail, device and password.
 */
export function emailInvoiceSignup(
  deps: Deps,
  body: RegisterEmailBody,
  purchase: InvoicedPurchase,
): Promise<PendingSignupRow> {
  return pendingPurchase(
    deps,
    purchase,
    () => claimEmailSignup(deps, body, 'standard'),
    async (pending) =>
      pending.emailNormalized === normalizeEmail(body.email) &&
      pending.fingerprintId === body.fingerprintId &&
      (await verifyPassword(body.password, pending.passwordHash, deps.secrets.pepper)),
  );
}

/** Google signup paying by invoice: as emailInvoiceSignup, proven by the same Google account. */
export function googleInvoiceSignup(
  deps: Deps,
  body: Pick<RegisterGoogleBody, 'googleToken' | 'fingerprintId'>,
  purchase: InvoicedPurchase,
): Promise<PendingSignupRow> {
  return pendingPurchase(
    deps,
    purchase,
    () => claimGoogleSignup(deps, body),
    async (pending) =>
      pending.googleSub !== null &&
      (await verifyGoogleToken(deps, body.googleToken)).sub === pending.googleSub,
  );
}

/**
 * The pending signup of one purchase by invoice: claimed (the verification or Google token used
 * up) and stored the first time, found again on a repeat by the person who made it. Of two
 * requests at once, one claims; the other then finds what the first stored.
 */
async function pendingPurchase(
  deps: Deps,
  purchase: InvoicedPurchase,
  claim: () => Promise<NewAccount>,
  isSamePerson: (pending: PendingSignupRow) => Promise<boolean>,
): Promise<PendingSignupRow> {
  const { db, now } = deps;
  const again = async (pending: PendingSignupRow) => {
    if (pending.collectionMethod !== 'send_invoice' || pending.expiresAt <= now) {
      throw fail('NOT_VERIFIED');
    }
    if (!(await isSamePerson(pending))) throw fail('NOT_VERIFIED');
    return pending;
  };
  const earlier = await findPendingSignup(db, purchase.purchaseId);
  if (earlier) return again(earlier);
  let account: NewAccount;
  try {
    account = await claim();
  } catch (error) {
    const raced = await findPendingSignup(db, purchase.purchaseId);
    if (raced) return again(raced);
    throw error;
  }
  await db
    .insert(pendingSignups)
    .values({
      id: purchase.purchaseId,
      ...account,
      plan: 'Standard',
      seats: purchase.seats,
      collectionMethod: 'send_invoice',
      poNumber: purchase.poNumber,
      createdAt: now,
      expiresAt: now + PENDING_SIGNUP_TTL_MS,
      completedAt: null,
    })
    .onConflictDoNothing();
  const stored = await findPendingSignup(db, purchase.purchaseId);
  if (stored?.emailNormalized !== account.emailNormalized) throw fail('NOT_VERIFIED');
  return stored;
}
