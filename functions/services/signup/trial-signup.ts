/**
 * The trial signup flows: verify the e-mail with a code, then create the
 * account by e-mail and password or by Google. D1 has no interactive transactions, so the account,
 * its Trial license, its trial-ledger rows and its first session are ONE db.batch, and the rules
 * that must hold under races are UNIQUE constraints that fail the batch. The Standard
 * signup (standard-signup.ts) shares the code step and the entity rules.
 */
import type {
  RegisterEmailBody,
  RegisterGoogleBody,
  SendVerificationBody,
} from '../../../src/contract/schemas/auth';
import type { AuthResponse } from '../../../src/contract/user';
import { licenses, users, type LicenseRow, type UserRow } from '../../db/schema';
import { fail } from '../../lib/errors';
import { newTrialLicense } from '../core/licenses/licenses';
import { closeOpenCheckout } from '../core/payments/open-checkouts';
import { deliverSoon, queueMail } from '../core/mail/outbox';
import { welcomeMail } from '../core/mail/templates';
import { isUniqueViolation } from '../shared/db';
import type { Deps } from '../shared/deps';
import { normalizeEmail } from '../shared/emails';
import { enforceRateLimit } from '../shared/rate-limit';
import { claimEmailSignup, claimGoogleSignup, type NewAccount } from './new-accounts';
import { newSession } from '../core/users/sessions';
import { assertTrialAllowed, isDuplicateTrialError, recordTrial, trialClaimOf } from './trials';
import { toUserView } from '../core/users/user-view';
import { assertNoAccount, newUser } from '../core/users/users';
import { assertPasswordAllowedFor } from '../core/organizations/sso-required';
import { issueCode, type IssuedCode } from './verification';

/**
 * Sends a verification code for the signup form (first send or resend). The bot check comes
 * first: nothing else, not even the rate counters, is touched for a bot. Then the form must be
 * allowed to go ahead (no account with the e-mail; for a trial no disposable domain and no earlier
 * trial of the e-mail or device), and the code is stored together with its e-mail, which the
 * task queue delivers within seconds.
 */
export async function sendVerificationCode(
  deps: Deps,
  body: SendVerificationBody,
): Promise<IssuedCode> {
  const action = body.resend ? 'resend_verification' : 'signup';
  if (!(await deps.botCheck.verify(body.recaptchaToken, action, deps.client.ip))) {
    throw fail('BOT_CHECK_FAILED');
  }
  const emailNormalized = normalizeEmail(body.email);
  await enforceRateLimit(deps, 'sendCodePerIp', deps.client.ip);
  await enforceRateLimit(deps, 'sendCodePerEmail', emailNormalized);

  await assertNoAccount(deps.db, emailNormalized);
  // An organization that signs this domain in through its identity provider: no own account.
  await assertPasswordAllowedFor(deps.db, emailNormalized);
  if (body.plan === 'trial') {
    await assertTrialAllowed(
      deps.db,
      { emailNormalized, fingerprintId: body.fingerprintId },
      body.email,
    );
  }
  return issueCode(deps, body);
}

/** A freshly signed-in account: the AuthResponse plus the rows it was built from. */
export interface SignedIn {
  response: AuthResponse;
  user: UserRow;
  license: LicenseRow;
}

/**
 * Creates the account, its Trial license, its trial-ledger rows and its first session in ONE
 * batch, with its welcome e-mail. A race with another signup surfaces as a UNIQUE failure:
 * 409 ACCOUNT_EXISTS for the e-mail or Google subject, 409 DUPLICATE_TRIAL for the ledger.
 */
async function createTrialAccount(deps: Deps, account: NewAccount): Promise<SignedIn> {
  const { db, now } = deps;
  const user = newUser(account, 'Trial', now);
  const license = newTrialLicense(user.id, now);
  const session = await newSession(deps, user.id);
  const welcome = queueMail(
    db,
    await welcomeMail(user.email, user.customerName, license, deps.origin),
    now,
  );

  try {
    await db.batch([
      db.insert(users).values(user),
      db.insert(licenses).values(license),
      recordTrial(db, user.id, trialClaimOf(account), now),
      session.insert,
      welcome.insert,
    ]);
  } catch (error) {
    if (isUniqueViolation(error, 'users.')) throw fail('ACCOUNT_EXISTS');
    if (isDuplicateTrialError(error)) throw fail('DUPLICATE_TRIAL');
    throw error;
  }

  await deliverSoon(deps, welcome);
  // A Standard checkout left open for this e-mail (another tab) must not take money now.
  await closeOpenCheckout(deps, { kind: 'signup', emailNormalized: user.emailNormalized });
  return {
    user,
    license,
    response: {
      token: session.token,
      user: toUserView(user, license, session.info, now),
      tokenExpiration: session.info.expiresAt,
    },
  };
}

/**
 * Completes an e-mail trial signup: the e-mail must have been verified recently from the same
 * device (fingerprint) for a trial and may not claim a second trial; the verification is used
 * up; then one batch creates account, license, trial-ledger rows and session.
 */
export async function registerEmailTrial(deps: Deps, body: RegisterEmailBody): Promise<SignedIn> {
  const account = await claimEmailSignup(deps, body, 'trial', (claim) =>
    assertTrialAllowed(deps.db, claim, body.email),
  );
  return createTrialAccount(deps, account);
}

/**
 * Google trial signup: a new account for an unknown Google subject and e-mail, with Trial license,
 * ledger rows for e-mail, Google subject and fingerprint, and a session, in one batch.
 */
export async function registerGoogleTrial(
  deps: Deps,
  body: Pick<RegisterGoogleBody, 'googleToken' | 'fingerprintId'>,
): Promise<SignedIn> {
  const account = await claimGoogleSignup(deps, body, (claimed, googleEmail) =>
    assertTrialAllowed(deps.db, trialClaimOf(claimed), googleEmail),
  );
  return createTrialAccount(deps, account);
}
